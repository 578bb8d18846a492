/**
 * Who may call what: one row per /java route (method and path as the router holds them) and per
 * websocket operation, one cell per role. docs/authorisation-matrix.md is rendered from here
 * (`npx tsx scripts/authorisation-matrix.ts`) and test/authz/matrix.test.ts checks both against
 * the router.
 */

export const ROLES = [
  'guest',
  'user',
  'anotherUser',
  'expert',
  'anchor',
  'moderator',
  'promoter',
  'admin',
  'banned',
  'muted',
] as const;
export type Role = (typeof ROLES)[number];

/** The column headings of the table. */
export const ROLE_TITLES: Record<Role, string> = {
  guest: 'guest',
  user: 'user',
  anotherUser: 'another user',
  expert: 'expert',
  anchor: 'anchor',
  moderator: 'room moderator',
  promoter: 'promoter',
  admin: 'admin',
  banned: 'banned user',
  muted: 'muted user',
};

/** allow, deny, or own: allowed because the thing acted on is the caller's (anyone else is denied). */
export type Cell = 'allow' | 'deny' | 'own';
export type Cells = Record<Role, Cell>;

export interface Principal {
  uid: number;
  token: string;
}

/** The principals (guest: none) and what the rows act on: the user's things, the anchor's live room. */
export interface Fixtures {
  roles: Record<Role, Principal | null>;
  /** An account of no role in the matrix, for the rows that act on someone. */
  bystander: Principal;
  /** The anchor's room, on air, with the moderator appointed. */
  roomId: number;
  /** The user's chat message in the room. */
  messageSeq: number;
  /** The user's payment order. */
  paymentOrderNo: string;
  /** The expert's published article. */
  articleId: number;
  /** The user's comment on the article. */
  commentId: number;
}

export interface HttpRequest {
  /** The path under /java; by default the route's with a sample for each parameter. */
  url?: string;
  query?: Record<string, string>;
  /** For POST; an empty object by default. */
  body?: unknown;
}

export interface HttpRow {
  cells: Cells;
  /** The request each role sends; by default the emptiest one. */
  request?: (f: Fixtures) => HttpRequest;
  /** It ends sessions or takes the room off air: called after every other row, on sessions of its own. */
  last?: true;
}

export interface SocketRow {
  cells: Cells;
  /**
   * What the role sends, each message once the previous was answered; an operation that answers
   * nothing (unsub, leave) is followed by a ping, whose pong tells it was taken.
   */
  messages: (f: Fixtures, caller: Principal | null) => unknown[];
}

/** "WS /ws/push sub" of "WS /ws/push sub user:<user>": rows may try one operation on several things. */
export const socketOperationOf = (key: string) => key.split(' ').slice(0, 3).join(' ');

const cells = (allowed: readonly Role[], own: readonly Role[] = []): Cells =>
  Object.fromEntries(
    ROLES.map((role) => [role, own.includes(role) ? 'own' : allowed.includes(role) ? 'allow' : 'deny']),
  ) as Cells;

/** Anyone, signed in or not, banned or not. */
const ANYONE = cells(ROLES);

/** Anyone signed in whose account is not banned (a ban ends its sessions). */
const SIGNED_IN = cells(ROLES.filter((role) => role !== 'guest' && role !== 'banned'));
/** Anyone but a banned account: a guest browses, the banned account's token is refused. */
const NOT_BANNED = cells(ROLES.filter((role) => role !== 'banned'));
/** Who may speak in the room: signed in, not banned and not muted. */
const CHATTERS = cells(['user', 'anotherUser', 'expert', 'anchor', 'moderator', 'promoter', 'admin']);
/** Who moderates the anchor's room: its moderator, the anchor, an administrator. */
const ROOM_MODERATORS = cells(['anchor', 'moderator', 'admin']);
const ADMIN = cells(['admin']);
const EXPERT_OR_ADMIN = cells(['expert', 'admin']);
const ANCHOR_OR_ADMIN = cells(['anchor', 'admin']);
/** An approved anchor: the anchor's own desk, which an administrator does not have. */
const ANCHOR = cells(['anchor']);
const PROMOTER = cells(['promoter']);

export const HTTP_ROWS: Record<string, HttpRow> = {
  'GET /game/v3/getPCGameSource': { cells: ANYONE },
  'GET /game/menus': { cells: ANYONE },
  'GET /game/:game': { cells: ANYONE },
  'GET /orderpay/gold/list': { cells: ANYONE },
  'GET /orderpay/score/list': { cells: ANYONE },
  'GET /orderpay/getPayType': { cells: ANYONE },
  'GET /system/payButton': { cells: ANYONE },
  'POST /orderpay/payByAlipay': { cells: SIGNED_IN },
  'POST /orderpay/payByCard': { cells: SIGNED_IN },
  'POST /orderpay/payByUsdt': { cells: SIGNED_IN },
  'GET /orderpay/order': {
    cells: cells([], ['user']),
    request: (f) => ({ query: { orderNo: f.paymentOrderNo } }),
  },
  'GET /user/userGold': { cells: SIGNED_IN },
  'GET /user/coinRecord': { cells: SIGNED_IN },
  'GET /user/getScoreOpenRecord': { cells: SIGNED_IN },
  'GET /user/getVipOpenRecord': { cells: SIGNED_IN },
  'GET /orderpay/vip/list': { cells: ANYONE },
  'GET /orderpay/getVipAmount': { cells: SIGNED_IN },
  'POST /orderpay/buyVip': { cells: SIGNED_IN },
  'GET /admin/memberships/prices': { cells: ADMIN },
  'POST /admin/memberships/prices': { cells: ADMIN },
  'GET /admin/wallet/rechargeOptions': { cells: ADMIN },
  'POST /admin/wallet/rechargeOptions': { cells: ADMIN },
  'GET /admin/sensitiveWords': { cells: ADMIN },
  'POST /admin/sensitiveWords': { cells: ADMIN },
  'GET /admin/live/links': { cells: ADMIN },
  'POST /admin/live/links': { cells: ADMIN },
  'GET /admin/system/project': { cells: ADMIN },
  'POST /admin/system/project': { cells: ADMIN },
  'POST /admin/payments/refund': { cells: ADMIN },
  'POST /login/V2/sendEmailcheckCode': { cells: ANYONE },
  'POST /login/V2/sendMobilecheckCode': { cells: ANYONE },
  'POST /login/V2/getLoginByEmailCheckCode': { cells: ANYONE },
  'POST /login/V2/mobileOrNameToLogin': { cells: ANYONE },
  'POST /user/V2/modifyUser': { cells: SIGNED_IN },
  'POST /login/sendVerificationCode': { cells: ANYONE },
  'POST /login/checkCode': { cells: ANYONE },
  'POST /login/mobileandpw': { cells: ANYONE },
  'POST /login/modifyPassword': { cells: ANYONE },
  'POST /user/logout': { cells: ANYONE, last: true },
  'POST /user/logoutAll': { cells: SIGNED_IN, last: true },
  'POST /user/socketTicket': { cells: SIGNED_IN },
  'GET /login/testLogin': { cells: ANYONE },
  'GET /dev/outbox': { cells: ANYONE },
  'GET /login/V2/getLoginUrl': { cells: ANYONE },
  'GET /login/V2/getLoginInfo': { cells: ANYONE },
  'GET /login/lineGetUrl': { cells: ANYONE },
  'GET /login/lineGetTokenByCode': { cells: ANYONE },
  'GET /login/getPCWXLoginAddress': { cells: ANYONE },
  'GET /login/getPCQQLoginAddress': { cells: ANYONE },
  'GET /login/pcLoginByAccount': { cells: ANYONE },
  'POST /login/bindAccount': { cells: ANYONE },
  'POST /login/V2/bindEmail': { cells: ANYONE },
  'GET /login/loginCountryList': { cells: ANYONE },
  'GET /user/info': { cells: SIGNED_IN },
  'GET /user/publicInfo': { cells: NOT_BANNED },
  'POST /user/modifyUser': { cells: SIGNED_IN },
  'POST /user/V2/mobileOrNameToChangePass': { cells: SIGNED_IN },
  'POST /user/V2/mobileOrNameToChange': { cells: SIGNED_IN },
  'GET /user/getUserDataStatus': { cells: SIGNED_IN },
  'POST /user/saveUserDataStatus': { cells: SIGNED_IN },
  'GET /user/followUser': { cells: SIGNED_IN },
  'GET /user/hasFollowUser': { cells: SIGNED_IN },
  'GET /user/getFollowOrFansH5': { cells: NOT_BANNED },
  'POST /user/feedback': { cells: SIGNED_IN },
  'POST /user/closeAccount': { cells: SIGNED_IN },
  'POST /user/uploadAvatar': { cells: SIGNED_IN },
  'GET /v2/match/getPCLiveGameMatch': { cells: ANYONE },
  'POST /v2/match/getPCPastGameMatch': { cells: ANYONE },
  'POST /v2/match/getPCUpcomingGameMatch': { cells: ANYONE },
  'POST /v2/match/getPCGameMatchByCondition': { cells: ANYONE },
  'GET /match/getSevenDayMatch': { cells: ANYONE },
  'GET /match/getSevenDayResults': { cells: ANYONE },
  'GET /match/gameLivingFuture': { cells: ANYONE },
  'GET /match/gameMatchLive': { cells: ANYONE },
  'GET /sport_match/sportsLiving': { cells: ANYONE },
  'GET /league/match_leagues': { cells: ANYONE },
  'GET /sprots_league/match_leagues': { cells: ANYONE },
  'GET /match/getSeriesCount': { cells: ANYONE },
  'GET /match/groups': { cells: ANYONE },
  'GET /match/pcMatches': { cells: ANYONE },
  'POST /match/pcMatches': { cells: ANYONE },
  'GET /:game/:matchId(^\\d{1,15}$)': { cells: ANYONE },
  'GET /:game/:type(^(?:live|upcoming|results)$)/:pageIndex(^\\d{1,5}$)': { cells: ANYONE },
  'GET /match/attention': { cells: SIGNED_IN },
  'POST /match/attention': { cells: SIGNED_IN },
  'GET /match/attention/team': { cells: SIGNED_IN },
  'POST /match/attention/team': { cells: SIGNED_IN },
  'GET /match/attention/league': { cells: SIGNED_IN },
  'POST /match/attention/league': { cells: SIGNED_IN },
  'GET /match/attention/marks': { cells: SIGNED_IN },
  'GET /match/reservation': { cells: SIGNED_IN },
  'POST /match/reservation': { cells: SIGNED_IN },
  'POST /match/reservation/cancel': { cells: SIGNED_IN },
  'POST /match/reservation/notified': { cells: SIGNED_IN },
  'GET /alerts/key': { cells: ANYONE },
  'POST /alerts/subscription': { cells: SIGNED_IN },
  'POST /alerts/subscription/remove': { cells: SIGNED_IN },
  'GET /alerts/choices': { cells: SIGNED_IN },
  'POST /alerts/choices': { cells: SIGNED_IN },
  'GET /library/leagues': { cells: ANYONE },
  'GET /library/league/:id': { cells: ANYONE },
  'GET /library/league/:id/standings': { cells: ANYONE },
  'GET /library/league/:id/bracket': { cells: ANYONE },
  'GET /library/league/:id/schedule': { cells: ANYONE },
  'GET /library/teams': { cells: ANYONE },
  'GET /library/team/:id': { cells: ANYONE },
  'GET /library/players': { cells: ANYONE },
  'GET /library/player/:id': { cells: ANYONE },
  'GET /expert_plan/home': { cells: ANYONE },
  'GET /expert_plan/recommendExpert': { cells: ANYONE },
  'GET /expert_plan/expertLibraryPC': { cells: ANYONE },
  'GET /expert_plan/specialists': { cells: ANYONE },
  'GET /expert_plan/rankings': { cells: ANYONE },
  'GET /expert_plan/getExpertInfo': { cells: NOT_BANNED },
  'GET /expert_plan/getExpertInfoAccuracy': { cells: ANYONE },
  'GET /expert_plan/getExpertInfoGraph': { cells: ANYONE },
  'GET /creator_platform/getMonthlyReturnsDetailed': { cells: SIGNED_IN },
  'GET /expert_plan/getHomeExpertPlans': { cells: ANYONE },
  'GET /expert_plan/getPlansPC': { cells: ANYONE },
  'GET /expert_plan/getExpertPlanInfo': { cells: NOT_BANNED },
  'GET /expert_plan/focusEvents': { cells: ANYONE },
  'GET /expert_plan/verifyChain': { cells: ANYONE },
  'POST /user/expertApplyStart': { cells: SIGNED_IN },
  'POST /user/expertApply': { cells: SIGNED_IN },
  'GET /expert_plan/checkGold': { cells: SIGNED_IN },
  'POST /orderpay/goldExpertPlan': { cells: SIGNED_IN },
  'GET /expert_plan/userExpertPlanOrderPC': { cells: SIGNED_IN },
  'GET /creator_platform/planOptions': { cells: SIGNED_IN },
  'GET /creator_platform/planMatches': { cells: EXPERT_OR_ADMIN },
  'POST /creator_platform/savePlan': { cells: SIGNED_IN },
  'POST /creator_platform/removePlan': { cells: EXPERT_OR_ADMIN },
  'POST /creator_platform/deletePlan': { cells: EXPERT_OR_ADMIN },
  'GET /creator_platform/getExpertPlans': { cells: EXPERT_OR_ADMIN },
  'GET /creator_platform/getReturnsDetailedSummary': { cells: EXPERT_OR_ADMIN },
  'GET /creator_platform/getReturnsDetailed': { cells: EXPERT_OR_ADMIN },
  'POST /creator_platform/uploadPlanImage': { cells: EXPERT_OR_ADMIN },
  'GET /admin/experts/applications': { cells: ADMIN },
  'POST /admin/experts/applications/review': { cells: ADMIN },
  'GET /admin/experts/plans': { cells: ADMIN },
  'POST /admin/experts/plans/review': { cells: ADMIN },
  'GET /admin/experts/settings': { cells: ADMIN },
  'POST /admin/experts/settings': { cells: ADMIN },
  'GET /admin/users': { cells: ADMIN },
  'GET /admin/users/:uid': { cells: ADMIN },
  'GET /admin/users/:uid/records': { cells: ADMIN },
  'GET /admin/dashboard': { cells: ADMIN },
  'GET /admin/actions': { cells: ADMIN },
  'POST /admin/users/coins': { cells: ADMIN },
  'POST /admin/users/ban': { cells: ADMIN },
  'POST /admin/users/unban': { cells: ADMIN },
  'POST /admin/users/roles/grant': { cells: ADMIN },
  'POST /admin/users/roles/revoke': { cells: ADMIN },
  'GET /admin/wallet/audit': { cells: ADMIN },
  'GET /news/getHotNewsByGame': { cells: ANYONE },
  'GET /news/userHot/:userId': { cells: ANYONE },
  'GET /hot/video/:pageIndex': { cells: ANYONE },
  'GET /:game/news:id': { cells: NOT_BANNED },
  'GET /:game/newsComment:id/:pageIndex': { cells: NOT_BANNED },
  'GET /:game/video:id': { cells: NOT_BANNED },
  'GET /comment/list': { cells: NOT_BANNED },
  'GET /user/:userId/:type/:pageIndex': { cells: NOT_BANNED },
  'POST /comment/add': { cells: SIGNED_IN },
  'POST /comment/delete': { cells: SIGNED_IN },
  'POST /content/like': { cells: SIGNED_IN },
  'POST /content/report': { cells: SIGNED_IN },
  'POST /creator/article': { cells: EXPERT_OR_ADMIN },
  'POST /creator/article/:id': {
    cells: cells([], ['expert']),
    request: (f) => ({
      url: `/creator/article/${f.articleId}`,
      body: { gameId: 202, title: 'A derby retold', body: '<p>Pressing from the start.</p>' },
    }),
  },
  'POST /creator/uploadImage': { cells: EXPERT_OR_ADMIN },
  'POST /creator/uploadVideo': { cells: EXPERT_OR_ADMIN },
  'GET /admin/articles': { cells: ADMIN },
  'POST /admin/articles/review': { cells: ADMIN },
  'POST /admin/videos': { cells: ADMIN },
  'POST /admin/videos/delete': { cells: ADMIN },
  'GET /admin/reports': { cells: ADMIN },
  'POST /admin/reports/resolve': { cells: ADMIN },
  'GET /goods/list': { cells: ANYONE },
  'GET /goods/details': { cells: ANYONE },
  'POST /orderpay/goodsOrder': { cells: SIGNED_IN },
  'POST /orderpay/payGoodsOrder': { cells: SIGNED_IN },
  'GET /user/order/list': { cells: SIGNED_IN },
  'GET /user/order/details': { cells: SIGNED_IN },
  'POST /user/order/cancel': { cells: SIGNED_IN },
  'GET /blindBox/list': { cells: ANYONE },
  'GET /blindBox/details': { cells: ANYONE },
  'POST /blindBox/open': { cells: SIGNED_IN },
  'GET /blindBox/myOpenings': { cells: SIGNED_IN },
  'POST /blindBox/rotateSeed': { cells: SIGNED_IN },
  'POST /blindBox/prizeAddress': { cells: SIGNED_IN },
  'GET /blindBox/verify': { cells: ANYONE },
  'GET /admin/mall/goods': { cells: ADMIN },
  'POST /admin/mall/goods': { cells: ADMIN },
  'POST /admin/mall/goods/shelf': { cells: ADMIN },
  'POST /admin/mall/uploadImage': { cells: ADMIN },
  'GET /admin/mall/orders': { cells: ADMIN },
  'POST /admin/mall/orders/transition': { cells: ADMIN },
  'GET /admin/mall/boxes': { cells: ADMIN },
  'POST /admin/mall/boxes': { cells: ADMIN },
  'POST /admin/mall/boxes/rotateSeed': { cells: ADMIN },
  'POST /dev/simulator/advance': { cells: ANYONE },
  'POST /V2/anchor/user': { cells: SIGNED_IN },
  'POST /anchor/idPhoto': { cells: SIGNED_IN },
  'POST /anchor/picture': { cells: SIGNED_IN },
  'GET /anchor/whether': { cells: SIGNED_IN },
  'GET /anchor/status': { cells: SIGNED_IN },
  'GET /anchor/isBroadcast': { cells: SIGNED_IN },
  'POST /anchor/broadcast': { cells: ANCHOR },
  'POST /anchor/downcast': { cells: SIGNED_IN, last: true },
  'GET /anchor/liveInfo': { cells: ANCHOR },
  'POST /anchor/liveInfo': { cells: SIGNED_IN },
  'POST /anchor/streamKey/reset': { cells: ANCHOR },
  'GET /anchor/liveLinks': { cells: ANCHOR },
  'GET /getAnchorIP': { cells: ANCHOR },
  'POST /addIpWhite': { cells: SIGNED_IN },
  'POST /anchor/toggleMatchId': { cells: SIGNED_IN },
  'POST /anchor/cancelReservation': { cells: SIGNED_IN },
  'GET /anchor/reservations': { cells: SIGNED_IN },
  'POST /updateAnchor': { cells: ANCHOR },
  'GET /live/rooms': { cells: NOT_BANNED },
  'GET /live/room/:roomId': { cells: NOT_BANNED },
  'POST /live/heartbeat': { cells: NOT_BANNED },
  'POST /orderpay/match/pay/liveUnlock': { cells: SIGNED_IN },
  'GET /app/getProclamation': { cells: ANYONE },
  'GET /user/isMatchLive/:matchId/:gameId': { cells: ANYONE },
  'GET /getAnchorMatchLive': { cells: ANYONE },
  'GET /anchor/anchorList': { cells: ANYONE },
  'GET /anchorInfo': { cells: SIGNED_IN },
  'POST /anchor/follow': { cells: SIGNED_IN },
  'GET /liveRecord': { cells: SIGNED_IN },
  'GET /live/replays': { cells: NOT_BANNED },
  'GET /live/replay/:id': { cells: NOT_BANNED },
  'GET /live/clips': { cells: ANYONE },
  'GET /live/clip/:id': { cells: NOT_BANNED },
  // Any signed-in viewer who may watch the room clips it (modules/live/live.test.ts).
  'POST /live/clips': { cells: SIGNED_IN, request: (f) => ({ body: { roomId: f.roomId } }) },
  // Only its anchor or an administrator changes a replay (modules/live/broadcast.test.ts).
  'POST /anchor/replay': { cells: SIGNED_IN },
  'POST /live/reserve': { cells: SIGNED_IN },
  'GET /live/myReservations': { cells: SIGNED_IN },
  'GET /admin/anchor/applications': { cells: ADMIN },
  'POST /admin/anchor/review': { cells: ADMIN },
  'GET /live/getChatroomSpeech': { cells: ANYONE },
  'POST /sendMsg': {
    cells: CHATTERS,
    request: (f) => ({ body: { roomId: f.roomId, text: 'Into the top corner' } }),
  },
  'POST /chatroom/delete': {
    cells: ROOM_MODERATORS,
    request: (f) => ({ body: { roomId: f.roomId, seq: f.messageSeq } }),
  },
  'POST /chatroom/operate': {
    cells: ROOM_MODERATORS,
    request: (f) => ({
      body: { action: 'mute', roomId: f.roomId, userId: f.bystander.uid, minutes: 10 },
    }),
  },
  'GET /chatroom/userInfo': { cells: NOT_BANNED },
  'GET /chatroom/moderators': { cells: SIGNED_IN },
  'GET /chatroom/modes': { cells: NOT_BANNED },
  'GET /chatroom/pinned': { cells: NOT_BANNED },
  'GET /chatroom/emotes': { cells: ANYONE, request: (f) => ({ query: { roomId: String(f.roomId) } }) },
  'POST /chatroom/emotes/upload': {
    cells: ANCHOR_OR_ADMIN,
    request: (f) => ({ query: { roomId: String(f.roomId), code: 'goal' } }),
  },
  'POST /chatroom/emotes/remove': {
    cells: ANCHOR_OR_ADMIN,
    request: (f) => ({ body: { roomId: f.roomId, code: 'goal' } }),
  },
  'POST /chatroom/pin': {
    cells: ROOM_MODERATORS,
    request: (f) => ({ body: { roomId: f.roomId, seq: f.messageSeq } }),
  },
  'GET /admin/chat/defaultModes': { cells: ADMIN },
  'POST /admin/chat/defaultModes': { cells: ADMIN },
  'POST /chatroom/modes': {
    cells: ROOM_MODERATORS,
    request: (f) => ({
      body: {
        roomId: f.roomId,
        slowSeconds: 0,
        followersOnlyMinutes: null,
        minLevel: 0,
        linksBlocked: false,
        emoteOnly: false,
      },
    }),
  },
  'GET /gift/list': { cells: ANYONE },
  'POST /gift': { cells: SIGNED_IN },
  'GET /gift/leaderboard/:type': { cells: ANYONE },
  'GET /userInfo/send': { cells: SIGNED_IN },
  'GET /anchor/goldDetail': { cells: ANCHOR_OR_ADMIN },
  'GET /anchor/goldTotal': { cells: ANCHOR_OR_ADMIN },
  'POST /admin/users/mute': { cells: ADMIN },
  'GET /admin/gifts': { cells: ADMIN },
  'POST /admin/gift': { cells: ADMIN },
  'POST /admin/gift/uploadAnimation': { cells: ADMIN },
  'POST /channel/visit': { cells: NOT_BANNED },
  'POST /channel/download': { cells: NOT_BANNED },
  'GET /channel/list': { cells: PROMOTER },
  'GET /channel/statistical': { cells: PROMOTER },
  'GET /channel/user': { cells: PROMOTER },
  'GET /channel/gold': { cells: PROMOTER },
  'GET /channel/water': { cells: PROMOTER },
  'GET /channel/admin/list': { cells: ADMIN },
  'POST /channel/admin/create': { cells: ADMIN },
  'GET /search/suggest': { cells: ANYONE },
  'GET /search/all': { cells: ANYONE },
  'GET /search/tab': { cells: ANYONE },
  'GET /docs': { cells: ANYONE },
  'GET /docs/openapi.json': { cells: ANYONE },
};

/** A token the server never issued, for the guest's try at signing a socket in. */
const NO_TOKEN = 'not-a-token';
const authAs = (caller: Principal | null) => ({ op: 'auth', token: caller?.token ?? NO_TOKEN });

export const SOCKET_ROWS: Record<string, SocketRow> = {
  'WS /ws/push auth': { cells: SIGNED_IN, messages: (_f, caller) => [authAs(caller)] },
  'WS /ws/push sub system:': {
    cells: ANYONE,
    messages: () => [{ op: 'sub', channel: 'system:announcements' }],
  },
  'WS /ws/push sub user:<user>': {
    cells: cells([], ['user']),
    messages: (f, caller) => [
      ...(caller ? [authAs(caller)] : []),
      { op: 'sub', channel: `user:${f.roles.user?.uid}` },
    ],
  },
  'WS /ws/push unsub': {
    cells: ANYONE,
    messages: () => [{ op: 'unsub', channel: 'system:announcements' }, { op: 'ping' }],
  },
  'WS /ws/push ping': { cells: ANYONE, messages: () => [{ op: 'ping' }] },
  'WS /ws/chat join': { cells: ANYONE, messages: (f) => [{ op: 'join', roomId: f.roomId }] },
  'WS /ws/chat leave': {
    cells: ANYONE,
    messages: (f) => [{ op: 'join', roomId: f.roomId }, { op: 'leave' }, { op: 'ping' }],
  },
  'WS /ws/chat ping': { cells: ANYONE, messages: () => [{ op: 'ping' }] },
  'WS /ws/scores sub': { cells: ANYONE, messages: () => [{ op: 'sub', topics: ['live'] }] },
  'WS /ws/scores unsub': { cells: ANYONE, messages: () => [{ op: 'unsub', topics: ['live'] }] },
  'WS /ws/scores get': { cells: ANYONE, messages: () => [{ op: 'get', ids: [1] }] },
  'WS /ws/scores ping': { cells: ANYONE, messages: () => [{ op: 'ping' }] },
};
