import { z } from 'zod';
import { LOCALES, type Locale } from '../../lib/locales';

/** The longest chat message, in characters. */
export const MAX_TEXT = 200;
/** Messages served on join, and how far back a reconnecting client may resume. */
export const HISTORY_SIZE = 100;
export const RESUME_WINDOW = 1000;
/** One user's messages in one room: this many per 10 seconds. */
export const MESSAGES_PER_10S = 5;
export const DUPLICATE_SECONDS = 30;
/** Mute lengths a moderator may choose, in minutes; 0 is permanent (a ban from the room's chat). */
export const MUTE_MINUTES = [0, 1, 5, 10, 60, 1440, 10080] as const;
/** The short mutes a user's card in the room offers as timeouts. */
export const TIMEOUT_MINUTES = [1, 5, 10, 60] as const;
/** The platform-wide mutes an administrator's card in the room offers. */
export const PLATFORM_MUTE_MINUTES = [1440, 10080, 0] as const;
/** The mute a form offers first. */
export const DEFAULT_MUTE_MINUTES = 10;
export const LEADERBOARD_TYPES = ['daily', 'weekly'] as const;
export type LeaderboardType = (typeof LEADERBOARD_TYPES)[number];
export const EARNING_DAYS = [7, 14, 30] as const;

export type Badge = 'admin' | 'anchor' | 'moderator' | 'vip' | 'svip';

/** The sender of a chat event as everyone sees it. */
export interface Sender {
  uid: number;
  name: string;
  avatar: string | null;
  level: number;
  badges: Badge[];
}

/** The message a reply answers, as the reply shows it: its sender and the start of its text. */
export interface QuotedMessage {
  seq: number;
  uid: number;
  name: string;
  text: string;
}
/** How much of the answered message a reply quotes, in characters. */
export const QUOTE_LENGTH = 80;
/** The most people one message mentions by `@name`. */
export const MAX_MENTIONS = 5;
/**
 * A mention in a message's text: `@` and a name (the names people choose, in any script), not
 * inside a word (an email address mentions no one).
 */
export const MENTION = /(?<![\p{L}\p{N}_])@([\p{L}\p{N}_]{2,20})/gu;

/** The most emotes one room has. */
export const MAX_ROOM_EMOTES = 20;
/** An emote upload: jpg, png or webp, at most this big; kept as a square WebP of EMOTE_SIZE pixels. */
export const EMOTE_MAX_BYTES = 512 * 1024;
export const EMOTE_SIZE = 112;
/** An emote in a message's text: its code between colons (`:goal:`). */
export const EMOTE = /:([a-z0-9]{2,16}):/g;
export const emoteCodeRule = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{2,16}$/, 'emoteCodeRule');

/** One of a room's emotes. */
export interface RoomEmote {
  code: string;
  url: string;
}

/** The message pinned above a room's chat, as it was said. */
export interface PinnedMessage {
  seq: number;
  sender: Sender;
  text: string;
  at: string;
}

export interface GiftInfo {
  giftId: number;
  name: string;
  count: number;
  combo: number;
  animation: string;
  animationType: 'svga' | 'lottie';
}

/** Slow-mode waits an anchor or a moderator may choose, in seconds; 0 is off. */
export const SLOW_SECONDS = [0, 3, 10, 30, 60, 120] as const;
/** How long a viewer must have followed the anchor in followers-only mode, in minutes. */
export const FOLLOWED_MINUTES = [0, 10, 60, 1440, 10080] as const;
/** The highest minimum level a room may ask for. */
export const ROOM_MAX_MIN_LEVEL = 10;

/** What a room's chat asks of its viewers, set by its anchor or moderators from the room. */
export interface RoomModes {
  slowSeconds: number;
  /** Null when anyone may speak; else the minutes a viewer must have followed the anchor. */
  followersOnlyMinutes: number | null;
  minLevel: number;
  linksBlocked: boolean;
  /** Only emoji may be said. */
  emoteOnly: boolean;
}

export const NO_MODES: RoomModes = {
  slowSeconds: 0,
  followersOnlyMinutes: null,
  minLevel: 0,
  linksBlocked: false,
  emoteOnly: false,
};

/** One numbered event of a room's chat. */
export type ChatEvent =
  | {
      kind: 'msg';
      roomId: number;
      seq: number;
      at: string;
      sender: Sender;
      text: string;
      /** The message this one replies to. */
      reply?: QuotedMessage;
      /** The users it mentions (by `@name`, and the sender of the message it replies to). */
      mentions?: number[];
    }
  | { kind: 'gift'; roomId: number; seq: number; at: string; sender: Sender; gift: GiftInfo }
  | { kind: 'del'; roomId: number; seq: number; at: string; target: number }
  | { kind: 'mode'; roomId: number; seq: number; at: string; modes: RoomModes }
  | { kind: 'pin'; roomId: number; seq: number; at: string; pinned: PinnedMessage | null }
  /** A user was appointed a moderator of the room, or dismissed. */
  | { kind: 'moderator'; roomId: number; seq: number; at: string; userId: number; moderator: boolean }
  /** The room's emotes changed: all of them, as they are now. */
  | { kind: 'emotes'; roomId: number; seq: number; at: string; emotes: RoomEmote[] }
  /** A user's mute in the room changed: `mutedUntil` as on their card, null once they may speak. */
  | { kind: 'mute'; roomId: number; seq: number; at: string; userId: number; mutedUntil: string | null };

/** A message or a gift: what a chat shows. */
export type ShownEvent = Extract<ChatEvent, { kind: 'msg' | 'gift' }>;
/** Whether an event is shown as a line (a message or a gift) rather than changing the room. */
export const isShown = (event: ChatEvent): event is ShownEvent =>
  event.kind === 'msg' || event.kind === 'gift';

/**
 * What the server sends on /ws/chat, in frames that are JSON arrays of these:
 * - `joined`: the room was joined; events with `seq` above `from` follow.
 * - `reset`: the client's `since` is older than the window; it starts again from `history`.
 * - `ev`: a chat event. `skipped`: events up to `to` were not sent to this slow client (history has them).
 */
export type ChatServerMessage =
  | { op: 'joined'; roomId: number; from: number }
  | { op: 'reset'; roomId: number; history: ShownEvent[] }
  | { op: 'ev'; e: ChatEvent }
  | { op: 'skipped'; to: number }
  | { op: 'pong' }
  | { op: 'error'; reason: string };

export const chatClientMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('join'),
    roomId: z.number().int().positive(),
    /** The last sequence number the client holds; without it the client gets the history. */
    since: z.number().int().min(0).optional(),
  }),
  z.object({ op: z.literal('leave') }),
  z.object({ op: z.literal('ping') }),
]);
export type ChatClientMessage = z.infer<typeof chatClientMessage>;

export const roomIdRule = z.coerce.number().int().positive();

export const sendMessageInput = z.object({
  roomId: roomIdRule,
  text: z.string().trim().min(1).max(MAX_TEXT),
  /** The message (its seq) this one replies to. */
  replyTo: roomIdRule.optional(),
});

const oneOf = (list: readonly number[]) =>
  z.coerce
    .number()
    .int()
    .refine((n) => list.includes(n));

/** POST /admin/chat/defaultModes: the modes of every room whose anchor and moderators set none. */
export const roomModesRule = z.object({
  slowSeconds: oneOf(SLOW_SECONDS),
  followersOnlyMinutes: oneOf(FOLLOWED_MINUTES).nullable(),
  minLevel: z.coerce.number().int().min(0).max(ROOM_MAX_MIN_LEVEL),
  linksBlocked: z.boolean(),
  emoteOnly: z.boolean().default(false),
});
export const roomModesInput = roomModesRule.extend({ roomId: roomIdRule });
export type RoomModesInput = z.infer<typeof roomModesInput>;

/** POST /chatroom/pin: the anchor, a moderator or an administrator pins a message (seq) or unpins (null). */
export const pinInput = z.object({ roomId: roomIdRule, seq: roomIdRule.nullable() });

/**
 * Whom an operation is about: the user id a chat message carries, or the username a person knows
 * (the anchor centre's form).
 */
const operateTarget = {
  userId: roomIdRule.optional(),
  username: z.string().trim().min(1).max(40).optional(),
};

export const operateInput = z
  .discriminatedUnion('action', [
    z.object({
      action: z.enum(['mute', 'unmute']),
      roomId: roomIdRule,
      ...operateTarget,
      minutes: z.coerce
        .number()
        .int()
        .refine((m) => (MUTE_MINUTES as readonly number[]).includes(m))
        .default(10),
      /** Administrators only: across every room. */
      platform: z.boolean().default(false),
    }),
    z.object({ action: z.enum(['appoint', 'dismiss']), roomId: roomIdRule, ...operateTarget }),
  ])
  .refine((input) => input.userId !== undefined || input.username !== undefined, {
    path: ['username'],
    message: 'required',
  });
export type OperateInput = z.infer<typeof operateInput>;

export const giftInput = z.object({
  roomId: roomIdRule,
  giftId: roomIdRule,
  count: z.coerce.number().int().min(1).max(999).default(1),
  /** The client's key for this gift (one per press): a repeated key gives nothing twice. */
  key: z.string().min(8).max(64),
});

export const giftCatalogueInput = z.object({
  id: roomIdRule.optional(),
  name: z.string().trim().min(1).max(40),
  /** The name in other languages; a language left empty shows `name`. */
  names: z
    .partialRecord(z.enum(LOCALES), z.string().trim().max(40))
    .default({})
    .transform((names) => Object.fromEntries(Object.entries(names).filter(([, name]) => name)) as GiftNames),
  currency: z.enum(['coin', 'diamond']),
  price: z.coerce.number().int().min(1).max(1_000_000),
  animation: z.string().trim().min(1).max(300),
  animationType: z.enum(['svga', 'lottie']).default('svga'),
  icon: z.string().trim().max(300).default(''),
  comboSeconds: z.coerce.number().int().min(0).max(60).default(0),
  sort: z.coerce.number().int().min(0).max(10_000).default(0),
  enabled: z.boolean().default(true),
});
export type GiftCatalogueInput = z.infer<typeof giftCatalogueInput>;

export type GiftNames = Partial<Record<Locale, string>>;

export interface Gift {
  id: number;
  /** In the caller's language when the catalogue has it, else the gift's own name. */
  name: string;
  currency: 'coin' | 'diamond';
  price: number;
  animation: string;
  animationType: 'svga' | 'lottie';
  icon: string;
  comboSeconds: number;
  sort: number;
  enabled: boolean;
}

/** A gift as administrators edit it: its own name and its names in other languages. */
export interface AdminGift extends Gift {
  names: GiftNames;
}

/** A user's card in a room: level, badges and mute state. */
export interface ChatUserCard extends Sender {
  /**
   * ISO time the mute ends, 'permanent', or null when the user may speak. Only the user and the
   * room's moderators are told; anyone else reads null.
   */
  mutedUntil: string | null;
  mutedPlatformWide: boolean;
}
