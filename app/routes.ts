import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

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
    route('articles', 'routes/admin-articles.tsx'),
    route('videos', 'routes/admin-videos.tsx'),
    route('reports', 'routes/admin-reports.tsx'),
    route('memberships', 'routes/admin-memberships.tsx'),
  ]),
  route('userInfo', 'routes/user-layout.tsx', [
    index('routes/user-home.tsx'),
    route('info', 'routes/user-info.tsx'),
    route('focus', 'routes/user-focus.tsx'),
    route('reservations', 'routes/user-reservations.tsx'),
    route('favourites', 'routes/user-favourites.tsx'),
    route('preferences', 'routes/user-preferences.tsx'),
    route('setting', 'routes/user-setting.tsx'),
    route('water', 'routes/user-water.tsx'),
    route('vip', 'routes/user-vip.tsx'),
    route('userPost', 'routes/user-post.tsx'),
    route(':id', 'routes/user-profile.tsx'),
  ]),
  layout('routes/content-layout.tsx', [
    route('news/:game', 'routes/news-list.tsx'),
    route('news/:game/:id', 'routes/news-article.tsx'),
    route('videos/videoList', 'routes/video-list.tsx', { id: 'video-list-all' }),
    route('videos/:game/videoList', 'routes/video-list.tsx'),
    route('videos/:game', 'routes/videos-home.tsx'),
    route('videos/:game/:id', 'routes/video-page.tsx'),
    route('creatorCenter/postArticle', 'routes/creator-post.tsx'),
  ]),
  route('dev/outbox', 'routes/dev-outbox.tsx'),
  route('pay/sandbox/:orderNo', 'routes/pay-sandbox.tsx'),
  route('match/:game?', 'routes/match-list.tsx'),
  route('leagueLibrary', 'routes/league-library.tsx'),
  route('leagueLibrary/:id/:view?', 'routes/league-page.tsx'),
  route('squadLibrary', 'routes/squad-library.tsx'),
  route('squadLibrary/:id/:view?', 'routes/squad-page.tsx'),
  route('playerLibrary', 'routes/player-library.tsx'),
  route('playerLibrary/:id/:view?', 'routes/player-page.tsx'),
  // Below every fixed path: /{game}/... only takes what no section claims, and its loaders
  // answer 404 unless {game} is a catalogue slug (and {id} digits).
  route('live/data', 'routes/live-data.tsx'),
  route(':game/data', 'routes/game-data.tsx'),
  route(':game/:id', 'routes/match-page.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
