import type { Logger } from 'pino';
import type { MatchSink, ScoreFeed } from '../../matches';
import { createPandaScoreClient } from './client';
import type { PsMatch } from './format';
import { gameOfEvent, gameOfFrame } from './frames';
import type { PandaScoreGame } from './games';
import { type LiveChannel, openLiveChannel } from './live';
import {
  fixturesOf,
  isNewer,
  type LiveGame,
  type LiveSide,
  type MatchTrack,
  SOURCE,
  statusOf,
  trackOf,
  updateOf,
} from './mapping';

export interface PandaScoreFeedOptions {
  token: string;
  /** https://api.pandascore.co, or a stand-in in tests. */
  baseUrl: string;
  /** wss://live.pandascore.co, or a stand-in in tests. */
  liveUrl: string;
  /** The catalogue games taken from PandaScore. */
  games: readonly PandaScoreGame[];
  log: Logger;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Pause between polls of the running matches: 30 s is 120 requests an hour. */
  pollMs?: number;
  /** How often the window's upcoming and past matches are read again. */
  refreshMs?: number;
  pageSize?: number;
  /** The least time between two requests. */
  spacingMs?: number;
  /** First pause before a lost live socket is opened again. */
  liveBackoffMs?: number;
  /** Live matches followed at once (two sockets each at most). */
  maxLive?: number;
}

const DAY_MS = 86_400_000;
/** The store keeps a week back and a week ahead. */
const WINDOW_DAYS = 7;

/** How long after its time a match still not started keeps its live sockets open. */
const STALE_START_MS = 3 * 3_600_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The PandaScore feed: the window's upcoming, running and past matches of the chosen games at
 * start and every hour, the running ones polled, a match that left the running list read once
 * more for how it ended; the live matches of titles with live data followed on their sockets
 * (frames, and events where PandaScore recovers them after a reconnect). Every answer, frame and
 * event is merged into the match's track, and only a change that moves its version on is written.
 */
export function createPandaScoreFeed(options: PandaScoreFeedOptions): ScoreFeed {
  const { log, pollMs = 30_000, refreshMs = 3_600_000, liveBackoffMs = 1_000, maxLive = 20 } = options;
  const client = createPandaScoreClient(options);
  const games = new Set(options.games.map((game) => game.gameId));
  const tracks = new Map<number, MatchTrack>();
  const sockets = new Map<number, { frames: LiveChannel; events?: LiveChannel }>();
  /** Live channels the plan refused, by match: not opened again. */
  const refused = new Set<string>();
  let sink: MatchSink | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  /** Writes to the sink in the order they were decided. */
  let writes: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let filledAt = 0;

  const target = () => {
    if (!sink) throw new Error('the pandascore feed has not been started');
    return sink;
  };

  /** Writes the track's state when it moved the match's version on. */
  function publish(track: MatchTrack, sourceAt?: number): Promise<unknown> {
    const update = updateOf(track, sourceAt);
    if (update.seq <= track.seq) return writes;
    track.seq = update.seq;
    writes = writes
      .then(() => target().applyUpdate(SOURCE, update))
      .catch((err) => log.warn({ err, match: track.match.id }, 'pandascore update not applied'));
    return writes;
  }

  /** Takes an answer about a match unless an answer already taken is more recent. */
  function take(track: MatchTrack, m: PsMatch): boolean {
    if (Date.parse(m.modified_at) < Date.parse(track.match.modified_at)) return false;
    if (m.status === 'postponed' && track.live.size > 0) track.postponedInPlay = true;
    track.match = m;
    return true;
  }

  async function fill() {
    const now = Date.now();
    const [upcoming, live, past] = [
      await client.list<PsMatch>('/matches/upcoming', {
        'range[scheduled_at]': `${iso(now)},${iso(now + WINDOW_DAYS * DAY_MS)}`,
        sort: 'scheduled_at',
      }),
      await client.list<PsMatch>('/matches/running'),
      await client.list<PsMatch>('/matches/past', {
        'range[begin_at]': `${iso(now - WINDOW_DAYS * DAY_MS)},${iso(now)}`,
        sort: '-begin_at',
      }),
    ];
    const seen = new Map<number, MatchTrack>();
    for (const m of [...past, ...upcoming, ...live]) {
      const known = tracks.get(m.id);
      if (known) take(known, m);
      const track = known ?? trackOf(m, games);
      if (track) seen.set(m.id, track);
    }
    const chosen = [...seen.values()];
    await writes;
    await target().upsertFixtures(SOURCE, fixturesOf(chosen, now));
    for (const track of chosen) {
      track.seq = Math.max(track.seq, updateOf(track).seq);
      tracks.set(track.match.id, track);
    }
    // Matches that left the window are no longer followed, unless they are still in play.
    for (const [matchId, track] of tracks)
      if (!seen.has(matchId) && !sockets.has(matchId) && statusOf(track) !== 'in_progress')
        tracks.delete(matchId);
    filledAt = now;
    log.info({ matches: chosen.length }, 'pandascore fixtures filled');
  }

  /** A match PandaScore did not list before: its fixture first, then its updates. */
  async function adopt(m: PsMatch): Promise<MatchTrack | undefined> {
    const track = trackOf(m, games);
    if (!track) return undefined;
    await writes;
    await target().upsertFixtures(SOURCE, fixturesOf([track], Date.now()));
    track.seq = updateOf(track).seq;
    tracks.set(m.id, track);
    return track;
  }

  async function poll() {
    if (Date.now() - filledAt > refreshMs) {
      await fill();
      syncLive();
      return;
    }
    const listed = await client.list<PsMatch>('/matches/running');
    const runningIds = new Set<number>();
    for (const m of listed) {
      const track = tracks.get(m.id) ?? (await adopt(m));
      if (!track) continue;
      runningIds.add(m.id);
      if (take(track, m)) await publish(track, Date.parse(m.modified_at));
    }
    // A match that was in play and is no longer listed has ended, been postponed or cancelled.
    for (const track of [...tracks.values()]) {
      if (stopped) return;
      if (runningIds.has(track.match.id) || statusOf(track) !== 'in_progress') continue;
      const m = await client.get<PsMatch>(`/matches/${track.match.id}`);
      if (take(track, m)) await publish(track, Date.parse(m.modified_at));
    }
    syncLive();
  }

  /** Whether the match's live sockets are open now: in play, or about to start with them open. */
  function wantsLive(track: MatchTrack): boolean {
    const { match: m, game } = track;
    if (!game.frames || m.live?.supported !== true) return false;
    if (m.status === 'running') return true;
    const now = Date.now();
    const opensAt = Date.parse(m.live.opens_at ?? '');
    // A match that stayed not started long past its time is not waited for on its sockets.
    const late = now - Date.parse(m.scheduled_at ?? '') > STALE_START_MS;
    return m.status === 'not_started' && Number.isFinite(opensAt) && opensAt <= now && !late;
  }

  /** Opens the sockets of the matches to follow live and closes those of the others. */
  function syncLive() {
    if (stopped) return;
    for (const [matchId, channels] of sockets) {
      const track = tracks.get(matchId);
      if (track && wantsLive(track)) continue;
      channels.frames.close();
      channels.events?.close();
      sockets.delete(matchId);
    }
    for (const track of tracks.values()) {
      if (sockets.size >= maxLive) break;
      if (!sockets.has(track.match.id) && wantsLive(track) && !refused.has(`${track.match.id}:frames`))
        sockets.set(track.match.id, follow(track));
    }
  }

  function follow(track: MatchTrack): { frames: LiveChannel; events?: LiveChannel } {
    const matchId = track.match.id;
    const kind = track.game.frames;
    if (!kind) throw new Error(`no live frames for ${track.game.slug}`);
    const base = `${options.liveUrl.replace(/\/$/, '')}/matches/${matchId}`;
    const channelLog = log.child({ match: matchId });
    const ended = (channel: string) => (why: 'finished' | 'refused') => {
      if (why === 'refused') refused.add(`${matchId}:${channel}`);
    };
    const frames = openLiveChannel({
      url: base,
      token: options.token,
      log: channelLog,
      firstBackoffMs: liveBackoffMs,
      onEnd: ended('frames'),
      onMessage(message) {
        const parsed = gameOfFrame(kind, message);
        if (!parsed.ok) {
          channelLog.warn({ reason: parsed.reason }, 'pandascore frame dropped: not a frame');
          return;
        }
        apply(track, parsed.matchId, parsed.value, 'frame');
      },
    });
    if (!track.game.recover || refused.has(`${matchId}:events`)) return { frames };
    const events = openLiveChannel({
      url: `${base}/events`,
      token: options.token,
      log: channelLog,
      firstBackoffMs: liveBackoffMs,
      onEnd: ended('events'),
      // Everything of the game in play is sent again; what was already applied is older or the same.
      onReconnected(send) {
        const gameId = currentGame(track);
        if (gameId !== null) send({ type: 'recover', payload: { game_id: gameId } });
      },
      onMessage(message) {
        const parsed = gameOfEvent(kind, message);
        if (!parsed.ok) {
          channelLog.warn({ reason: parsed.reason }, 'pandascore event dropped: not an event');
          return;
        }
        if (!parsed.value) return;
        const { gameId, progress, sides } = parsed.value;
        // The event tells the score; the rest of the game stays as the frames told it.
        const known = track.live.get(gameId);
        const merged = (side: LiveSide): LiveSide => ({
          ...(known?.sides.find((k) => k.teamId === side.teamId) ?? side),
          points: side.points,
        });
        const game: LiveGame = {
          gameId,
          progress,
          finished: known?.finished ?? false,
          winnerId: known?.winnerId ?? null,
          gameSeconds: known?.gameSeconds ?? 0,
          sides: [merged(sides[0]), merged(sides[1])],
        };
        apply(track, parsed.matchId || matchId, game, 'event');
      },
    });
    return { frames, events };
  }

  /** The game in play as the live API or the last answer tells it. */
  function currentGame(track: MatchTrack): number | null {
    const live = [...track.live.values()].filter((game) => !game.finished).at(-1);
    if (live) return live.gameId;
    return track.match.games.find((game) => game.status === 'running')?.id ?? null;
  }

  /** A frame or event: merged when it tells more than what is known, else dropped as late or repeated. */
  function apply(track: MatchTrack, matchId: number, game: LiveGame, what: 'frame' | 'event') {
    if (stopped) return;
    const m = track.match;
    const teams = new Set(m.opponents.map((o) => o.opponent.id));
    if (matchId !== m.id || !game.sides.every((side) => teams.has(side.teamId))) {
      log.warn({ match: m.id, of: matchId }, `pandascore ${what} dropped: another match's`);
      return;
    }
    if (!isNewer(game, track.live.get(game.gameId))) {
      log.debug(
        { match: m.id, game: game.gameId, progress: game.progress },
        `pandascore ${what} late or repeated`,
      );
      return;
    }
    track.live.set(game.gameId, game);
    void publish(track);
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = poll()
        .catch((err) => log.warn({ err }, 'pandascore poll failed; trying again at the next one'))
        .finally(schedule);
    }, pollMs);
  }

  return {
    source: SOURCE,
    async start(matchSink) {
      sink = matchSink;
      stopped = false;
      try {
        await fill();
        syncLive();
      } finally {
        // A failed first fill is tried again by the polls, until the provider answers.
        schedule();
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      for (const channels of sockets.values()) {
        channels.frames.close();
        channels.events?.close();
      }
      sockets.clear();
      await running;
      await writes;
    },
  };
}
