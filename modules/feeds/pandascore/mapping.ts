import type {
  FeedCompetition,
  FeedMatch,
  FeedSeason,
  FeedStage,
  FeedTeam,
  Fixtures,
  MatchUpdate,
} from '../../matches';
import type {
  GameScore,
  GenericState,
  Incident,
  IncidentType,
  MatchStatus,
  MobaMap,
  Score,
  SeriesState,
  ShooterMap,
  Side,
  SportRules,
} from '../../sports';
import { rulesForGame } from '../../sports';
import type { PsGame, PsMatch, PsMatchStatus, PsOpponent, PsTournament } from './format';
import { gameOfVideogame, type PandaScoreGame } from './games';

/** How PandaScore's matches and live frames become fixtures and match updates of the store. */

export const SOURCE = 'pandascore';

const STATUS: Record<PsMatchStatus, MatchStatus> = {
  not_started: 'not_started',
  running: 'in_progress',
  finished: 'finished',
  canceled: 'cancelled',
  postponed: 'postponed',
};

/** One side of the game in play as a live frame or event tells it. */
export interface LiveSide {
  /** PandaScore's team id. */
  teamId: number;
  /** Rounds won on the map (shooters) or kills (MOBAs). */
  points: number;
  towers: number;
  gold: number;
  /** Barons, Roshans... taken. */
  objectives: number;
}

/** The game in play as the live API last told it. */
export interface LiveGame {
  /** PandaScore's game id. */
  gameId: number;
  finished: boolean;
  /** The winning team's id once finished. */
  winnerId: number | null;
  sides: readonly [LiveSide, LiveSide];
  /**
   * How far the game has gone, to order frames that come late or twice: rounds played × 1000 +
   * seconds of the round (shooters), seconds of the game (MOBAs).
   */
  progress: number;
  /** The in-game clock, where the title has one. */
  gameSeconds: number;
}

/** Whether `next` tells more of the game than `known`: a finished game beats one in play. */
export function isNewer(next: LiveGame, known: LiveGame | undefined): boolean {
  if (!known) return true;
  if (next.finished !== known.finished) return next.finished;
  return next.progress > known.progress;
}

/** What the feed knows of a match: PandaScore's latest answer and the live games of it. */
export interface MatchTrack {
  match: PsMatch;
  game: PandaScoreGame;
  /** By PandaScore's game id. */
  live: Map<number, LiveGame>;
  /** The seq last sent (0: none yet). */
  seq: number;
  /** The match was postponed after it had begun, so a resume at the same point must still move seq. */
  postponedInPlay: boolean;
}

// The version of a match (its seq) is a function of how far it has gone, so that no answer, frame or
// event that comes late, twice or out of order can move it back, and a restart computes the same.
const BAND = 1e12;
/** Per game decided, within the band of a match in play. */
const PER_GAME = 1e10;
const MAX_PROGRESS = 99_999_999;

const seconds = (iso: string | null | undefined) => {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
};

const opponentKey = (o: PsOpponent) => (o.type === 'Player' ? `p${o.opponent.id}` : String(o.opponent.id));

/** Our side of a PandaScore team or player id in this match. */
function sideFinder(m: PsMatch): (id: number | null | undefined) => Side | undefined {
  const [home, away] = m.opponents;
  return (id) => {
    if (id == null) return undefined;
    if (home?.opponent.id === id) return 'home';
    return away?.opponent.id === id ? 'away' : undefined;
  };
}

interface GameLine {
  position: number;
  winner: Side | null;
  finished: boolean;
  seconds: number;
  live: LiveGame | undefined;
}

/** The games played or in play, in order, each with what the live API told of it. */
function linesOf(track: MatchTrack): GameLine[] {
  const m = track.match;
  const sideOf = sideFinder(m);
  const lines: GameLine[] = [];
  const listed = new Set<number>();
  for (const game of [...m.games].sort((a, b) => a.position - b.position)) {
    listed.add(game.id);
    const live = track.live.get(game.id);
    if (!isPlayed(game) && !live) continue;
    lines.push(lineOf(game.position, game, live, sideOf));
  }
  // A game the live API tells of before the answer lists it.
  for (const live of track.live.values())
    if (!listed.has(live.gameId)) lines.push(lineOf(lines.length + 1, undefined, live, sideOf));
  return lines.sort((a, b) => a.position - b.position);
}

function isPlayed(game: PsGame): boolean {
  return game.status === 'running' || game.status === 'finished' || game.finished || game.winner?.id != null;
}

function lineOf(
  position: number,
  game: PsGame | undefined,
  live: LiveGame | undefined,
  sideOf: (id: number | null | undefined) => Side | undefined,
): GameLine {
  const winnerId = game?.winner?.id ?? (live?.finished ? live.winnerId : null);
  const finished = Boolean(
    game?.finished || game?.status === 'finished' || live?.finished || winnerId != null,
  );
  return {
    position,
    winner: sideOf(winnerId) ?? null,
    finished,
    seconds: game?.length ?? live?.gameSeconds ?? 0,
    live,
  };
}

/** A live side's numbers for our home and away. */
function liveScore(
  live: LiveGame | undefined,
  sideOf: (id: number) => Side | undefined,
  pick: keyof LiveSide,
) {
  const score: Score = { home: 0, away: 0 };
  for (const side of live?.sides ?? []) {
    const ours = sideOf(side.teamId);
    if (ours) score[ours] = side[pick];
  }
  return score;
}

/** The map or game of the state, in the shape of the title's family. */
function gameScoreOf(
  rules: SportRules,
  line: GameLine | undefined,
  sideOf: (id: number) => Side | undefined,
) {
  const points = liveScore(line?.live, sideOf, 'points');
  const winner = line?.winner ?? null;
  switch (rules.family) {
    case 'moba':
      return {
        ...points,
        winner,
        towers: liveScore(line?.live, sideOf, 'towers'),
        gold: liveScore(line?.live, sideOf, 'gold'),
        majorObjectives: liveScore(line?.live, sideOf, 'objectives'),
        firstBlood: null,
        gameSeconds: line?.live?.gameSeconds ?? line?.seconds ?? 0,
        objectiveUpAt: 0,
      } satisfies MobaMap;
    case 'tactical_shooter':
      // Both shooters play halves of 12 rounds: at 12-12 the map goes to overtime.
      return { ...points, winner, overtime: points.home >= 12 && points.away >= 12 } satisfies ShooterMap;
    default:
      return { ...points, winner } satisfies GameScore;
  }
}

/** A series state of the title not yet started, `bestOf` as PandaScore gives it (a best of 2 too). */
function initialState(rules: SportRules, m: PsMatch): SeriesState {
  const state = rules.initial() as SeriesState;
  if (m.number_of_games > 0) state.bestOf = m.number_of_games;
  return state;
}

export function statusOf(track: MatchTrack): MatchStatus {
  const status = STATUS[track.match.status];
  // The live API is ahead of the answer that still says not started.
  return status === 'not_started' && track.live.size > 0 ? 'in_progress' : status;
}

const PREFIX: Partial<Record<SeriesState['family'], string>> = { moba: 'M', tactical_shooter: 'M' };

/**
 * The whole state of the match by the sports rules of its game: maps won per side as the score,
 * each game played as a map (its rounds or kills from the live API where it told them), the map in
 * play as the period, and the timeline of the maps won.
 */
export function stateOf(track: MatchTrack): SeriesState {
  const m = track.match;
  const rules = rulesForGame(track.game.gameId);
  if (!rules) throw new Error(`no rules for game ${track.game.gameId}`);
  const state = initialState(rules, m);
  const sideOf = sideFinder(m);
  const status = statusOf(track);
  state.status = status;
  const lines = linesOf(track);

  const won: Score = { home: 0, away: 0 };
  for (const line of lines) if (line.winner) won[line.winner] += 1;
  const results: Score = { home: 0, away: 0 };
  for (const result of m.results) {
    const side = sideOf(result.team_id ?? result.player_id);
    if (side) results[side] = result.score;
  }
  state.score = { home: Math.max(won.home, results.home), away: Math.max(won.away, results.away) };
  state.winner = status === 'finished' && !m.draw ? (sideOf(m.winner_id) ?? null) : null;

  const games = lines.map((line) => gameScoreOf(rules, line, sideOf));
  const seriesWon =
    m.match_type === 'best_of' && Math.max(state.score.home, state.score.away) > m.number_of_games / 2;
  // Between two maps of a match in play, the next one is shown at 0-0.
  if (status === 'in_progress' && !seriesWon && lines.every((line) => line.finished))
    games.push(gameScoreOf(rules, undefined, sideOf));
  (state as { games: unknown[] }).games = games;

  const current = lines.find((line) => !line.finished);
  const played = lines.filter((line) => line.finished).reduce((sum, line) => sum + line.seconds, 0);
  state.elapsedSeconds = played + (current?.live?.gameSeconds ?? 0);
  if (state.family === 'generic') (state as GenericState).gameSeconds = current?.live?.gameSeconds ?? 0;
  state.incidents = incidentsOf(track, lines, state, PREFIX[state.family] ?? 'G');
  return state;
}

/**
 * The timeline PandaScore's answers tell again after a restart, so that each incident keeps its
 * seq: the start, each map won with the series score after it, the end.
 */
function incidentsOf(track: MatchTrack, lines: GameLine[], state: SeriesState, prefix: string): Incident[] {
  const m = track.match;
  const incidents: Incident[] = [];
  let elapsed = 0;
  const add = (type: IncidentType, period: string, extra: Partial<Incident> = {}) =>
    incidents.push({ seq: incidents.length + 1, type, elapsedSeconds: elapsed, period, ...extra });
  const begun = lines.length > 0 || m.status === 'running' || track.live.size > 0;
  if (begun) add('match_started', `${prefix}1`);
  const series: Score = { home: 0, away: 0 };
  for (const line of lines) {
    if (!line.winner) continue;
    elapsed += line.seconds;
    series[line.winner] += 1;
    add('map_won', `${prefix}${line.position}`, {
      side: line.winner,
      score: { ...series },
      value: line.position,
    });
  }
  if (state.status === 'finished')
    add('match_finished', `${prefix}${Math.max(1, lines.length)}`, {
      score: { ...state.score },
      ...(state.winner ? { side: state.winner } : {}),
    });
  return incidents;
}

/**
 * The match's version: 1e12 + the second PandaScore last changed it while it has not begun
 * (rescheduled, postponed), 2e12 + games decided × 1e10 + the live progress of the game in play
 * × 10 while in play (the last digit for a postponement and a resume at the same point), 3e12 +
 * that second once it is over (finished or cancelled, a corrected result later still).
 */
export function seqOf(track: MatchTrack): number {
  const m = track.match;
  const status = statusOf(track);
  if (status === 'finished' || status === 'cancelled') return 3 * BAND + seconds(m.modified_at);
  const lines = linesOf(track);
  const begun = lines.length > 0 || track.live.size > 0 || m.status === 'running';
  if (!begun) return BAND + seconds(m.modified_at);
  const decided = lines.filter((line) => line.finished).length;
  const current = lines.find((line) => !line.finished);
  const progress = Math.min(Math.max(0, Math.floor(current?.live?.progress ?? 0)), MAX_PROGRESS);
  const last = status === 'postponed' ? 1 : track.postponedInPlay ? 2 : 0;
  return 2 * BAND + decided * PER_GAME + progress * 10 + last;
}

/** When the match is played: its official time, moved when it is rescheduled. */
function startsAtOf(m: PsMatch): Date {
  return new Date(m.scheduled_at ?? m.begin_at ?? m.original_scheduled_at ?? m.modified_at);
}

/** One match as the store's update; `sourceAt` is PandaScore's time of a REST answer. */
export function updateOf(track: MatchTrack, sourceAt?: number): MatchUpdate {
  const state = stateOf(track);
  return {
    externalId: String(track.match.id),
    seq: seqOf(track),
    status: state.status,
    startsAt: startsAtOf(track.match),
    state,
    clockRate: 1,
    ...(sourceAt === undefined ? {} : { sourceAt }),
  };
}

// Fixtures ----------------------------------------------------------------------------------------

/** Tiers of a tournament as the rank of its league (lower is more prominent). */
const TIER_RANK: Record<string, number> = { s: 10, a: 20, b: 30, c: 40, d: 50 };
const UNRANKED = 60;

/** PandaScore's regions as the store's: continents, or the world. */
const REGIONS: Record<string, string> = {
  WEU: 'EU',
  EEU: 'EU',
  EU: 'EU',
  NA: 'AM',
  SA: 'AM',
  LATAM: 'AM',
  ASIA: 'AS',
  OCE: 'OC',
  ME: 'ME',
  AF: 'AF',
};

const day = (iso: string | null | undefined, fallback: string) => (iso ?? fallback).slice(0, 10);

function regionOf(t: PsTournament): string {
  if (t.country && /^[A-Z]{2}$/.test(t.country)) return t.country;
  return REGIONS[t.region ?? ''] ?? 'world';
}

function rankOf(t: PsTournament): number {
  return TIER_RANK[(t.tier ?? '').toLowerCase()] ?? UNRANKED;
}

export function competitionOf(m: PsMatch, game: PandaScoreGame, rank: number): FeedCompetition {
  return {
    externalId: String(m.league.id),
    gameId: game.gameId,
    name: m.league.name,
    shortName: m.league.name,
    region: regionOf(m.tournament),
    logo: m.league.image_url,
    format: 'tournament',
    rank,
  };
}

export function seasonOf(m: PsMatch, now: number): FeedSeason {
  const s = m.serie;
  const starts = day(s.begin_at ?? m.tournament.begin_at, startsAtOf(m).toISOString());
  const ends = day(s.end_at ?? m.tournament.end_at, starts);
  return {
    externalId: String(s.id),
    competitionExternalId: String(m.league.id),
    name: s.full_name || [s.name, s.year].filter(Boolean).join(' ') || String(s.year ?? ''),
    startsOn: starts,
    // Dates as YYYY-MM-DD compare as text.
    endsOn: ends.localeCompare(starts) < 0 ? starts : ends,
    current: !s.end_at || Date.parse(s.end_at) >= now,
  };
}

function stageKind(t: PsTournament): FeedStage['kind'] {
  if (/group/i.test(t.name)) return 'groups';
  if (t.has_bracket || /playoff|bracket|final|knockout|elimination/i.test(t.name)) return 'knockout';
  return 'league';
}

export function teamsOf(m: PsMatch, game: PandaScoreGame): FeedTeam[] {
  return m.opponents.map((o) => ({
    externalId: opponentKey(o),
    gameId: game.gameId,
    name: o.opponent.name,
    shortName: o.opponent.acronym || o.opponent.name,
    country: o.opponent.location ?? o.opponent.nationality ?? null,
    logo: o.opponent.image_url,
  }));
}

function matchOf(track: MatchTrack): FeedMatch {
  const m = track.match;
  const [home, away] = m.opponents;
  return {
    externalId: String(m.id),
    gameId: track.game.gameId,
    competitionExternalId: String(m.league.id),
    seasonExternalId: String(m.serie.id),
    stageExternalId: String(m.tournament.id),
    groupName: /^group\s+([a-z0-9]{1,2})$/i.exec(m.tournament.name)?.[1]?.toUpperCase() ?? null,
    homeTeamExternalId: home ? opponentKey(home) : null,
    awayTeamExternalId: away ? opponentKey(away) : null,
    startsAt: startsAtOf(m),
    bestOf: m.number_of_games > 0 ? m.number_of_games : null,
    initial: updateOf(track, Date.parse(m.modified_at)),
  };
}

/** A new track of a match of a game the feed brings; undefined for another videogame's. */
export function trackOf(m: PsMatch, games: ReadonlySet<number>): MatchTrack | undefined {
  const game = gameOfVideogame(m.videogame.slug);
  if (!game || !games.has(game.gameId)) return undefined;
  return { match: m, game, live: new Map(), seq: 0, postponedInPlay: false };
}

/**
 * The fixtures of the tracked matches: leagues as competitions (ranked by their best tier), series
 * as seasons, tournaments as stages (in the order they begin within their series), opponents as
 * teams with their logos.
 */
export function fixturesOf(tracks: readonly MatchTrack[], now: number): Fixtures {
  const competitions = new Map<string, FeedCompetition>();
  const seasons = new Map<string, FeedSeason>();
  const stages = new Map<string, PsTournament & { serieId: number }>();
  const teams = new Map<string, FeedTeam>();
  const ranks = new Map<number, number>();
  for (const { match: m } of tracks)
    ranks.set(m.league.id, Math.min(ranks.get(m.league.id) ?? UNRANKED, rankOf(m.tournament)));
  for (const track of tracks) {
    const m = track.match;
    competitions.set(String(m.league.id), competitionOf(m, track.game, ranks.get(m.league.id) ?? UNRANKED));
    seasons.set(String(m.serie.id), seasonOf(m, now));
    stages.set(String(m.tournament.id), { ...m.tournament, serieId: m.serie.id });
    for (const team of teamsOf(m, track.game)) teams.set(team.externalId, team);
  }
  const ordered = [...stages.values()].sort(
    (a, b) => (Date.parse(a.begin_at ?? '') || 0) - (Date.parse(b.begin_at ?? '') || 0) || a.id - b.id,
  );
  const ordinals = new Map<number, number>();
  return {
    competitions: [...competitions.values()],
    seasons: [...seasons.values()],
    stages: ordered.map((t) => {
      const ordinal = (ordinals.get(t.serieId) ?? 0) + 1;
      ordinals.set(t.serieId, ordinal);
      return {
        externalId: String(t.id),
        seasonExternalId: String(t.serieId),
        name: t.name,
        kind: stageKind(t),
        ordinal,
      };
    }),
    teams: [...teams.values()],
    matches: tracks.map(matchOf),
  };
}
