// Data library benchmark: the league, squad and player libraries' pages and /java calls at 50 connections on a data
// set of realistic size (bench/library-seed.ts: 200 competitions, 5,040 teams, 90,720 players,
// about 137,000 matches), each target going round many competitions; and the query plans of each
// view (bench/library-explain.ts). PostgreSQL at BENCH_POSTGRES_URL (default the local server);
// a fresh database is made and dropped. See bench/README.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import {
  BENCH_DIR,
  CONNECTIONS,
  machine,
  measure,
  RESULTS_DIR,
  ROOT,
  round,
  runBenchmark,
  SECONDS,
  startApp,
  WARMUP_SECONDS,
} from './lib.mjs';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL_P99_MS = 50;
const BROWSER = {
  'accept-language': 'zh-CN',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
};
const GUEST = { ...BROWSER, cookie: 'lang=zh_CN' };
// A session cookie makes a page personal: rendered for every request, never from the guests' cache.
const SIGNED_IN = { ...BROWSER, cookie: 'lang=zh_CN; token=bench' };

/** Runs a TypeScript script of bench/ under tsx. */
export function runTs(script, env) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`${script} failed`);
}

/** Asks for each of `paths` once, eight at a time: the state a site is in once its pages have been visited. */
async function prime(base, paths, headers) {
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path; path = queue.shift())
      await (await fetch(base + path, { headers })).arrayBuffer();
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/**
 * Measures `paths` in turn, one per request, so that no single page or answer is all it sees, once
 * each has been asked for: the warm state of a site whose pages are visited, as a fan finds it.
 */
export async function measureRound(name, base, paths, headers) {
  await prime(base, paths, headers);
  let next = 0;
  return measure(name, base + paths[0], {
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
}

function markdown(report) {
  const rows = report.results.map(
    (r) =>
      `| ${r.name} | ${r.kind} | ${round(r.requestsPerSec)} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.errors} | ${r.non2xx} | ${r.kind === 'signed in' ? 'not a target' : r.latencyMs.p99 <= GOAL_P99_MS ? 'met' : 'not met'} |`,
  );
  return `# Data library benchmark results

${report.date} · Node ${report.node} · ${report.cpu.model} × ${report.cpu.cores} cores

${report.setup}

| Target | Visitor | Requests/s (mean) | p50 ms | p99 ms | Errors | Non-2xx | p99 ≤ ${GOAL_P99_MS} ms |
| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join('\n')}

Guests' pages are shared for 30 s (\`s-maxage\`, decision 004) from the page cache of 1,000 pages;
the \`/java\` calls and the pages' data come from the library's answers kept per competition and
team until one of its matches changes (players' for a minute, decision 011). A page rendered
afresh costs about what the signed-in row shows, which is not shared: an address set larger than
the page cache, or the first visit of a page, is served at that rate. The query plans of each view
are in \`library-explain.md\`.
`;
}

export function runLibraryBenchmark() {
  return runBenchmark('library', async (runDir) => {
    const database = `bench_library_${Date.now()}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    try {
      runTs('library-seed.ts', { DATABASE_URL: url.href });
      runTs('library-explain.ts', {
        DATABASE_URL: url.href,
        BENCH_EXPLAIN_FILE: path.join(RESULTS_DIR, 'library-explain.md'),
      });
      const ids = new pg.Client({ connectionString: url.href });
      await ids.connect();
      const of = async (format) =>
        (await ids.query('select id from competitions where format = $1 order by id', [format])).rows.map(
          (row) => row.id,
        );
      const [leagues, cups] = [await of('league'), await of('cup')];
      // 504 teams and 504 players spread over every league.
      const teamIds = (await ids.query('select id from teams order by id')).rows
        .map((row) => row.id)
        .filter((_, n) => n % 10 === 0);
      const playerIds = (await ids.query('select id from players order by id')).rows
        .map((row) => row.id)
        .filter((_, n) => n % 180 === 0);
      await ids.end();

      const { url: base } = await startApp(runDir, { DATABASE_URL: url.href, SCORE_FEED: 'none' });
      const pages = (view) => leagues.map((id) => `/leagueLibrary/${id}${view}`);
      const browse = [
        '',
        '?game=soccer',
        '?game=basketball',
        '?game=lol&page=2',
        '?q=League%201',
        '?region=GB',
      ].map((query) => `/leagueLibrary${query}`);
      const targets = [
        ['`/leagueLibrary` (games, regions, search, pages)', 'guest', browse, GUEST],
        ['`/leagueLibrary/{id}` (standings)', 'guest', pages(''), GUEST],
        ['`/leagueLibrary/{id}/scheduleTable`', 'guest', pages('/scheduleTable'), GUEST],
        [
          '`/leagueLibrary/{id}/promotionTree`',
          'guest',
          cups.map((id) => `/leagueLibrary/${id}/promotionTree`),
          GUEST,
        ],
        ['`/leagueLibrary/{id}/config`', 'guest', pages('/config'), GUEST],
        [
          '`/squadLibrary` (games, search, pages)',
          'guest',
          ['', '?game=soccer', '?game=lol&page=2', '?q=Club%2012'].map((query) => `/squadLibrary${query}`),
          GUEST,
        ],
        ['`/squadLibrary/{id}`', 'guest', teamIds.map((id) => `/squadLibrary/${id}`), GUEST],
        ['`/squadLibrary/{id}/squad`', 'guest', teamIds.map((id) => `/squadLibrary/${id}/squad`), GUEST],
        [
          '`/playerLibrary` (games, search, pages)',
          'guest',
          ['', '?game=basketball', '?game=soccer&page=50', '?q=Player%2012-3'].map(
            (query) => `/playerLibrary${query}`,
          ),
          GUEST,
        ],
        ['`/playerLibrary/{id}`', 'guest', playerIds.map((id) => `/playerLibrary/${id}`), GUEST],
        [
          '`/playerLibrary/{id}/matches`',
          'guest',
          playerIds.map((id) => `/playerLibrary/${id}/matches`),
          GUEST,
        ],
        ['`/leagueLibrary/{id}` (standings)', 'signed in', pages(''), SIGNED_IN],
        [
          '`/java/library/leagues`',
          'API',
          ['?gameIds=202', '?text=League', '?pageIndex=3', '?region=GB'].map(
            (q) => `/java/library/leagues${q}`,
          ),
          {},
        ],
        ['`/java/library/league/{id}`', 'API', leagues.map((id) => `/java/library/league/${id}`), {}],
        [
          '`/java/library/league/{id}/standings`',
          'API',
          leagues.map((id) => `/java/library/league/${id}/standings`),
          {},
        ],
        [
          '`/java/library/league/{id}/schedule?round=`',
          'API',
          leagues.map((id, n) => `/java/library/league/${id}/schedule?round=${(n % 54) + 1}`),
          {},
        ],
        [
          '`/java/library/league/{id}/bracket`',
          'API',
          cups.map((id) => `/java/library/league/${id}/bracket`),
          {},
        ],
        ['`/java/library/team/{id}`', 'API', teamIds.map((id) => `/java/library/team/${id}`), {}],
        [
          '`/java/library/players`',
          'API',
          ['?gameIds=202', '?text=Player%205', '?pageIndex=40'].map((q) => `/java/library/players${q}`),
          {},
        ],
        ['`/java/library/player/{id}`', 'API', playerIds.map((id) => `/java/library/player/${id}`), {}],
      ];
      const results = [];
      for (const [name, kind, paths, headers] of targets) {
        results.push({
          ...(await measureRound(name, base, paths, headers)),
          name,
          kind,
          paths: paths.length,
        });
      }
      const report = {
        ...machine(),
        setup:
          `autocannon with ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up (discarded), then ${SECONDS} s measured, per target; ` +
          `each target goes round its addresses (180 leagues, 20 cups, 504 teams, 504 players), one per request, after asking for each once. The app on PostgreSQL with no score feed, ` +
          'seeded by bench/library-seed.ts; load generator in the parent process, the app in a child process.',
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
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => {});
      await admin.end();
    }
  });
}
