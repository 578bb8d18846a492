// The query plans of the data library's views on the benchmark's data set (bench/library-seed.ts):
// each view's service call runs once against PostgreSQL with every statement it sends recorded,
// then each statement is run again under EXPLAIN (ANALYZE, BUFFERS) with the same parameters.
// Run with tsx; env: DATABASE_URL (the seeded database), BENCH_EXPLAIN_FILE (where the plans go).
import { writeFileSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../db/client';
import * as schema from '../db/schema/index';
import { createLeagues } from '../modules/library/leagues.service';
import { createPlayers } from '../modules/library/players.service';
import { createSquads } from '../modules/library/squads.service';
import { createTables } from '../modules/library/tables.service';

const url = process.env.DATABASE_URL;
const file = process.env.BENCH_EXPLAIN_FILE;
if (!url || !file) throw new Error('DATABASE_URL and BENCH_EXPLAIN_FILE are needed');

const pool = new pg.Pool({ connectionString: url, max: 1 });
const sent: { text: string; values: unknown[] }[] = [];
const send = pool.query.bind(pool) as (
  config: string | pg.QueryConfig,
  values?: unknown[],
) => Promise<pg.QueryResult>;
// Every statement the services send goes through the pool: note it, then send it as it was.
pool.query = ((config: string | pg.QueryConfig, values?: unknown[]) => {
  const text = typeof config === 'string' ? config : config.text;
  sent.push({ text, values: values ?? (typeof config === 'string' ? [] : (config.values ?? [])) });
  return send(config, values);
}) as typeof pool.query;
const db = drizzle(pool, { schema }) as unknown as Db;
const leagues = createLeagues(db);
const tables = createTables(db);
const squads = createSquads(db);
const players = createPlayers(db);

const id = async (format: string) => {
  const { rows } = await send(
    `select id from competitions where format = $1 order by rank limit 1 offset 5`,
    [format],
  );
  return Number(rows[0]?.id);
};
const league = await id('league');
const cup = await id('cup');
const { rows: picked } = await send(
  `select p.team_id as team, p.id as player from players p
     where p.game_id = 202 and p.shirt_number = 2 order by p.id limit 1 offset 500`,
);
const team = Number(picked[0]?.team);
const player = Number(picked[0]?.player);

const views: [string, () => Promise<unknown>][] = [
  [
    'League library: soccer, by part of a name',
    () => leagues.list({ gameIds: [202], text: 'League 1', pageIndex: 1, pageSize: 30 }),
  ],
  ['League library: every game, third page', () => leagues.list({ pageIndex: 3, pageSize: 30 })],
  ["A league's season, stages and teams", () => leagues.overview(league)],
  ['Standings (sortTable)', () => tables.standings(league)],
  ['Fixtures (scheduleTable)', () => tables.schedule(league)],
  ['Bracket (promotionTree)', () => tables.bracket(cup)],
  [
    'Team library: soccer, by part of a name',
    () => squads.teams({ gameIds: [202], text: 'Club 1', pageIndex: 1, pageSize: 30 }),
  ],
  ['Team library: every game, tenth page', () => squads.teams({ pageIndex: 10, pageSize: 30 })],
  ["A team's profile, squad, matches and record", () => squads.team(team)],
  [
    'Player library: by part of a name',
    () => players.players({ text: 'Player 12-3', pageIndex: 1, pageSize: 30 }),
  ],
  [
    'Player library: soccer, hundredth page',
    () => players.players({ gameIds: [202], pageIndex: 100, pageSize: 30 }),
  ],
  ["A player's profile, numbers by competition and matches", () => players.player(player)],
];

const sections: string[] = [];
for (const [name, run] of views) {
  sent.length = 0;
  await run();
  const statements = [...sent];
  const plans: string[] = [];
  for (const { text, values } of statements) {
    const { rows } = await send(`explain (analyze, buffers) ${text}`, values);
    plans.push(
      `\`\`\`sql\n${text}\n\`\`\`\n\n\`\`\`\n${rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\``,
    );
  }
  sections.push(`## ${name}\n\n${statements.length} statements.\n\n${plans.join('\n\n')}`);
}

const { rows: sizes } = await send(
  `select (select count(*) from competitions) as competitions, (select count(*) from teams) as teams,
     (select count(*) from players) as players, (select count(*) from matches) as matches,
     (select count(*) from match_incidents) as incidents, (select count(*) from match_players) as box_score_rows`,
);
writeFileSync(
  file,
  `# Data library query plans\n\n${new Date().toISOString()} · PostgreSQL ${(await send('show server_version')).rows[0]?.server_version}\n\n` +
    `Data set: ${JSON.stringify(sizes[0])}. League ${league}, cup ${cup}, team ${team}, player ${player}.\n\n${sections.join('\n\n')}\n`,
);
await pool.end();
console.log(`query plans written to ${file}`);
