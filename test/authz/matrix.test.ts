import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MESSAGES, type MessageKey } from '../../lib/messages';
import { buildTestApp } from '../app';
import { javaClient } from '../java';
import { javaRoutes } from '../routes';
import {
  type Cell,
  type Fixtures,
  HTTP_ROWS,
  type HttpRequest,
  ROLES,
  type Role,
  SOCKET_ROWS,
  socketOperationOf,
} from './expectations';
import { ADMIN_EMAIL, ADMIN_PASSWORD, principals } from './principals';
import { matrixDocument } from './table';

/**
 * The authorisation matrix (docs/authorisation-matrix.md): every /java route and every websocket
 * operation of the router, called as each role with a minimal request. A refusal is one of the
 * catalogue's denials (log in, no permission, banned, muted; on a row about someone's own things
 * also "not found"); anything else, a validation failure included, means the role got past the
 * checks. A route or operation without a row, a row without a route, and a wrong cell all fail.
 */
const DENIALS = new Set<MessageKey>([
  'pleaseLogIn',
  'accessDenied',
  'noPermission',
  'tokenInvalid',
  'tokenExpired',
  'accountBanned',
  'muted',
  'applyCreatorFirst',
  'anchorNotApproved',
  'anchorBanned',
]);
/** On a row with an "own" cell, someone else's thing is as if it were not there. */
const OWNERSHIP_DENIALS = new Set<MessageKey>(['notFound', 'noData', 'paymentOrderUnknown']);

const codeOf = (keys: Set<MessageKey>) => new Set<number>([...keys].map((key) => MESSAGES[key].code));
const DENIAL_CODES = codeOf(DENIALS);
const OWNERSHIP_DENIAL_CODES = codeOf(OWNERSHIP_DENIALS);

/** What a socket answer refuses with (platform/push.ts). */
const SOCKET_DENIALS = new Set(['forbidden', 'auth']);

let app: FastifyInstance;
let fixtures: Fixtures;
let base: string;

beforeAll(async () => {
  app = await buildTestApp({ env: { DEV_ADAPTERS: 'true', ADMIN_EMAIL, ADMIN_PASSWORD } });
  base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  fixtures = await principals(app, javaClient(app));
}, 180_000);
afterAll(() => app?.close());

const javaKey = (method: string, url: string) => `${method} ${url.replace(/^\/java/, '')}`;

/** A sample for each path parameter: the first choice of a pattern of choices, else a number. */
function samplePath(url: string): string {
  return url.replace(/:(\w+)(?:\(((?:[^()]|\([^()]*\))*)\))?/g, (_whole, name: string, pattern?: string) => {
    const choice = pattern && /\(\?:(\w+)\|/.exec(pattern)?.[1];
    if (choice) return choice;
    return name === 'game' ? 'football' : '1';
  });
}

interface Answer {
  status: 'success' | 'fail';
  errorCode?: number;
  errorMsg?: string;
}

async function callAs(
  method: 'GET' | 'POST',
  url: string,
  request: HttpRequest,
  token?: string,
): Promise<Answer> {
  const query = new URLSearchParams(request.query ?? {}).toString();
  const res = await app.inject({
    method,
    url: `/java${request.url ?? samplePath(url).replace(/^\/java/, '')}${query && `?${query}`}`,
    headers: token ? { token } : {},
    payload: method === 'POST' ? ((request.body ?? {}) as object) : undefined,
  });
  // The API's own pages (its docs) answer HTML: nothing refused.
  return res.headers['content-type']?.toString().includes('json') ? res.json() : { status: 'success' };
}

function verdict(answer: Answer, ownership: boolean): 'allow' | 'deny' {
  if (answer.status === 'success') return 'allow';
  if (answer.errorCode !== undefined && DENIAL_CODES.has(answer.errorCode)) return 'deny';
  if (ownership && answer.errorCode !== undefined && OWNERSHIP_DENIAL_CODES.has(answer.errorCode))
    return 'deny';
  return 'allow';
}

const allowed = (cell: Cell) => (cell === 'deny' ? 'deny' : 'allow');

/** Runs `work` over the items, `width` at a time. */
async function pooled<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

describe('the authorisation matrix', () => {
  it('is committed to docs as the expectations render it', () => {
    const committed = readFileSync(
      path.resolve(import.meta.dirname, '../../docs/authorisation-matrix.md'),
      'utf8',
    );
    expect(committed).toBe(matrixDocument());
  });

  it('has a row for every /java route of the router, and no row for a route it lacks', () => {
    const routed = javaRoutes(app).map((route) => javaKey(route.method, route.url));
    const rows = Object.keys(HTTP_ROWS);
    expect(
      routed.filter((key) => !rows.includes(key)),
      'routes without a row',
    ).toEqual([]);
    expect(
      rows.filter((key) => !routed.includes(key)),
      'rows without a route',
    ).toEqual([]);
  });

  it('has a row for every websocket operation of the router, and no row for one it lacks', () => {
    const served = [...app.realtime.operations].flatMap(([socket, ops]) =>
      ops.map((op) => `WS ${socket} ${op}`),
    );
    const rows = Object.keys(SOCKET_ROWS).map(socketOperationOf);
    expect(
      served.filter((key) => !rows.includes(key)),
      'operations without a row',
    ).toEqual([]);
    expect(
      rows.filter((key) => !served.includes(key)),
      'rows without an operation',
    ).toEqual([]);
  });

  it('answers every websocket operation to every role as its row says', async () => {
    const wrong: string[] = [];
    const cells = Object.entries(SOCKET_ROWS).flatMap(([key, row]) =>
      ROLES.map((role) => ({ key, row, role })),
    );
    await pooled(cells, 10, async ({ key, row, role }) => {
      const principal = fixtures.roles[role];
      const replies = await converse(
        socketOperationOf(key).split(' ')[1] as string,
        row.messages(fixtures, principal),
      );
      const got = replies.some((reply) => SOCKET_DENIALS.has(reply.reason ?? '')) ? 'deny' : 'allow';
      if (got !== allowed(row.cells[role]))
        wrong.push(`${key} as ${role}: expected ${row.cells[role]}, got ${got} ${JSON.stringify(replies)}`);
    });
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers every /java route to every role as its row says', async () => {
    const wrong: string[] = [];
    const routes = javaRoutes(app).filter((route) => javaKey(route.method, route.url) in HTTP_ROWS);
    const check = async (route: (typeof routes)[number], role: Role, token?: string) => {
      const key = javaKey(route.method, route.url);
      const row = HTTP_ROWS[key];
      if (!row) return;
      const request = row.request?.(fixtures) ?? {};
      const answer = await callAs(route.method, route.url, request, role === 'guest' ? undefined : token);
      const ownership = ROLES.some((r) => row.cells[r] === 'own');
      const got = verdict(answer, ownership);
      if (got !== allowed(row.cells[role]))
        wrong.push(
          `${key} as ${role}: expected ${row.cells[role]}, got ${got} (${answer.errorCode} ${answer.errorMsg})`,
        );
    };
    const first = routes.filter((route) => !HTTP_ROWS[javaKey(route.method, route.url)]?.last);
    await pooled(first, 6, (route) =>
      Promise.all(ROLES.map((role) => check(route, role, fixtures.roles[role]?.token))).then(() => undefined),
    );
    // Calls that end sessions or take the room off air: last, each with a session of its own.
    for (const route of routes.filter((r) => HTTP_ROWS[javaKey(r.method, r.url)]?.last)) {
      for (const role of ROLES) {
        const principal = fixtures.roles[role];
        await check(route, role, principal ? await app.services.sessions.issue(principal.uid) : undefined);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});

interface SocketReply {
  op?: string;
  reason?: string;
}

/** Opens a socket on `endpoint` and sends the messages as SocketRow.messages tells; the answers. */
async function converse(endpoint: string, messages: unknown[]): Promise<SocketReply[]> {
  const socket = new WebSocket(`${base}${endpoint}`);
  const waiting: ((reply: SocketReply[]) => void)[] = [];
  socket.on('message', (raw) => {
    const parsed = JSON.parse(raw.toString());
    waiting.shift()?.(Array.isArray(parsed) ? parsed : [parsed]);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const replies: SocketReply[] = [];
  for (const [i, message] of messages.entries()) {
    const next = messages[i + 1] as { op?: string } | undefined;
    if (next?.op === 'ping') {
      socket.send(JSON.stringify(message));
      continue;
    }
    const answered = new Promise<SocketReply[]>((resolve) => waiting.push(resolve));
    socket.send(JSON.stringify(message));
    replies.push(...(await answered));
  }
  socket.terminate();
  return replies;
}
