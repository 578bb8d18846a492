/**
 * The state of a match of any game of the catalogue (modules/catalog/games.ts), as plain JSON data
 * that can be stored, pushed to browsers and restored as it is. One shape per sport family, told
 * apart by `family`; every shape shares the fields of `MatchBase`.
 */

/** The two sides of a head-to-head match. */
export type Side = 'home' | 'away';

export interface Score {
  home: number;
  away: number;
}

/** Spec point 4: the states of a match. */
export type MatchStatus = 'not_started' | 'in_progress' | 'finished' | 'postponed' | 'cancelled';

export type SportFamily =
  | 'soccer'
  | 'basketball'
  | 'american_football'
  | 'tennis'
  | 'volleyball'
  | 'badminton'
  | 'table_tennis'
  | 'baseball'
  | 'cricket'
  | 'snooker'
  | 'moba'
  | 'tactical_shooter'
  | 'battle_royale'
  | 'generic';

/**
 * Families whose every point moves the score (a basket, a run, a touchdown's extra point): a change
 * of their score is no moment of its own, to alert a fan of or to clip.
 */
export const BUSY_SCORES: ReadonlySet<SportFamily> = new Set([
  'basketball',
  'american_football',
  'baseball',
  'cricket',
  'battle_royale',
]);

export type IncidentType =
  // every family
  | 'match_started'
  | 'period_started'
  | 'period_ended'
  | 'match_finished'
  // soccer
  | 'added_time'
  | 'goal'
  | 'own_goal'
  | 'penalty_goal'
  | 'penalty_missed'
  | 'yellow_card'
  | 'red_card'
  | 'substitution'
  | 'shootout_scored'
  | 'shootout_missed'
  // american football
  | 'touchdown'
  | 'field_goal'
  | 'safety'
  // tennis, volleyball, badminton, table tennis, generic esports
  | 'break_of_serve'
  | 'set_won'
  | 'game_won'
  // baseball and cricket
  | 'home_run'
  | 'wicket'
  | 'innings_ended'
  // snooker
  | 'century_break'
  | 'frame_won'
  // esports
  | 'first_blood'
  | 'objective_taken'
  | 'overtime_started'
  | 'map_won';

/** The objective of a MOBA map that decides games: its name differs by title. */
export type MajorObjective = 'baron' | 'roshan' | 'overlord' | 'lord' | 'dark_slayer';

/** One line of the match timeline. */
export interface Incident {
  /** 1 for the first incident of the match, then one more for each. */
  seq: number;
  type: IncidentType;
  /** `MatchBase.elapsedSeconds` when it happened. */
  elapsedSeconds: number;
  /**
   * The period it happened in: H1 H2 ET1 ET2 PEN (soccer); Q1-Q4, OT1... (basketball, american
   * football); T1/B1... top or bottom of an inning (baseball); INN1 INN2, SO1... super-over innings
   * (cricket); S1... sets (tennis, volleyball); G1... games (badminton, table tennis, generic
   * esports, battle royale); F1... frames (snooker); M1... maps (MOBA, tactical shooters).
   */
  period: string;
  /**
   * The side it is about: the scorer, the carded side, the side that lost a wicket, the winner of a
   * set, frame or map. An own goal names the side credited with the goal.
   */
  side?: Side;
  /** Battle royale: the team it is about (index into the lobby). */
  team?: number;
  /** The headline score after it; for a shoot-out kick, the shoot-out score. */
  score?: Score;
  /**
   * The number that goes with it: points of a touchdown, runs of a home run, wickets down, size of a
   * century break, minutes of added time, number of the set, frame, game or map won.
   */
  value?: number;
  objective?: MajorObjective;
}

export interface MatchBase<F extends SportFamily = SportFamily> {
  family: F;
  /** Catalogue id of the game or sport. */
  gameId: number;
  status: MatchStatus;
  /**
   * Seconds of play so far: the running clock in timed sports, the playing time (with the rests the
   * laws allow within a set or an innings) in the others. Breaks between periods, sets, frames,
   * maps and games are not counted.
   */
  elapsedSeconds: number;
  /** Seconds of play until the simulator settles its next event (a shot, a point, a ball, a round). */
  secondsToNextEvent: number;
  incidents: Incident[];
}

export interface HeadToHeadMatch<F extends SportFamily = SportFamily> extends MatchBase<F> {
  /** The headline score: goals, points, runs, sets, games, frames or maps won. */
  score: Score;
  /** Set when the match is finished; null for a draw or a tie. */
  winner: Side | null;
}

/** One row of a per-period table: a half, a quarter, an extra-time period, an overtime. */
export interface PeriodScore {
  period: string;
  home: number;
  away: number;
}

/** One game of a series: a set, a game, a frame or a map, with its own score. */
export interface GameScore {
  home: number;
  away: number;
  winner: Side | null;
}

/** A match played as a best-of-N series of games. */
export interface SeriesMatch<F extends SportFamily, G extends GameScore = GameScore>
  extends HeadToHeadMatch<F> {
  bestOf: number;
  /** The sets, games, frames or maps in play order; the last is in play until the match ends. */
  games: G[];
  /**
   * How much likelier the home side is to win each contest (point, rally, shot, round, fight),
   * drawn at the start of the match; negative when the away side is stronger.
   */
  edge: number;
}

// Soccer ------------------------------------------------------------------------------------------

export type SoccerPeriod = 'H1' | 'H2' | 'ET1' | 'ET2' | 'PEN';

export interface SoccerClock {
  period: SoccerPeriod;
  secondsInPeriod: number;
  /** The minute shown: 1-45 in the first half, 46-90 in the second; it stays at 45, 90... in added time. */
  minute: number;
  /** The added minute shown after it (45+2); 0 before added time. */
  addedMinute: number;
  /** Added time announced at the end of the period's regular minutes; null until then. */
  addedSeconds: number | null;
}

export interface ShootoutKick {
  side: Side;
  scored: boolean;
}

export interface Shootout {
  /** The side that kicks first, chosen by the toss. */
  first: Side;
  kicks: ShootoutKick[];
  score: Score;
}

export interface SoccerState extends HeadToHeadMatch<'soccer'> {
  /** A knockout tie cannot end level: extra time, then penalties. */
  knockout: boolean;
  clock: SoccerClock;
  /** Goals per period played: H1, H2, then ET1 and ET2 when extra time is played. */
  periods: PeriodScore[];
  shootout: Shootout | null;
  yellowCards: Score;
  redCards: Score;
  substitutions: Score;
}

// Basketball and american football ---------------------------------------------------------------

export interface CountdownClock {
  /** Q1-Q4, then OT1, OT2... */
  period: string;
  secondsLeft: number;
}

export interface BasketballState extends HeadToHeadMatch<'basketball'> {
  clock: CountdownClock;
  periods: PeriodScore[];
  /** The side with the ball. */
  possession: Side;
}

export interface Drive {
  /** The side with the ball. */
  side: Side;
  /** Seconds of game clock the drive will still take. */
  secondsLeft: number;
}

export interface AmericanFootballState extends HeadToHeadMatch<'american_football'> {
  /** A playoff game: overtime periods until there is a winner. */
  knockout: boolean;
  clock: CountdownClock;
  periods: PeriodScore[];
  drive: Drive;
  /** The side that received the opening kick-off; the other receives after half-time. */
  openingReceiver: Side;
  /** Drives started in overtime. */
  overtimeDrives: number;
}

// Tennis and the rally sports --------------------------------------------------------------------

/** The rule of the deciding set: a 7- or 10-point tie-break at 6-6, or play on until two games clear. */
export type FinalSetRule = 'tiebreak_7' | 'tiebreak_10' | 'advantage';

/** A tennis set: `home` and `away` are games. */
export interface TennisSet extends GameScore {
  /** Points of the tie-break at 6-6; null when none was played. */
  tiebreak: Score | null;
}

export interface TennisState extends SeriesMatch<'tennis', TennisSet> {
  finalSet: FinalSetRule;
  /** Points won in the game in play (0, 1, 2, 3... shown as 0/15/30/40 by `gamePointLabels`). */
  points: Score;
  /** The player serving the next point. */
  server: Side;
  /** The player who served the first point of the tie-break in play; null outside tie-breaks. */
  tiebreakFirstServer: Side | null;
}

/** A volleyball set or a badminton or table-tennis game: `home` and `away` are points. */
export interface RallyGame extends GameScore {
  firstServer: Side;
}

export interface RallyState extends SeriesMatch<'volleyball' | 'badminton' | 'table_tennis', RallyGame> {
  /** The side serving the next rally. */
  server: Side;
}

// Baseball and cricket ---------------------------------------------------------------------------

export interface BaseballState extends HeadToHeadMatch<'baseball'> {
  inning: number;
  half: 'top' | 'bottom';
  outs: number;
  /** Runners on first, second and third base. */
  bases: [boolean, boolean, boolean];
  /** Runs per inning; null for the bottom half not played because the home side led (the 'X'). */
  lineScore: { home: (number | null)[]; away: (number | null)[] };
  hits: Score;
  errors: Score;
}

export interface CricketInnings {
  batting: Side;
  runs: number;
  wickets: number;
  /** Legal deliveries bowled: overs.balls is Math.floor(balls / 6) and balls % 6. */
  balls: number;
  extras: number;
  maxOvers: number;
  maxWickets: number;
  /** Runs needed to win, for the side batting second; null for the side batting first. */
  target: number | null;
}

export interface CricketResult {
  winner: Side | null;
  method: 'runs' | 'wickets' | 'super_over' | 'tie';
  /** Runs or wickets to spare; null for a tie or a super-over win. */
  margin: number | null;
}

export interface CricketState extends HeadToHeadMatch<'cricket'> {
  /** A tie is settled by super overs. */
  knockout: boolean;
  /** The two innings of the match, then super-over innings; the last is in play. */
  innings: CricketInnings[];
  result: CricketResult | null;
}

// Snooker ----------------------------------------------------------------------------------------

/** A frame: `home` and `away` are points. */
export interface SnookerFrame extends GameScore {
  /** The player who broke off; players break off in turn. */
  breakOff: Side;
}

export interface SnookerTable {
  redsLeft: number;
  /** The next colour of the final clearance: 2 (yellow) to 7 (black); 8 once the table is clear. */
  colourOn: number;
  /** A red was just potted, so the striker is on a colour. */
  onColourAfterRed: boolean;
  /** Scores were level after the last black: it is back on its spot and the next score wins. */
  respottedBlack: boolean;
  striker: Side;
  currentBreak: number;
}

export interface SnookerState extends SeriesMatch<'snooker', SnookerFrame> {
  table: SnookerTable;
  highestBreak: Score;
}

// Esports ----------------------------------------------------------------------------------------

/** A MOBA map: `home` and `away` are kills. */
export interface MobaMap extends GameScore {
  towers: Score;
  gold: Score;
  /** Barons, Roshans, Overlords... taken. */
  majorObjectives: Score;
  firstBlood: Side | null;
  /** The in-game clock. */
  gameSeconds: number;
  /** In-game second from which the major objective can be taken again. */
  objectiveUpAt: number;
}

export type MobaState = SeriesMatch<'moba', MobaMap>;

/** A tactical-shooter map: `home` and `away` are rounds. */
export interface ShooterMap extends GameScore {
  overtime: boolean;
}

export interface ShooterState extends SeriesMatch<'tactical_shooter', ShooterMap> {
  lastRoundWinner: Side | null;
}

/** A game of another esport (or sport): `home` and `away` are its points, rounds or goals. */
export interface GenericState extends SeriesMatch<'generic'> {
  /** Clock of the game in play, for titles with timed games. */
  gameSeconds: number;
  /** A timed game ended level and the next point wins it. */
  suddenDeath: boolean;
}

export interface BattleRoyaleGame {
  /** Finishing place of each team (index = team); null while the team is alive. */
  placements: (number | null)[];
  kills: number[];
  /** Players still alive in each team. */
  alive: number[];
  winner: number | null;
}

export interface Standing {
  team: number;
  points: number;
  placementPoints: number;
  killPoints: number;
  /** Games won (last team standing). */
  wins: number;
}

export interface BattleRoyaleState extends MatchBase<'battle_royale'> {
  teamCount: number;
  playersPerTeam: number;
  gameCount: number;
  games: BattleRoyaleGame[];
  /** Best first. */
  standings: Standing[];
  /** The team that tops the standings after the last game. */
  winner: number | null;
  /** Relative strength of each team, drawn at the start. */
  strengths: number[];
}

// All families -----------------------------------------------------------------------------------

export type SeriesState = TennisState | RallyState | SnookerState | MobaState | ShooterState | GenericState;

export type MatchState =
  | SoccerState
  | BasketballState
  | AmericanFootballState
  | BaseballState
  | CricketState
  | BattleRoyaleState
  | SeriesState;

export type HeadToHeadState = Exclude<MatchState, BattleRoyaleState>;

/** Options of a new match; each family reads the ones that apply to it. */
export interface MatchOptions {
  /** Length of a series of sets, games, frames or maps. */
  bestOf?: number;
  /** The match cannot end level (soccer cup tie, NFL playoff, cricket super over). */
  knockout?: boolean;
  /** Tennis: the rule of the deciding set. */
  finalSet?: FinalSetRule;
  /** Battle royale: teams in the lobby. */
  teamCount?: number;
  /** Battle royale: games in the series. */
  gameCount?: number;
}
