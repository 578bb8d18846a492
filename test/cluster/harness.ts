// The product as operators run it: app instances as child processes (server/main.ts), on the
// suite's own PostgreSQL and Redis, behind Debian's nginx. Everything here is started on free
// ports in a temporary folder and stopped by `stop`; the machine's shared services are never used.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import type { ChatEvent, ChatServerMessage } from '../../modules/chat/chat.contract';
import type { ScoreServerMessage } from '../../modules/matches/matches.contract';
import { exited, freePort, REDIS_SERVER, redisServer, waitFor } from '../servers';

const root = path.resolve(import.meta.dirname, '../..');
const NGINX = '/usr/sbin/nginx';

/** The newest PostgreSQL server binaries of the machine's packages, if any. */
const pgBin = existsSync('/usr/lib/postgresql')
  ? readdirSync('/usr/lib/postgresql')
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => `/usr/lib/postgresql/${version}/bin`)
      .find((dir) => existsSync(`${dir}/initdb`))
  : undefined;

const missing = [
  !pgBin && 'PostgreSQL server binaries (initdb, pg_ctl)',
  !REDIS_SERVER && 'redis-server',
  !existsSync(NGINX) && 'nginx',
].filter(Boolean);
if (missing.length > 0 && process.env.CI === 'true')
  throw new Error(`the cluster suite must run under CI but the machine lacks ${missing.join(', ')}`);
if (missing.length > 0) console.warn(`cluster suite skipped: install ${missing.join(', ')} to run it`);

/** Whether the machine has what the suite starts; under CI a missing piece fails instead. */
export const clusterRuns = missing.length === 0;

// PostgreSQL ---------------------------------------------------------------------------------------

/** The suite's own PostgreSQL cluster (initdb into the folder), stopped and started at will. */
export async function startPostgres(dir: string) {
  const port = await freePort();
  const data = path.join(dir, 'pgdata');
  mkdirSync(data);
  // initdb refuses to run as root: the cluster then belongs to the postgres account.
  const owner =
    process.getuid?.() === 0 ? Number(execFileSync('id', ['-u', 'postgres']).toString()) : undefined;
  const group = owner === undefined ? undefined : Number(execFileSync('id', ['-g', 'postgres']).toString());
  if (owner !== undefined && group !== undefined) {
    chownSync(dir, owner, group);
    chownSync(data, owner, group);
  }
  execFileSync(`${pgBin}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
    uid: owner,
    gid: group,
    cwd: dir,
    stdio: 'pipe',
  });
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  // Not blocking the suite meanwhile: its traffic and clients go on while the server stops or starts.
  const pgCtl = async (...args: string[]) => {
    await promisify(execFile)(
      `${pgBin}/pg_ctl`,
      ['-D', data, '-o', options, '-l', path.join(dir, 'postgres.log'), '-w', '-t', '60', ...args],
      { uid: owner, gid: group, cwd: dir },
    );
  };
  /** Whether its server runs (it leaves its pid file while it does). */
  const running = () => existsSync(path.join(data, 'postmaster.pid'));
  await pgCtl('start');
  execFileSync(`${pgBin}/createdb`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'app']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/app`,
    stop: () => pgCtl('stop', '-m', 'fast'),
    start: () => pgCtl('start'),
    running,
    /** Stops it if it runs (the end of the suite, whatever state a failed test left it in). */
    stopIfRunning: async () => {
      if (running()) await pgCtl('stop', '-m', 'fast');
    },
  };
}

// App instances ------------------------------------------------------------------------------------

export interface Instance {
  readonly index: number;
  readonly port: number;
  /** host:port, as nginx names the upstream. */
  readonly address: string;
  readonly process: ChildProcess;
  /** Starts it (again) on its port and waits until /readyz answers 200. */
  start(): Promise<void>;
  /** Sends the signal and waits for the process to end; the exit code or signal. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether its process is running. */
  running(): boolean;
  /** /readyz's HTTP status now (0: not listening). */
  readiness(): Promise<number>;
  log(): string;
}

async function createInstance(index: number, dir: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const logFile = path.join(dir, `app-${index}.log`);
  let child: ChildProcess | undefined;
  const readiness = async () => {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  };
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  return {
    index,
    port,
    address: `127.0.0.1:${port}`,
    get process() {
      return child as ChildProcess;
    },
    async start() {
      const out = openSync(logFile, 'a');
      const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--api-only'], {
        cwd: root,
        env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', out, out],
      });
      child = started;
      await waitFor(
        `instance ${index} to be ready`,
        async () => {
          if (started.exitCode !== null) throw new Error(`instance ${index} exited:\n${log().slice(-3000)}`);
          return (await readiness()) === 200;
        },
        // Starting takes a minute on a busy machine of two cores.
        240_000,
      );
    },
    async kill(signal) {
      const running = child as ChildProcess;
      const done = exited(running);
      running.kill(signal);
      await done;
      return { code: running.exitCode, signal: running.signalCode };
    },
    running: () => !!child && child.exitCode === null && child.signalCode === null,
    readiness,
    log,
  };
}

// nginx --------------------------------------------------------------------------------------------

/** Debian's nginx balancing HTTP and websockets over the instances, naming the one used in X-Upstream. */
async function startNginx(dir: string, instances: Instance[]) {
  const port = await freePort();
  const prefix = path.join(dir, 'nginx');
  mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  // The workers run as nobody when the master is root: they write their temporary files here.
  chmodSync(prefix, 0o777);
  chmodSync(path.join(prefix, 'temp'), 0o777);
  const temp = (name: string) => path.join(prefix, 'temp', name);
  const config = (upstreams: Instance[]) => `
worker_processes 1;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream app {
${upstreams.map((i) => `    server ${i.address} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_connect_timeout 2s;
      proxy_read_timeout 1h;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, config(instances));
  const nginx = spawn(
    NGINX,
    ['-p', prefix, '-c', file, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'],
    {
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor('nginx to listen', async () => {
    if (nginx.exitCode !== null)
      throw new Error(`nginx exited: ${readFileSync(path.join(prefix, 'error.log'), 'utf8')}`);
    return fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
  });
  return {
    url,
    /** Balances over `upstreams` from now on: its configuration rewritten and reloaded. */
    reload: (upstreams: Instance[]) => {
      writeFileSync(file, config(upstreams));
      nginx.kill('SIGHUP');
    },
    stop: async () => {
      const done = exited(nginx);
      nginx.kill('SIGTERM');
      await done;
    },
  };
}

// The cluster --------------------------------------------------------------------------------------

export const ADMIN_EMAIL = 'operator@example.com';
export const ADMIN_PASSWORD = 'cluster-operator-2026';
export const APP_SECRET = 'the-secret-every-instance-of-the-cluster-shares';
export const MEDIA_HOOK_SECRET = 'the-publish-hook-secret-of-the-cluster';

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/**
 * `count` instances on one PostgreSQL and one Redis behind nginx. The first instance starts alone
 * (it migrates the fresh database and seeds it), then the others.
 */
export async function startCluster(count: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cluster-'));
  chmodSync(dir, 0o755);
  /** What was started so far, stopped newest first (also when starting fails half-way). */
  const stops: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const undo of stops.reverse()) await undo();
    stops.length = 0;
  };
  try {
    mkdirSync(path.join(dir, 'pg'));
    const postgres = await startPostgres(path.join(dir, 'pg'));
    stops.push(() => postgres.stopIfRunning());
    const redis = await redisServer(dir);
    await redis.start();
    stops.push(() => redis.stop());
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: postgres.url,
      DATABASE_POOL_SIZE: '5',
      REDIS_URL: redis.url,
      APP_SECRET,
      // Uploads are shared as on a common volume.
      DATA_DIR: path.join(dir, 'data'),
      TRUST_PROXY: 'true',
      // Sign-up codes and payments through the sandbox, as the end-to-end tests do.
      DEV_ADAPTERS: 'true',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // The simulator plays in real time, as in production (one instance runs it): at every hour a
      // few matches are in play, whose clocks and scores change every few seconds. Played faster,
      // a match is over in minutes and most hours have none in play, so no score change is pushed.
      SCORE_FEED: 'simulator',
      SIM_SPEED: '1',
      // Anchors' pushes arrive at an nginx-rtmp calling the publish hook (here: the test calls it).
      MEDIA_INGEST: 'external',
      MEDIA_HOOK_SECRET,
      // Plans on sale and goods in the mall.
      DEMO_DATA: 'true',
      SHUTDOWN_GRACE_MS: '10000',
    };
    const instances: Instance[] = [];
    for (let index = 0; index < count; index++) instances.push(await createInstance(index, dir, env));
    stops.push(() =>
      Promise.all(instances.map((instance) => instance.running() && instance.kill('SIGKILL'))).then(() => {}),
    );
    // The first migrates the fresh database and seeds it alone; then the others.
    const [first, ...others] = instances as [Instance, ...Instance[]];
    await first.start();
    await Promise.all(others.map((instance) => instance.start()));
    const nginx = await startNginx(dir, instances);
    stops.push(() => nginx.stop());
    return {
      dir,
      url: nginx.url,
      ws: nginx.url.replace('http', 'ws'),
      postgres,
      redis,
      instances,
      /** The instance an upstream address names. */
      instanceAt: (address: string) => instances.find((instance) => instance.address === address),
      /** Scales out: one more instance, started, and nginx passing requests to it too. */
      async grow() {
        const added = await createInstance(instances.length, dir, env);
        instances.push(added);
        await added.start();
        nginx.reload(instances);
        await waitFor('nginx to pass requests to the added instance', async () => {
          const res = await fetch(`${nginx.url}/healthz`);
          await res.arrayBuffer();
          return res.headers.get('x-upstream') === added.address;
        });
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

// Clients through nginx ----------------------------------------------------------------------------

/** A /java answer, with the instance nginx passed it to. */
export interface Answer {
  status: 'success' | 'fail';
  // biome-ignore lint/suspicious/noExplicitAny: envelopes of many shapes, checked by each test
  result: any;
  errorMsg: string;
  httpStatus: number;
  upstream: string;
}

/** Calls /java through nginx; a body is sent as JSON unless it is a Buffer (then with `contentType`). */
export async function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; contentType?: string } = {},
): Promise<Answer> {
  const { body, token, contentType } = options;
  const response = await fetch(`${base}/java${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': contentType ?? 'application/json' }),
      ...(token ? { token } : {}),
    },
    body:
      body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  const envelope = text.startsWith('{') ? JSON.parse(text) : { status: 'fail', errorMsg: text.slice(0, 200) };
  return { ...envelope, httpStatus: response.status, upstream: response.headers.get('x-upstream') ?? '' };
}

/** The result of a call that must succeed. */
// biome-ignore lint/suspicious/noExplicitAny: envelopes of many shapes, checked by each test
export async function result<T = any>(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; contentType?: string } = {},
): Promise<T> {
  const answer = await call(base, method, url, options);
  if (answer.status !== 'success')
    throw new Error(`${method} ${url}: ${answer.httpStatus} ${answer.errorMsg}`);
  return answer.result as T;
}

/** A websocket through nginx: resolves once open, with the instance it reached. */
function openSocket(url: string): Promise<{ socket: WebSocket; upstream: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let upstream = '';
    socket.once('upgrade', (response) => {
      upstream = String(response.headers['x-upstream'] ?? '');
    });
    socket.once('open', () => resolve({ socket, upstream }));
    socket.once('error', reject);
  });
}

/** Tries again every 100 ms (an instance may be down, nginx moves on) until open or `stopped()`. */
async function openUntilStopped(url: string, stopped: () => boolean) {
  while (!stopped()) {
    try {
      return await openSocket(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return undefined;
}

/**
 * A viewer of a room's chat as the room page keeps it: joined through nginx, and when its socket
 * closes it connects again and resumes from the last sequence number it holds.
 */
export function resumingChat(ws: string, roomId: number) {
  const events: ChatEvent[] = [];
  const upstreams: string[] = [];
  const errors: string[] = [];
  /** The close code of each socket closed so far. */
  const closes: number[] = [];
  let socket: WebSocket | undefined;
  let stopped = false;
  let joined = false;
  const lastSeq = () => events.at(-1)?.seq;

  async function connect(): Promise<void> {
    const opened = await openUntilStopped(`${ws}/ws/chat`, () => stopped);
    if (!opened) return;
    socket = opened.socket;
    upstreams.push(opened.upstream);
    const current = opened.socket;
    joined = false;
    current.on('message', (raw) => {
      for (const message of JSON.parse(raw.toString()) as ChatServerMessage[]) {
        if (message.op === 'reset') {
          events.push(...message.history);
          joined = true;
        } else if (message.op === 'joined') joined = true;
        else if (message.op === 'ev') events.push(message.e);
        else if (message.op === 'error' || message.op === 'skipped') errors.push(JSON.stringify(message));
      }
    });
    // Again after a short pause, as the room page does (with backoff).
    current.on('close', (code) => {
      closes.push(code);
      if (!stopped) setTimeout(() => void connect(), 200);
    });
    current.on('error', () => {});
    current.send(JSON.stringify({ op: 'join', roomId, since: lastSeq() }));
  }

  return {
    events,
    upstreams,
    errors,
    closes,
    /** The instance the current socket reached. */
    upstream: () => upstreams.at(-1) ?? '',
    async start() {
      await connect();
      await waitFor('the chat join', () => joined);
    },
    joined: () => joined,
    stop() {
      stopped = true;
      socket?.terminate();
    },
  };
}

/** A /ws/scores client following every match in play, through nginx; reconnects and subscribes again. */
export function scoreWatcher(ws: string) {
  const messages: ScoreServerMessage[] = [];
  const upstreams: string[] = [];
  let stopped = false;
  let socket: WebSocket | undefined;

  async function connect(): Promise<void> {
    const opened = await openUntilStopped(`${ws}/ws/scores`, () => stopped);
    if (!opened) return;
    socket = opened.socket;
    upstreams.push(opened.upstream);
    const current = opened.socket;
    current.on('message', (raw) => messages.push(...(JSON.parse(raw.toString()) as ScoreServerMessage[])));
    current.on('close', () => {
      if (!stopped) void connect();
    });
    current.on('error', () => {});
    current.send(JSON.stringify({ op: 'sub', topics: ['live'] }));
  }

  return {
    messages,
    upstreams,
    /** How many score changes (diffs and snapshots) arrived so far. */
    changes: () => messages.filter((m) => m.op === 'diff' || m.op === 'snap').length,
    start: connect,
    stop() {
      stopped = true;
      socket?.terminate();
    },
  };
}
