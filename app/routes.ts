import { index, type RouteConfig, route } from '@react-router/dev/routes';

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
 * The route table of spec point 2. Paths here have no language prefix: the server serves the
 * same table under "/<locale>" as React Router's basename for every locale but zh_CN.
 */
export default [
  index('routes/home.tsx'),
  ...STATIC_PAGES.map((name) => route(name, 'routes/static-page.tsx', { id: name })),
  route('protocol/:id?', 'routes/protocol.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
