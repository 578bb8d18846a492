import { index, prefix, type RouteConfig, route } from '@react-router/dev/routes';
import { DEFAULT_LOCALE, LOCALES } from '../lib/locales';

export const STATIC_PAGES = [
  'about',
  'help',
  'download',
  'certificate',
  'caijian',
  'salesmartly',
  'svga',
] as const;

/**
 * The route table of spec point 2. zh_CN pages have no prefix; every other locale serves the
 * same pages under "/<locale>/...". Ids carry the locale so each copy is a distinct route.
 */
function pages(locale: string) {
  const id = (name: string) => `${locale}:${name}`;
  return [
    index('routes/home.tsx', { id: id('home') }),
    ...STATIC_PAGES.map((name) => route(name, 'routes/static-page.tsx', { id: id(name) })),
    route('protocol/:id?', 'routes/protocol.tsx', { id: id('protocol') }),
    route('*', 'routes/not-found.tsx', { id: id('not-found') }),
  ];
}

export default [
  ...pages(DEFAULT_LOCALE),
  ...LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).flatMap((locale) => prefix(locale, pages(locale))),
] satisfies RouteConfig;
