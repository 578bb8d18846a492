import { gameById } from '../catalog/catalog.contract';
import type {
  BaseballState,
  BattleRoyaleState,
  CricketState,
  MatchState,
  PeriodScore,
  SeriesState,
  SoccerPeriod,
  SoccerState,
} from '../sports';
import type { LeagueRef, LiveClock, MatchStatusValue, MatchSummary, TeamRef } from './matches.contract';

/** What the match row knows beside the sport's state. */
export interface MatchFacts {
  id: number;
  gameId: number;
  league: LeagueRef;
  startTime: number;
  status: MatchStatusValue;
  home: TeamRef | null;
  away: TeamRef | null;
  round: number | null;
  bestOf: number | null;
  seq: number;
  /** Clock seconds per real second: 1, or the simulator's speed factor. */
  clockRate: number;
  /** When the state was current (epoch ms): the live clock runs on from there. */
  asOf: number;
  /** Battle royale: the team at each index of the lobby; null elsewhere. */
  lobbyTeams: readonly TeamRef[] | null;
}

type PeriodCell = MatchSummary['periods'][number];

/** How many of a lobby's standings a list row carries. */
export const LOBBY_TOP = 5;

const SOCCER_MINUTES_BEFORE: Record<SoccerPeriod, number> = { H1: 0, H2: 45, ET1: 90, ET2: 105, PEN: 120 };
const SOCCER_MINUTES_AT_END: Record<Exclude<SoccerPeriod, 'PEN'>, number> = {
  H1: 45,
  H2: 90,
  ET1: 105,
  ET2: 120,
};

/** The period code prefix of each series family: sets, games, frames, maps. */
const SERIES_PREFIX: Record<SeriesState['family'], string> = {
  tennis: 'S',
  volleyball: 'S',
  badminton: 'G',
  table_tennis: 'G',
  snooker: 'F',
  moba: 'M',
  tactical_shooter: 'M',
  generic: 'G',
};

/** A list row of a match: its headline score, the sport's period table and the live clock. */
export function summarize(facts: MatchFacts, state: MatchState): MatchSummary {
  const game = gameById(facts.gameId);
  if (!game) throw new Error(`match ${facts.id} is of game ${facts.gameId}, not in the catalogue`);
  const live = facts.status === 'in_progress';
  const base = {
    id: facts.id,
    gameId: facts.gameId,
    game: game.slug,
    league: facts.league,
    startTime: facts.startTime,
    status: facts.status,
    round: facts.round,
    seq: facts.seq,
  };
  if (state.family === 'battle_royale') {
    return {
      ...base,
      home: null,
      away: null,
      score: { home: 0, away: 0 },
      winner: null,
      period: live ? `G${Math.max(1, state.games.length)}` : null,
      clock: null,
      periods: [],
      bestOf: null,
      lobby: lobbyStandings(state, facts.lobbyTeams ?? []),
    };
  }
  const { period, clock } = live ? livePeriod(state, facts) : { period: null, clock: null };
  return {
    ...base,
    home: facts.home,
    away: facts.away,
    score: { ...state.score },
    winner: state.winner,
    period,
    clock,
    periods: periodTable(state),
    bestOf: 'bestOf' in state ? state.bestOf : facts.bestOf,
    lobby: null,
  };
}

type HeadToHead = Exclude<MatchState, BattleRoyaleState>;

function periodTable(state: HeadToHead): PeriodCell[] {
  switch (state.family) {
    case 'soccer':
      return soccerPeriods(state);
    case 'basketball':
    case 'american_football':
      return state.periods.map(cell);
    case 'baseball':
      return innings(state);
    case 'cricket':
      return cricketInnings(state);
    default: {
      const prefix = SERIES_PREFIX[state.family];
      return state.games.map((game, index) => ({
        period: `${prefix}${index + 1}`,
        home: game.home,
        away: game.away,
      }));
    }
  }
}

function cell(row: PeriodScore): PeriodCell {
  return { period: row.period, home: row.home, away: row.away };
}

/** Halves and extra-time periods as played, then the shoot-out's score. */
function soccerPeriods(state: SoccerState): PeriodCell[] {
  const cells = state.periods.map(cell);
  if (state.shootout) cells.push({ period: 'PEN', ...state.shootout.score });
  return cells;
}

/** Runs per inning from the line score; an inning not (yet) batted is null (the 'X'). */
function innings(state: BaseballState): PeriodCell[] {
  const { home, away } = state.lineScore;
  return Array.from({ length: Math.max(home.length, away.length) }, (_, index) => ({
    period: `T${index + 1}`,
    home: home[index] ?? null,
    away: away[index] ?? null,
  }));
}

/** Runs of each innings in the batting side's column: INN1, INN2, then super overs SO1... */
function cricketInnings(state: CricketState): PeriodCell[] {
  return state.innings.map((innings, index) => ({
    period: index < 2 ? `INN${index + 1}` : `SO${index - 1}`,
    home: innings.batting === 'home' ? innings.runs : null,
    away: innings.batting === 'away' ? innings.runs : null,
  }));
}

function livePeriod(state: HeadToHead, facts: MatchFacts): { period: string; clock: LiveClock | null } {
  const running = (seconds: number, direction: 'up' | 'down', periodEndsAt: number | null): LiveClock => ({
    seconds,
    direction,
    running: direction === 'up' || seconds > 0,
    rate: facts.clockRate,
    asOf: facts.asOf,
    periodEndsAt,
  });
  switch (state.family) {
    case 'soccer': {
      const { period, secondsInPeriod } = state.clock;
      if (period === 'PEN') return { period, clock: null };
      const seconds = SOCCER_MINUTES_BEFORE[period] * 60 + secondsInPeriod;
      return { period, clock: running(seconds, 'up', SOCCER_MINUTES_AT_END[period] * 60) };
    }
    case 'basketball':
    case 'american_football':
      return { period: state.clock.period, clock: running(state.clock.secondsLeft, 'down', null) };
    case 'baseball':
      return { period: `${state.half === 'top' ? 'T' : 'B'}${state.inning}`, clock: null };
    case 'cricket': {
      const number = Math.max(1, state.innings.length);
      return { period: number <= 2 ? `INN${number}` : `SO${number - 2}`, clock: null };
    }
    default:
      return { period: `${SERIES_PREFIX[state.family]}${Math.max(1, state.games.length)}`, clock: null };
  }
}

/** The top of the lobby, best first; teams the row does not know are left out. */
function lobbyStandings(state: BattleRoyaleState, teams: readonly TeamRef[]): MatchSummary['lobby'] {
  const standings: NonNullable<MatchSummary['lobby']> = [];
  for (const [index, standing] of state.standings.entries()) {
    const team = teams[standing.team];
    if (team) standings.push({ team, points: standing.points, rank: index + 1 });
    if (standings.length === LOBBY_TOP) break;
  }
  return standings;
}
