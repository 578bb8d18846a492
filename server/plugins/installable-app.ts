import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BCP47, isLocale, type Locale, localizePath, textDirection } from '../../lib/locales';
import { escapeHtml } from '../../platform/text';

const ICONS = [
  { src: '/brand/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/brand/icon-512.png', sizes: '512x512', type: 'image/png' },
  { src: '/brand/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The offline page: a document of its own with no script, so it needs nothing but its styles. */
const OFFLINE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** The service worker fetches from the site itself (the offline page, assets) and nothing else; its alerts show the brand icon. */
const WORKER_CSP = "default-src 'none'; connect-src 'self'; img-src 'self'";

/**
 * What makes the site installable (decision 018): the web app manifest in the visitor's language,
 * the offline page the service worker keeps, and the headers the worker script (public/sw.js) needs.
 */
export const installableApp = fp(async (app: FastifyInstance) => {
  const { i18n, project } = app.services;
  const localeFrom = (query: unknown, fallback: Locale): Locale => {
    const asked = (query as { locale?: unknown }).locale;
    return isLocale(asked) ? asked : fallback;
  };

  app.get('/manifest.webmanifest', async (request, reply) => {
    const locale = localeFrom(request.query, request.locale);
    const brand = i18n.t(locale, 'common:brand');
    reply.header('cache-control', 'public, max-age=3600').type('application/manifest+json');
    return {
      id: '/',
      name: brand,
      short_name: brand,
      description: i18n.t(locale, 'common:seo.description'),
      lang: BCP47[locale],
      dir: textDirection(locale),
      start_url: localizePath('/', locale),
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: (await project.get()).themeColor,
      icons: ICONS,
    };
  });

  app.get('/offline', async (request, reply) => {
    const locale = localeFrom(request.query, request.locale);
    const t = i18n.fixed(locale, 'pages');
    const home = localizePath('/', locale);
    const { themeColor } = await project.get();
    reply
      .header('content-security-policy', OFFLINE_CSP)
      .header('cache-control', 'no-cache')
      .type('text/html');
    return `<!doctype html>
<html lang="${BCP47[locale]}" dir="${textDirection(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${escapeHtml(themeColor)}">
<title>${escapeHtml(t('offline.title'))} - ${escapeHtml(i18n.t(locale, 'common:brand'))}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b}
main{max-width:26rem;margin:1rem;padding:2rem;border-radius:1rem;background:#fff;text-align:center;box-shadow:0 1px 3px #0002}
img{width:64px;height:64px}h1{font-size:1.4rem;margin:1rem 0 .5rem}p{line-height:1.6;color:#52525b}
a{display:inline-block;margin-top:1rem;padding:.6rem 1.4rem;border-radius:999px;background:${escapeHtml(themeColor)};color:#fff;text-decoration:none;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#f4f4f5}main{background:#18181b}p{color:#a1a1aa}}
</style>
</head>
<body>
<main>
<img src="/brand/icon-192.png" alt="">
<h1>${escapeHtml(t('offline.title'))}</h1>
<p>${escapeHtml(t('offline.body'))}</p>
<a href="${home}">${escapeHtml(t('offline.retry'))}</a>
</main>
</body>
</html>`;
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.url.split('?')[0] !== '/sw.js') return;
    // A new worker is looked for on every visit; the old one serves until the new one is ready.
    reply.header('content-security-policy', WORKER_CSP).header('cache-control', 'no-cache');
  });
});
