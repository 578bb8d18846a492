import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export const STATIC_PAGES = ['about', 'help', 'download', 'certificate', 'caijian', 'salesmartly'] as const;

/**
 * Route ids keep the names of the flat table the files had before sections got folders
 * (`routes/user-layout`): pages and meta functions look routes up by id.
 */
const id = (name: string) => ({ id: `routes/${name}` });

/**
 * The route table of spec point 2. Paths here have no language prefix: the server serves the
 * same table under "/<locale>" as React Router's basename for every locale but zh_CN.
 */
export default [
  index('routes/matches/home.tsx', id('home')),
  ...STATIC_PAGES.map((name) => route(name, 'routes/static/static-page.tsx', { id: name })),
  route('svga', 'routes/chat/svga.tsx', id('svga')),
  route('protocol/:id?', 'routes/static/protocol.tsx', id('protocol')),
  route('admin', 'routes/admin/layout.tsx', id('admin'), [
    index('routes/admin/home.tsx', id('admin-home')),
    route('users', 'routes/admin/users.tsx', id('admin-users')),
    route('users/:uid', 'routes/admin/user.tsx', id('admin-user')),
    route('articles', 'routes/admin/articles.tsx', id('admin-articles')),
    route('videos', 'routes/admin/videos.tsx', id('admin-videos')),
    route('reports', 'routes/admin/reports.tsx', id('admin-reports')),
    route('memberships', 'routes/admin/memberships.tsx', id('admin-memberships')),
    route('anchors', 'routes/admin/anchors.tsx', id('admin-anchors')),
    route('expertApplications', 'routes/admin/expert-applications.tsx', id('admin-expert-applications')),
    route('expertPlans', 'routes/admin/expert-plans.tsx', id('admin-expert-plans')),
    route('mall/goods', 'routes/admin/mall-goods.tsx', id('admin-mall-goods')),
    route('mall/orders', 'routes/admin/mall-orders.tsx', id('admin-mall-orders')),
    route('mall/boxes', 'routes/admin/mall-boxes.tsx', id('admin-mall-boxes')),
    route('gifts', 'routes/admin/gifts.tsx', id('admin-gifts')),
    route('payments', 'routes/admin/payments.tsx', id('admin-payments')),
    route('audit', 'routes/admin/audit.tsx', id('admin-audit')),
    route('channels', 'routes/admin/channels.tsx', id('admin-channels')),
    route('settings', 'routes/admin/settings.tsx', id('admin-settings')),
  ]),
  route('channel', 'routes/channels/layout.tsx', id('channel-layout'), [
    index('routes/channels/overview.tsx', id('channel-overview')),
    route('statistical', 'routes/channels/statistical.tsx', id('channel-statistical')),
    route('user', 'routes/channels/users.tsx', id('channel-user')),
    route('gold', 'routes/channels/gold.tsx', id('channel-gold')),
    route('water', 'routes/channels/water.tsx', id('channel-water')),
  ]),
  route('userInfo', 'routes/user/layout.tsx', id('user-layout'), [
    index('routes/user/home.tsx', id('user-home')),
    route('info', 'routes/user/info.tsx', id('user-info')),
    route('focus', 'routes/user/focus.tsx', id('user-focus')),
    route('send', 'routes/user/send.tsx', id('user-send')),
    route('reservations', 'routes/user/reservations.tsx', id('user-reservations')),
    route('favourites', 'routes/user/favourites.tsx', id('user-favourites')),
    route('preferences', 'routes/user/preferences.tsx', id('user-preferences')),
    route('setting', 'routes/user/setting.tsx', id('user-setting')),
    route('water', 'routes/user/water.tsx', id('user-water')),
    route('vip', 'routes/user/vip.tsx', id('user-vip')),
    route('exchange', 'routes/user/exchange.tsx', id('user-exchange')),
    route('myOrder', 'routes/user/my-order.tsx', id('user-my-order')),
    route('userPost', 'routes/user/post.tsx', id('user-post')),
    route('userNews', 'routes/user/news.tsx', id('user-news')),
    route('plans', 'routes/user/plans.tsx', id('user-plans')),
    route(':id', 'routes/user/profile.tsx', id('user-profile')),
  ]),
  layout('routes/content/layout.tsx', id('content-layout'), [
    route('news/:game', 'routes/content/news-list.tsx', id('news-list')),
    route('news/:game/:id', 'routes/content/news-article.tsx', id('news-article')),
    route('videos/videoList', 'routes/content/video-list.tsx', { id: 'video-list-all' }),
    route('videos/:game/videoList', 'routes/content/video-list.tsx', id('video-list')),
    route('videos/:game', 'routes/content/videos-home.tsx', id('videos-home')),
    route('videos/:game/:id', 'routes/content/video-page.tsx', id('video-page')),
  ]),
  route('expert', 'routes/experts/layout.tsx', id('experts-layout'), [
    index('routes/experts/home.tsx', id('experts-home')),
    route('allExperts', 'routes/experts/all.tsx', id('experts-all')),
    route('specialist', 'routes/experts/specialist.tsx', id('experts-specialist')),
    route('plan/:planId', 'routes/experts/plan.tsx', id('experts-plan')),
    route(':id', 'routes/experts/expert.tsx', id('experts-expert')),
    route(':id/verify', 'routes/experts/verify.tsx', id('experts-verify')),
  ]),
  route('creatorCenter', 'routes/creator/layout.tsx', id('creator-layout'), [
    index('routes/creator/board.tsx', id('creator-board')),
    route('dataShow', 'routes/creator/data-show.tsx', id('creator-data')),
    route('progManage', 'routes/creator/plans.tsx', id('creator-plans')),
    route('progComponent', 'routes/creator/compose.tsx', id('creator-compose')),
    route('revenue', 'routes/creator/revenue.tsx', id('creator-revenue')),
    route('apply', 'routes/creator/apply.tsx', id('creator-apply')),
    route('postArticle', 'routes/content/creator-post.tsx', id('creator-post')),
  ]),
  // Live rooms and anchors: fixed first segments, so /live/{id} and /anchor/{id} never reach the
  // /{game}/{id} catch-all below.
  layout('routes/live/layout.tsx', id('live-layout'), [
    route('live', 'routes/live/home.tsx', id('live-home')),
    route('live/:id', 'routes/live/room.tsx', id('live-room')),
    route('live/replay/:id', 'routes/live/replay.tsx', id('live-replay')),
    route('live/clip/:id', 'routes/live/clip.tsx', id('live-clip')),
    route('customLive/:id', 'routes/live/room.tsx', { id: 'custom-live-room' }),
    route('live2', 'routes/live/live2.tsx', id('live2')),
    route('anchor/anchorList', 'routes/live/anchors.tsx', id('anchor-list')),
    route('anchor/:id?', 'routes/live/anchor.tsx', id('anchor-page')),
    route('anchorCenter', 'routes/live/center-layout.tsx', id('anchor-center'), [
      index('routes/live/center-apply.tsx', id('anchor-center-apply')),
      route('live', 'routes/live/center-live.tsx', id('anchor-center-live')),
      route('liveLinkDetails', 'routes/live/center-links.tsx', id('anchor-center-links')),
      route('reservations', 'routes/live/center-reservations.tsx', id('anchor-center-reservations')),
      route('records', 'routes/live/center-records.tsx', id('anchor-center-records')),
      route('moderators', 'routes/live/center-moderators.tsx', id('anchor-center-moderators')),
      route('revenueDetails', 'routes/live/center-revenue.tsx', id('anchor-center-revenue')),
    ]),
  ]),
  route('mall', 'routes/mall/home.tsx', id('mall')),
  route('mall/details/:id', 'routes/mall/details.tsx', id('mall-details')),
  route('mall/blindBox', 'routes/mall/blind-box.tsx', id('mall-blind-box')),
  route('mall/blindBox/verify', 'routes/mall/verify.tsx', id('mall-verify')),
  route('dev/outbox', 'routes/dev/outbox.tsx', id('dev-outbox')),
  route('pay/sandbox/:orderNo', 'routes/dev/pay-sandbox.tsx', id('pay-sandbox')),
  route('match/:game?', 'routes/matches/list.tsx', id('match-list')),
  route('leagueLibrary', 'routes/library/leagues.tsx', id('league-library')),
  route('leagueLibrary/:id/:view?', 'routes/library/league.tsx', id('league-page')),
  route('squadLibrary', 'routes/library/squads.tsx', id('squad-library')),
  route('squadLibrary/:id/:view?', 'routes/library/squad.tsx', id('squad-page')),
  route('playerLibrary', 'routes/library/players.tsx', id('player-library')),
  route('playerLibrary/:id/:view?', 'routes/library/player.tsx', id('player-page')),
  route('s/:text?', 'routes/search/results.tsx', { id: 'search-short' }),
  route('search/:text?', 'routes/search/results.tsx', id('search')),
  // Below every fixed path: /{game} and /{game}/... only take what no section claims, and their
  // loaders answer 404 unless {game} is a catalogue slug (and {id} digits).
  route('live/data', 'routes/matches/live-data.tsx', id('live-data')),
  route(':game', 'routes/matches/game-root.tsx', id('game-root')),
  route(':game/data', 'routes/matches/game-data.tsx', id('game-data')),
  route(':game/:id', 'routes/matches/match.tsx', id('match-page')),
  route('*', 'routes/static/not-found.tsx', id('not-found')),
] satisfies RouteConfig;
