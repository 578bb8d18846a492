import { z } from 'zod';
import type { MatchSummary } from '../matches/matches.contract';
import type { PlaybackLine, StreamInfo } from './media/index';

/**
 * What the live calls and pages exchange (issue 15): anchors' certification and profile, their
 * rooms, broadcasts, live links and records, viewers' access to rooms (paid, VIP, SVIP, trial),
 * reservations. All paths are under /java; paths named by spec point 7 keep their names. Calls
 * that change something are POST (the spec lists some of them as GET).
 */

export type { PlaybackLine, StreamInfo };

export const idRule = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// ---------------------------------------------------------------------------------------------
// Rules and settings

/** Anchors must be this old (spec point 9). */
export const ANCHOR_MIN_AGE = 18;
/** Detail pictures on an anchor's profile: at most this many, each 1:1. */
export const DETAIL_PICTURES_MAX = 3;
/** A room may link a match in progress or one starting within this time (spec point 5). */
export const MATCH_WINDOW_MS = 60 * 60 * 1000;
/** A live whose push stopped ends after this time unless the push comes back (setting `live.graceSeconds`). */
export const DEFAULT_GRACE_SECONDS = 60;
/** What a non-member may watch of a VIP-only room (setting `live.vipTrialSeconds`). */
export const DEFAULT_VIP_TRIAL_SECONDS = 180;
/** A viewer counts as watching until this long after its last heartbeat. */
export const VIEWER_TTL_MS = 45_000;
/** How often a room page sends its heartbeat. */
export const HEARTBEAT_EVERY_MS = 20_000;
/** IPs an anchor may put on the allow-list of its pushes. */
export const IP_ALLOW_LIST_MAX = 10;
export const ROOM_PAGE_SIZE = 24;
export const ANCHOR_PAGE_SIZE = 24;
export const RECORD_PAGE_SIZE = 20;
export const MODERATOR_LIMIT_MAX = 50;
/** Private ID photos: jpeg, png or webp up to this size (checked like avatars, never under /uploads). */
export const ID_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Pictures an anchor uploads (cover, detail pictures, room cover). */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** The bus event when a room goes live or off air (chat listens to it). */
export const LIVE_STATUS_EVENT = 'live:status';
export interface LiveStatusEvent {
  roomId: number;
  live: boolean;
}
/** The push to a user who reserved an anchor's broadcast, on the realtime channel `user:<uid>`. */
export interface LiveStartedNotice {
  type: 'live:started';
  roomId: number;
  anchorId: number;
  anchorName: string;
  title: string;
}

// ---------------------------------------------------------------------------------------------
// Certification (spec points 4, 5, 9)

/** not applied, under review, approved, rejected (may apply again), banned from streaming. */
export const ANCHOR_STATES = ['none', 'review', 'approved', 'rejected', 'banned'] as const;
export type AnchorState = (typeof ANCHOR_STATES)[number];

/** resident: mainland resident ID (18 characters, birth date inside); other: any other document with a birth date. */
export const ID_DOCUMENT_TYPES = ['resident', 'other'] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];

export const ID_PHOTO_SIDES = ['front', 'back', 'holding'] as const;
export type IdPhotoSide = (typeof ID_PHOTO_SIDES)[number];
/** An uploaded private ID photo: its id, answered by POST /anchor/idPhoto. */
export const idPhotoRule = z.string().regex(/^[0-9a-f]{32}$/);
/** Where the applicant and reviewers see an ID photo (not a /java call; needs their session). */
export const idPhotoPath = (photoId: string) => `/anchor-id-photos/${photoId}`;

/** The content rules of spec point 5, shown in full with the application; their text is in the `live` namespace. */
export const CONTENT_RULES = [
  'political',
  'illegal',
  'sexual',
  'drugsWeapons',
  'advertising',
  'abuse',
  'sensitiveEvents',
  'militaryGovernmentReligion',
  'smokingViolence',
  'otherPlatformLogos',
  'minors',
] as const;

/** POST /V2/anchor/user: the application (the phone is the bound one, never sent). */
export const anchorApplicationInput = z.object({
  name: z.string().trim().min(2).max(40),
  documentType: z.enum(ID_DOCUMENT_TYPES).default('resident'),
  idNumber: z.string().trim().min(5).max(30),
  /** Other documents only: YYYY-MM-DD (a resident ID carries its own). */
  birthDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish(),
  introduction: z.string().trim().min(1).max(500),
  /** What the anchor will stream. */
  content: z.string().trim().min(1).max(200),
  /** All three are required ('idPhotosRequired' when one is missing). */
  photoFront: idPhotoRule.nullish(),
  photoBack: idPhotoRule.nullish(),
  photoHolding: idPhotoRule.nullish(),
  /** Agreement to the content rules. */
  agreed: z.literal(true),
});
export type AnchorApplicationInput = z.infer<typeof anchorApplicationInput>;

/** GET /anchor/whether: the caller's certification state (the anchor centre's first question). */
export interface AnchorWhether {
  state: AnchorState;
  /** Set when rejected. */
  rejectReason: string | null;
  /** Set when banned: the ban notice. */
  banReason: string | null;
  /** The caller has a bound phone (required to apply). */
  phoneBound: boolean;
}

/** GET /anchor/status: the caller's application as sent, with its state (null: never applied). */
export interface AnchorApplication {
  state: Exclude<AnchorState, 'none'>;
  name: string;
  documentType: IdDocumentType;
  /** Masked: first 3 and last 4 characters. */
  idNumber: string;
  birthDate: string;
  introduction: string;
  content: string;
  phone: string;
  /** Addresses of the private photos (idPhotoPath). */
  photos: Record<IdPhotoSide, string>;
  rejectReason: string | null;
  banReason: string | null;
  appliedAt: string;
  reviewedAt: string | null;
}

// ---------------------------------------------------------------------------------------------
// Admin review (admin console; each action audited)

/** GET /admin/anchor/applications?state=&pageIndex= : the review queue (state default 'review'). */
export const applicationQueueQuery = z.object({
  state: z.enum(['review', 'approved', 'rejected', 'banned']).default('review'),
  pageIndex: z.coerce.number().int().min(1).default(1),
});
export interface ApplicationForReview extends AnchorApplication {
  userId: number;
  username: string;
  /** Unmasked, for reviewers only. */
  idNumber: string;
}
/** POST /admin/anchor/review: approve, reject (reason required), ban (reason required), unban. */
export const REVIEW_ACTIONS = ['approve', 'reject', 'ban', 'unban'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const reviewInput = z
  .object({
    userId: idRule,
    action: z.enum(REVIEW_ACTIONS),
    reason: z.string().trim().max(300).default(''),
  })
  .refine((input) => !['reject', 'ban'].includes(input.action) || input.reason.length > 0, {
    path: ['reason'],
    message: 'required',
  });
export type ReviewInput = z.infer<typeof reviewInput>;

// ---------------------------------------------------------------------------------------------
// Anchor profile (spec point 3)

export const pictureRule = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/uploads\/|https:\/\/)/);

/** POST /anchor/picture?kind= (body: the image bytes): answers the picture's /uploads address. Detail pictures must be 1:1. */
export const PICTURE_KINDS = ['cover', 'detail', 'room'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];

/** POST /updateAnchor */
export const anchorProfileInput = z.object({
  introduction: z.string().trim().max(500).default(''),
  detail: z.string().trim().max(3000).default(''),
  /** Addresses answered by POST /anchor/picture?kind=detail (checked 1:1 again on save). */
  pictures: z.array(pictureRule).max(DETAIL_PICTURES_MAX).default([]),
  cover: pictureRule.nullish(),
});
export type AnchorProfileInput = z.infer<typeof anchorProfileInput>;

/** An anchor in lists (anchor list, search, a match's anchors). */
export interface AnchorCard {
  anchorId: number;
  name: string;
  avatar: string | null;
  cover: string | null;
  level: number;
  followers: number;
  roomId: number | null;
  live: boolean;
  /** The room's title when live. */
  title: string | null;
  viewers: number;
}

/** GET /anchorInfo?anchorId= (no anchorId: the caller): the public profile for /anchor/{id}. */
export interface AnchorProfile extends AnchorCard {
  introduction: string;
  detail: string;
  pictures: string[];
  /** The caller follows this anchor (false for guests). */
  following: boolean;
  /** Upcoming broadcasts: the matches the anchor reserved, soonest first. */
  schedule: ScheduleEntry[];
}

/** GET /anchor/anchorList?gameId=&pageIndex= : approved, unbanned anchors, live first. */
export const anchorListQuery = z.object({
  gameId: z.coerce.number().int().min(0).optional(),
  pageIndex: z.coerce.number().int().min(1).default(1),
});

/** POST /anchor/follow {anchorId}: toggles following the anchor; answers the new state. */
export const followAnchorInput = z.object({ anchorId: idRule });
export interface FollowAnchorResult {
  following: boolean;
  followers: number;
}

// ---------------------------------------------------------------------------------------------
// Rooms (spec point 3)

export const ROOM_TYPES = ['anchor', 'robot'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
/** free; paid: unlocked once with coins; vip: VIP or SVIP members, others a trial; svip: SVIP only. */
export const ROOM_ACCESS = ['free', 'paid', 'vip', 'svip'] as const;
export type RoomAccessKind = (typeof ROOM_ACCESS)[number];

/** POST /anchor/liveInfo: the anchor's room settings (live settings page). Title and cover required ('liveTitleRequired', 'coverRequired'). */
export const roomSettingsInput = z
  .object({
    title: z.string().trim().max(60).default(''),
    /** Empty or null until a cover is chosen: the save then says a cover is required. */
    cover: pictureRule.or(z.literal('')).nullish(),
    gameId: z.coerce.number().int().min(0),
    /** A match in progress or starting within 1 hour (GET /match/gameLivingFuture lists them); or a custom tag. */
    matchId: idRule.nullish(),
    customTag: z.string().trim().max(30).nullish(),
    access: z.enum(ROOM_ACCESS).default('free'),
    /** Coins to unlock a paid room. */
    price: z.coerce.number().int().min(0).max(1_000_000).default(0),
    externalComments: z.boolean().default(true),
    announcement: z.string().trim().max(500).default(''),
    moderatorLimit: z.coerce.number().int().min(0).max(MODERATOR_LIMIT_MAX).default(5),
  })
  .refine((input) => input.access !== 'paid' || input.price > 0, { path: ['price'], message: 'required' });
export type RoomSettingsInput = z.infer<typeof roomSettingsInput>;

export interface RoomSettings {
  roomId: number;
  title: string;
  cover: string | null;
  gameId: number;
  matchId: number | null;
  customTag: string | null;
  access: RoomAccessKind;
  price: number;
  externalComments: boolean;
  announcement: string;
  moderatorLimit: number;
  type: RoomType;
}

/** A room in lists (/live, by game, /live2). */
export interface RoomCard {
  roomId: number;
  title: string;
  cover: string | null;
  gameId: number;
  game: string;
  anchorId: number;
  anchorName: string;
  anchorAvatar: string | null;
  live: boolean;
  viewers: number;
  access: RoomAccessKind;
  price: number;
  type: RoomType;
  matchId: number | null;
  customTag: string | null;
}

/** GET /live/rooms?gameId=&live=&pageIndex= : rooms, live first then most viewers. */
export const roomListQuery = z.object({
  gameId: z.coerce.number().int().min(0).optional(),
  /** 1: only rooms on air. */
  live: z.coerce.number().int().min(0).max(1).default(0),
  pageIndex: z.coerce.number().int().min(1).default(1),
});

/**
 * What the caller may do with a room's stream:
 * - open: plays (free room, unlocked paid room, member, the anchor itself);
 * - trial: plays until trialEndsAt (VIP-only room, non-member), then 'vip' is needed;
 * - locked: needs the unlock ('paid', with the price), a membership ('vip' or 'svip'), or a login ('login').
 */
export type RoomAccess =
  | { state: 'open' }
  | { state: 'trial'; trialEndsAt: string; trialSeconds: number }
  | { state: 'locked'; need: 'login' | 'paid' | 'vip' | 'svip'; price: number };

/**
 * A playback line for the viewer: the media layer's line, labelled (the FLV line is the Pro
 * low-delay one). Its url carries a signed token (`?t=`) valid until the viewer's trial ends, else
 * for 6 hours: ask for the room again (or watch the heartbeat's access) rather than build urls.
 */
export interface RoomLine extends PlaybackLine {
  /** VIP/SVIP members only (the low-delay line when Pro lines are reserved for members). */
  pro: boolean;
}

/** GET /live/room/{roomId}: the room as /live/{id} and /customLive/{id} show it. */
export interface RoomView extends RoomCard {
  announcement: string;
  externalComments: boolean;
  moderatorLimit: number;
  anchor: AnchorCard & { following: boolean };
  /** The linked match (live score strip; updates come from /ws/scores topic match:<id>). */
  match: MatchSummary | null;
  /**
   * The linked match's versions of the last 30 s, oldest first, `match` last, each with how many
   * ms before this answer it became current (empty when it has not changed meanwhile). The room
   * shows the one its viewer's video has reached and the later ones as the video reaches them,
   * so a room opened just after a goal does not tell it first (decision 038).
   */
  matchVersions: { match: MatchSummary; ageMs: number }[];
  /** What the caller may do with the stream (the room's kind is `access`). */
  viewerAccess: RoomAccess;
  /** What the caller may play now: empty while locked or off air. */
  lines: RoomLine[];
  /** A robot-live room whose source cannot play (no ffmpeg on the machine): say so in the room. */
  sourceMissing: boolean;
  /** The current broadcast's start, when live. */
  liveSince: string | null;
}

/** POST /live/heartbeat {roomId}: the viewer is watching; answers the viewer count and the access now. */
export const heartbeatInput = z.object({ roomId: idRule });
export interface HeartbeatResult {
  viewers: number;
  access: RoomAccess;
  live: boolean;
}

/** POST /orderpay/match/pay/liveUnlock {roomId}: unlocks a paid room once (coins, through the ledger). */
export const liveUnlockInput = z.object({ roomId: idRule });
export interface LiveUnlockResult {
  unlocked: true;
  /** Coins charged by this call: the price the first time, 0 when it was unlocked already. */
  charged: number;
  balance: number;
}

/** GET /app/getProclamation?roomId= : the pre-stream announcement. */
export const proclamationQuery = z.object({ roomId: idRule });
export interface Proclamation {
  roomId: number;
  text: string;
}

/** GET /user/isMatchLive/{matchId}/{gameId}: whether a room shows this match, for the match page's link. */
export const isMatchLiveParams = z.object({ matchId: idRule, gameId: z.coerce.number().int().min(0) });
export interface MatchLive {
  live: boolean;
  /** The room to link to (most viewers); null when none is live. */
  roomId: number | null;
  rooms: RoomCard[];
}

/** GET /getAnchorMatchLive?matchId= : the anchors live on a match. */
export const anchorMatchLiveQuery = z.object({ matchId: idRule });

// ---------------------------------------------------------------------------------------------
// Broadcasting (spec point 4: push first, then start live; stop the push, then end live)

/** GET /anchor/isBroadcast: whether the push arrives and whether the room is on air. */
export interface BroadcastState {
  /** The room is on air (start live was pressed and not yet ended). */
  live: boolean;
  /** The stream as it arrives (resolution, bitrate); null while nothing is pushed. */
  stream: StreamInfo | null;
  liveSince: string | null;
  roomId: number | null;
  /** Start live is possible: approved, unbanned, room set up, push arriving, not yet live. */
  canStart: boolean;
  /** People watching the room now; 0 off air. */
  viewers: number;
}

/** GET /anchor/liveInfo: the live settings page: room settings, broadcasting state and the push address. */
export interface LiveInfo {
  room: RoomSettings | null;
  broadcast: BroadcastState;
  /** The push address without the key; the key is shown once by /anchor/streamKey/reset. */
  pushUrl: string;
  hasStreamKey: boolean;
}

/** POST /anchor/broadcast: start live (needs the push arriving). POST /anchor/downcast: end live. Both answer BroadcastState. */

/** POST /anchor/streamKey/reset: a new stream key, shown this once (stored hashed; the old one stops working). */
export interface StreamKeyResult {
  pushUrl: string;
  streamKey: string;
  /** pushUrl + '/' + streamKey, for tools that take one address. */
  fullUrl: string;
}

/** A live link (/anchorCenter/liveLinkDetails): one playback line of the anchor's room. */
export interface LiveLink {
  priority: number;
  kind: PlaybackLine['kind'];
  link: string;
  language: string;
  pro: boolean;
}

/** GET /anchor/liveLinks: the anchor's live links and push address. */
export interface LiveLinks {
  pushUrl: string;
  hasStreamKey: boolean;
  links: LiveLink[];
  currentIp: string;
}

/** GET /getAnchorIP: the caller's current IP and the push allow-list (empty: any IP may push). */
export interface AnchorIp {
  currentIp: string;
  allowList: string[];
}
/** POST /addIpWhite {ips}: replaces the allow-list. */
export const ipAllowListInput = z.object({
  ips: z.array(z.ipv4().or(z.ipv6())).max(IP_ALLOW_LIST_MAX),
});

/** GET /liveRecord?anchorId=&pageIndex= : past broadcasts (no anchorId: the caller's, the activation records). */
export const liveRecordQuery = z.object({
  anchorId: idRule.optional(),
  pageIndex: z.coerce.number().int().min(1).default(1),
});
export interface LiveRecord {
  id: number;
  roomId: number;
  title: string;
  startedAt: string;
  /** null while on air. */
  endedAt: string | null;
  durationSeconds: number;
  peakViewers: number;
  /** how it ended: the anchor, the grace period after the push stopped, or an administrator's ban. */
  endedBy: 'anchor' | 'push_lost' | 'ban' | null;
}

// ---------------------------------------------------------------------------------------------
// Replays

export const REPLAY_PAGE_SIZE = 12;
export const REPLAY_STATES = ['shown', 'hidden', 'deleted'] as const;
export type ReplayState = (typeof REPLAY_STATES)[number];

export const replayListQuery = z.object({
  roomId: idRule.optional(),
  anchorId: idRule.optional(),
  matchId: idRule.optional(),
  /** 1: only replays of broadcasts that showed a match. */
  matched: z.coerce.number().pipe(z.literal(1)).optional(),
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(REPLAY_PAGE_SIZE),
});
export const replayStateInput = z.object({ id: idRule, state: z.enum(REPLAY_STATES) });

/** A broadcast's replay in a list: the room's title and cover when it began, and how long it ran. */
export interface ReplayCard {
  /** The broadcast's id (its `/liveRecord` entry). */
  id: number;
  roomId: number;
  anchorId: number;
  anchorName: string;
  avatar: string | null;
  title: string;
  cover: string;
  startedAt: string;
  endedAt: string;
  durationSeconds: number;
  /** The match the room showed; its page lists the replay. */
  matchId: number | null;
  /** Hidden by its anchor: listed only to them and administrators. */
  hidden: boolean;
}

/** A replay to watch: its VOD playlist, signed like a live line, unless the room is locked to the caller. */
export interface ReplayView extends ReplayCard {
  access: RoomAccess;
  url: string | null;
}

/** A clip of a goal (a round, a map) runs from this long before it to this long after. */
export const CLIP_BEFORE_SECONDS = 20;
export const CLIP_AFTER_SECONDS = 10;
/** A viewer clips the broadcast's last this many seconds. */
export const VIEWER_CLIP_SECONDS = 30;

/** POST /live/clips {roomId}: a signed-in viewer clips the last VIEWER_CLIP_SECONDS of the room's broadcast. */
export const viewerClipInput = z.object({ roomId: idRule });
export interface ViewerClipMade {
  id: number;
  /** When it is recorded to its end and listed. */
  readyAt: string;
}

export const clipListQuery = z.object({
  matchId: idRule.optional(),
  roomId: idRule.optional(),
  /** The clips of one broadcast: its replay's chapters. */
  replayId: idRule.optional(),
  /** 1: clips of any match. */
  matched: z.coerce.number().pipe(z.literal(1)).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(REPLAY_PAGE_SIZE),
});

/**
 * A clip of a broadcast: cut by the match (the moment a side scored during a broadcast that showed
 * it) or by a viewer (the last VIEWER_CLIP_SECONDS they watched).
 */
export interface ClipCard {
  id: number;
  /** The broadcast it is from (its replay). */
  replayId: number;
  roomId: number;
  matchId: number | null;
  anchorName: string;
  /** The broadcast's title. */
  title: string;
  cover: string;
  /** The score the moment made, as "home-away"; null for a viewer's clip. */
  score: string | null;
  /** When the clip starts. */
  fromAt: string;
  /** When the side scored: CLIP_AFTER_SECONDS before the clip ends; null for a viewer's clip. */
  scoredAt: string | null;
  /** The name of the viewer who clipped it; null for a clip cut by the match. */
  clippedBy: string | null;
  seconds: number;
}

export interface ClipView extends ClipCard {
  access: RoomAccess;
  url: string | null;
}

// ---------------------------------------------------------------------------------------------
// Reservations

/** One of an anchor's upcoming broadcasts: a match it reserved to commentate. */
export interface ScheduleEntry {
  id: number;
  anchorId: number;
  match: MatchSummary;
  /** The caller reserved this broadcast (false for guests). */
  reserved: boolean;
}

/** POST /anchor/toggleMatchId {matchId}: the anchor reserves a match (or drops it); answers the new state. */
export const toggleMatchInput = z.object({ matchId: idRule });
export interface ToggleMatchResult {
  reserved: boolean;
}
/** POST /anchor/cancelReservation {matchId}: the anchor drops a reserved match. */
export const cancelReservationInput = z.object({ matchId: idRule });
/** GET /anchor/reservations: the caller's (an anchor's) reserved matches, soonest first. */

/** POST /live/reserve {scheduleId}: a viewer reserves (or un-reserves) an anchor's broadcast; notified when it goes live. */
export const reserveBroadcastInput = z.object({ scheduleId: idRule });
export interface ReserveBroadcastResult {
  reserved: boolean;
}
/** GET /live/myReservations: the broadcasts the caller reserved, soonest first. */

// ---------------------------------------------------------------------------------------------
// The calls, under /java

export const LIVE_CALLS = {
  apply: 'POST /V2/anchor/user',
  idPhoto: 'POST /anchor/idPhoto',
  whether: 'GET /anchor/whether',
  status: 'GET /anchor/status',
  isBroadcast: 'GET /anchor/isBroadcast',
  broadcast: 'POST /anchor/broadcast',
  downcast: 'POST /anchor/downcast',
  liveInfo: 'GET /anchor/liveInfo',
  saveLiveInfo: 'POST /anchor/liveInfo',
  streamKeyReset: 'POST /anchor/streamKey/reset',
  liveLinks: 'GET /anchor/liveLinks',
  toggleMatchId: 'POST /anchor/toggleMatchId',
  cancelReservation: 'POST /anchor/cancelReservation',
  anchorReservations: 'GET /anchor/reservations',
  picture: 'POST /anchor/picture',
  updateAnchor: 'POST /updateAnchor',
  anchorInfo: 'GET /anchorInfo',
  anchorList: 'GET /anchor/anchorList',
  follow: 'POST /anchor/follow',
  anchorMatchLive: 'GET /getAnchorMatchLive',
  anchorIp: 'GET /getAnchorIP',
  addIpWhite: 'POST /addIpWhite',
  liveRecord: 'GET /liveRecord',
  proclamation: 'GET /app/getProclamation',
  liveUnlock: 'POST /orderpay/match/pay/liveUnlock',
  isMatchLive: 'GET /user/isMatchLive/:matchId/:gameId',
  rooms: 'GET /live/rooms',
  room: 'GET /live/room/:roomId',
  heartbeat: 'POST /live/heartbeat',
  reserve: 'POST /live/reserve',
  myReservations: 'GET /live/myReservations',
  reviewQueue: 'GET /admin/anchor/applications',
  review: 'POST /admin/anchor/review',
} as const;
