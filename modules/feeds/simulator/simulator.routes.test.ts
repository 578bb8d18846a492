import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { javaClient } from '../../../test/java';
import type { MatchSummary } from '../../matches/matches.contract';

const ADVANCE = '/dev/simulator/advance';

/**
 * Matches in play whose score is sure to change again, best first: a series always ends on a
 * game won, a basketball game scores within seconds, a soccer match late on may end without a goal.
 */
async function liveMatches(app: FastifyInstance): Promise<MatchSummary[]> {
  const deadline = Date.now() + 150_000;
  const rank = (match: MatchSummary) =>
    match.bestOf !== null ? 0 : match.game === 'basketball' ? 1 : match.period === 'H1' ? 2 : 3;
  while (Date.now() < deadline) {
    const live = app.services.matches
      .list({ statuses: ['in_progress'] })
      .filter((match) => match.home !== null);
    if (live.length > 0) return live.sort((a, b) => rank(a) - rank(b));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the simulator put no match in play');
}

describe('the simulator sandbox control', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('plays a match in progress on until its score changes, and answers its new summary', async () => {
    const app = await buildTestApp({
      env: { SCORE_FEED: 'simulator', SIM_SEED: '11', DEV_ADAPTERS: 'true' },
    });
    apps.push(app);
    // The feed runs as a job of the leader, and jobs start when the app is ready.
    await app.ready();
    const java = javaClient(app);
    const [match] = await liveMatches(app);
    if (!match) throw new Error('no match in play');

    const answer = await java.post(ADVANCE, { matchId: match.id });
    expect(answer.status).toBe('success');
    expect(answer.result.id).toBe(match.id);
    expect(answer.result.seq).toBeGreaterThan(match.seq);
    expect(answer.result.score).not.toEqual(match.score);

    const unknown = await java.post(ADVANCE, { matchId: 999_999_999 });
    expect(unknown).toMatchObject({ status: 'fail', httpStatus: 404 });
    const malformed = await java.post(ADVANCE, { matchId: 'one' });
    expect(malformed).toMatchObject({ status: 'fail', httpStatus: 400 });
    const finished = app.services.matches.list({ statuses: ['finished'] })[0];
    expect(await java.post(ADVANCE, { matchId: finished?.id })).toMatchObject({
      status: 'fail',
      httpStatus: 400,
    });
  }, 240_000);

  it('does not exist without the sandbox adapters', async () => {
    const app = await buildTestApp({ env: { DEV_ADAPTERS: 'false' } });
    apps.push(app);
    const answer = await javaClient(app).post(ADVANCE, { matchId: 1 });
    expect(answer.httpStatus).toBe(404);
  });
});
