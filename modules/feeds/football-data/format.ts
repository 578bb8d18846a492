/**
 * The parts of football-data.org's v4 API that the adapter reads (https://docs.football-data.org,
 * "Resources" and "Dealing with scores"). Fields the API may leave out or set to null are optional.
 */

export interface V4Area {
  id: number;
  name: string;
  /** Three letters: ENG, ESP, DEU... or EUR, SAM, INT for the continents and the world. */
  code: string;
  flag?: string | null;
}

export interface V4Season {
  id: number;
  startDate: string;
  endDate: string;
  currentMatchday?: number | null;
}

export interface V4Competition {
  id: number;
  area?: V4Area;
  name: string;
  code: string;
  /** LEAGUE, LEAGUE_CUP, CUP or PLAYOFFS. */
  type: string;
  emblem?: string | null;
  currentSeason?: V4Season | null;
}

export interface V4Person {
  id: number | null;
  name: string | null;
}

export interface V4SquadMember {
  id: number;
  name: string;
  /** Goalkeeper, Defence, Midfield, Offence (or finer: Centre-Back, Left Winger...). */
  position?: string | null;
  dateOfBirth?: string | null;
  nationality?: string | null;
  shirtNumber?: number | null;
}

export interface V4Team {
  id: number | null;
  name: string | null;
  shortName?: string | null;
  tla?: string | null;
  crest?: string | null;
  area?: V4Area;
  founded?: number | null;
  venue?: string | null;
  squad?: V4SquadMember[];
}

export interface V4Goals {
  home: number | null;
  away: number | null;
}

/**
 * `fullTime` is the running score; after a shoot-out it also counts the kicks scored, so the
 * goals of play come from `regularTime` and `extraTime` when they are there.
 */
export interface V4Score {
  winner: 'HOME_TEAM' | 'AWAY_TEAM' | 'DRAW' | null;
  duration: 'REGULAR' | 'EXTRA_TIME' | 'PENALTY_SHOOTOUT';
  fullTime: V4Goals;
  halfTime: V4Goals;
  regularTime?: V4Goals;
  extraTime?: V4Goals;
  penalties?: V4Goals;
}

export interface V4Goal {
  minute: number;
  injuryTime?: number | null;
  /** REGULAR, OWN or PENALTY. */
  type: string;
  team: V4Person;
  scorer: V4Person;
  assist?: V4Person | null;
  score: V4Goals;
}

export interface V4Booking {
  minute: number;
  team: V4Person;
  player: V4Person;
  /** YELLOW, YELLOW_RED or RED. */
  card: string;
}

export interface V4Substitution {
  minute: number;
  team: V4Person;
  playerOut: V4Person;
  playerIn: V4Person;
}

export interface V4ShootoutKick {
  player: V4Person;
  team: V4Person;
  scored: boolean;
}

export type V4Status =
  | 'SCHEDULED'
  | 'TIMED'
  | 'IN_PLAY'
  | 'PAUSED'
  | 'FINISHED'
  | 'SUSPENDED'
  | 'POSTPONED'
  | 'CANCELLED'
  | 'AWARDED';

export interface V4Match {
  id: number;
  area?: V4Area;
  competition: V4Competition;
  season: V4Season;
  utcDate: string;
  status: V4Status;
  /** The minute of play, where the plan includes it. */
  minute?: number | null;
  injuryTime?: number | null;
  venue?: string | null;
  matchday: number | null;
  /** REGULAR_SEASON, LEAGUE_STAGE, GROUP_STAGE, LAST_16, QUARTER_FINALS, SEMI_FINALS, FINAL... */
  stage: string;
  /** GROUP_A... in a group stage. */
  group: string | null;
  lastUpdated: string;
  homeTeam: V4Team;
  awayTeam: V4Team;
  score: V4Score;
  /** The detail of one match (`/v4/matches/{id}`) lists what happened; lists of matches do not. */
  goals?: V4Goal[];
  bookings?: V4Booking[];
  substitutions?: V4Substitution[];
  penalties?: V4ShootoutKick[];
}

export interface V4CompetitionList {
  count: number;
  competitions: V4Competition[];
}

export interface V4TeamList {
  count: number;
  competition: V4Competition;
  season: V4Season;
  teams: V4Team[];
}

export interface V4MatchList {
  resultSet: { count: number };
  matches: V4Match[];
}
