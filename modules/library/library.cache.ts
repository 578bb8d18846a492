import type { Locale } from '../../lib/locales';
import type { MatchBoard } from '../matches';
import type { CatalogueQuery } from './catalogue';
import type { LeagueQuery, Leagues } from './leagues.service';
import type { Players } from './players.service';
import type { Squads } from './squads.service';
import type { TableScope, Tables } from './tables.service';

/**
 * How many competitions, teams and players have answers kept; the one asked for longest ago goes
 * first. A team's or player's answer is a few kilobytes: 2,000 of each is some tens of megabytes.
 */
const MAX_COMPETITIONS = 500;
const MAX_TEAMS = 2_000;
const MAX_PLAYERS = 2_000;
/** Lists of competitions kept (by their query); the oldest goes first. */
const MAX_LISTS = 500;
/**
 * How long an answer is kept at most: changes the board does not announce (a new competition,
 * season or stage, fixtures outside its window) show within this time.
 */
const MAX_AGE_MS = 60_000;

interface Kept {
  answer: Promise<unknown>;
  expires: number;
}

export type Library = Tables & Leagues & Squads & Players;

/** Answers kept by the id they are about (a competition, a team), the least recently asked dropped first. */
function keptGroups(max: number) {
  const groups = new Map<number, Map<string, Kept>>();
  return {
    of(id: number): Map<string, Kept> {
      let kept = groups.get(id);
      if (kept) {
        // Asked for again: it moves to the back of the eviction order.
        groups.delete(id);
      } else {
        kept = new Map();
        if (groups.size >= max) groups.delete(groups.keys().next().value as number);
      }
      groups.set(id, kept);
      return kept;
    },
    forget: (id: number | undefined) => id !== undefined && groups.delete(id),
  };
}

/**
 * The data library's answers computed once and kept: a competition's overview, tables, brackets
 * and schedules, and a team's profile, until one of their matches changes on any instance (the
 * board hears of every change); lists and players' pages (their numbers come in as matches end)
 * for a while. A fan's refresh, or a page opened by thousands
 * while a match is in play, costs no query; concurrent askers share one computation.
 */
export function cacheLibrary(
  {
    tables,
    leagues,
    squads,
    players,
  }: { tables: Tables; leagues: Leagues; squads: Squads; players: Players },
  board: Pick<MatchBoard, 'subscribe'>,
  options: { now?: () => number } = {},
): Library {
  const now = options.now ?? Date.now;
  const byCompetition = keptGroups(MAX_COMPETITIONS);
  const byTeam = keptGroups(MAX_TEAMS);
  const byPlayer = keptGroups(MAX_PLAYERS);
  const lists = new Map<string, Kept>();
  // The subscription lasts as long as the board, which stops with the app.
  board.subscribe((summary) => {
    byCompetition.forget(summary.league.id);
    byTeam.forget(summary.home?.id);
    byTeam.forget(summary.away?.id);
  });

  /** The kept answer of `key` in `kept`, or `compute()`'s, kept unless it fails. */
  function keep<T>(kept: Map<string, Kept>, key: string, compute: () => Promise<T>): Promise<T> {
    const hit = kept.get(key);
    if (hit && hit.expires > now()) return hit.answer as Promise<T>;
    const answer = compute();
    const entry = { answer, expires: now() + MAX_AGE_MS };
    kept.set(key, entry);
    // A failure (an unknown league) is not kept: the next ask tries again.
    answer.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return answer;
  }

  /** A list asked for by `query`, kept for a while. */
  function list<Q, T>(view: string, compute: (query: Q) => Promise<T>) {
    return (query: Q): Promise<T> => {
      if (lists.size >= MAX_LISTS) lists.delete(lists.keys().next().value as string);
      return keep(lists, `${view}|${JSON.stringify(query)}`, () => compute(query));
    };
  }

  function cached<T>(view: string, compute: (competitionId: number, scope?: TableScope) => Promise<T>) {
    return (competitionId: number, scope?: TableScope): Promise<T> =>
      keep(
        byCompetition.of(competitionId),
        `${view}|${scope?.seasonId ?? ''}|${scope?.stageId ?? ''}|${scope?.locale ?? ''}`,
        () => compute(competitionId, scope),
      );
  }

  return {
    standings: cached('standings', tables.standings),
    bracket: cached('bracket', tables.bracket),
    schedule: cached('schedule', tables.schedule),
    overview: cached('overview', leagues.overview),
    regions: (gameIds = []) => keep(lists, `regions|${gameIds.join(',')}`, () => leagues.regions(gameIds)),
    list: list('leagues', (query: LeagueQuery) => leagues.list(query)),
    teams: list('teams', (query: CatalogueQuery) => squads.teams(query)),
    team: (teamId: number, locale?: Locale) =>
      keep(byTeam.of(teamId), `team|${locale ?? ''}`, () => squads.team(teamId, locale)),
    players: list('players', (query: CatalogueQuery) => players.players(query)),
    player: (playerId: number, locale?: Locale) =>
      keep(byPlayer.of(playerId), `player|${locale ?? ''}`, () => players.player(playerId, locale)),
  };
}
