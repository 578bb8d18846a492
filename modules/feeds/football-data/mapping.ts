import type {
  FeedCompetition,
  FeedMatch,
  FeedPlayer,
  FeedSeason,
  FeedStage,
  FeedTeam,
  Fixtures,
  IncidentPlayers,
  MatchUpdate,
} from '../../matches';
import type {
  Incident,
  MatchStatus,
  PeriodScore,
  Score,
  Side,
  SoccerClock,
  SoccerPeriod,
  SoccerState,
} from '../../sports';
import { soccer } from '../../sports';
import type { V4Competition, V4Goals, V4Match, V4Person, V4Season, V4Status, V4Team } from './format';

/** How football-data.org's data becomes fixtures and match updates of the store. */

export const SOURCE = 'football-data';

const STATUS: Record<V4Status, MatchStatus> = {
  SCHEDULED: 'not_started',
  TIMED: 'not_started',
  IN_PLAY: 'in_progress',
  // Half-time, or the break before extra time.
  PAUSED: 'in_progress',
  FINISHED: 'finished',
  // A result given at the table is final like one played out.
  AWARDED: 'finished',
  // Stopped part-way: like a postponed match, it may resume.
  SUSPENDED: 'postponed',
  POSTPONED: 'postponed',
  CANCELLED: 'cancelled',
};

/** Stages in play order; those before REGULAR_SEASON are qualifying rounds. */
const STAGES = [
  'PRELIMINARY_ROUND',
  'QUALIFICATION',
  'QUALIFICATION_ROUND_1',
  'QUALIFICATION_ROUND_2',
  'QUALIFICATION_ROUND_3',
  'PLAYOFF_ROUND',
  'REGULAR_SEASON',
  'LEAGUE_STAGE',
  'GROUP_STAGE',
  'PLAYOFFS',
  'ROUND_1',
  'ROUND_2',
  'ROUND_3',
  'ROUND_4',
  'LAST_64',
  'LAST_32',
  'LAST_16',
  'QUARTER_FINALS',
  'SEMI_FINALS',
  'THIRD_PLACE',
  'FINAL',
];
const TABLE_STAGES = new Set(['REGULAR_SEASON', 'LEAGUE_STAGE']);

/** The provider's three-letter areas as ISO 3166 alpha-2 countries, continents or the world. */
const REGIONS: Record<string, string> = {
  ENG: 'GB',
  SCO: 'GB',
  ESP: 'ES',
  DEU: 'DE',
  ITA: 'IT',
  FRA: 'FR',
  NLD: 'NL',
  PRT: 'PT',
  BRA: 'BR',
  BEL: 'BE',
  ARG: 'AR',
  USA: 'US',
  EUR: 'EU',
  SAM: 'SA',
  AFR: 'AF',
  ASI: 'AS',
  INT: 'world',
};

/** Positions of a squad as the store names them (GK DF MF FW). */
const POSITIONS: [RegExp, string][] = [
  [/goal/i, 'GK'],
  [/back|defen/i, 'DF'],
  [/midfield/i, 'MF'],
  [/offen|forward|wing|striker/i, 'FW'],
];

// Minutes played before each period starts (Law 7).
const MINUTES_BEFORE: Record<SoccerPeriod, number> = { H1: 0, H2: 45, ET1: 90, ET2: 105, PEN: 120 };
const MINUTES_IN: Record<Exclude<SoccerPeriod, 'PEN'>, number> = { H1: 45, H2: 45, ET1: 15, ET2: 15 };

const id = (value: number | null | undefined) => (value == null ? null : String(value));
const goals = (g: V4Goals | undefined | null): Score => ({ home: g?.home ?? 0, away: g?.away ?? 0 });
const minus = (a: Score, b: Score): Score => ({
  home: Math.max(0, a.home - b.home),
  away: Math.max(0, a.away - b.away),
});
const plus = (a: Score, b: Score): Score => ({ home: a.home + b.home, away: a.away + b.away });
const isKnown = (g: V4Goals | undefined | null) => g != null && g.home !== null && g.away !== null;

export function competitionOf(c: V4Competition, rank: number): FeedCompetition {
  return {
    externalId: String(c.id),
    gameId: soccer.gameId,
    name: c.name,
    shortName: c.code,
    region: REGIONS[c.area?.code ?? ''] ?? 'world',
    logo: c.emblem ?? null,
    format: c.type === 'LEAGUE' ? 'league' : 'cup',
    rank,
  };
}

export function seasonOf(c: V4Competition, s: V4Season): FeedSeason {
  const [from, to] = [s.startDate.slice(0, 4), s.endDate.slice(0, 4)];
  return {
    externalId: String(s.id),
    competitionExternalId: String(c.id),
    name: from === to ? from : `${from}/${to.slice(2)}`,
    startsOn: s.startDate,
    endsOn: s.endDate,
    current: c.currentSeason?.id === s.id,
  };
}

function stageOf(m: V4Match): FeedStage {
  const order = STAGES.indexOf(m.stage);
  const words = m.stage.toLowerCase().replaceAll('_', ' ');
  return {
    externalId: `${m.season.id}:${m.stage}`,
    seasonExternalId: String(m.season.id),
    name: words.charAt(0).toUpperCase() + words.slice(1),
    kind: TABLE_STAGES.has(m.stage) ? 'league' : m.stage === 'GROUP_STAGE' ? 'groups' : 'knockout',
    ordinal: order < 0 ? STAGES.length + 1 : order + 1,
  };
}

export function teamOf(t: V4Team): FeedTeam | null {
  if (t.id == null || !t.name) return null;
  return {
    externalId: String(t.id),
    gameId: soccer.gameId,
    name: t.name,
    shortName: t.shortName ?? t.tla ?? t.name,
    country: t.area ? (REGIONS[t.area.code] ?? null) : null,
    logo: t.crest ?? null,
    founded: t.founded ?? null,
    venue: t.venue ?? null,
  };
}

export function playersOf(t: V4Team): FeedPlayer[] {
  return (t.squad ?? []).map((p) => ({
    externalId: String(p.id),
    teamExternalId: id(t.id),
    gameId: soccer.gameId,
    name: p.name,
    position: POSITIONS.find(([pattern]) => pattern.test(p.position ?? ''))?.[1] ?? null,
    shirtNumber: p.shirtNumber ?? null,
    nationality: p.nationality ?? null,
    birthDate: p.dateOfBirth ?? null,
  }));
}

/** The period a minute of play belongs to: 45+2 is still the first half. */
function periodAt(minute: number): Exclude<SoccerPeriod, 'PEN'> {
  if (minute <= 45) return 'H1';
  if (minute <= 90) return 'H2';
  return minute <= 105 ? 'ET1' : 'ET2';
}

/** The period in play (or the last one played) as the score and the minute tell it. */
function currentPeriod(m: V4Match, minute: number | null): SoccerPeriod {
  if (m.score.duration === 'PENALTY_SHOOTOUT') return 'PEN';
  if (m.score.duration === 'EXTRA_TIME')
    return (minute ?? 0) > 105 || m.status === 'FINISHED' ? 'ET2' : 'ET1';
  if (m.status === 'FINISHED' || m.status === 'AWARDED') return 'H2';
  // The half-time score is set when the first half ends (status PAUSED).
  if (!isKnown(m.score.halfTime)) return 'H1';
  return m.status === 'PAUSED' && (minute ?? 45) <= 45 ? 'H1' : 'H2';
}

/**
 * The minute shown: the provider's when its plan gives it, else the minutes since kick-off less
 * the half-time break, kept within the period.
 */
function minuteOf(m: V4Match, period: SoccerPeriod, now: number): number {
  if (period === 'PEN') return 120;
  const first = MINUTES_BEFORE[period] + 1;
  const last = MINUTES_BEFORE[period] + MINUTES_IN[period];
  if (m.minute != null) return Math.min(Math.max(m.minute, first), last);
  const sinceKickOff = Math.floor((now - Date.parse(m.utcDate)) / 60_000) + 1;
  const breaks = period === 'H1' ? 0 : period === 'H2' ? 15 : 20;
  return Math.min(Math.max(sinceKickOff - breaks, first), last);
}

function clockOf(m: V4Match, period: SoccerPeriod, now: number): SoccerClock {
  const minute = minuteOf(m, period, now);
  const addedMinute = m.status === 'IN_PLAY' ? (m.injuryTime ?? 0) : 0;
  return {
    period,
    secondsInPeriod: (minute - 1 - MINUTES_BEFORE[period] + addedMinute) * 60,
    minute,
    addedMinute,
    addedSeconds: addedMinute > 0 ? addedMinute * 60 : null,
  };
}

interface Timed {
  minute: number;
  injuryTime: number;
  incident: Omit<Incident, 'seq'>;
  players: { player?: string; secondPlayer?: string };
}

/** Goals, cards and substitutions in the order they happened, then the shoot-out kicks. */
function incidentsOf(m: V4Match, sideOf: (team: V4Person) => Side | undefined) {
  const timed: Timed[] = [];
  const at = (minute: number, injuryTime = 0) => ({
    elapsedSeconds: (minute - 1 + injuryTime) * 60,
    period: periodAt(minute),
  });
  for (const g of m.goals ?? [])
    timed.push({
      minute: g.minute,
      injuryTime: g.injuryTime ?? 0,
      incident: {
        ...at(g.minute, g.injuryTime ?? 0),
        type: g.type === 'OWN' ? 'own_goal' : g.type === 'PENALTY' ? 'penalty_goal' : 'goal',
        // An own goal names the side it counts for, as the provider's team does.
        side: sideOf(g.team),
        score: goals(g.score),
      },
      players: { player: id(g.scorer.id) ?? undefined, secondPlayer: id(g.assist?.id) ?? undefined },
    });
  for (const b of m.bookings ?? [])
    timed.push({
      minute: b.minute,
      injuryTime: 0,
      incident: {
        ...at(b.minute),
        type: b.card === 'YELLOW' ? 'yellow_card' : 'red_card',
        side: sideOf(b.team),
      },
      players: { player: id(b.player.id) ?? undefined },
    });
  for (const s of m.substitutions ?? [])
    timed.push({
      minute: s.minute,
      injuryTime: 0,
      incident: { ...at(s.minute), type: 'substitution', side: sideOf(s.team) },
      players: { player: id(s.playerIn.id) ?? undefined, secondPlayer: id(s.playerOut.id) ?? undefined },
    });
  timed.sort((a, b) => a.minute - b.minute || a.injuryTime - b.injuryTime);

  const shootout: Score = { home: 0, away: 0 };
  for (const kick of m.penalties ?? []) {
    const side = sideOf(kick.team);
    if (side && kick.scored) shootout[side] += 1;
    timed.push({
      minute: 120,
      injuryTime: 0,
      incident: {
        elapsedSeconds: 120 * 60,
        period: 'PEN',
        type: kick.scored ? 'shootout_scored' : 'shootout_missed',
        side,
        score: { ...shootout },
      },
      players: { player: id(kick.player.id) ?? undefined },
    });
  }

  const incidents: Incident[] = [];
  const players: IncidentPlayers = {};
  timed.forEach((t, i) => {
    const seq = i + 1;
    incidents.push({ seq, ...t.incident });
    if (t.players.player || t.players.secondPlayer) players[seq] = t.players;
  });
  return { incidents, players };
}

/** Goals per period: halves from the half-time and regular-time scores, extra time split by minute. */
function periodsOf(m: V4Match, period: SoccerPeriod, regular: Score, extra: Score): PeriodScore[] {
  const half = isKnown(m.score.halfTime) ? goals(m.score.halfTime) : regular;
  const periods: PeriodScore[] = [{ period: 'H1', ...half }];
  if (period === 'H1') return periods;
  periods.push({ period: 'H2', ...minus(regular, half) });
  if (m.score.duration === 'REGULAR') return periods;
  const firstExtra: Score = { home: 0, away: 0 };
  for (const g of m.goals ?? []) {
    if (periodAt(g.minute) !== 'ET1') continue;
    if (g.team.id === m.homeTeam.id) firstExtra.home += 1;
    else firstExtra.away += 1;
  }
  periods.push({ period: 'ET1', ...firstExtra });
  if (period !== 'ET1') periods.push({ period: 'ET2', ...minus(extra, firstExtra) });
  return periods;
}

/** The whole state of the match as a SoccerState, built to agree with the provider's score. */
export function stateOf(m: V4Match, now: number): { state: SoccerState; incidentPlayers: IncidentPlayers } {
  const knockout = !TABLE_STAGES.has(m.stage) && m.stage !== 'GROUP_STAGE';
  const state = soccer.initial({ knockout });
  state.status = STATUS[m.status];
  const sideOf = (team: V4Person): Side | undefined =>
    team.id === m.homeTeam.id ? 'home' : team.id === m.awayTeam.id ? 'away' : undefined;
  const { incidents, players } = incidentsOf(m, sideOf);
  state.incidents = incidents;
  for (const incident of incidents) {
    if (!incident.side) continue;
    if (incident.type === 'yellow_card') state.yellowCards[incident.side] += 1;
    if (incident.type === 'red_card') state.redCards[incident.side] += 1;
    if (incident.type === 'substitution') state.substitutions[incident.side] += 1;
  }
  if (!isKnown(m.score.fullTime)) return { state, incidentPlayers: players };

  const played = m.score.duration !== 'REGULAR';
  const extra = played ? goals(m.score.extraTime) : { home: 0, away: 0 };
  const shootout = m.score.duration === 'PENALTY_SHOOTOUT' ? goals(m.score.penalties) : null;
  // After extra time or a shoot-out, fullTime counts those too: prefer the score of regular time.
  const regular = isKnown(m.score.regularTime)
    ? goals(m.score.regularTime)
    : minus(minus(goals(m.score.fullTime), extra), shootout ?? { home: 0, away: 0 });
  const period = currentPeriod(m, m.minute ?? null);
  state.score = plus(regular, extra);
  state.periods = periodsOf(m, period, regular, extra);
  state.clock = clockOf(m, period, now);
  state.elapsedSeconds = (MINUTES_BEFORE[period] + Math.max(0, state.clock.minute - 1)) * 60;
  if (period === 'PEN') state.elapsedSeconds = 120 * 60;
  if (shootout) {
    const kicks = (m.penalties ?? []).flatMap((k) => {
      const side = sideOf(k.team);
      return side ? [{ side, scored: k.scored }] : [];
    });
    state.shootout = { first: kicks[0]?.side ?? 'home', kicks, score: shootout };
  }
  if (state.status === 'finished')
    state.winner = m.score.winner === 'HOME_TEAM' ? 'home' : m.score.winner === 'AWAY_TEAM' ? 'away' : null;
  return { state, incidentPlayers: players };
}

/**
 * One match as the store's update. Its `seq` is the provider's `lastUpdated` in milliseconds, so
 * an answer older than one already stored changes nothing.
 */
export function updateOf(m: V4Match, now: number): MatchUpdate {
  const { state, incidentPlayers } = stateOf(m, now);
  return {
    externalId: String(m.id),
    seq: Date.parse(m.lastUpdated),
    status: state.status,
    startsAt: new Date(m.utcDate),
    state,
    incidentPlayers,
    clockRate: 1,
  };
}

function matchOf(m: V4Match, now: number): FeedMatch {
  return {
    externalId: String(m.id),
    gameId: soccer.gameId,
    competitionExternalId: String(m.competition.id),
    seasonExternalId: String(m.season.id),
    stageExternalId: stageOf(m).externalId,
    round: m.matchday,
    groupName: m.group?.replace(/^GROUP_/, '') ?? null,
    homeTeamExternalId: id(m.homeTeam.id),
    awayTeamExternalId: id(m.awayTeam.id),
    startsAt: new Date(m.utcDate),
    initial: updateOf(m, now),
  };
}

/**
 * The fixtures of the competitions, their squads and their matches. Teams met only in a match
 * (a cup opponent from another league) come from the match itself.
 */
export function fixturesOf(
  input: { competitions: V4Competition[]; squads: V4Team[]; matches: V4Match[] },
  now: number,
): Fixtures {
  const byId = <T extends { externalId: string }>(items: (T | null)[]) => [
    ...new Map(items.flatMap((item) => (item ? [[item.externalId, item] as const] : []))).values(),
  ];
  const competitions = new Map(input.competitions.map((c) => [c.id, c]));
  for (const m of input.matches)
    if (!competitions.has(m.competition.id)) competitions.set(m.competition.id, m.competition);
  const ranked = [...competitions.values()];
  return {
    competitions: ranked.map((c, i) => competitionOf(c, (i + 1) * 10)),
    seasons: byId([
      ...ranked.flatMap((c) => (c.currentSeason ? [seasonOf(c, c.currentSeason)] : [])),
      ...input.matches.map((m) => seasonOf(competitions.get(m.competition.id) ?? m.competition, m.season)),
    ]),
    stages: byId(input.matches.map(stageOf)),
    // Squads last: their teams carry more (founded, venue) than a match's.
    teams: byId([
      ...input.matches.flatMap((m) => [teamOf(m.homeTeam), teamOf(m.awayTeam)]),
      ...input.squads.map(teamOf),
    ]),
    players: byId(input.squads.flatMap(playersOf)),
    matches: input.matches.map((m) => matchOf(m, now)),
  };
}
