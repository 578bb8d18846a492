import { z } from 'zod';
import type { MatchState } from '../sports';
import { MAX_TOPICS, TOPIC_PATTERN } from './matches-constants.contract';

/**
 * What the match calls answer and the score push sends (zod only; shared by server and client).
 * A list row is a `MatchSummary`; the match page adds `MatchDetail`. Times are epoch milliseconds,
 * shown in the visitor's time zone by the client.
 */

export const matchStatus = z.enum(['not_started', 'in_progress', 'finished', 'postponed', 'cancelled']);
export type MatchStatusValue = z.infer<typeof matchStatus>;

export const side = z.enum(['home', 'away']);

export const teamRef = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  logo: z.string().nullable(),
});
export type TeamRef = z.infer<typeof teamRef>;

export const leagueRef = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  logo: z.string().nullable(),
  region: z.string(),
});
export type LeagueRef = z.infer<typeof leagueRef>;

export const score = z.object({ home: z.number().int(), away: z.number().int() });

/**
 * The clock shown on a live match. The client runs it between updates: the time on the clock is
 * `seconds` plus (or, counting down, minus) `rate` times the real seconds since `asOf`.
 */
export const liveClock = z.object({
  seconds: z.number(),
  direction: z.enum(['up', 'down']),
  running: z.boolean(),
  /** Clock seconds per real second: 1, or the simulator's speed factor. */
  rate: z.number(),
  asOf: z.number(),
  /** Soccer: the regular end of the period in clock seconds, after which added time is shown (45+2). */
  periodEndsAt: z.number().nullable(),
});
export type LiveClock = z.infer<typeof liveClock>;

/** One column of the period table: a half, a quarter, a set, an inning, a frame, a map. */
export const periodCell = z.object({
  /** H1, H2, ET1, PEN, Q1, OT1, S1, G1, T1 (inning 1), INN1, F1, M1... */
  period: z.string(),
  home: z.number().int().nullable(),
  away: z.number().int().nullable(),
});

/** A battle-royale lobby has no home and away: its standings head the row instead. */
export const lobbyStanding = z.object({ team: teamRef, points: z.number().int(), rank: z.number().int() });

export const matchSummary = z.object({
  id: z.number().int(),
  gameId: z.number().int(),
  /** Catalogue slug, for URLs: /{game}/{id}. */
  game: z.string(),
  league: leagueRef,
  startTime: z.number(),
  status: matchStatus,
  /** Null in a battle-royale lobby. */
  home: teamRef.nullable(),
  away: teamRef.nullable(),
  score,
  winner: side.nullable(),
  /** The period in play (a code as in `periodCell.period`), null when not live. */
  period: z.string().nullable(),
  clock: liveClock.nullable(),
  periods: z.array(periodCell),
  bestOf: z.number().int().nullable(),
  /** Battle royale only: the top of the lobby standings. */
  lobby: z.array(lobbyStanding).nullable(),
  round: z.number().int().nullable(),
  /** The match's version: every change raises it. */
  seq: z.number().int(),
});
export type MatchSummary = z.infer<typeof matchSummary>;

export const lineupPlayer = z.object({
  playerId: z.number().int().nullable(),
  name: z.string(),
  number: z.number().int().nullable(),
  position: z.string().nullable(),
  /** Pitch position in percent of the half (0-100, own goal at y 0), for the pitch view. */
  x: z.number().nullable(),
  y: z.number().nullable(),
});

export const lineup = z.object({
  formation: z.string().nullable(),
  coach: z.string().nullable(),
  starters: z.array(lineupPlayer),
  bench: z.array(lineupPlayer),
});

/** A betting market: current and opening prices, and how they moved. */
export const oddsLine = z.object({
  /** The handicap or total it is priced at; null for 1X2. */
  line: z.number().nullable(),
  /** 1X2: home, draw, away. Handicap: home, away. Over/under: over, under. */
  opening: z.array(z.number()),
  current: z.array(z.number()),
  history: z.array(z.object({ at: z.number(), values: z.array(z.number()) })),
});

export const matchExtras = z.object({
  lineups: z.object({ home: lineup, away: lineup }).nullable(),
  odds: z
    .object({ oneXTwo: oddsLine.nullable(), handicap: oddsLine.nullable(), overUnder: oddsLine.nullable() })
    .nullable(),
  /** possession, shots, shots_on_target, corners, fouls, rebounds, kills, towers, gold, ... */
  statistics: z.array(z.object({ key: z.string(), home: z.number(), away: z.number() })),
  /** Win probability in percent before the match; draw null where a draw cannot happen. */
  prediction: z.object({ home: z.number(), draw: z.number().nullable(), away: z.number() }).nullable(),
});
export type MatchExtras = z.infer<typeof matchExtras>;

export const incidentView = z.object({
  seq: z.number().int(),
  type: z.string(),
  period: z.string(),
  /** The minute shown (soccer 45+2 as minute 45, addedMinute 2), or null where minutes mean nothing. */
  minute: z.number().int().nullable(),
  addedMinute: z.number().int().nullable(),
  side: side.nullable(),
  player: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  secondPlayer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  score: score.nullable(),
  value: z.number().nullable(),
});
export type IncidentView = z.infer<typeof incidentView>;

export const injury = z.object({
  player: z.object({ id: z.number().int(), name: z.string(), position: z.string().nullable() }),
  side,
  reason: z.string(),
  until: z.string().nullable(),
});

/**
 * A moment of attacking play that a feed reports beside the incidents (soccer): a dangerous attack,
 * a shot wide or saved, a corner. A goal is an incident of its own. `minute` is the minute of play on
 * the running clock, from 1, with added time counted (the 3rd minute of added time after 45 minutes
 * of a first half is minute 48).
 */
export const attackKind = z.enum(['dangerous_attack', 'shot_off_target', 'shot_on_target', 'corner']);
export const attackEvent = z.object({ minute: z.number().int(), side, kind: attackKind });
export type AttackEvent = z.infer<typeof attackEvent>;

/**
 * Which side was pressing, minute by minute (modules/matches/momentum.ts): one bar per minute of play
 * (`at`, as in `attackEvent.minute`) shown as `minute`+`addedMinute`, from -100 (all away) to 100
 * (all home), and the goals at the minute they were scored.
 */
export const momentum = z.object({
  bars: z.array(
    z.object({
      at: z.number().int(),
      minute: z.number().int(),
      addedMinute: z.number().int(),
      value: z.number().int(),
    }),
  ),
  goals: z.array(z.object({ at: z.number().int(), side })),
});
export type Momentum = z.infer<typeof momentum>;

/** A player's rating of the match, 3.0 to 10.0 (modules/matches/ratings.ts), by side and lineup name. */
export const playerRating = z.object({ side, name: z.string(), rating: z.number() });
export type PlayerRating = z.infer<typeof playerRating>;

export const formLetter = z.enum(['W', 'D', 'L']);

export const matchDetail = z.object({
  summary: matchSummary,
  /** The sport's full state (modules/sports/model.ts), for the period table and live panels. */
  state: z.custom<MatchState>(),
  incidents: z.array(incidentView),
  extras: matchExtras,
  headToHead: z.array(matchSummary),
  form: z.object({ home: z.array(formLetter), away: z.array(formLetter) }),
  injuries: z.array(injury),
  /** Null where the sport or the feed gives nothing to draw it from. */
  momentum: momentum.nullable(),
  /** Null where the sport has no ratings or the lineups are not out. */
  ratings: z.array(playerRating).nullable(),
});
export type MatchDetail = z.infer<typeof matchDetail>;

/** A league and its matches: lists are grouped by league, most prominent first. */
export const leagueGroup = z.object({ league: leagueRef, matches: z.array(matchSummary) });
export type LeagueGroup = z.infer<typeof leagueGroup>;

// The score push (/ws/scores) -------------------------------------------------------------------

export const scoreClientMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('sub'),
    topics: z.array(z.string().regex(TOPIC_PATTERN)).min(1).max(MAX_TOPICS),
    /** The version the client already has of each match it shows: only newer ones are sent again. */
    since: z.record(z.string().regex(/^\d{1,15}$/), z.number().int()).optional(),
  }),
  z.object({
    op: z.literal('unsub'),
    topics: z.array(z.string().regex(TOPIC_PATTERN)).min(1).max(MAX_TOPICS),
  }),
  /** Asks for fresh snapshots, e.g. after a diff that did not follow the version the client had. */
  z.object({ op: z.literal('get'), ids: z.array(z.number().int()).min(1).max(MAX_TOPICS) }),
  z.object({ op: z.literal('ping') }),
]);
export type ScoreClientMessage = z.infer<typeof scoreClientMessage>;

/**
 * What the server sends: each frame is a JSON array of these, at most one frame per client per
 * tick. A `diff` applies only to the version `from`; a client holding another version asks for a
 * snapshot with `get`.
 */
export type ScoreServerMessage =
  | { op: 'snap'; m: MatchSummary }
  | { op: 'diff'; id: number; from: number; seq: number; d: Partial<MatchSummary> }
  | { op: 'subscribed'; topics: string[] }
  | { op: 'error'; reason: string }
  | { op: 'pong' };
