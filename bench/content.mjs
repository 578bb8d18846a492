// Content benchmark: the news list page rendered on the server and the hot-news call, with 200
// published articles in the game. See bench/README.md.
import {
  CONNECTIONS,
  callJava,
  machine,
  measure,
  PAGE_HEADERS,
  round,
  runBenchmark,
  SECONDS,
  startApp,
  WARMUP_SECONDS,
} from './lib.mjs';

const ADMIN_EMAIL = 'bench-editor@example.com';
const ADMIN_PASSWORD = 'bench2026pass';
const ARTICLES = 200;
const SOCCER = 202;
const HOT_PATH = `/java/news/getHotNewsByGame?gameId=${SOCCER}&period=daily&size=10`;
const LIST_PATH = '/news/soccer';

/** Writes and publishes articles as the first administrator, with views and likes spread out. */
async function seedArticles(base) {
  const { token } = await callJava(base, 'POST', '/login/V2/mobileOrNameToLogin', {
    mobileOrEmail: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  for (let i = 0; i < ARTICLES; i += 1) {
    const article = await callJava(
      base,
      'POST',
      '/creator/article',
      {
        gameId: SOCCER,
        title: `第 ${i + 1} 轮比赛战报：主队主场取胜`,
        body: `<p>第 ${i + 1} 篇测试文章的正文。</p><p>比赛过程与赛后采访。</p>`,
        tags: ['FB'],
      },
      token,
    );
    await callJava(base, 'POST', '/admin/articles/review', { id: article.id, decision: 'publish' }, token);
  }
}

function markdown(report) {
  const { ssrList, ssrListSession, hot } = report.results;
  const row = (label, r) =>
    `| ${label} | ${round(r.requestsPerSec)} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.errors} | ${r.non2xx} |`;
  return `# Content benchmark results

${report.date} · Node ${report.node} · ${report.cpu.model} × ${report.cpu.cores} cores

${report.setup}

| Target | Requests/s (mean) | p50 ms | p99 ms | Errors | Non-2xx |
| --- | ---: | ---: | ---: | ---: | ---: |
${row(`(a) SSR news list \`${LIST_PATH}\` (guest: page cache, 1 s)`, ssrList)}
${row(`(b) SSR news list \`${LIST_PATH}\` (session cookie: the page every visitor shares, decision 032)`, ssrListSession)}
${row(`(c) \`${HOT_PATH.replace(/\?.*/, '')}\` (daily, 10 of ${ARTICLES} articles)`, hot)}
`;
}

export function runContentBenchmark() {
  return runBenchmark('content', async (runDir) => {
    const { url: appUrl } = await startApp(runDir, { ADMIN_EMAIL, ADMIN_PASSWORD });
    await seedArticles(appUrl);
    console.log(`${ARTICLES} articles published`);
    // The cheap call first: a backlog of slow page renders would otherwise spill into it.
    const results = {
      hot: await measure('(c) hot news', `${appUrl}${HOT_PATH}`),
      ssrList: await measure('(a) SSR news list', `${appUrl}${LIST_PATH}`, { headers: PAGE_HEADERS }),
      // A session cookie makes the page personal: never served from the guests' page cache.
      ssrListSession: await measure('(b) SSR news list, with a session', `${appUrl}${LIST_PATH}`, {
        headers: { ...PAGE_HEADERS, cookie: 'lang=zh_CN; token=bench' },
      }),
    };
    const report = {
      ...machine(),
      setup:
        `autocannon with ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up (discarded), then ${SECONDS} s measured, per target; ` +
        `${ARTICLES} published articles in the game besides the demo content, embedded database. ` +
        'Load generator in the parent process, the app in a child process.',
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      seconds: SECONDS,
      articles: ARTICLES,
      results,
    };
    return { report, markdown: markdown(report) };
  });
}
