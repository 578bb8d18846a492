// One load process of the score-push benchmark: a share of the clients, each following one game's
// in-play list and two single matches. It measures, for every update a client receives, the time
// from the feed handing the update over to the client having it, and at the end whether each
// client's view equals the feed's final state. Driven by bench/scores-ws/run.mjs over IPC.
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const MAX_MS = 120_000;
/** Clients opened at once while connecting. */
const CONNECT_BATCH = 100;

const histogram = () => new Uint32Array(MAX_MS + 1);
const latency = { all: histogram(), first: histogram(), last: histogram() };
/** When the feed handed over each version: `id * 1e6 + seq` -> epoch ms. */
const appliedAt = new Map();
/** Deliveries whose version the runner has not told us about yet: [key, receivedAt, ...]. */
let pending = [];
let run = null;
let deliveries = 0;
let lastReceived = 0;
const closes = {};
const clients = [];

function count(ms, at) {
  const bucket = Math.min(MAX_MS, Math.max(0, Math.round(ms)));
  latency.all[bucket]++;
  if (at < run.startAt + 10_000) latency.first[bucket]++;
  if (at >= run.startAt + run.durationMs - 10_000) latency.last[bucket]++;
}

/** A client now holds version `seq` of match `id`. */
function received(id, seq, now) {
  if (!run) return;
  deliveries++;
  const key = id * 1e6 + seq;
  const at = appliedAt.get(key);
  if (at === undefined) pending.push(key, now);
  else count(now - at, at);
}

function onApplied(list) {
  for (const [id, seq, at] of list) appliedAt.set(id * 1e6 + seq, at);
  if (pending.length === 0) return;
  const still = [];
  for (let i = 0; i < pending.length; i += 2) {
    const at = appliedAt.get(pending[i]);
    if (at === undefined) still.push(pending[i], pending[i + 1]);
    else count(pending[i + 1] - at, at);
  }
  pending = still;
}

/** A hub client: subscribes, applies snapshots and diffs, asks again when a diff does not follow. */
function hubClient(url, topics, ready) {
  const view = new Map();
  const socket = new WebSocket(url, { perMessageDeflate: false });
  socket.on('open', () => socket.send(JSON.stringify({ op: 'sub', topics })));
  socket.on('message', (raw) => {
    const now = Date.now();
    lastReceived = now;
    const stale = [];
    for (const message of JSON.parse(raw.toString())) {
      if (message.op === 'snap') {
        const { id, seq, score } = message.m;
        if ((view.get(id)?.seq ?? -1) >= seq) continue;
        view.set(id, { seq, score });
        received(id, seq, now);
      } else if (message.op === 'diff') {
        const held = view.get(message.id);
        if (held && held.seq >= message.seq) continue;
        if (held?.seq !== message.from) {
          stale.push(message.id);
          continue;
        }
        held.seq = message.seq;
        if (message.d.score) held.score = message.d.score;
        received(message.id, message.seq, now);
      } else if (message.op === 'subscribed') ready();
    }
    if (stale.length > 0) socket.send(JSON.stringify({ op: 'get', ids: stale }));
  });
  return { socket, view };
}

/** A baseline client: every update of every match arrives; it keeps those it shows. */
function broadcastClient(kind, url, shows, ready) {
  const view = new Map();
  const take = (match) => {
    lastReceived = Date.now();
    if (!shows.has(match.id) || (view.get(match.id)?.seq ?? -1) >= match.seq) return;
    view.set(match.id, { seq: match.seq, score: match.score });
    received(match.id, match.seq, Date.now());
  };
  if (kind === 'socketio') {
    const socket = io(url, { transports: ['websocket'], reconnection: false });
    socket.on('connect', ready);
    socket.on('update', take);
    return { socket, view };
  }
  const socket = new WebSocket(url, { perMessageDeflate: false });
  socket.on('open', ready);
  socket.on('message', (raw) => take(JSON.parse(raw.toString())));
  return { socket, view };
}

async function connect({ kind, url, assignments, byGame }) {
  let failed = 0;
  for (let start = 0; start < assignments.length; start += CONNECT_BATCH) {
    await Promise.all(
      assignments.slice(start, start + CONNECT_BATCH).map(
        ([game, a, b]) =>
          new Promise((resolve) => {
            const shows = new Set([...byGame[game], a, b]);
            const done = () => resolve();
            const client =
              kind === 'hub'
                ? hubClient(url, [`live:${game}`, `match:${a}`, `match:${b}`], done)
                : broadcastClient(kind, url, shows, done);
            const fail = () => {
              failed++;
              resolve();
            };
            if (kind === 'socketio') client.socket.on('connect_error', fail);
            else {
              client.socket.on('error', fail);
              client.socket.on('close', (code) => {
                closes[code] = (closes[code] ?? 0) + 1;
              });
            }
            clients.push({ ...client, shows });
          }),
      ),
    );
  }
  process.send({ type: 'connected', clients: clients.length - failed, failed });
}

/** Checks once nothing has arrived for half a second (frames still in flight are not lost), 15 s at most. */
async function checkWhenQuiet(versions) {
  const deadline = Date.now() + 15_000;
  while (Date.now() - lastReceived < 500 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  check(versions);
}

/** Compares each client's view with the feed's final state: any difference is a lost update. */
function check(versions) {
  let staleClients = 0;
  let staleViews = 0;
  for (const { view, shows } of clients) {
    let stale = 0;
    for (const id of shows) {
      const [seq, home, away] = versions[id];
      const held = view.get(id);
      if (!held || held.seq !== seq || held.score.home !== home || held.score.away !== away) stale++;
    }
    staleViews += stale;
    if (stale > 0) staleClients++;
  }
  const sparse = (h) => [...h].flatMap((n, ms) => (n > 0 ? [[ms, n]] : []));
  process.send({
    type: 'report',
    staleClients,
    staleViews,
    views: clients.reduce((sum, client) => sum + client.shows.size, 0),
    deliveries,
    unmatched: pending.length / 2,
    closes,
    latency: { all: sparse(latency.all), first: sparse(latency.first), last: sparse(latency.last) },
  });
}

process.on('message', (message) => {
  if (message.type === 'connect') void connect(message);
  else if (message.type === 'start') run = message;
  else if (message.type === 'applied') onApplied(message.list);
  else if (message.type === 'check') void checkWhenQuiet(message.versions);
});
