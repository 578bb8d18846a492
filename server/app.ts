import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import type { DatabaseTarget } from '../db/client';
import type { ApiDoc } from '../platform/define-api';
import type { Env } from '../platform/env';
import { pushGateway } from '../platform/push';
import { realtime } from '../platform/realtime/index';
import { securityHeaders } from '../platform/security-headers';
import { uploadsFiles } from '../platform/uploads';
import { health } from './plugins/health';
import { installableApp } from './plugins/installable-app';
import { javaApi, sendFrameworkError } from './plugins/java';
import { metrics } from './plugins/metrics';
import { ops } from './plugins/ops';
import { type PagesMode, pages } from './plugins/pages';
import { requestContext } from './plugins/request-context';
import { sitemap } from './plugins/sitemap';
import { closeServices, createServices, modules, startModules } from './services';
import './types';

const root = path.resolve(import.meta.dirname, '..');

export interface BuildOptions {
  env: Env;
  log: Logger;
  /** How pages are served; without it the app serves only the API, websockets and files (tests). */
  pages?: PagesMode;
  /** Overrides the database chosen from the environment (tests use PGlite in memory). */
  database?: DatabaseTarget;
}

/** Builds the whole app on one Fastify instance; `listen` is the caller's. */
export async function buildApp({
  env,
  log,
  pages: pagesMode,
  database,
}: BuildOptions): Promise<FastifyInstance> {
  const services = await createServices(env, log, database);
  const stopModules = await startModules(services);
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    trustProxy: env.TRUST_PROXY ?? false,
    // Per-request log lines only when debugging; errors are always logged.
    logController: new LogController({
      disableRequestLogging: env.LOG_LEVEL !== 'debug' && env.LOG_LEVEL !== 'trace',
    }),
    bodyLimit: 1 << 20,
    return503OnClosing: true,
    frameworkErrors: sendFrameworkError,
  });
  app.decorate('services', services);
  app.decorate('apiDocs', [] as ApiDoc[]);
  app.addHook('onReady', () => services.jobs.start());
  app.addHook('onClose', async () => {
    await stopModules();
    await closeServices(services);
  });

  await app.register(fastifyCookie);
  await app.register(securityHeaders);
  await app.register(requestContext);
  await app.register(realtime, {
    bus: services.bus,
    limiter: services.limiter,
    connectsPerMinute: env.WS_CONNECTS_PER_MINUTE,
    metrics: services.metrics,
  });
  await app.register(metrics);
  await app.register(health);
  await app.register(ops);
  await app.register(installableApp);
  await app.register(javaApi, {
    prefix: '/java',
    routes: async (api) => {
      for (const routes of modules.flatMap((module) => module.routes ?? [])) await routes(api, services);
    },
  });
  await app.register(pushGateway);
  for (const endpoints of modules.flatMap((module) => module.endpoints ?? []))
    await app.register((scope) => endpoints(scope, services));
  await app.register(fastifyStatic, {
    root: path.join(root, 'public'),
    wildcard: false,
    index: false,
    maxAge: '1d',
  });
  await app.register(uploadsFiles);
  await app.register(sitemap, {
    providers: Object.fromEntries(
      modules.flatMap((module) =>
        Object.entries(module.sitemap ?? {}).map(([name, provide]) => [name, () => provide(services)]),
      ),
    ),
  });
  if (pagesMode) await app.register(pages, { mode: pagesMode });
  return app;
}
