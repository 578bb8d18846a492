import pino from 'pino';
import { ConfigError, readEnv } from '../platform/env';
import { buildApp } from './app';
import type { PagesMode } from './plugins/pages';
import { closeGracefully, openConnections } from './shutdown';

/**
 * Starts the app on PORT and shuts it down gracefully on SIGTERM and SIGINT. `--dev` serves the
 * pages through Vite; `--api-only` serves no pages (the API, websockets and files; no build needed).
 */
async function main() {
  let env: ReturnType<typeof readEnv>;
  try {
    env = readEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({
    level: env.LOG_LEVEL,
    // Request lines carry the path only: some sign-in callbacks put tokens in the query.
    serializers: {
      req: (request: { id: string; method: string; url: string }) => ({
        id: request.id,
        method: request.method,
        path: request.url.split('?')[0],
      }),
    },
  });
  const dev = process.argv.includes('--dev');
  const pagesMode: PagesMode | undefined = process.argv.includes('--api-only')
    ? undefined
    : dev
      ? { kind: 'dev', vite: await startVite() }
      : { kind: 'build' };
  const app = await buildApp({ env, log, pages: pagesMode });
  const connections = openConnections(app.server);
  await app.listen({ port: env.PORT, host: env.HOST });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, env.SHUTDOWN_GRACE_MS);
    force.unref();
    await closeGracefully(app, connections, env.SHUTDOWN_GRACE_MS);
    if (pagesMode?.kind === 'dev') await pagesMode.vite.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

async function startVite() {
  const { createServer } = await import('vite');
  return createServer({
    server: { middlewareMode: true, hmr: { host: '127.0.0.1', port: 24678 } },
    appType: 'custom',
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
