// Search benchmark: the /java search calls and the results page at 50 connections on the data
// library benchmark's data set (bench/library-seed.ts: 200 competitions, 5,040 teams, 90,720
// players, about 137,000 matches), with a Chinese name for every team and player besides, so that
// names in other languages are searched too. Each target goes round a list of texts fans type:
// parts of names, misspelt names, Chinese names. PostgreSQL at BENCH_POSTGRES_URL (default the
// local server); a fresh database is made and dropped, unless BENCH_SEARCH_DATABASE_URL names one
// already seeded by bench/library-seed.ts (seeding takes minutes). See bench/README.md.
import os from 'node:os';
import pg from 'pg';
import {
  CONNECTIONS,
  machine,
  measure,
  round,
  runBenchmark,
  SECONDS,
  startApp,
  WARMUP_SECONDS,
} from './lib.mjs';
import { measureRound, runTs } from './library.mjs';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL_P99_MS = 50;

/** What fans type: a part of a team's or a league's name, a player's, misspelt ones, Chinese ones. */
const TEXTS = [
  'Club 12-3',
  'soccer Club 40',
  'lol Club 7-2',
  'Player 45-7-3',
  'Player 120-1',
  'Plyer 45-7-3',
  'Clb 88-14',
  'League 17',
  'Bench Cup',
  '俱乐部 1203',
  '球员 4512',
  'basketbal',
];

/**
 * Texts of the same shapes, each asked once (search keeps an answer for a few seconds): parts of
 * team names, players' names, both misspelt, Chinese names of teams and players, taken in turn
 * from the seeded names. As many as a run at 5,000 requests/s would ask, so none is asked twice.
 */
async function distinctTexts(client) {
  const count = 5_000 * (WARMUP_SECONDS + SECONDS);
  const names = async (query) => (await client.query(query)).rows.map((row) => row.name);
  const teams = await names('select name from teams order by id');
  const players = await names('select name from players order by id');
  const chinese = async (kind) =>
    names(`select name from localized_names where kind = '${kind}' and locale = 'zh_CN' order by ref_id`);
  const [teamsZh, playersZh] = [await chinese('team'), await chinese('player')];
  // 'soccer Club 12-3' -> 'Club 12-3'; a word misspelt by dropping its second letter ('Plyer', 'Cub').
  const part = (name) => name.split(' ').slice(1).join(' ');
  const misspelt = (name) => name.replace(/^(\p{L})\p{L}/u, '$1');
  const shapes = [
    (n) => part(teams[(n * 7) % teams.length]),
    (n) => players[(n * 13) % players.length],
    (n) => misspelt(players[(n * 17) % players.length]),
    (n) => misspelt(part(teams[(n * 11) % teams.length])),
    (n) => teamsZh[(n * 3) % teamsZh.length],
    (n) => playersZh[(n * 19) % playersZh.length],
  ];
  const texts = new Set();
  for (let n = 0; texts.size < count; n++)
    texts.add(shapes[n % shapes.length](Math.floor(n / shapes.length)));
  return [...texts];
}

/**
 * The app builds the search indexes afresh once a day, the first time when it first starts on a
 * database (the search module): measured once that rebuild is over, on the indexes it leaves, as a
 * running site's are. Over when its slot is taken and no index is being built, twice a second apart.
 */
async function indexesRebuilt(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const over = async () =>
    (
      await client.query(`select exists (select from jobs where key = 'every:search:rebuild-indexes')
        and not exists (select from pg_stat_progress_create_index) as over`)
    ).rows[0].over;
  for (let quiet = 0; quiet < 2; quiet = (await over()) ? quiet + 1 : 0)
    await new Promise((resolve) => setTimeout(resolve, 1000));
  await client.end();
}

function markdown(report) {
  const rows = report.results.map(
    (r) =>
      `| ${r.name} | ${r.texts === 'repeated' ? `the ${TEXTS.length} below, in turn` : `each once${r.repeatedTexts ? ' (ran out: some twice)' : ''}`} | ${round(r.requestsPerSec)} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.errors} | ${r.non2xx} | ${r.latencyMs.p99 <= GOAL_P99_MS ? 'met' : 'not met'} | ${r.loadAverage.map((l) => l.join(' ')).join(' → ')} |`,
  );
  return `# Search benchmark results

${report.date} · commit ${report.commit} · Node ${report.node} · ${report.cpu.model} × ${report.cpu.cores} cores

${report.note}

${report.setup}

| Target | Texts | Requests/s (mean) | p50 ms | p99 ms | Errors | Non-2xx | p99 ≤ ${GOAL_P99_MS} ms | Load average (1, 5, 15 min) before → after |
| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |
${rows.join('\n')}

Texts: ${TEXTS.map((text) => `\`${text}\``).join(', ')}.
`;
}

export function runSearchBenchmark() {
  return runBenchmark('search', async (runDir) => {
    const seeded = process.env.BENCH_SEARCH_DATABASE_URL;
    const database = `bench_search_${Date.now()}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    const url = new URL(seeded ?? POSTGRES_URL);
    if (!seeded) {
      await admin.query(`create database ${database}`);
      url.pathname = `/${database}`;
    }
    try {
      if (!seeded) runTs('library-seed.ts', { DATABASE_URL: url.href });
      const names = new pg.Client({ connectionString: url.href });
      await names.connect();
      await names.query(`insert into localized_names (kind, ref_id, locale, name)
        select 'team', id, 'zh_CN', '俱乐部 ' || id from teams
        union all select 'player', id, 'zh_CN', '球员 ' || id from players
        on conflict do nothing`);
      // A settled database, as a live one is once autovacuum has passed: the visibility map set
      // (index-only scans) and the statistics current, with no vacuum work left to share the cores.
      await names.query('vacuum (analyze)');
      const distinct = await distinctTexts(names);
      await names.end();

      const { url: base } = await startApp(runDir, { DATABASE_URL: url.href, SCORE_FEED: 'none' });
      await indexesRebuilt(url.href);
      const calls = [
        ['`/java/search/suggest` (the header, as a fan types)', (t) => `/java/search/suggest?text=${t}`],
        ['`/java/search/all` (comprehensive tab)', (t) => `/java/search/all?text=${t}`],
        ['`/java/search/tab?tab=matches`', (t) => `/java/search/tab?tab=matches&text=${t}`],
        ['`/search/{text}` page (the same for every visitor: rendered once per text)', (t) => `/search/${t}`],
      ];
      const page = { cookie: 'lang=zh_CN' };
      const results = [];
      for (const [name, path] of calls) {
        const headers = name.includes('page') ? page : {};
        const load = () => os.loadavg().map((n) => round(n, 1));
        const loadBefore = load();
        // The twelve texts in turn, each asked once first: what many fans type, answered from what
        // search keeps (a few seconds).
        const round12 = await measureRound(
          name,
          base,
          TEXTS.map((text) => path(encodeURIComponent(text))),
          headers,
        );
        results.push({ ...round12, name, texts: 'repeated', loadAverage: [loadBefore, load()] });
        // A text no one asked for yet on every request: the statement runs every time.
        const paths = distinct.map((text) => path(encodeURIComponent(text)));
        let next = 0;
        const loadBeforeDistinct = load();
        const once = await measure(`${name}, each text once`, base + paths[0], {
          headers,
          requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
        });
        results.push({
          ...once,
          name,
          texts: 'distinct',
          repeatedTexts: next > paths.length,
          loadAverage: [loadBeforeDistinct, load()],
        });
      }
      const report = {
        ...machine(),
        note: process.env.BENCH_NOTE ?? '',
        setup:
          `autocannon with ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up (discarded), then ${SECONDS} s measured, per target; ` +
          `each call is measured twice: going round the ${TEXTS.length} texts below, one per request, after asking for each once ` +
          `(answers kept for a few seconds are what it measures), and with a text asked for the first time on every request ` +
          `(${distinct.length} texts of the same shapes from the seeded names: the search statement runs every time). The app on PostgreSQL with no score feed, ` +
          'seeded by bench/library-seed.ts plus a Chinese name per team and player, vacuumed, and measured once the app has built the search indexes afresh ' +
          '(its daily rebuild, first run when it first starts on a database); load generator in the parent process, the app in a child process.',
        settings: {
          connections: CONNECTIONS,
          seconds: SECONDS,
          warmupSeconds: WARMUP_SECONDS,
          goalP99Ms: GOAL_P99_MS,
        },
        results,
      };
      return { report, markdown: markdown(report) };
    } finally {
      if (!seeded) await admin.query(`drop database if exists ${database} with (force)`).catch(() => {});
      await admin.end();
    }
  });
}
