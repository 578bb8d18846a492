import type { Logger } from 'pino';
import type { MatchSink, ScoreFeed } from '../../matches';
import { createFootballDataClient } from './client';
import type { V4Competition, V4CompetitionList, V4Match, V4MatchList, V4Team, V4TeamList } from './format';
import { fixturesOf, SOURCE, updateOf } from './mapping';

export interface FootballDataFeedOptions {
  token: string;
  /** https://api.football-data.org, or a stand-in in tests. */
  baseUrl: string;
  log: Logger;
  fetch?: typeof fetch;
  /** Pause between polls of the current matches; the free tier allows 10 requests a minute. */
  pollMs?: number;
  /** Sleeps of the rate limiter; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
}

const DAY_MS = 86_400_000;
/** The store keeps a week back and a week ahead; the provider answers at most 10 days per request. */
const WINDOW_DAYS = 7;
const MAX_DAYS_PER_REQUEST = 10;
const REFRESH_FIXTURES_MS = 6 * 3_600_000;
/** Requests kept back each minute for the poll itself; the rest may fetch the detail of a match. */
const RESERVED_REQUESTS = 2;
const DETAILED: ReadonlySet<string> = new Set(['IN_PLAY', 'PAUSED', 'FINISHED']);

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The football-data.org v4 feed: competitions with their squads and the matches of the store's
 * window at start and every few hours, then the matches of the day polled, with the detail
 * (goals, cards, substitutions, shoot-out) of those that changed while the rate limit leaves room.
 */
export function createFootballDataFeed(options: FootballDataFeedOptions): ScoreFeed {
  const { log, pollMs = 30_000 } = options;
  const client = createFootballDataClient(options);
  /** What the last answer said of each match: its version and the events a detail brought. */
  const known = new Map<number, V4Match>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let filledAt = 0;

  /** The matches of the days from `from` to `to`, once each. */
  async function matchesBetween(from: number, to: number): Promise<V4Match[]> {
    const found = new Map<number, V4Match>();
    for (let start = from; start <= to; start += MAX_DAYS_PER_REQUEST * DAY_MS) {
      const end = Math.min(start + (MAX_DAYS_PER_REQUEST - 1) * DAY_MS, to);
      const list = await client.get<V4MatchList>(`/v4/matches?dateFrom=${day(start)}&dateTo=${day(end)}`);
      for (const match of list.matches) found.set(match.id, match);
    }
    return [...found.values()];
  }

  async function fill(sink: MatchSink) {
    const now = Date.now();
    const { competitions } = await client.get<V4CompetitionList>('/v4/competitions');
    const squads: V4Team[] = [];
    for (const competition of competitions) squads.push(...(await squadsOf(competition)));
    const matches = await matchesBetween(now - WINDOW_DAYS * DAY_MS, now + WINDOW_DAYS * DAY_MS);
    await sink.upsertFixtures(SOURCE, fixturesOf({ competitions, squads, matches }, now));
    for (const match of matches) remember(match);
    // Matches that left the window are no longer polled: forget them.
    const inWindow = new Set(matches.map((m) => m.id));
    for (const id of known.keys()) if (!inWindow.has(id)) known.delete(id);
    filledAt = now;
  }

  /** A competition's teams; one the plan does not cover is left without squads. */
  async function squadsOf(competition: V4Competition): Promise<V4Team[]> {
    try {
      return (await client.get<V4TeamList>(`/v4/competitions/${competition.code}/teams`)).teams;
    } catch (err) {
      log.warn({ err, competition: competition.code }, 'football-data squads unavailable');
      return [];
    }
  }

  /** Keeps the events of a detail when a later list answer (which has none) updates the match. */
  function remember(match: V4Match): V4Match {
    const before = known.get(match.id);
    const merged = match.goals || !before ? match : { ...match, ...eventsOf(before) };
    known.set(match.id, merged);
    return merged;
  }

  async function poll(sink: MatchSink) {
    if (Date.now() - filledAt > REFRESH_FIXTURES_MS) return fill(sink);
    const now = Date.now();
    for (const listed of await matchesBetween(now - DAY_MS, now + DAY_MS)) {
      const before = known.get(listed.id);
      if (before && Date.parse(before.lastUpdated) >= Date.parse(listed.lastUpdated)) continue;
      const left = client.remaining();
      const detailed =
        DETAILED.has(listed.status) && (left === null || left > RESERVED_REQUESTS)
          ? await client.get<V4Match>(`/v4/matches/${listed.id}`)
          : listed;
      await sink.applyUpdate(SOURCE, updateOf(remember(detailed), Date.now()));
    }
  }

  function schedule(sink: MatchSink) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = poll(sink)
        .catch((err) => log.warn({ err }, 'football-data poll failed; trying again at the next one'))
        .finally(() => schedule(sink));
    }, pollMs);
  }

  return {
    source: SOURCE,
    async start(sink) {
      stopped = false;
      try {
        await fill(sink);
      } finally {
        // A failed first fill is tried again by the polls, until the provider answers.
        schedule(sink);
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

function eventsOf(match: V4Match): Pick<V4Match, 'goals' | 'bookings' | 'substitutions' | 'penalties'> {
  return {
    goals: match.goals,
    bookings: match.bookings,
    substitutions: match.substitutions,
    penalties: match.penalties,
  };
}
