// `npm start`: builds the pages and the server when their builds are missing or older than the
// sources, then serves.
// `npm start` (--sandbox) is the demo: it turns the sandbox on (DEV_ADAPTERS) unless the environment
// says otherwise. `npm run serve` is the same start without it, for real deployments.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  buildServer,
  newestSourceTime,
  SERVER_BUNDLE,
  SERVER_ENV_DEFAULTS,
  SERVER_NODE_FLAGS,
  serverBuildIsStale,
} from './server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const buildEntry = path.join(root, 'build/server/index.js');

const sources = ['app', 'lib', 'public'].map((dir) => newestSourceTime(path.join(root, dir)));
if (!existsSync(buildEntry) || Math.max(...sources) > statSync(buildEntry).mtimeMs) {
  const build = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (serverBuildIsStale()) await buildServer();

const defaults = {
  ...SERVER_ENV_DEFAULTS,
  ...(process.argv.includes('--sandbox') && { DEV_ADAPTERS: 'true' }),
};
const env = { ...defaults, ...process.env };
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
  cwd: root,
  env,
  stdio: 'inherit',
});
// The server shuts down gracefully on these; pass them on and leave with its exit code.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
