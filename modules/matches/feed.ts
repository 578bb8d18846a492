import type { MatchState, MatchStatus, Side } from '../sports';
import type { AttackEvent, MatchExtras } from './matches.contract';

/**
 * A source of fixtures and live scores: the simulator (embedded default) or a real provider's
 * adapter. A feed names everything by its own ids (`externalId`); the store maps them to ours.
 */
export interface ScoreFeed {
  /** Stored as `source` on every row the feed brings: 'sim', 'football-data', ... */
  readonly source: string;
  /** Fills the store and keeps it up to date until `stop`; resolves once the first fill is stored. */
  start(sink: MatchSink): Promise<void>;
  stop(): Promise<void>;
}

/** What a feed writes to: implemented by the match store. */
export interface MatchSink {
  /** Creates or updates competitions, teams, players and scheduled matches; safe to repeat. */
  upsertFixtures(source: string, fixtures: Fixtures): Promise<void>;
  /**
   * Applies a change of one match. Ignored (false) when the store already has this `seq` or a
   * later one, so a late or repeated update never rolls a score back.
   */
  applyUpdate(source: string, update: MatchUpdate): Promise<boolean>;
}

export interface FeedCompetition {
  externalId: string;
  gameId: number;
  name: string;
  shortName: string;
  region: string;
  logo?: string | null;
  format: 'league' | 'cup' | 'tournament';
  rank?: number;
  /**
   * The name in other languages, by locale ({ zh_CN: '阿什福德流浪者' }), kept in `localized_names`;
   * a feed without them leaves it out.
   */
  localizedNames?: Record<string, string>;
}

export interface FeedSeason {
  externalId: string;
  competitionExternalId: string;
  name: string;
  startsOn: string;
  endsOn: string;
  current: boolean;
  rules?: Record<string, unknown>;
}

export interface FeedStage {
  externalId: string;
  seasonExternalId: string;
  name: string;
  kind: 'league' | 'groups' | 'knockout';
  ordinal: number;
  twoLegged?: boolean;
}

export interface FeedTeam {
  externalId: string;
  gameId: number;
  name: string;
  shortName: string;
  country?: string | null;
  logo?: string | null;
  founded?: number | null;
  venue?: string | null;
  /**
   * The name in other languages, by locale ({ zh_CN: '阿什福德流浪者' }), kept in `localized_names`;
   * a feed without them leaves it out.
   */
  localizedNames?: Record<string, string>;
}

export interface FeedPlayer {
  externalId: string;
  teamExternalId: string | null;
  gameId: number;
  name: string;
  nickname?: string | null;
  position?: string | null;
  shirtNumber?: number | null;
  nationality?: string | null;
  birthDate?: string | null;
  injury?: { reason: string; until: string | null } | null;
  /**
   * The name in other languages, by locale ({ zh_CN: '阿什福德流浪者' }), kept in `localized_names`;
   * a feed without them leaves it out.
   */
  localizedNames?: Record<string, string>;
}

export interface FeedMatch {
  externalId: string;
  gameId: number;
  competitionExternalId: string;
  seasonExternalId?: string | null;
  stageExternalId?: string | null;
  round?: number | null;
  groupName?: string | null;
  leg?: number | null;
  homeTeamExternalId: string | null;
  awayTeamExternalId: string | null;
  startsAt: Date;
  bestOf?: number | null;
  /** Battle royale (no home and away): the team at each index of the lobby, in the state's order. */
  lobbyTeamExternalIds?: string[] | null;
  /** The match as the feed first knows it; later changes come as `MatchUpdate`s. */
  initial: MatchUpdate;
}

export interface Fixtures {
  competitions?: FeedCompetition[];
  seasons?: FeedSeason[];
  stages?: FeedStage[];
  teams?: FeedTeam[];
  players?: FeedPlayer[];
  matches?: FeedMatch[];
}

/** One player of a match's box score: his side, whether he started, and his numbers (sports/player-stats.ts). */
export interface FeedMatchPlayer {
  /** The feed's id of the player. */
  player: string;
  side: Side;
  starter: boolean;
  stats: Record<string, number>;
}

/** Who an incident is about, by the feed's player ids; keyed by the incident's seq. */
export type IncidentPlayers = Record<number, { player?: string; secondPlayer?: string }>;

/** The extras a feed sends: those fans see, and the attacking play the momentum graph is drawn from. */
export type FeedExtras = Partial<MatchExtras> & { attacks?: AttackEvent[] };

export interface MatchUpdate {
  externalId: string;
  /** The feed's version of the match; must grow with every change. */
  seq: number;
  status: MatchStatus;
  /** A new kick-off time, e.g. when a postponed match is rescheduled. */
  startsAt?: Date;
  state: MatchState;
  extras?: FeedExtras;
  incidentPlayers?: IncidentPlayers;
  /** Who played and what they did; when present it replaces the match's box score. */
  players?: FeedMatchPlayer[];
  /** Clock seconds per real second while in play: 1, or the simulator's speed factor. */
  clockRate?: number;
  /** Opaque data the feed wants back to carry on the match (the simulator's random state). */
  feedState?: unknown;
  /**
   * When the provider says the change happened or was last made (epoch ms), where its payload
   * gives a time; passed on with the published change for latency figures. Feeds without one
   * (the simulator) leave it out.
   */
  sourceAt?: number;
}
