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
  route('admin', 'routes/admin.tsx', [
    index('routes/admin-home.tsx'),
    route('users', 'routes/admin-users.tsx'),
    route('users/:uid', 'routes/admin-user.tsx'),
    route('memberships', 'routes/admin-memberships.tsx'),
  ]),
  route('userInfo', 'routes/user-layout.tsx', [
    index('routes/user-home.tsx'),
    route('info', 'routes/user-info.tsx'),
    route('focus', 'routes/user-focus.tsx'),
    route('preferences', 'routes/user-preferences.tsx'),
    route('setting', 'routes/user-setting.tsx'),
    route('water', 'routes/user-water.tsx'),
    route('vip', 'routes/user-vip.tsx'),
    route(':id', 'routes/user-profile.tsx'),
  ]),
  route('dev/outbox', 'routes/dev-outbox.tsx'),
  route('pay/sandbox/:orderNo', 'routes/pay-sandbox.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
