import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
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
import { chooseFeed, runFeed } from '../modules/feeds/feed-runner';
import { followsRoutes } from '../modules/matches/follows.routes';
import { scoresSocket } from '../modules/matches/hub.routes';
import { matchesRoutes } from '../modules/matches/matches.routes';
import { simulatorRoutes } from '../modules/feeds/simulator/simulator.routes';
import { matchesSitemap } from '../modules/matches/sitemap';
import { uploadsFiles } from '../modules/users/uploads.routes';
import { usersRoutes } from '../modules/users/users.routes';
import { paymentCallbacks } from '../modules/wallet/callbacks.routes';
import { walletRoutes } from '../modules/wallet/wallet.routes';
import type { ApiDoc } from '../platform/define-api';
import type { Env } from '../platform/env';
import { CLOSE_GOING_AWAY, pushGateway } from '../platform/push';
import { health } from './plugins/health';
import { javaApi } from './plugins/java';
import { metrics } from './plugins/metrics';
import { type PagesMode, pages } from './plugins/pages';
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
  });
  app.decorate('services', services);
  app.decorate('apiDocs', [] as ApiDoc[]);
  const feed = chooseFeed(env, log);
  app.decorate('scoreFeed', feed);
  const feedRunner = feed && runFeed({ feed, sink: services.matches.store, log, redis: services.redis });
  app.addHook('onClose', async () => {
    await feedRunner?.stop();
    await closeServices(services);
  });

  await app.register(fastifyCookie);
  await app.register(requestContext);
  await app.register(fastifyWebsocket, {
    // No permessage-deflate: score frames are small and compressing each costs memory per socket.
    options: { maxPayload: 64 * 1024, perMessageDeflate: false },
    // Tell clients the server is going away (1001) so they reconnect to another instance.
    preClose(done) {
      for (const client of this.websocketServer.clients)
        client.close(CLOSE_GOING_AWAY, 'server shutting down');
      this.websocketServer.close(() => done());
    },
  });
  await app.register(metrics);
  await app.register(health);
  await app.register(javaApi, { prefix: '/java', routes: apiRoutes });
  await app.register(pushGateway);
  await app.register(scoresSocket);
  await app.register(paymentCallbacks);
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
