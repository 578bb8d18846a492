// One load process of the chat benchmark: a share of the clients in one room. For each message a
// client receives it records the time from the server saying it (the time in its text) to the
// client having it, and counts what each client got, to find messages lost or shown twice.
// Args: kind (app | socketio), url, clients, messages to expect. Driven by bench/chat-ws/run.mjs over IPC.
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const [kind, url, howMany, expected] = process.argv.slice(2);
const MAX_MS = 120_000;
const CONNECT_BATCH = 100;
const histogram = new Uint32Array(MAX_MS + 1);
const clients = [];
let counting = false;

/** A client got message `n` with `text` "bench <n> <said at>". */
function got(client, text) {
  const [, n, at] = text.split(' ');
  if (!counting) return;
  const seq = Number(n);
  if (client.seen[seq]) client.twice++;
  else {
    client.count++;
    client.seen[seq] = 1;
  }
  histogram[Math.min(MAX_MS, Math.max(0, Date.now() - Number(at)))]++;
}

// These processes stand in for 10,000 devices, each of which would parse its own frames on its own
// CPU. Up-to-date clients get the same frame bytes, so each process parses a frame once and hands
// the result to every client that got those bytes: the machine's cores go to the server under test.
let lastFrame = null;
let lastParsed = null;
function parse(raw) {
  if (lastFrame === null || !raw.equals(lastFrame)) {
    lastParsed = JSON.parse(raw.toString());
    lastFrame = raw;
  }
  return lastParsed;
}

function appClient(ready) {
  const client = { count: 0, seen: new Uint8Array(Number(expected)), twice: 0 };
  const socket = new WebSocket(url, { perMessageDeflate: false });
  socket.on('open', () => socket.send(JSON.stringify({ op: 'join', roomId: 1 })));
  socket.on('message', (raw) => {
    for (const message of parse(raw)) {
      if (message.op === 'reset' || message.op === 'joined') ready();
      else if (message.op === 'ev' && message.e.kind === 'msg' && message.e.text.startsWith('bench '))
        got(client, message.e.text);
    }
  });
  socket.on('close', (code) => (client.closed = code));
  return client;
}

function socketIoClient(ready) {
  const client = { count: 0, seen: new Uint8Array(Number(expected)), twice: 0 };
  const socket = io(url, { transports: ['websocket'], reconnection: false });
  socket.on('connect', ready);
  socket.on('m', (message) => got(client, message.text));
  socket.on('disconnect', () => (client.closed = 1));
  return client;
}

const open = kind === 'app' ? appClient : socketIoClient;
for (let i = 0; i < Number(howMany); i += CONNECT_BATCH) {
  const batch = Math.min(CONNECT_BATCH, Number(howMany) - i);
  await Promise.all(
    Array.from({ length: batch }, () => new Promise((resolve) => clients.push(open(resolve)))),
  );
}
process.send({ op: 'ready' });

process.on('message', (message) => {
  if (message.op === 'count') counting = true;
  if (message.op === 'report') {
    process.send({
      op: 'report',
      histogram: Array.from(histogram.entries()).filter(([, n]) => n > 0),
      counts: clients.map((c) => c.count),
      twice: clients.reduce((sum, c) => sum + c.twice, 0),
      closed: clients.filter((c) => c.closed !== undefined).length,
    });
  }
});
