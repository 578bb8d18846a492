// HTTP benchmark: the app's cached /java endpoint next to a bare Fastify "ceiling" serving the
// same JSON. The pages are in bench/pages.mjs. See bench/README.md.
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

// The /java endpoint at >= 50% of the ceiling's requests/s.
const JAVA_SHARE_OF_CEILING = 0.5;

function markdown(report) {
  const { ceiling, java } = report.results;
  const row = (label, r) =>
    `| ${label} | ${round(r.requestsPerSec)} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.errors} | ${r.timeouts} | ${r.non2xx} |`;
  const met = (t) => (t.met ? 'met' : 'not met');
  const [javaTarget] = report.targets;
  return `# HTTP benchmark results

${report.date} · Node ${report.node} · ${report.cpu.model} × ${report.cpu.cores} cores

${report.setup}

| Target | Requests/s (mean) | p50 ms | p99 ms | Errors | of which timeouts | Non-2xx |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${row(`(a) Ceiling: bare Fastify, same JSON (\`${ceiling.url.replace(/^https?:\/\/[^/]+/, '')}\`)`, ceiling)}
${row(`(b) App: cached \`${JAVA_PATH}\``, java)}

(b) / (a) = **${round(report.javaToCeilingRatio * 100, 1)}%**

## Targets

| Target | Goal | Measured | Status |
| --- | --- | --- | --- |
| ${javaTarget.name} | ≥ ${round(javaTarget.goal * 100)}% of ceiling | ${round(javaTarget.value * 100, 1)}% | ${met(javaTarget)} |
`;
}

export function runHttpBenchmark() {
  return runBenchmark('http', async (runDir) => {
    const { url: appUrl } = await startApp(runDir);

    // The ceiling serves the app's real answer, so both send the same bytes.
    const answer = await fetch(`${appUrl}${JAVA_PATH}`);
    if (answer.status !== 200) throw new Error(`${JAVA_PATH} answered ${answer.status}`);
    const ceilingUrl = await startCeiling(runDir, JAVA_PATH, await answer.json());

    // One target at a time; the idle server costs next to nothing meanwhile.
    const results = {
      ceiling: await measure('(a) ceiling', `${ceilingUrl}${JAVA_PATH}`),
      java: await measure('(b) app /java cached', `${appUrl}${JAVA_PATH}`),
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
          goal: JAVA_SHARE_OF_CEILING,
          value: ratio,
          met: ratio >= JAVA_SHARE_OF_CEILING,
        },
      ],
    };
    console.log(`\n(b)/(a) = ${round(ratio * 100, 1)}%`);
    for (const t of report.targets) console.log(`${t.name}: ${t.met ? 'met' : 'NOT met'}`);
    return { report, markdown: markdown(report) };
  });
}
