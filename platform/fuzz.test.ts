import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../test/app';
import { javaClient } from '../test/java';
import { javaRoutes, type JavaRoute as Route } from '../test/routes';

/**
 * Every /java route of the router, sent generated hostile requests: values shaped by the route's
 * own schemas, and around them NUL characters, unpaired surrogates, deep nesting, oversize bodies,
 * bad percent-encoding and wrong types, in the path, the query and the body. Whatever comes in,
 * the answer is the envelope and never a 5xx; the server stays healthy. The seed is fixed.
 */
const SEED = 14;
const RUNS_PER_ROUTE = 25;

const ADMIN_EMAIL = 'fuzz-admin@example.com';
const ADMIN_PASSWORD = 'fuzzing2026';

let app: FastifyInstance;
const tokens: Record<'guest' | 'user' | 'admin', string | undefined> = {
  guest: undefined,
  user: undefined,
  admin: undefined,
};

beforeAll(async () => {
  app = await buildTestApp({ env: { DEV_ADAPTERS: 'true', ADMIN_EMAIL, ADMIN_PASSWORD } });
  const java = javaClient(app);
  tokens.user = (await java.get('/login/testLogin')).result.token;
  tokens.admin = (
    await java.post('/login/V2/mobileOrNameToLogin', { mobileOrEmail: ADMIN_EMAIL, password: ADMIN_PASSWORD })
  ).result.token;
});
afterAll(() => app?.close());

const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'goal\u0000',
    '\uD800',
    'x\uDFFFy',
    '\uDBFF\uDBFF',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '\u202Eevil',
    '%00',
    '',
    ' ',
    '1e309',
    '-0',
    'NaN',
    '9'.repeat(40),
    'x'.repeat(100_000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -1e308),
);

const deepNesting = fc
  .integer({ min: 11, max: 3000 })
  .map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown);

/** Any value of the wrong kind: JSON of every shape, deep nesting, hostile text. */
const wrongType = fc.oneof(fc.jsonValue({ maxDepth: 3 }), deepNesting, hostileText, hostileNumber);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** A value for a JSON schema: often one it accepts, often a hostile one. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return wrongType;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueFor(v, depth + 1)));
  if (schema.allOf?.length) return objectFor(schema.allOf, depth);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), hostileText);
  if ('const' in schema) return fc.oneof(fc.constant(schema.const), wrongType);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(fc.string({ maxLength: 20 }), fc.emailAddress(), hostileText, wrongType);
    case 'integer':
    case 'number':
      return fc.oneof(fc.nat({ max: 1000 }), hostileNumber, hostileText);
    case 'boolean':
      return fc.oneof(fc.boolean(), wrongType);
    case 'array':
      return fc.oneof(fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 }), wrongType);
    case 'object':
      return fc.oneof(
        { weight: 3, arbitrary: objectFor([schema], depth) },
        { weight: 1, arbitrary: wrongType },
      );
    default:
      return wrongType;
  }
}

/** An object with the schemas' fields (some left out) and now and then a field of its own. */
function objectFor(schemas: JsonSchema[], depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const schema of schemas)
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      fields[name] = valueFor(property, depth + 1);
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.option(fc.dictionary(hostileText, wrongType, { maxKeys: 2 }), { freq: 4 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

const jsonSchemaOf = (schema: z.ZodType | undefined): JsonSchema | undefined =>
  schema && (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);

/** Every byte of the text's UTF-8 percent-encoded (an unpaired surrogate becomes U+FFFD, as in any URL). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** A path segment: a value for the parameter, or one that breaks the URL itself. */
function segmentFor(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    valueFor(schema).map((value) => percentEncoded(String(value)).slice(0, 2000)),
    fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%00', '%ED%A0%80', '%C0%AF', '%FF%FE', '%2F', '1%'),
  );
}

/** A query string: the schema's fields and extra ones, well or badly encoded. */
function queryFor(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const encoded = objectFor(schema ? [schema] : [], 0).map((fields) =>
    Object.entries(fields)
      .map(([key, value]) => {
        const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
        return `${percentEncoded(key)}=${percentEncoded(text ?? '')}`;
      })
      .join('&'),
  );
  const raw = fc.constantFrom(
    'a=%E0%A4%A',
    'q=%',
    'x=%00&x=%ED%A0%80',
    'a[b][c]=1',
    '&&=&',
    'pageIndex=1&pageIndex=2',
  );
  return fc.oneof({ weight: 3, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

/** A request body: JSON shaped by the schema or of any shape, or bytes that are no JSON at all. */
function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<Body> {
  const json = (value: unknown): Body => ({
    payload: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  });
  return fc.oneof(
    { weight: 6, arbitrary: valueFor(schema ?? { type: 'object' }).map(json) },
    { weight: 1, arbitrary: wrongType.map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        {},
        { payload: '{"a": ', contentType: 'application/json' },
        { payload: '{"a": "\\ud800"}', contentType: 'application/json' },
        { payload: '{"a": "\\u0000"}', contentType: 'application/json' },
        {
          payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
          contentType: 'application/json',
        },
        { payload: `{"a": "${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' },
        { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
        { payload: 'plain words', contentType: 'text/plain' },
        { payload: '{"a": 1}', contentType: 'application/json; charset=latin1' },
        { payload: '{}', contentType: 'multipart/form-data; boundary=x' },
      ),
    },
  );
}

/** Fills the route's parameters, e.g. "/java/:game/:matchId(^\\d+$)" → "/java/football/%00". */
function pathFor(url: string, params: JsonSchema | undefined): fc.Arbitrary<string> {
  const parts = url.split(/(:\w+(?:\((?:[^()]|\([^()]*\))*\))?)/);
  const segments = parts.map((part) => {
    const name = /^:(\w+)/.exec(part)?.[1];
    if (name) return segmentFor(params?.properties?.[name]);
    // A wildcard or a fixed path: now and then a hostile piece of its own.
    if (part.endsWith('*'))
      return fc.oneof(
        fc.constant(part.slice(0, -1)),
        segmentFor(undefined).map((s) => part.slice(0, -1) + s),
      );
    return fc.constant(part);
  });
  return fc.tuple(...segments).map((pieces) => pieces.join(''));
}

function requestFor(route: Route) {
  return fc.record({
    path: pathFor(route.url, jsonSchemaOf(route.params)),
    query: queryFor(jsonSchemaOf(route.query)),
    body: route.method === 'POST' ? bodyFor(jsonSchemaOf(route.body)) : fc.constant<Body>({}),
    as: fc.constantFrom('guest', 'user', 'admin' as const),
    lan: fc.constantFrom('en_US', 'zh_CN', 'ar', '\u0000', 'xx'),
  });
}

/** Pages that describe the API rather than answering it. */
const NOT_ENVELOPED = new Set(['/java/docs', '/java/docs/openapi.json']);

describe('hostile requests on every /java route', () => {
  it('answer the envelope, never a 5xx, and leave the server healthy', async () => {
    const routes = javaRoutes(app);
    // Every call the API documents is among the router's routes, and is fuzzed.
    for (const doc of app.apiDocs)
      expect(routes.some((r) => r.method === doc.method && r.url === `/java${doc.path}`)).toBe(true);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async ({ path, query, body, as, lan }) => {
          const headers: Record<string, string> = { lan };
          const token = tokens[as];
          if (token) headers.token = token;
          if (body.contentType) headers['content-type'] = body.contentType;
          const res = await app.inject({
            method: route.method,
            url: query ? `${path}?${query}` : path,
            payload: body.payload,
            headers,
          });
          const where = `${route.method} ${path}?${query.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (NOT_ENVELOPED.has(route.url) && res.statusCode === 200) return;
          const answer = res.json();
          expect(answer, where).toEqual({
            status: expect.stringMatching(/^(success|fail)$/),
            result: answer.result,
            errorCode: expect.any(Number),
            errorMsg: expect.any(String),
          });
          if (answer.status === 'fail') expect(answer.errorCode, where).not.toBe(0);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
    expect(await javaClient(app).get('/game/menus')).toMatchObject({ status: 'success' });
  }, 120_000);
});
