import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { matches } from '../../../db/schema/index';
import { AppError } from '../../../lib/errors';
import { defineApi } from '../../../platform/define-api';
import type { Matches, ScoreFeed } from '../../matches';
import { matchSummary } from '../../matches/matches.contract';
import type { SimulatorFeed } from './simulator';

function isSimulator(feed: ScoreFeed): feed is SimulatorFeed {
  return 'advanceToNextScore' in feed;
}

/** Sandbox controls of the score simulator: only with the sandbox adapters. */
export async function simulatorRoutes(
  app: FastifyInstance,
  services: {
    database: Database;
    matches: Matches;
    scoreFeeds: readonly ScoreFeed[];
    devAdapters: boolean;
  },
): Promise<void> {
  if (!services.devAdapters) return;

  defineApi(app, {
    method: 'POST',
    path: '/dev/simulator/advance',
    summary:
      'Sandbox only: plays a simulated match on until its score changes; one not yet started kicks off now',
    tags: ['dev'],
    body: z.object({ matchId: z.number().int().positive() }),
    response: matchSummary,
    handler: async ({ body }) => {
      const [match] = await services.database.db
        .select({ source: matches.source, externalId: matches.externalId })
        .from(matches)
        .where(eq(matches.id, body.matchId));
      if (!match) throw new AppError('notFound');
      const feed = services.scoreFeeds.find(isSimulator);
      if (!feed || match.source !== feed.source) {
        throw new AppError('notSupported', { cause: new Error('the match is not fed by the simulator') });
      }
      const update = await feed.advanceToNextScore(match.externalId);
      if (!update) throw new AppError('notSupported', { cause: new Error('the match cannot be played on') });
      return (await services.matches.detail(body.matchId)).summary;
    },
  });
}
