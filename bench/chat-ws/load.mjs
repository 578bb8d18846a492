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

/** A client got the bench messages `said` ([number, said at] pairs) of one frame, now. */
function got(client, said) {
  if (!counting) return;
  const now = Date.now();
  for (const [seq, at] of said) {
    if (client.seen[seq]) client.twice++;
    else {
      client.count++;
      client.seen[seq] = 1;
    }
    histogram[Math.min(MAX_MS, Math.max(0, now - at))]++;
  }
}

// These processes stand in for 10,000 devices, each of which would parse its own frames on its own
// CPU. Up-to-date clients get the same frame bytes, so each process reads a frame once (its bench
// messages' numbers and times) and hands the result to every client that got those bytes: the
// machine's cores go to the server under test.
let lastFrame = null;
let lastRead = null;
function read(raw) {
  if (lastFrame === null || !raw.equals(lastFrame)) {
    const said = [];
    let joined = false;
    for (const message of JSON.parse(raw.toString())) {
      if (message.op === 'reset' || message.op === 'joined') joined = true;
      else if (message.op === 'ev' && message.e.kind === 'msg' && message.e.text.startsWith('bench ')) {
        const [, n, at] = message.e.text.split(' ');
        said.push([Number(n), Number(at)]);
      }
    }
    lastRead = { joined, said };
    lastFrame = raw;
  }
  return lastRead;
}

function appClient(ready) {
  const client = { count: 0, seen: new Uint8Array(Number(expected)), twice: 0 };
  const socket = new WebSocket(url, { perMessageDeflate: false });
  socket.on('open', () => socket.send(JSON.stringify({ op: 'join', roomId: 1 })));
  socket.on('message', (raw) => {
    const { joined, said } = read(raw);
    if (joined) ready();
    got(client, said);
  });
  socket.on('close', (code) => (client.closed = code));
  return client;
}

function socketIoClient(ready) {
  const client = { count: 0, seen: new Uint8Array(Number(expected)), twice: 0 };
  const socket = io(url, { transports: ['websocket'], reconnection: false });
  socket.on('connect', ready);
  socket.on('m', (message) => {
    const [, n, at] = message.text.split(' ');
    got(client, [[Number(n), Number(at)]]);
  });
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
