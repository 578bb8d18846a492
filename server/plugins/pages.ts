import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import type { FastifyInstance } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import type { AppLoadContext } from '../../app/load-context';
import { AppError } from '../../lib/errors';
import { DEFAULT_LOCALE, type Locale, splitLocalePath } from '../../lib/locales';
import { memoByKey } from '../../lib/memo';
import { signInScriptOrigins } from '../../modules/accounts/accounts.contract';
import { newNonce, pageCsp } from '../../platform/security-headers';
import { acceptsGzip, gzipBody, gzipResponse } from '../compression';
import { createPageCache } from '../page-cache';
import { PAGE_STEPS, type PageState, runPageSteps } from '../page-steps';
import { sharedPages } from '../shared-pages';

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
      // The build writes a brotli and a gzip copy of each file (vite.config.ts).
      preCompressed: true,
    });
  } else {
    await app.register(import('@fastify/middie'));
    app.use(mode.vite.middlewares);
  }

  // A loaded build lets React Router prepare its routes once; in dev, Vite reloads it per request.
  const build: ServerBuild | (() => Promise<ServerBuild>) =
    mode.kind === 'build'
      ? ((await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild)
      : async () => (await mode.vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;

  const reactRouterMode = mode.kind === 'dev' ? 'development' : 'production';
  // Which pages every visitor shares; in dev, read off the build Vite reloads.
  const builtShared = typeof build === 'function' ? undefined : sharedPages(build.routes);
  const isShared = async (url: URL) => {
    const shared = builtShared ?? sharedPages((await (build as () => Promise<ServerBuild>)()).routes);
    return shared(splitLocalePath(url.pathname).rest, url.searchParams);
  };

  // One route table for every language: a non-default locale's prefix is React Router's basename,
  // so "/en_US/about" is the route "/about" and the browser keeps the prefix on every link.
  const handlerFor = memoByKey((locale: Locale) => {
    const basename = locale === DEFAULT_LOCALE ? '/' : `/${locale}`;
    const localized =
      typeof build === 'function' ? async () => ({ ...(await build()), basename }) : { ...build, basename };
    return createRequestHandler(localized, reactRouterMode);
  });

  // React Router reads request bodies itself (form actions), so nothing here parses them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const pageCache = createPageCache({ ttlMs: app.services.env.PAGE_CACHE_MS, maxEntries: 1000 });
  // The configured sign-in providers' scripts, which the login dialog loads when pressed.
  const scriptOrigins = signInScriptOrigins(app.services.signInOptions);

  app.all('/*', async (request, reply) => {
    // A page every visitor shares is rendered without one: no session is looked up for it.
    const shared = request.method === 'GET' && (await isShared(new URL(request.url, 'http://page')));
    let pageError: AppError | undefined;
    let state: PageState = { locale: DEFAULT_LOCALE, user: null, handled: false };
    try {
      state = await runPageSteps(request, reply, shared ? ['language'] : PAGE_STEPS);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      pageError = err;
    }
    if (state.handled) return reply;
    const context = {
      services: app.services,
      locale: state.locale,
      user: state.user,
      shared,
      pageError,
    };
    // Each render brings its own policy, naming the nonce of its scripts (below).
    reply.removeHeader('content-security-policy');
    reply.hijack();
    // Headers set by the steps (the language cookie) must reach the hijacked response.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string | string[]);
    }
    const render = async () => {
      const cspNonce = newNonce();
      const loadContext: AppLoadContext = { ...context, cspNonce };
      const response = await handlerFor(state.locale)(createRequest(request.raw, reply.raw), loadContext);
      // Vite's development scripts are inline ones of its own: the policy holds for the build.
      if (mode.kind === 'build' && response.headers.get('content-type')?.startsWith('text/html'))
        response.headers.set('content-security-policy', pageCsp(cspNonce, scriptOrigins));
      return response;
    };
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    // Caches in between keep a page per encoding.
    reply.raw.setHeader('vary', 'Accept-Encoding');
    const shareable =
      request.method === 'GET' && !pageError && (shared || (!state.user && !request.cookies.token));
    if (!pageCache.enabled || !shareable) {
      const response = await render();
      await sendResponse(reply.raw, gzip ? gzipResponse(response) : response);
      return;
    }
    // The time zone decides which matches are "today" on the list pages. A cached page keeps the
    // headers it was rendered with, so its policy names the nonce in its scripts (decision 015).
    const key = `${request.hostname}|${request.url}|${request.cookies.theme ?? ''}|${request.cookies.tz ?? ''}`;
    const page = await pageCache.get(key, async () => {
      const response = await render();
      const headers = [...response.headers];
      const body = Buffer.from(await response.arrayBuffer());
      return { status: response.status, headers, body, gzipped: gzipBody(headers, body) };
    });
    const sent = (gzip && page.gzipped) || page;
    reply.raw.writeHead(page.status, sent.headers.flat());
    reply.raw.end(sent.body);
  });
}
