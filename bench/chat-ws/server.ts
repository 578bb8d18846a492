// The server under test in the chat benchmark, driven by bench/chat-ws/run.mjs over IPC.
// BENCH_KIND=app: the whole app (no pages, embedded database in DATA_DIR); messages go the real
// way, chat.send (rules, store, bus) -> hub -> /ws/chat. BENCH_KIND=socketio: a plain socket.io
// room, `io.to(room).emit` of each message as it comes. Env: PORT, BENCH_KIND.
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pino from 'pino';
import { Server as SocketIo } from 'socket.io';
import { anchors, liveRooms, users } from '../../db/schema/index';
import { readEnv } from '../../platform/env';
import { buildApp } from '../../server/app';
import { createPostgresDatabase, postgresAvailable } from '../../test/services';

const ROOM = 1;
/** Speakers take turns, so that none passes the per-user limit of 5 messages in 10 s. */
const SPEAKERS = 150;
const kind = process.env.BENCH_KIND;
const port = Number(process.env.PORT);

let say: (n: number) => Promise<void>;
let sockets: () => number;
let database = 'none';
if (kind === 'app') {
  const env = readEnv({
    ...process.env,
    SCORE_FEED: 'none',
    MEDIA_INGEST: 'none',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    // Every load client connects from this machine's one address: the per-IP connect limit is lifted.
    WS_CONNECTS_PER_MINUTE: '1000000',
  });
  // PostgreSQL when the machine has one (TEST_DATABASE_URL), as a deployment of this size would.
  const postgres = postgresAvailable ? await createPostgresDatabase() : null;
  const app = await buildApp({
    env,
    log: pino({ level: 'warn' }),
    database: postgres ? { url: postgres.url } : undefined,
  });
  database = postgres ? 'PostgreSQL' : 'the embedded database (PGlite)';
  process.on('SIGTERM', async () => {
    await app.close();
    await postgres?.drop();
    process.exit(0);
  });
  const rows = await app.services.database.db
    .insert(users)
    .values(
      Array.from({ length: SPEAKERS }, (_, i) => ({
        username: `bench-${i}`,
        registrationSource: 'test',
        registrationType: 2,
        level: 5,
      })),
    )
    .returning({ uid: users.uid, username: users.username });
  // The room is a real live room of an approved anchor, so `chat.send` reads it the real way.
  const [anchor] = rows as [{ uid: number; username: string }];
  await app.services.database.db.insert(anchors).values({
    userId: anchor.uid,
    state: 'approved',
    name: 'Bench Anchor',
    documentType: 'resident',
    idNumber: '-',
    birthDate: '1990-01-01',
    introduction: '',
    content: '',
    phone: '-',
    photoFront: '-',
    photoBack: '-',
    photoHolding: '-',
  });
  await app.services.database.db
    .insert(liveRooms)
    .values({ id: ROOM, anchorId: anchor.uid, title: 'Bench', cover: '-', gameId: 1, live: true });
  const { chat } = app.services;
  say = async (n) => {
    const speaker = rows[n % SPEAKERS] as { uid: number; username: string };
    await chat.send({ ...speaker, roles: ['user'] }, ROOM, `bench ${n} ${Date.now()}`);
  };
  sockets = () => app.websocketServer.clients.size;
  await app.listen({ port, host: '127.0.0.1' });
} else if (kind === 'socketio') {
  const http = createServer();
  const io = new SocketIo(http, { transports: ['websocket'], serveClient: false });
  io.on('connection', (socket) => void socket.join('room'));
  say = async (n) => void io.to('room').emit('m', { n, text: `bench ${n} ${Date.now()}` });
  sockets = () => io.sockets.sockets.size;
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
} else throw new Error(`BENCH_KIND must be app or socketio, not ${kind}`);

const gc = (globalThis as { gc?: () => void }).gc;
function memory() {
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed, sockets: sockets() };
}

/** Says `rate` messages a second for `seconds`, on schedule (a late tick catches up). */
async function feed(rate: number, seconds: number) {
  const total = rate * seconds;
  const start = Date.now();
  // Where the time goes: the server's share of a core and how late its event loop ran.
  const cpuBefore = process.cpuUsage();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let sent = 0;
  let failed = 0;
  let firstError: string | undefined;
  const pending: Promise<void>[] = [];
  while (sent < total) {
    const due = Math.min(total, Math.floor(((Date.now() - start) * rate) / 1000) + 1);
    for (; sent < due; sent++)
      pending.push(
        say(sent).catch((err) => {
          failed++;
          firstError ??= String(err);
        }),
      );
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(pending);
  const ms = Date.now() - start;
  loopDelay.disable();
  const cpu = process.cpuUsage(cpuBefore);
  return {
    sent: total - failed,
    failed,
    firstError,
    ms,
    serverCpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / ms) * 100),
    eventLoopDelayMs: { p50: loopDelay.percentile(50) / 1e6, p99: loopDelay.percentile(99) / 1e6 },
  };
}

process.on('message', async (message: { op: string; rate?: number; seconds?: number }) => {
  if (message.op === 'memory') process.send?.({ op: 'memory', ...memory() });
  if (message.op === 'feed')
    process.send?.({ op: 'fed', ...(await feed(message.rate ?? 50, message.seconds ?? 30)) });
});
process.send?.({ op: 'listening', database });
