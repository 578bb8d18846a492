// Page benchmark: the pages a fan opens most, each as a guest and signed in (a real session), at
// 20 and 50 connections, with the app's resident memory after start-up and under that load.
// See bench/README.md.
import {
  callJava,
  machine,
  measure,
  PAGE_HEADERS,
  round,
  rssMb,
  runBenchmark,
  SECONDS,
  settle,
  startApp,
  stopAll,
  WARMUP_SECONDS,
} from './lib.mjs';

const CONNECTION_COUNTS = [20, 50];
const GOALS = {
  signedInShareOfGuest: 0.5,
  p99Ms: 150,
  guestHomeRequestsPerSec: 2000,
  startupRssMb: 400,
  loadRssMb: 500,
};
// The signed-in pages held to the guest rate of the same page.
const HELD_TO_GUEST_RATE = ['home', 'matchList', 'league'];

function found(what, item) {
  if (!item) throw new Error(`the demo data has no ${what} to open`);
  return item;
}

/** The pages, with ids from the demo data: a match in play, a soccer league, the hottest video. */
async function pagesOf(base) {
  const { list: inPlay } = await callJava(base, 'GET', '/v2/match/getPCLiveGameMatch?pageSize=50');
  // Soccer if in play, else a head-to-head match: the page most fans open from the list.
  const match = found(
    'match in play',
    inPlay.find((m) => m.game === 'soccer') ?? inPlay.find((m) => m.home) ?? inPlay[0],
  );
  const { list: leagues } = await callJava(base, 'GET', '/library/leagues?gameIds=202');
  const league = found(
    'soccer league',
    leagues.find((l) => l.format === 'league'),
  );
  const video = found('video', (await callJava(base, 'GET', '/hot/video/1'))[0]);
  return [
    { key: 'home', label: 'home', path: '/' },
    { key: 'matchList', label: 'match list', path: '/match' },
    { key: 'match', label: 'match page', path: `/${match.game}/${match.id}` },
    { key: 'league', label: 'league page', path: `/leagueLibrary/${league.id}` },
    { key: 'news', label: 'news list', path: '/news/soccer' },
    { key: 'video', label: 'video page', path: `/videos/${video.game}/${video.id}` },
    // A guest is shown the sign-in prompt here: measured as a guest only if that is a 200.
    { key: 'userCentre', label: 'user centre', path: '/userInfo', forSignedIn: true },
  ];
}

/** Signs in the sandbox's test account and returns the page headers of its browser. */
async function signIn(base) {
  const { token, user } = await callJava(base, 'GET', '/login/testLogin');
  // The page's session step reads the uid from the user cookie beside the token, as a browser keeps them.
  const userCookie = encodeURIComponent(
    JSON.stringify({ uid: user.uid, username: user.username, avatar: user.avatar }),
  );
  return {
    username: user.username,
    headers: { ...PAGE_HEADERS, cookie: `${PAGE_HEADERS.cookie}; token=${token}; userInfo=${userCookie}` },
  };
}

/** Samples the app's resident memory every half second; the returned stop gives the highest seen. */
function watchRss(pid) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 500);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

/**
 * Opens each page once per visitor: every page must answer 200, and a signed-in visitor's own page
 * (the user centre) must show the user, else the session was not recognised and a guest render
 * would be measured. The pages every visitor shares carry no name (docs/decisions/032): the
 * browser fills it in.
 */
async function checkedTargets(base, pages, visitors, username) {
  const targets = [];
  const notMeasured = [];
  for (const page of pages) {
    for (const [visitor, headers] of Object.entries(visitors)) {
      const response = await fetch(base + page.path, { headers, redirect: 'manual' });
      const html = await response.text();
      if (visitor === 'signed in' && page.forSignedIn && !html.includes(username))
        throw new Error(`${page.path} does not show the signed-in user: the session was not recognised`);
      if (response.status === 200) targets.push({ page, visitor, headers });
      else if (page.forSignedIn && visitor === 'guest')
        notMeasured.push({ page: page.key, path: page.path, visitor, status: response.status });
      else throw new Error(`${page.path} answered ${response.status} to a ${visitor} visitor`);
    }
  }
  return { targets, notMeasured };
}

function targetsOf(results, memory) {
  const at50 = (page, visitor) =>
    results.find((r) => r.page === page && r.visitor === visitor && r.connections === 50);
  const rate = (r) => `${round(r.requestsPerSec)} req/s`;
  const heldToGuest = HELD_TO_GUEST_RATE.map((page) => {
    const guest = at50(page, 'guest');
    const signedIn = at50(page, 'signed in');
    const share = signedIn.requestsPerSec / guest.requestsPerSec;
    return {
      name: `${signedIn.label}, signed in, 50 connections`,
      goal: `≥ ${round(GOALS.signedInShareOfGuest * 100)}% of the guest rate, p99 ≤ ${GOALS.p99Ms} ms, 0 timeouts`,
      measured: `${round(share * 100, 1)}% (${rate(signedIn)}), p99 ${signedIn.latencyMs.p99} ms, ${signedIn.timeouts} timeouts`,
      baseline: `guest ${rate(guest)}, p99 ${guest.latencyMs.p99} ms`,
      met:
        share >= GOALS.signedInShareOfGuest &&
        signedIn.latencyMs.p99 <= GOALS.p99Ms &&
        signedIn.timeouts === 0,
    };
  });
  const guestHome = at50('home', 'guest');
  return [
    ...heldToGuest,
    {
      name: 'home, guest, 50 connections',
      goal: `≥ ${GOALS.guestHomeRequestsPerSec.toLocaleString('en')} req/s`,
      measured: `${rate(guestHome)}, p99 ${guestHome.latencyMs.p99} ms`,
      baseline: '',
      met: guestHome.requestsPerSec >= GOALS.guestHomeRequestsPerSec,
    },
    {
      name: 'resident memory after start-up',
      goal: `< ${GOALS.startupRssMb} MB`,
      measured: `${memory.afterStartMb} MB`,
      baseline: '',
      met: memory.afterStartMb < GOALS.startupRssMb,
    },
    {
      name: 'resident memory under load (peak)',
      goal: `< ${GOALS.loadRssMb} MB`,
      measured: `${memory.peakUnderLoadMb} MB`,
      baseline: `after the load ${memory.afterLoadMb} MB`,
      met: memory.peakUnderLoadMb < GOALS.loadRssMb,
    },
  ];
}

function markdown(report) {
  const table = (connections) =>
    report.results
      .filter((r) => r.connections === connections)
      .map(
        (r) =>
          `| ${r.label} | ${r.visitor} | ${round(r.requestsPerSec)} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.errors} | ${r.timeouts} | ${r.non2xx} | ${round(r.bytesPerResponse / 1024, 1)} |`,
      )
      .join('\n');
  const { memory } = report;
  return `# Page benchmark results

${report.date} · commit ${report.commit} · Node ${report.node} · ${report.cpu.model} × ${report.cpu.cores} cores

${report.setup}

| Page | Address |
| --- | --- |
${report.pages.map((p) => `| ${p.label} | \`${p.path}\` |`).join('\n')}

${CONNECTION_COUNTS.map(
  (connections) => `## ${connections} connections

| Page | Visitor | Requests/s (mean) | p50 ms | p99 ms | Errors | of which timeouts | Non-2xx | KB per response |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${table(connections)}
`,
).join('\n')}
${report.notMeasured.map((n) => `\`${n.path}\` answers a ${n.visitor} ${n.status} (the sign-in prompt): measured signed in only.`).join('\n')}

## Resident memory of the app

| After start-up (a restart on the demo data, idle) | Peak under load (sampled every 0.5 s) | After the load |
| ---: | ---: | ---: |
| ${memory.afterStartMb} MB | ${memory.peakUnderLoadMb} MB | ${memory.afterLoadMb} MB |

## Targets

| Target | Goal | Measured | Status |
| --- | --- | --- | --- |
${report.targets.map((t) => `| ${t.name} | ${t.goal} | ${t.measured}${t.baseline ? ` (${t.baseline})` : ''} | ${t.met ? 'met' : 'not met'} |`).join('\n')}
`;
}

export function runPagesBenchmark() {
  return runBenchmark('pages', async (runDir) => {
    // The first start fills the fresh database with the demo data, once; a deployment then runs
    // on data it already has: memory after start-up is read off a restart on that data, idle.
    await startApp(runDir);
    await stopAll();
    const { url: base, pid } = await startApp(runDir);
    await settle(pid);
    const afterStartMb = rssMb(pid);
    const pages = await pagesOf(base);
    const signedIn = await signIn(base);
    const visitors = { guest: PAGE_HEADERS, 'signed in': signedIn.headers };
    const { targets, notMeasured } = await checkedTargets(base, pages, visitors, signedIn.username);

    const stopWatching = watchRss(pid);
    const results = [];
    for (const connections of CONNECTION_COUNTS) {
      for (const { page, visitor, headers } of targets) {
        await settle(pid);
        const result = await measure(
          `${page.label}, ${visitor}, ${connections} connections`,
          base + page.path,
          {
            connections,
            headers,
          },
        );
        results.push({ page: page.key, label: page.label, path: page.path, visitor, ...result });
      }
    }
    const memory = { afterStartMb, peakUnderLoadMb: stopWatching(), afterLoadMb: rssMb(pid) };

    const report = {
      ...machine(),
      setup:
        `autocannon with ${CONNECTION_COUNTS.join(' and ')} connections, ${WARMUP_SECONDS} s warm-up (discarded), then ${SECONDS} s measured, per target, ` +
        'each once the app is idle again (under a tenth of a core). ' +
        'The app as `npm start` runs it (the server built ahead of time, its Node flags, MALLOC_ARENA_MAX=2) on the embedded database with its demo data, in a child process, ' +
        'started once to fill a fresh database and then again on that data, as a deployment restarts; the load generator in the parent process. ' +
        'Pages asked as a browser that chose zh_CN, without gzip (the HTML as rendered); signed in: the sandbox test ' +
        "account's `token` and `userInfo` cookies, which the pages every visitor shares serve from the same cache as a guest's (decision 032) and the user centre renders for that user.",
      connectionCounts: CONNECTION_COUNTS,
      warmupSeconds: WARMUP_SECONDS,
      seconds: SECONDS,
      pages: pages.map(({ key, label, path }) => ({ key, label, path })),
      notMeasured,
      results,
      memory,
      targets: targetsOf(results, memory),
    };
    for (const t of report.targets) console.log(`${t.name}: ${t.measured}: ${t.met ? 'met' : 'NOT met'}`);
    return { report, markdown: markdown(report) };
  });
}
