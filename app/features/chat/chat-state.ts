import type {
  ChatServerMessage,
  PinnedMessage,
  RoomEmote,
  RoomModes,
  ShownEvent,
} from '../../../modules/chat/chat.contract';

/** Messages a chat panel keeps on screen; older ones scroll away (history stays on the server). */
export const SHOWN = 200;
/** Reconnect attempts before the panel gives up and shows 'Room disconnected'. */
export const MAX_ATTEMPTS = 6;

/** The connection states of spec point 4. */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export type Shown = ShownEvent;

export interface ChatView {
  /** Messages and gifts on screen, oldest first. */
  events: Shown[];
  /** The highest sequence number received: sent as `since` when the socket reconnects. */
  last: number | undefined;
  /** Events up to here were skipped while the client was behind. */
  skipped: boolean;
  /** The room's modes as last changed while the client was in the room (null: none changed since). */
  modes: RoomModes | null;
  /** Users whose mute in the room changed while the client was in it: until when, as on their card. */
  mutes: Readonly<Record<number, string | null>>;
  /** Users appointed (true) or dismissed (false) as the room's moderators while the client was in it. */
  moderators: Readonly<Record<number, boolean>>;
  /** The pinned message as last changed while the client was in the room (undefined: none changed since). */
  pinned: PinnedMessage | null | undefined;
  /** The room's emotes as last changed while the client was in the room (undefined: none changed since). */
  emotes: RoomEmote[] | undefined;
}

export const emptyView: ChatView = {
  events: [],
  last: undefined,
  skipped: false,
  modes: null,
  mutes: {},
  moderators: {},
  pinned: undefined,
  emotes: undefined,
};

/** The wait before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s ... at most 30 s, with jitter. */
export function backoffMs(attempt: number, random = Math.random): number {
  return Math.min(30_000, 1000 * 2 ** (attempt - 1)) * (0.75 + random() / 2);
}

/**
 * Applies one frame of the server: a reset replaces the list, events are added once each and in
 * order (one already held is ignored), a deletion takes its message away, a change of modes, of a
 * user's mute or moderator's seat, of the pinned message or of the room's emotes is kept.
 */
export function applyFrame(
  view: ChatView,
  frame: readonly ChatServerMessage[],
): { view: ChatView; fresh: Shown[] } {
  let { events, last, skipped, modes, mutes, moderators, pinned, emotes } = view;
  const fresh: Shown[] = [];
  for (const message of frame) {
    if (message.op === 'reset') {
      events = message.history;
      last = Math.max(0, ...message.history.map((e) => e.seq));
    } else if (message.op === 'skipped') {
      skipped = true;
      last = Math.max(last ?? 0, message.to);
    } else if (message.op === 'ev') {
      const e = message.e;
      if (last !== undefined && e.seq <= last) continue;
      last = e.seq;
      if (e.kind === 'del') events = events.filter((shown) => shown.seq !== e.target);
      else if (e.kind === 'mode') modes = e.modes;
      else if (e.kind === 'pin') pinned = e.pinned;
      else if (e.kind === 'emotes') emotes = e.emotes;
      else if (e.kind === 'mute') mutes = { ...mutes, [e.userId]: e.mutedUntil };
      else if (e.kind === 'moderator') moderators = { ...moderators, [e.userId]: e.moderator };
      else {
        events = [...events, e];
        fresh.push(e);
      }
    }
  }
  if (events.length > SHOWN) events = events.slice(-SHOWN);
  return { view: { events, last, skipped, modes, mutes, moderators, pinned, emotes }, fresh };
}
