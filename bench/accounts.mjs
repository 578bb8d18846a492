// Accounts benchmark: password logins per second with the production hash settings, and the
// latency of `/java/user/info` for a signed-in user. See bench/README.md.
import { performance } from 'node:perf_hooks';
import argon2 from 'argon2';
import {
  CONNECTIONS,
  callJava,
  machine,
  measure,
  round,
  runBenchmark,
  SECONDS,
  startApp,
  WARMUP_SECONDS,
} from './lib.mjs';

// The same settings as modules/accounts/secrets.ts (OWASP: argon2id, m = 19 MiB, t = 2, p = 1).
const HASH = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const USERS = 20;
const PASSWORD = 'bench2026pass';

/**
 * Registers a user as the login dialog does: a code login by email (the code read from the sandbox
 * outbox) makes the account, and the registration form gives it a password. Returns its token.
 */
async function register(base, email) {
  await callJava(base, 'POST', '/login/V2/sendEmailcheckCode', { mobileOrEmail: email });
  const outbox = await callJava(base, 'GET', '/dev/outbox');
  const code = outbox.find((m) => m.recipient === email).body.match(/\b(\d{6})\b/)[1];
  const login = await callJava(base, 'POST', '/login/V2/getLoginByEmailCheckCode', {
    mobileOrEmail: email,
    checkCode: code,
  });
  await callJava(
    base,
    'POST',
    '/user/V2/modifyUser',
    { uname: login.user.username, password: PASSWORD },
    login.token,
  );
  return login.token;
}

async function hashMilliseconds() {
  await argon2.hash(PASSWORD, HASH);
  const runs = 20;
  const start = performance.now();
  for (let i = 0; i < runs; i++) await argon2.hash(PASSWORD, HASH);
  return (performance.now() - start) / runs;
}

export function runAccountsBenchmark() {
  return runBenchmark('accounts', async (runDir) => {
    const { url: base } = await startApp(runDir);
    const emails = Array.from({ length: USERS }, (_, i) => `bench${i}@example.com`);
    const tokens = [];
    for (const email of emails) tokens.push(await register(base, email));

    // Logins rotate over the users, so no account meets the failed-login limit's window alone.
    let next = 0;
    const logins = await measure('password login', `${base}/java/login/V2/mobileOrNameToLogin`, {
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ mobileOrEmail: emails[next++ % USERS], password: PASSWORD }),
          }),
        },
      ],
    });
    const userInfo = await measure('/user/info', `${base}/java/user/info`, { headers: { token: tokens[0] } });
    const hashMs = await hashMilliseconds();

    const report = {
      ...machine(),
      setup: `autocannon with ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up, ${SECONDS} s measured; app in its own process, embedded database.`,
      passwordHash: { ...HASH, type: 'argon2id', msPerHashOneCore: round(hashMs, 1) },
      results: { logins, userInfo },
    };
    const markdown = `# Accounts benchmark results

${report.date} · Node ${report.node} · ${report.cpu.model} × ${report.cpu.cores} cores

${report.setup}

Password hash: argon2id, memory ${HASH.memoryCost} KiB (19 MiB), time cost ${HASH.timeCost}, parallelism ${HASH.parallelism}
(OWASP Password Storage Cheat Sheet minimum for argon2id): **${report.passwordHash.msPerHashOneCore} ms** per hash on one core.

| Target | Requests/s (mean) | p50 ms | p99 ms | Errors | Non-2xx |
| --- | ---: | ---: | ---: | ---: | ---: |
| Password login (\`POST /java/login/V2/mobileOrNameToLogin\`) | ${round(logins.requestsPerSec)} | ${logins.latencyMs.p50} | ${logins.latencyMs.p99} | ${logins.errors} | ${logins.non2xx} |
| \`GET /java/user/info\` | ${round(userInfo.requestsPerSec)} | ${userInfo.latencyMs.p50} | ${userInfo.latencyMs.p99} | ${userInfo.errors} | ${userInfo.non2xx} |

Logins are bound by the password hash by design: each costs one argon2id hash (about
${report.passwordHash.msPerHashOneCore} ms of one core), so two cores top out near ${round(2000 / hashMs)} logins/s before any other work.
`;
    return { report, markdown };
  });
}
