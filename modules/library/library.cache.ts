import type { MatchBoard } from '../matches/board';
import type { LeagueQuery, Leagues } from './leagues.service';
import type { Tables } from './tables.service';

/** Competitions whose answers are kept; the one asked for longest ago goes first. */
const MAX_COMPETITIONS = 500;
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

type Scope = { seasonId?: number; stageId?: number };

/**
 * The data library's answers computed once and kept: a competition's overview, tables, brackets
 * and schedules until one of its matches changes on any instance (the board hears of every
 * change), and lists of competitions for a while. A fan's refresh, or a page opened by thousands
 * while a match is in play, costs no query; concurrent askers share one computation.
 */
export function cacheLibrary(
  tables: Tables,
  leagues: Leagues,
  board: Pick<MatchBoard, 'subscribe'>,
  options: { now?: () => number } = {},
): Tables & Leagues {
  const now = options.now ?? Date.now;
  const byCompetition = new Map<number, Map<string, Kept>>();
  const lists = new Map<string, Kept>();
  // The subscription lasts as long as the board, which stops with the app.
  board.subscribe((summary) => byCompetition.delete(summary.league.id));

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

  function ofCompetition(competitionId: number): Map<string, Kept> {
    let kept = byCompetition.get(competitionId);
    if (kept) {
      // Asked for again: it moves to the back of the eviction order.
      byCompetition.delete(competitionId);
    } else {
      kept = new Map();
      if (byCompetition.size >= MAX_COMPETITIONS)
        byCompetition.delete(byCompetition.keys().next().value as number);
    }
    byCompetition.set(competitionId, kept);
    return kept;
  }

  function cached<T>(view: string, compute: (competitionId: number, scope?: Scope) => Promise<T>) {
    return (competitionId: number, scope?: Scope): Promise<T> =>
      keep(ofCompetition(competitionId), `${view}|${scope?.seasonId ?? ''}|${scope?.stageId ?? ''}`, () =>
        compute(competitionId, scope),
      );
  }

  return {
    standings: cached('standings', tables.standings),
    bracket: cached('bracket', tables.bracket),
    schedule: cached('schedule', tables.schedule),
    overview: cached('overview', leagues.overview),
    regions: (gameIds = []) => keep(lists, `regions|${gameIds.join(',')}`, () => leagues.regions(gameIds)),
    list: (query: LeagueQuery) => {
      if (lists.size >= MAX_LISTS) lists.delete(lists.keys().next().value as string);
      return keep(lists, JSON.stringify(query), () => leagues.list(query));
    },
  };
}
