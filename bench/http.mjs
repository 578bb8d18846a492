// HTTP benchmark: the app's cached /java endpoint and its SSR home page, next to a bare
// Fastify "ceiling" serving the same JSON. See bench/README.md.
import {
  CONNECTIONS,
  machine,
  measure,
  round,
  runBenchmark,
  SECONDS,
  startApp,
  startCeiling,
  WARMUP_SECONDS,
} from './lib.mjs';

const JAVA_PATH = '/java/game/v3/getPCGameSource';

// Headers of a Chinese-speaking browser that already chose zh_CN, so the page's language
// step renders the page instead of redirecting.
const PAGE_HEADERS = {
  cookie: 'lang=zh_CN',
  'accept-language': 'zh-CN',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

const TARGETS = {
  javaShareOfCeiling: 0.5, // the /java endpoint at >= 50% of the ceiling's requests/s
  ssrHomeRequestsPerSec: 400,
};

function markdown(report) {
  const { ceiling, java, ssrHome, ssrHomeSession } = report.results;
  const row = (label, r) =>
    `| ${label} | ${round(r.requestsPerSec)} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.errors} | ${r.timeouts} | ${r.non2xx} |`;
  const met = (t) => (t.met ? 'met' : 'not met');
  const [javaTarget, ssrTarget] = report.targets;
  return `# HTTP benchmark results

${report.date} · Node ${report.node} · ${report.cpu.model} × ${report.cpu.cores} cores

${report.setup}

| Target | Requests/s (mean) | p50 ms | p99 ms | Errors | of which timeouts | Non-2xx |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${row(`(a) Ceiling: bare Fastify, same JSON (\`${ceiling.url.replace(/^https?:\/\/[^/]+/, '')}\`)`, ceiling)}
${row(`(b) App: cached \`${JAVA_PATH}\``, java)}
${row('(c) App: SSR home `/` (guest: page cache, 1 s)', ssrHome)}
${row('(d) App: SSR home `/` (session cookie: rendered every time)', ssrHomeSession)}

(b) / (a) = **${round(report.javaToCeilingRatio * 100, 1)}%**

## Targets

| Target | Goal | Measured | Status |
| --- | --- | --- | --- |
| ${javaTarget.name} | ≥ ${round(javaTarget.goal * 100)}% of ceiling | ${round(javaTarget.value * 100, 1)}% | ${met(javaTarget)} |
| ${ssrTarget.name} | ≥ ${ssrTarget.goal} req/s | ${round(ssrTarget.value)} req/s | ${met(ssrTarget)} |
`;
}

export function runHttpBenchmark() {
  return runBenchmark('http', async (runDir) => {
    const appUrl = await startApp(runDir);

    // The ceiling serves the app's real answer, so both send the same bytes.
    const answer = await fetch(`${appUrl}${JAVA_PATH}`);
    if (answer.status !== 200) throw new Error(`${JAVA_PATH} answered ${answer.status}`);
    const ceilingUrl = await startCeiling(runDir, JAVA_PATH, await answer.json());

    // One target at a time; the idle server costs next to nothing meanwhile.
    const results = {
      ceiling: await measure('(a) ceiling', `${ceilingUrl}${JAVA_PATH}`),
      java: await measure('(b) app /java cached', `${appUrl}${JAVA_PATH}`),
      ssrHome: await measure('(c) app SSR home', `${appUrl}/`, { headers: PAGE_HEADERS }),
      // A session cookie makes the page personal: never served from the guests' page cache.
      ssrHomeSession: await measure('(d) app SSR home, with a session', `${appUrl}/`, {
        headers: { ...PAGE_HEADERS, cookie: 'lang=zh_CN; token=bench' },
      }),
    };

    const ratio = results.java.requestsPerSec / results.ceiling.requestsPerSec;
    const report = {
      ...machine(),
      setup:
        `autocannon with ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up (discarded), then ${SECONDS} s measured, per target. ` +
        'Load generator in the parent process; app and ceiling each in their own child process ' +
        '(on a 2-core machine the load generator and the server under test get roughly one core each).',
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      seconds: SECONDS,
      results,
      javaToCeilingRatio: ratio,
      targets: [
        {
          name: `\`${JAVA_PATH}\` vs ceiling`,
          goal: TARGETS.javaShareOfCeiling,
          value: ratio,
          met: ratio >= TARGETS.javaShareOfCeiling,
        },
        {
          name: 'SSR home `/`',
          goal: TARGETS.ssrHomeRequestsPerSec,
          value: results.ssrHome.requestsPerSec,
          met: results.ssrHome.requestsPerSec >= TARGETS.ssrHomeRequestsPerSec,
        },
      ],
    };
    console.log(`\n(b)/(a) = ${round(ratio * 100, 1)}%`);
    for (const t of report.targets) console.log(`${t.name}: ${t.met ? 'met' : 'NOT met'}`);
    return { report, markdown: markdown(report) };
  });
}
