import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import type { DatabaseTarget } from '../db/client';
import { accountsRoutes } from '../modules/accounts/accounts.routes';
import { countriesRoutes } from '../modules/accounts/countries.routes';
import { externalLoginRoutes } from '../modules/accounts/external.routes';
import { adminRoutes } from '../modules/admin/admin.routes';
import { bootstrapAdmin } from '../modules/admin/bootstrap';
import { catalogRoutes } from '../modules/catalog/catalog.routes';
import { contentRoutes } from '../modules/content/content.routes';
import { seedDemoContent } from '../modules/content/demo';
import { contentSitemap } from '../modules/content/sitemap';
import { libraryRoutes } from '../modules/library/library.routes';
import { leaguesSitemap, playersSitemap, teamsSitemap } from '../modules/library/sitemap';
import { createMedia, mediaRoutes } from '../modules/live/media';
import { chooseFeed, runFeed } from '../modules/matches/feed-runner';
import { followsRoutes } from '../modules/matches/follows.routes';
import { scoresSocket } from '../modules/matches/hub.routes';
import { matchesRoutes } from '../modules/matches/matches.routes';
import { simulatorRoutes } from '../modules/matches/simulator/simulator.routes';
import { matchesSitemap } from '../modules/matches/sitemap';
import { uploadsFiles } from '../modules/users/uploads.routes';
import { usersRoutes } from '../modules/users/users.routes';
import { paymentCallbacks } from '../modules/wallet/callbacks.routes';
import { walletRoutes } from '../modules/wallet/wallet.routes';
import { realtime } from '../platform/realtime/index';
import { securityHeaders } from '../platform/security-headers';
import type { ApiDoc } from './api';
import type { Env } from './env';
import { health } from './plugins/health';
import { javaApi, sendFrameworkError } from './plugins/java';
import { metrics } from './plugins/metrics';
import { type PagesMode, pages } from './plugins/pages';
import { pushGateway } from './plugins/push';
import { requestContext } from './plugins/request-context';
import { sitemap } from './plugins/sitemap';
import { closeServices, createServices } from './services';
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

/** The /java calls of every domain. */
async function apiRoutes(app: FastifyInstance) {
  await catalogRoutes(app);
  await accountsRoutes(app);
  await externalLoginRoutes(app);
  await countriesRoutes(app);
  await adminRoutes(app);
  await usersRoutes(app);
  await matchesRoutes(app);
  await followsRoutes(app);
  await simulatorRoutes(app);
  await libraryRoutes(app);
  await contentRoutes(app);
  await walletRoutes(app);
}

/** Builds the whole app on one Fastify instance; `listen` is the caller's. */
export async function buildApp({
  env,
  log,
  pages: pagesMode,
  database,
}: BuildOptions): Promise<FastifyInstance> {
  const services = await createServices(env, log, database);
  await bootstrapAdmin(services);
  await seedDemoContent(services);
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
  const feed = chooseFeed(env, log);
  app.decorate('scoreFeed', feed);
  if (feed) runFeed({ feed, sink: services.matches.store, log, jobs: services.jobs });
  const media = createMedia({
    ingest: env.MEDIA_INGEST,
    rtmpPort: env.RTMP_PORT,
    rtmpHost: env.HOST,
    publicUrl: env.MEDIA_PUBLIC_URL ?? '',
    pushUrl: env.MEDIA_PUSH_URL,
    hlsDir: path.resolve(env.DATA_DIR, 'hls'),
    ffmpeg: env.FFMPEG_PATH,
    // Every push is refused until the live module checks anchors' stream keys.
    authorizePublish: async () => null,
    log: log.child({ component: 'media' }),
  });
  await media.start();
  app.addHook('onReady', () => services.jobs.start());
  app.addHook('onClose', () => closeServices(services));

  await app.register(fastifyCookie);
  await app.register(securityHeaders);
  await app.register(requestContext);
  await app.register(realtime, {
    bus: services.bus,
    limiter: services.limiter,
    connectsPerMinute: env.WS_CONNECTS_PER_MINUTE,
  });
  await app.register(metrics);
  await app.register(health);
  await app.register(javaApi, { prefix: '/java', routes: apiRoutes });
  await app.register(pushGateway);
  await app.register(scoresSocket);
  await app.register(paymentCallbacks);
  await app.register(mediaRoutes, {
    media,
    hookSecret: env.MEDIA_HOOK_SECRET,
    hookAllow: env.MEDIA_HOOK_ALLOW,
  });
  await app.register(fastifyStatic, {
    root: path.join(root, 'public'),
    wildcard: false,
    index: false,
    maxAge: '1d',
  });
  await app.register(uploadsFiles);
  await app.register(sitemap, {
    providers: {
      content: contentSitemap,
      matches: matchesSitemap,
      leagues: leaguesSitemap,
      teams: teamsSitemap,
      players: playersSitemap,
    },
  });
  if (pagesMode) await app.register(pages, { mode: pagesMode });
  return app;
}
