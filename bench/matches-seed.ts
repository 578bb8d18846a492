// Fills a fresh embedded database with matches in play for bench/matches-http.mjs: COUNT matches
// of the catalogue's games, each a few minutes into play by its sport's rules. Run with tsx;
// env: DATA_DIR (as the app's), COUNT.
import path from 'node:path';
import pino from 'pino';
import { openDatabase } from '../db/client';
import type { FeedMatch, Fixtures } from '../modules/matches/feed';
import { createMatchStore } from '../modules/matches/store';
import { createRng } from '../modules/sports/rng';
import { ALL_RULES } from '../modules/sports/rules-by-game';
import { createMemoryBus } from '../platform/bus/memory';

const count = Number(process.env.COUNT ?? 50);
const database = await openDatabase({ dataDir: path.resolve(process.env.DATA_DIR ?? './data', 'db') });
const store = createMatchStore({ db: database.db, bus: createMemoryBus(), log: pino({ level: 'warn' }) });

const headToHead = ALL_RULES.filter((rules) => rules.family !== 'battle_royale');
const fixtures: Required<Pick<Fixtures, 'competitions' | 'teams' | 'matches'>> = {
  competitions: [],
  teams: [],
  matches: [],
};
for (const rules of headToHead) {
  fixtures.competitions.push({
    externalId: `league-${rules.gameId}`,
    gameId: rules.gameId,
    name: `Bench League ${rules.gameId}`,
    shortName: `BL${rules.gameId}`,
    region: 'world',
    format: 'league',
  });
}
for (let index = 0; index < count; index += 1) {
  const rules = headToHead[index % headToHead.length];
  if (!rules) throw new Error('no rules');
  const teams = [`team-${index}-a`, `team-${index}-b`];
  for (const team of teams) {
    fixtures.teams.push({
      externalId: team,
      gameId: rules.gameId,
      name: `Team ${team}`,
      shortName: team.slice(-3),
    });
  }
  // Five minutes in, or one for a game short enough to be over by then.
  const playedFor = (seconds: number) => rules.advance(rules.initial(), createRng(index + 1), seconds).state;
  const fiveMinutesIn = playedFor(5 * 60);
  const state = fiveMinutesIn.status === 'in_progress' ? fiveMinutesIn : playedFor(60);
  const match: FeedMatch = {
    externalId: `match-${index}`,
    gameId: rules.gameId,
    competitionExternalId: `league-${rules.gameId}`,
    homeTeamExternalId: teams[0] ?? null,
    awayTeamExternalId: teams[1] ?? null,
    startsAt: new Date(Date.now() - 10 * 60_000),
    initial: { externalId: `match-${index}`, seq: 1, status: state.status, state },
  };
  fixtures.matches.push(match);
}
await store.upsertFixtures('bench', fixtures);
await database.close();
console.log(`seeded ${count} matches in play`);
