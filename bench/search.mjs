// Search benchmark: the /java search calls and the results page at 50 connections on the data
// library benchmark's data set (bench/library-seed.ts: 200 competitions, 5,040 teams, 90,720
// players, about 137,000 matches), with a Chinese name for every team and player besides, so that
// names in other languages are searched too. Each target goes round a list of texts fans type:
// parts of names, misspelt names, Chinese names. PostgreSQL at BENCH_POSTGRES_URL (default the
// local server); a fresh database is made and dropped, unless BENCH_SEARCH_DATABASE_URL names one
// already seeded by bench/library-seed.ts (seeding takes minutes). See bench/README.md.
import pg from 'pg';
import { CONNECTIONS, machine, round, runBenchmark, SECONDS, startApp, WARMUP_SECONDS } from './lib.mjs';
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

function markdown(report) {
  const rows = report.results.map(
    (r) =>
      `| ${r.name} | ${round(r.requestsPerSec)} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.errors} | ${r.non2xx} | ${r.latencyMs.p99 <= GOAL_P99_MS ? 'met' : 'not met'} |`,
  );
  return `# Search benchmark results

${report.date} · commit ${report.commit} · Node ${report.node} · ${report.cpu.model} × ${report.cpu.cores} cores

${report.note}

${report.setup}

| Target | Requests/s (mean) | p50 ms | p99 ms | Errors | Non-2xx | p99 ≤ ${GOAL_P99_MS} ms |
| --- | ---: | ---: | ---: | ---: | ---: | --- |
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
      await names.query('analyze');
      await names.end();

      const base = await startApp(runDir, { DATABASE_URL: url.href, SCORE_FEED: 'none' });
      const each = (path) => TEXTS.map((text) => path(encodeURIComponent(text)));
      const targets = [
        [
          '`/java/search/suggest` (the header, as a fan types)',
          each((t) => `/java/search/suggest?text=${t}`),
        ],
        ['`/java/search/all` (comprehensive tab)', each((t) => `/java/search/all?text=${t}`)],
        ['`/java/search/tab?tab=matches`', each((t) => `/java/search/tab?tab=matches&text=${t}`)],
        ['`/search/{text}` page (signed in: rendered every time)', each((t) => `/search/${t}`)],
      ];
      const signedIn = { cookie: 'lang=zh_CN; token=bench' };
      const results = [];
      for (const [name, paths] of targets)
        results.push({
          ...(await measureRound(name, base, paths, name.includes('page') ? signedIn : {})),
          name,
        });
      const report = {
        ...machine(),
        note: process.env.BENCH_NOTE ?? '',
        setup:
          `autocannon with ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up (discarded), then ${SECONDS} s measured, per target; ` +
          `each target goes round the ${TEXTS.length} texts below, one per request. The app on PostgreSQL with no score feed, ` +
          'seeded by bench/library-seed.ts plus a Chinese name per team and player; load generator in the parent process, the app in a child process.',
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
