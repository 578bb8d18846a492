/**
 * The parts of PandaScore's API that the adapter reads (https://developers.pandascore.co: REST
 * "Matches", "Matches lifecycle", "Match formats", "Pagination", "Errors", "Rate and connections
 * limits"; Live API "Overview", "Data samples", "Events recovery", "Disconnections"). PandaScore
 * sends blank fields as null; fields the adapter can do without are optional.
 */

export type PsMatchStatus = 'not_started' | 'running' | 'finished' | 'canceled' | 'postponed';

export type PsGameStatus = 'not_started' | 'running' | 'finished' | 'not_played';

export type PsMatchType =
  | 'best_of'
  | 'first_to'
  | 'custom'
  | 'all_games_played'
  | 'ow_best_of'
  | 'red_bull_home_ground';

export interface PsVideogame {
  id: number;
  name: string;
  /** league-of-legends, cs-go, dota-2, valorant, kog, ow, r6-siege, rl, ... */
  slug: string;
}

export interface PsLeague {
  id: number;
  name: string;
  slug: string;
  image_url: string | null;
}

/** One occurrence of a league: "LCK Spring 2026". */
export interface PsSerie {
  id: number;
  name: string | null;
  full_name: string;
  season?: string | null;
  year: number | null;
  begin_at: string | null;
  end_at: string | null;
}

/** A stage of a serie: "Group Stage", "Playoffs". */
export interface PsTournament {
  id: number;
  name: string;
  begin_at: string | null;
  end_at: string | null;
  /** s, a, b, c, d or unranked. */
  tier?: string | null;
  /** WEU, EEU, NA, SA, ASIA, OCE, ME... */
  region?: string | null;
  /** Two letters, for a tournament played in one country. */
  country?: string | null;
  has_bracket?: boolean;
  live_supported?: boolean;
}

/** A team; in one-against-one titles (StarCraft II) the opponent is a player with the same fields. */
export interface PsOpponentData {
  id: number;
  name: string;
  acronym?: string | null;
  image_url: string | null;
  /** Two letters. */
  location?: string | null;
  nationality?: string | null;
}

export interface PsOpponent {
  type: 'Team' | 'Player';
  opponent: PsOpponentData;
}

/** Games won so far by one opponent. */
export interface PsResult {
  score: number;
  team_id?: number | null;
  player_id?: number | null;
}

/** One game of the match: a map, in the shooters. */
export interface PsGame {
  id: number;
  position: number;
  status: PsGameStatus;
  finished: boolean;
  forfeit?: boolean;
  begin_at: string | null;
  end_at: string | null;
  /** Seconds played. */
  length: number | null;
  winner: { id: number | null; type: 'Team' | 'Player' | null } | null;
}

export interface PsLive {
  supported: boolean;
  url: string | null;
  opens_at: string | null;
}

export interface PsMatch {
  id: number;
  name: string;
  status: PsMatchStatus;
  match_type: PsMatchType;
  /** The most games a `best_of` match may take; the games to win in `first_to`. */
  number_of_games: number;
  /** The official playing time, moved when the match is rescheduled. */
  scheduled_at: string | null;
  /** The actual start once running; before, the same as `scheduled_at`. */
  begin_at: string | null;
  end_at: string | null;
  original_scheduled_at?: string | null;
  rescheduled?: boolean | null;
  /** When PandaScore last changed the match. */
  modified_at: string;
  draw: boolean;
  forfeit: boolean;
  winner_id: number | null;
  videogame: PsVideogame;
  league: PsLeague;
  serie: PsSerie;
  tournament: PsTournament;
  opponents: PsOpponent[];
  results: PsResult[];
  games: PsGame[];
  live?: PsLive | null;
}

// Live API ----------------------------------------------------------------------------------------

/** The first message of every live socket. */
export interface PsHello {
  type: 'hello';
  payload: Record<string, never>;
}

export interface PsFrameGame {
  id: number;
  finished: boolean;
  winner_id: number | null;
}

/** Counter-Strike: a side of the map in play. */
export interface PsCsSide {
  id: number;
  name: string;
  /** Rounds won on this map. */
  round_score: number;
  /** Maps won in the match. */
  score: number;
}

/** Counter-Strike frame: the state of the map in play. */
export interface PsCsFrame {
  game: PsFrameGame;
  match: { id: number };
  tournament?: { id: number };
  map?: { id: number; name: string } | null;
  /** The round in play. */
  round: number;
  /** Seconds since the round began. */
  current_timestamp: number;
  bomb_planted?: boolean;
  paused?: boolean;
  counter_terrorists: PsCsSide;
  terrorists: PsCsSide;
}

/** League of Legends: a side of the map. */
export interface PsLolSide {
  id: number;
  name: string;
  acronym?: string | null;
  kills: number;
  towers: number;
  gold: number;
  drakes?: number;
  nashors: number;
  inhibitors?: number;
  /** Games won in the match. */
  score: number;
}

export interface PsLolFrame {
  game: PsFrameGame;
  match: { id: number };
  tournament?: { id: number };
  /** Seconds since the game began. */
  current_timestamp: number;
  paused?: boolean;
  blue: PsLolSide;
  red: PsLolSide;
}

/** Dota 2: a side of the map; its `score` is its kills. */
export interface PsDotaSide {
  id: number;
  name: string;
  score: number;
  towers?: number | { destroyed?: number; remaining?: number };
  barracks?: number | { destroyed?: number; remaining?: number };
}

export interface PsDotaFrame {
  game: PsFrameGame;
  match: { id: number };
  tournament?: { id: number };
  /** The in-game clock, in seconds. */
  current_timestamp: number;
  daytime?: boolean;
  radiant: PsDotaSide;
  dire: PsDotaSide;
}

/** A message of the events channel; Counter-Strike's `round_end` carries the round score. */
export interface PsEvent {
  type: string;
  payload: unknown;
  game?: { id: number };
  match?: { id: number };
  ingame_timestamp?: number;
}

export interface PsCsRoundScore {
  counter_terrorists: { score: number; team_id: number };
  terrorists: { score: number; team_id: number };
}

/** Sent on the events channel after a reconnect: every event of the game is sent again. */
export interface PsRecover {
  type: 'recover';
  payload: { game_id: number };
}
