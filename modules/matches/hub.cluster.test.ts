import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp } from '../../test/app';
import { cleanUpAfterFile } from '../../test/databases';
import { createPostgresDatabase, postgresAvailable, REDIS_URL, redisAvailable } from '../../test/services';
import type { SoccerState } from '../sports/model';
import { createRng } from '../sports/rng';
import { soccer } from '../sports/soccer';
import type { Fixtures } from './feed';
import { TICK_MS } from './hub';
import type { ScoreServerMessage } from './matches.contract';
import { fixtures, SOURCE, soccerMatch } from './test-fixtures';

/** A soccer match a minute in, goalless (the feed's version 100 of it). */
function liveMatch(): { fixtures: Fixtures; state: SoccerState } {
  const played = soccer.advance(soccer.initial(), createRng(7), 60).state;
  const state = { ...played, score: { home: 0, away: 0 } };
  return {
    state,
    fixtures: fixtures([soccerMatch('m1', 'red', 'blue', new Date(Date.now() - 60_000), state)]),
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  cleanUpAfterFile(() => app.close());
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('http', 'ws');
}

/** A client of /ws/scores; `next` resolves with the next message the server sends. */
async function scoresClient(base: string) {
  const socket = new WebSocket(`${base}/ws/scores`);
  const messages: ScoreServerMessage[] = [];
  socket.on('message', (raw) => messages.push(...JSON.parse(raw.toString())));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  cleanUpAfterFile(async () => void socket.terminate());
  const next = async () => {
    for (let i = 0; i < 1000 && messages.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    return messages.shift();
  };
  /** The first message about version `seq` of a match (a repeated snapshot of an older one may come first). */
  const version = async (seq: number) => {
    for (let message = await next(); message; message = await next()) {
      if ((message.op === 'diff' && message.seq === seq) || (message.op === 'snap' && message.m.seq === seq))
        return message;
    }
    return undefined;
  };
  return { socket, next, version, send: (message: unknown) => socket.send(JSON.stringify(message)) };
}

/** Waits until the app's board holds the match in version `seq`. */
async function boardHas(app: FastifyInstance, seq: number): Promise<number> {
  for (let i = 0; i < 300; i++) {
    const match = [...app.services.matches.board.all()].find((m) => m.seq === seq);
    if (match) return match.id;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the board never held a match at seq ${seq}`);
}

/** Feeds fixtures into `feeding`, follows the match on `watching`'s socket and feeds a goal. */
async function goalReaches(feeding: FastifyInstance, watching: FastifyInstance, base: string) {
  const { fixtures: fed, state } = liveMatch();
  await feeding.services.matches.store.upsertFixtures(SOURCE, fed);
  const id = await boardHas(watching, 100);
  // Past the tick that announces the new match: the goal below is then a change, sent as a diff.
  await new Promise((resolve) => setTimeout(resolve, 2 * TICK_MS));
  const client = await scoresClient(base);
  client.send({ op: 'sub', topics: [`match:${id}`, 'live:202'] });
  expect(await client.next()).toEqual({ op: 'subscribed', topics: [`match:${id}`, 'live:202'] });
  expect(await client.next()).toMatchObject({ op: 'snap', m: { id, seq: 100, score: { home: 0, away: 0 } } });

  await feeding.services.matches.store.applyUpdate(SOURCE, {
    externalId: 'm1',
    seq: 101,
    status: 'in_progress',
    state: { ...state, score: { home: 1, away: 0 } },
  });
  expect(await client.version(101)).toMatchObject({
    op: 'diff',
    id,
    from: 100,
    seq: 101,
    d: { score: { home: 1, away: 0 } },
  });
}

describe('the score socket of the app', () => {
  it('pushes a change applied to the store to a subscriber of /ws/scores', async () => {
    const app = await buildTestApp({ env: { SCORE_FEED: 'none' } });
    await goalReaches(app, app, await listen(app));
  });
});

describe.runIf(postgresAvailable && redisAvailable)('two instances on PostgreSQL and Redis', () => {
  it('a score change fed into one reaches a websocket client of the other', async () => {
    const database = await createPostgresDatabase();
    cleanUpAfterFile(database.drop);
    const env = { DATABASE_URL: database.url, REDIS_URL, SCORE_FEED: 'none' };
    const one = await buildTestApp({ database: { url: database.url }, env });
    const two = await buildTestApp({ database: { url: database.url }, env });
    await listen(one);
    await goalReaches(one, two, await listen(two));
  });
});
