import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import type { FastifyInstance } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import type { AppLoadContext } from '../../app/load-context';
import { AppError } from '../../lib/errors';
import { DEFAULT_LOCALE } from '../../lib/locales';
import { type PageState, runPageSteps } from '../page-steps';

const root = path.resolve(import.meta.dirname, '../..');

export type PagesMode = { kind: 'build' } | { kind: 'dev'; vite: ViteDevServer };

/**
 * Every path that no API, websocket or file route claimed is a page: the page steps run, then
 * React Router renders it with the services in its load context. Registered last.
 */
export async function pages(app: FastifyInstance, opts: { mode: PagesMode }) {
  const { mode } = opts;
  if (mode.kind === 'build') {
    await app.register(fastifyStatic, {
      root: path.join(root, 'build/client/assets'),
      prefix: '/assets/',
      wildcard: false,
      index: false,
      decorateReply: false,
      immutable: true,
      maxAge: '1y',
    });
  } else {
    await app.register(import('@fastify/middie'));
    app.use(mode.vite.middlewares);
  }

  const build: () => Promise<ServerBuild> =
    mode.kind === 'build'
      ? await (async () => {
          const loaded = (await import(
            pathToFileURL(path.join(root, 'build/server/index.js')).href
          )) as ServerBuild;
          return async () => loaded;
        })()
      : async () => (await mode.vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;

  // React Router reads request bodies itself (form actions), so nothing here parses them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handle = createRequestHandler(build, mode.kind === 'dev' ? 'development' : 'production');

  app.all('/*', async (request, reply) => {
    let pageError: AppError | undefined;
    let state: PageState = { locale: DEFAULT_LOCALE, user: null, handled: false };
    try {
      state = await runPageSteps(request, reply);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      pageError = err;
    }
    if (state.handled) return reply;
    const context: AppLoadContext = {
      services: app.services,
      locale: state.locale,
      user: state.user,
      pageError,
    };
    reply.hijack();
    // Headers set by the steps (the language cookie) must reach the hijacked response.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string | string[]);
    }
    const response = await handle(createRequest(request.raw, reply.raw), context);
    await sendResponse(reply.raw, response);
  });
}
