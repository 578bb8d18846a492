// The app under test in the score-push benchmark: the whole app (no pages) with no score feed of its
// own; the benchmark's driver feeds the real path, store -> bus -> board -> hub (/ws/scores).
// Env: PORT, TEST_DATABASE_URL (a PostgreSQL server to make a fresh database on, dropped at the end;
// else the embedded database in DATA_DIR), BENCH_MATCHES_PER_GAME, BENCH_MATCHES_FILE (where the
// matches are written for the baselines, which serve the same summaries).
import { writeFileSync } from 'node:fs';
import pino from 'pino';
import { matches as matchesTable } from '../../db/schema/index';
import { GAMES } from '../../modules/catalog/catalog.contract';
import type { FeedCompetition, FeedMatch, FeedTeam } from '../../modules/matches/feed';
import type { MatchState } from '../../modules/sports/model';
import { createRng } from '../../modules/sports/rng';
import { rulesForGame } from '../../modules/sports/rules-by-game';
import { readEnv } from '../../platform/env';
import { buildApp } from '../../server/app';
import { createPostgresDatabase, postgresAvailable } from '../../test/services';
import { serveBenchmark } from './driver';

const SOURCE = 'bench';
const perGame = Number(process.env.BENCH_MATCHES_PER_GAME ?? 6);

/** Every game with home and away sides (a battle-royale lobby has no headline score to change). */
const games = GAMES.flatMap((game) => {
  const rules = rulesForGame(game.id);
  return rules && rules.family !== 'battle_royale' ? [{ game, rules }] : [];
});

interface BenchMatch {
  externalId: string;
  id: number;
  seq: number;
  state: MatchState & { score: { home: number; away: number } };
}

// Every load client connects from this machine's one address: the per-IP connect limit is lifted.
const env = readEnv({
  ...process.env,
  SCORE_FEED: 'none',
  MEDIA_INGEST: 'none',
  LOG_LEVEL: 'warn',
  WS_CONNECTS_PER_MINUTE: '1000000',
});
const postgres = postgresAvailable ? await createPostgresDatabase() : null;
const app = await buildApp({
  env,
  log: pino({ level: 'warn' }),
  database: postgres ? { url: postgres.url } : undefined,
});
const { board, store } = app.services.matches;

const competitions: FeedCompetition[] = [];
const teams: FeedTeam[] = [];
const fixtures: FeedMatch[] = [];
const states = new Map<string, BenchMatch['state']>();
const now = Date.now();
for (const { game, rules } of games) {
  competitions.push({
    externalId: `c${game.id}`,
    gameId: game.id,
    name: `Bench ${game.slug} league`,
    shortName: `B${game.id}`,
    region: 'World',
    format: 'league',
  });
  for (let n = 0; n < perGame; n++) {
    const externalId = `m${game.id}-${n}`;
    for (const side of ['h', 'a']) {
      teams.push({
        externalId: `${externalId}${side}`,
        gameId: game.id,
        name: `Team ${externalId}${side}`,
        shortName: `${side}${n}`,
      });
    }
    // A minute in: started, with the sport's own structure.
    const state = rules.advance(rules.initial(), createRng(game.id * 100 + n), 60)
      .state as BenchMatch['state'];
    states.set(externalId, state);
    fixtures.push({
      externalId,
      gameId: game.id,
      competitionExternalId: `c${game.id}`,
      homeTeamExternalId: `${externalId}h`,
      awayTeamExternalId: `${externalId}a`,
      startsAt: new Date(now - 60_000),
      initial: { externalId, seq: 1, status: 'in_progress', state },
    });
  }
}
await store.upsertFixtures(SOURCE, { competitions, teams, matches: fixtures });

const rows = await app.services.database.db
  .select({ id: matchesTable.id, externalId: matchesTable.externalId, seq: matchesTable.seq })
  .from(matchesTable);
const matches: BenchMatch[] = rows.flatMap((row) => {
  const state = states.get(row.externalId);
  return state ? [{ externalId: row.externalId, id: row.id, seq: row.seq, state }] : [];
});
// The board hears of the fixtures over the bus; wait until it holds them all.
while (matches.some((match) => board.get(match.id)?.seq !== match.seq))
  await new Promise((r) => setTimeout(r, 100));

const address = await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const summaries = matches.flatMap((match) => board.get(match.id) ?? []);
if (process.env.BENCH_MATCHES_FILE) writeFileSync(process.env.BENCH_MATCHES_FILE, JSON.stringify(summaries));

serveBenchmark(
  {
    matches: matches.length,
    async apply(index, side) {
      const match = matches[index] as BenchMatch;
      match.seq += 1;
      match.state = { ...match.state, score: { ...match.state.score, [side]: match.state.score[side] + 1 } };
      await store.applyUpdate(SOURCE, {
        externalId: match.externalId,
        seq: match.seq,
        status: 'in_progress',
        state: match.state,
      });
      return { id: match.id, seq: match.seq };
    },
    versions: () =>
      Object.fromEntries(
        matches.map((match) => [match.id, [match.seq, match.state.score.home, match.state.score.away]]),
      ),
    bufferedBytes: () => {
      let bytes = 0;
      for (const socket of app.websocketServer.clients) bytes += socket.bufferedAmount;
      return bytes;
    },
  },
  {
    url: `${address.replace('http', 'ws')}/ws/scores`,
    database: postgres ? 'PostgreSQL' : 'the embedded database (PGlite)',
    matches: summaries.map((match) => ({ id: match.id, gameId: match.gameId })),
  },
);

process.on('SIGTERM', async () => {
  await app.close();
  await postgres?.drop();
  process.exit(0);
});
