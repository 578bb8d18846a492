// The baselines of the score-push benchmark: the same matches and feed as the app, broadcast the
// plain way, each update as one message to every client. BENCH_KIND=ws: a naive `ws` server (one
// frame per update per client); BENCH_KIND=socketio: a plain socket.io server (`io.emit`).
// Env: PORT, BENCH_KIND, BENCH_MATCHES_FILE (the summaries the app served).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Server as SocketIo } from 'socket.io';
import { WebSocketServer } from 'ws';
import type { MatchSummary } from '../../modules/matches/matches.contract';
import { serveBenchmark } from './driver';

const kind = process.env.BENCH_KIND;
const matches: MatchSummary[] = JSON.parse(readFileSync(String(process.env.BENCH_MATCHES_FILE), 'utf8'));
const http = createServer();

let broadcast: (match: MatchSummary) => void;
let bufferedBytes: () => number;
if (kind === 'socketio') {
  const io = new SocketIo(http, { transports: ['websocket'], serveClient: false });
  broadcast = (match) => void io.emit('update', match);
  bufferedBytes = () => {
    let bytes = 0;
    for (const socket of io.sockets.sockets.values()) {
      const transport = socket.conn.transport as unknown as { socket?: { bufferedAmount: number } };
      bytes += transport.socket?.bufferedAmount ?? 0;
    }
    return bytes;
  };
} else if (kind === 'ws') {
  const server = new WebSocketServer({ server: http });
  broadcast = (match) => {
    const frame = JSON.stringify(match);
    for (const client of server.clients) client.send(frame);
  };
  bufferedBytes = () => {
    let bytes = 0;
    for (const client of server.clients) bytes += client.bufferedAmount;
    return bytes;
  };
} else throw new Error(`BENCH_KIND must be ws or socketio, not ${kind}`);

await new Promise<void>((resolve) => http.listen(Number(process.env.PORT), '127.0.0.1', resolve));

serveBenchmark(
  {
    matches: matches.length,
    async apply(index, side) {
      const old = matches[index] as MatchSummary;
      const match = { ...old, seq: old.seq + 1, score: { ...old.score, [side]: old.score[side] + 1 } };
      matches[index] = match;
      broadcast(match);
      return { id: match.id, seq: match.seq };
    },
    versions: () =>
      Object.fromEntries(matches.map((match) => [match.id, [match.seq, match.score.home, match.score.away]])),
    bufferedBytes: () => bufferedBytes(),
  },
  {
    url: `${kind === 'ws' ? 'ws' : 'http'}://127.0.0.1:${process.env.PORT}`,
    matches: matches.map((match) => ({ id: match.id, gameId: match.gameId })),
  },
);
