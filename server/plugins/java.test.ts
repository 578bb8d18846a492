import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { defineApi } from '../../platform/define-api';
import { createTranslator } from '../../platform/i18n';
import type { Services } from '../services';

import { javaApi, sendFrameworkError } from './java';
import { requestContext } from './request-context';

/** The /java conventions on a tiny app of their own, with routes made for the rules under test. */
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ frameworkErrors: sendFrameworkError });
  app.decorate('services', {
    i18n: createTranslator(),
    sessions: {
      resolve: async () => {
        throw new AppError('tokenInvalid');
      },
    },
  } as unknown as Services);
  app.decorate('apiDocs', []);
  await app.register(fastifyCookie);
  await app.register(requestContext);
  await app.register(javaApi, {
    prefix: '/java',
    routes: async (api) => {
      defineApi(api, {
        method: 'POST',
        path: '/echo',
        summary: 'echo',
        body: z.object({ email: z.email(), name: z.string().min(4).max(20) }),
        handler: ({ body }) => body,
      });
      defineApi(api, {
        method: 'GET',
        path: '/search/:kind(^(?:teams|players)$)/:page(^\\d{1,3}$)',
        summary: 'a path with patterns',
        params: z.object({ kind: z.string(), page: z.coerce.number() }),
        query: z.object({ q: z.string().optional() }),
        handler: ({ params, query }) => ({ ...params, ...query }),
      });
      defineApi(api, {
        method: 'POST',
        path: '/anything',
        summary: 'takes any JSON',
        body: z.object({ data: z.json() }),
        handler: () => true,
      });
      defineApi(api, {
        method: 'GET',
        path: '/private',
        summary: 'needs a login',
        auth: 'required',
        handler: () => 1,
      });
      defineApi(api, {
        method: 'GET',
        path: '/boom',
        summary: 'fails',
        handler: () => {
          throw new Error('database password is hunter2');
        },
      });
      defineApi(api, {
        method: 'GET',
        path: '/muted',
        summary: 'refuses',
        handler: () => {
          throw new AppError('muted');
        },
      });
    },
  });
});
afterAll(() => app.close());

const post = (payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/java/echo',
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('the /java envelope', () => {
  it('wraps a result in a success envelope', async () => {
    const res = await post(JSON.stringify({ email: 'fan@example.com', name: 'fan1' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      result: { email: 'fan@example.com', name: 'fan1' },
      errorCode: 0,
      errorMsg: '',
    });
  });

  it('names the bad field and the reason, in the language of the lan header', async () => {
    const bad = JSON.stringify({ email: 'not-an-email', name: 'fan1' });
    const en = await post(bad, { lan: 'en_US' });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      status: 'fail',
      errorCode: 1002,
      errorMsg: 'email: has an invalid format',
    });
    expect(en.json().result.issues[0]).toMatchObject({ field: 'email', reason: 'invalidFormat' });
    const zh = await post(bad);
    expect(zh.json().errorMsg).toBe('email：格式不正确');
  });

  it('says which field is missing or too short', async () => {
    const res = await post(JSON.stringify({ name: 'ab' }), { lan: 'en_US' });
    const issues = res.json().result.issues;
    expect(issues).toContainEqual(expect.objectContaining({ field: 'email', reason: 'required' }));
    expect(issues).toContainEqual(
      expect.objectContaining({
        field: 'name',
        reason: 'tooShort',
        message: 'name: must be at least 4 characters',
      }),
    );
  });

  it('answers a malformed body with 400 naming the body', async () => {
    const res = await post('{"email": ', { lan: 'en_US' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'fail', errorCode: 1002 });
    expect(res.json().result.issues[0]).toMatchObject({ field: 'body', reason: 'malformedBody' });
  });

  it('answers an unknown path with a 404 envelope', async () => {
    const res = await app.inject({ url: '/java/no/such/call', headers: { lan: 'en_US' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', result: null, errorCode: 1001, errorMsg: 'Not found' });
  });

  it('asks for a login when a call needs one and no token came', async () => {
    const res = await app.inject({ url: '/java/private', headers: { lan: 'en_US' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'fail', errorCode: 1003, errorMsg: 'please log in' });
  });

  it('answers an unknown token with 3000', async () => {
    const res = await app.inject({ url: '/java/private', headers: { token: 'forged' } });
    expect(res.json()).toMatchObject({ status: 'fail', errorCode: 3000 });
  });

  it('ignores a token cookie: the API reads the header only', async () => {
    const res = await app.inject({ url: '/java/private', cookies: { token: 'anything' } });
    expect(res.json()).toMatchObject({ errorCode: 1003 });
  });

  it('hides internal errors behind a generic message', async () => {
    const res = await app.inject({ url: '/java/boom', headers: { lan: 'en_US' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 'fail',
      result: null,
      errorCode: 1000,
      errorMsg: 'system error, try again later',
    });
    expect(res.body).not.toContain('hunter2');
  });

  it('translates catalogue messages, falling back to the lang cookie', async () => {
    const res = await app.inject({ url: '/java/muted', cookies: { lang: 'en_US' } });
    expect(res.json()).toMatchObject({ errorCode: 4001, errorMsg: 'You have been muted' });
  });

  it('refuses a NUL character or an unpaired surrogate in any string, naming the field', async () => {
    const nul = await post(JSON.stringify({ email: 'fan@example.com', name: 'fan\u00001' }), {
      lan: 'en_US',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      status: 'fail',
      errorCode: 1002,
      errorMsg: 'name: contains a NUL character, which is not allowed',
    });
    const surrogate = await post('{"email": "fan@example.com", "name": "fan\\ud800x"}');
    expect(surrogate.json()).toMatchObject({
      errorCode: 1002,
      errorMsg: 'name：包含无效字符（未配对的代理项）',
    });
    const inQuery = await app.inject({ url: '/java/search/teams/1?q=a%00b', headers: { lan: 'en_US' } });
    expect(inQuery.json().result.issues[0]).toMatchObject({ field: 'q', reason: 'nulCharacter' });
    const inKey = await app.inject({
      method: 'POST',
      url: '/java/anything',
      payload: '{"data": {"a\\u0000": 1}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(inKey.json().result.issues[0]).toMatchObject({ field: 'data', reason: 'nulCharacter' });
  });

  it('refuses input nested deeper than ten levels', async () => {
    const deep = `{"data": ${'['.repeat(2000)}${']'.repeat(2000)}}`;
    const res = await app.inject({
      method: 'POST',
      url: '/java/anything',
      payload: deep,
      headers: { 'content-type': 'application/json', lan: 'en_US' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.issues[0]).toMatchObject({ reason: 'tooDeep' });
    expect(res.json().errorMsg).toMatch(/: is nested deeper than 10 levels$/);
  });

  it('answers a path with malformed percent-encoding in the envelope', async () => {
    const res = await app.inject({ url: '/java/search/%E0%A4%A/1', headers: { lan: 'en_US' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'fail',
      result: {
        issues: [
          {
            field: 'path',
            reason: 'malformedUrl',
            message: 'path: is not a valid address (bad percent-encoding)',
          },
        ],
      },
      errorCode: 1002,
      errorMsg: 'path: is not a valid address (bad percent-encoding)',
    });
    const byCookie = await app.inject({ url: '/java/search/%ZZ/1', cookies: { lang: 'de' } });
    expect(byCookie.json().errorMsg).toBe('path: ist keine gültige Adresse (fehlerhafte Prozentkodierung)');
  });

  it('documents every call as OpenAPI', async () => {
    const doc = (await app.inject({ url: '/java/docs/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/java/echo'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'name',
    ]);
    expect(Object.keys(doc.paths)).toContain('/java/search/{kind}/{page}');
    const html = await app.inject({ url: '/java/docs' });
    expect(html.body).toContain('/java/private');
    expect(html.body).toContain('/java/search/{kind}/{page}');
  });
});
