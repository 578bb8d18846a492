import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';
import { type JavaClient, javaClient } from '../test/java';
import { inputIssue, textProblem } from './text';

describe('the text rule', () => {
  it('refuses the NUL character and unpaired surrogates, and lets any other text through', () => {
    expect(textProblem('a\u0000b')).toBe('nulCharacter');
    expect(textProblem('a\uD800b')).toBe('unpairedSurrogate');
    expect(textProblem('\uDC00')).toBe('unpairedSurrogate');
    expect(textProblem('goal ⚽ 进球 \uD83D\uDE00 مباراة')).toBeNull();
  });

  it('finds the first bad string, key or nesting in a request part', () => {
    expect(inputIssue('body', { a: [1, { b: 'x\u0000' }] })).toEqual({
      field: 'body.a.1.b',
      reason: 'nulCharacter',
    });
    expect(inputIssue('body', { a: { 'k\uD800': 1 } })).toEqual({
      field: 'body.a',
      reason: 'unpairedSurrogate',
    });
    expect(inputIssue('query', { q: 'fine' })).toBeNull();
    const deep = JSON.parse(`${'['.repeat(11)}${']'.repeat(11)}`);
    expect(inputIssue('body', deep)).toMatchObject({ reason: 'tooDeep', params: { max: 10 } });
    expect(inputIssue('body', JSON.parse(`${'['.repeat(10)}${']'.repeat(10)}`))).toBeNull();
  });

  it('leaves binary uploads to their own checks: bytes are not text', () => {
    expect(inputIssue('body', Buffer.from([0x00, 0xd8, 0x00, 0x66]))).toBeNull();
    // A stream handed on as it arrives (a video upload) nests deeper than any JSON body may.
    const stream = Readable.from([Buffer.from([0])]);
    let nested: Record<string, unknown> = stream as unknown as Record<string, unknown>;
    for (let depth = 0; depth < 12; depth += 1) nested = nested[`level${depth}`] = {};
    expect(inputIssue('body', stream)).toBeNull();
  });
});

/** The calls where hostile text used to reach PostgreSQL and answer 500. */
describe('hostile text on the calls that reached the database', () => {
  let app: FastifyInstance;
  let java: JavaClient;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp({ env: { DEV_ADAPTERS: 'true' } });
    java = javaClient(app);
    token = (await java.get('/login/testLogin')).result.token;
  });
  afterAll(() => app.close());

  const lan = 'en_US';
  const nul = 'text\u0000more';
  const surrogate = 'text\uD800more';

  it.each([
    ['/comment/add', (text: string) => ({ targetType: 1, targetId: 1, body: text }), 'body'],
    ['/content/report', (text: string) => ({ targetType: 1, targetId: 1, reason: text }), 'reason'],
    ['/user/feedback', (text: string) => ({ content: `${text} long enough to be feedback` }), 'content'],
    ['/user/saveUserDataStatus', (text: string) => ({ data: { note: text } }), 'data.note'],
    ['/login/V2/mobileOrNameToLogin', (text: string) => ({ name: text, password: 'secret123' }), 'name'],
    ['/login/mobileandpw', (text: string) => ({ mobile: text, password: 'secret123' }), 'mobile'],
  ])('POST %s refuses them with a field error', async (path, body, field) => {
    for (const [text, reason] of [
      [nul, 'nulCharacter'],
      [surrogate, 'unpairedSurrogate'],
    ]) {
      const answer = await java.call('POST', path, { body: body(text as string), token, headers: { lan } });
      expect(answer).toMatchObject({ httpStatus: 400, status: 'fail', errorCode: 1002 });
      expect(answer.result.issues[0]).toMatchObject({ field, reason });
    }
  });

  it.each([
    '/library/leagues?text=',
    '/library/teams?text=',
    '/library/players?text=',
    '/orderpay/order?orderNo=',
  ])('GET %s… refuses a NUL in the query', async (path) => {
    const answer = await java.call('GET', `${path}a%00b`, { token, headers: { lan } });
    expect(answer).toMatchObject({ httpStatus: 400, errorCode: 1002 });
    expect(answer.errorMsg).toMatch(/: contains a NUL character, which is not allowed$/);
  });

  it('caps how deep saved preferences may nest', async () => {
    for (const depth of [2000, 1500, 12]) {
      const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const answer = await java.call('POST', '/user/saveUserDataStatus', {
        body: Buffer.from(`{"data": {"deep": ${nested}}}`),
        token,
        headers: { lan, 'content-type': 'application/json' },
      });
      expect(answer).toMatchObject({ httpStatus: 400, errorCode: 1002 });
      expect(answer.result.issues[0]).toMatchObject({ reason: 'tooDeep' });
    }
    const stored = await java.call('GET', '/user/getUserDataStatus', { token });
    expect(stored.result).toEqual({});
  });
});
