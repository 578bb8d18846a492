import { asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { competitions, matches, seasons, stages } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import { rulesForGame } from '../sports';
import { type BracketRound, buildBracket, type KnockoutMatch, type Tie } from './bracket';
import { fixtureColumns, withTeams } from './fixture-rows';
import {
  computeTable,
  POINTS_THEN_HEAD_TO_HEAD,
  SERIES_THEN_MAP_DIFFERENCE,
  type StandingRow,
  type TableResult,
  type TableRules,
  WIN_PERCENTAGE,
} from './standings';

/**
 * A competition's tables, brackets and schedule, computed from the stored results each time they
 * are asked for: no table is ever entered by hand, and a match in play counts as it stands.
 */

const tieBreaker = z.enum(['points', 'win_pct', 'head_to_head', 'difference', 'scored', 'wins']);
const zone = z.enum(['promotion', 'promotion_playoff', 'qualification', 'relegation_playoff', 'relegation']);
/**
 * `seasons.rules` as a feed stores it; anything missing falls back to the game's usual rules. Each
 * part is read on its own: zones this table cannot show do not throw away the season's order.
 */
const storedRules = z.object({
  points: z.object({ win: z.number(), draw: z.number(), loss: z.number() }).optional().catch(undefined),
  order: z.array(tieBreaker).min(1).optional().catch(undefined),
  zones: z
    .array(z.object({ from: z.number().int(), to: z.number().int(), zone }))
    .optional()
    .catch(undefined),
});

/** The usual table of a game: points in soccer, win percentage in the US sports, series in esports. */
export function defaultTableRules(gameId: number): TableRules {
  switch (rulesForGame(gameId)?.family) {
    case 'soccer':
    case 'cricket':
      return POINTS_THEN_HEAD_TO_HEAD;
    case 'basketball':
    case 'american_football':
    case 'baseball':
      return WIN_PERCENTAGE;
    default:
      return SERIES_THEN_MAP_DIFFERENCE;
  }
}

export function tableRules(gameId: number, stored: unknown): TableRules {
  const fallback = defaultTableRules(gameId);
  const parsed = storedRules.safeParse(stored);
  if (!parsed.success) return fallback;
  return {
    points: parsed.data.points ?? fallback.points,
    order: parsed.data.order ?? fallback.order,
    ...(parsed.data.zones ? { zones: parsed.data.zones } : {}),
  };
}

export interface TeamBadge {
  id: number;
  name: string;
  shortName: string;
  logo: string | null;
}

export interface StageRef {
  id: number;
  name: string;
  kind: string;
  ordinal: number;
  twoLegged: boolean;
}

export interface SeasonRef {
  id: number;
  name: string;
  current: boolean;
}

export interface GroupTable {
  /** The group of a group stage; null for a league table. */
  group: string | null;
  rows: (StandingRow & { team: TeamBadge })[];
}

export interface Fixture {
  id: number;
  round: number | null;
  groupName: string | null;
  leg: number | null;
  startsAt: number;
  status: string;
  home: TeamBadge | null;
  away: TeamBadge | null;
  homeScore: number;
  awayScore: number;
  result: string | null;
}

export type BracketView = {
  round: number;
  ties: (Omit<Tie, 'teams' | 'legs'> & { teams: (TeamBadge | null)[]; legs: Fixture[] })[];
}[];

/** What a table, bracket or schedule is of (a season, a stage: the current ones unless asked), and in which language. */
export interface TableScope {
  seasonId?: number;
  stageId?: number;
  /** The language teams are named in; the feed's names without it. */
  locale?: Locale;
}

/** A competition's stage: the one asked for, else the first of the season's stages of `kinds`. */
interface Scope {
  gameId: number;
  season: SeasonRef & { rules: unknown };
  seasons: SeasonRef[];
  stages: StageRef[];
  stage: StageRef | null;
}

export function createTables(db: Db) {
  async function scope(
    competitionId: number,
    options: { seasonId?: number; stageId?: number },
    kinds: string[],
  ): Promise<Scope> {
    const [competition] = await db
      .select({ gameId: competitions.gameId })
      .from(competitions)
      .where(eq(competitions.id, competitionId));
    if (!competition) throw new AppError('notFound');
    const allSeasons = await db
      .select({ id: seasons.id, name: seasons.name, current: seasons.current, rules: seasons.rules })
      .from(seasons)
      .where(eq(seasons.competitionId, competitionId))
      .orderBy(desc(seasons.startsOn));
    const season =
      options.seasonId === undefined
        ? (allSeasons.find((s) => s.current) ?? allSeasons[0])
        : allSeasons.find((s) => s.id === options.seasonId);
    if (!season) throw new AppError('notFound');
    const seasonStages = await db
      .select({
        id: stages.id,
        name: stages.name,
        kind: stages.kind,
        ordinal: stages.ordinal,
        twoLegged: stages.twoLegged,
      })
      .from(stages)
      .where(eq(stages.seasonId, season.id))
      .orderBy(asc(stages.ordinal));
    const stage =
      options.stageId === undefined
        ? (seasonStages.find((s) => kinds.includes(s.kind)) ?? null)
        : seasonStages.find((s) => s.id === options.stageId);
    if (stage === undefined) throw new AppError('notFound');
    return {
      gameId: competition.gameId,
      season,
      seasons: allSeasons.map(({ rules: _rules, ...rest }) => rest),
      stages: seasonStages,
      stage,
    };
  }

  /** The season's matches, or the stage's when there is one, with their teams named in `locale`. */
  async function fixtures(seasonId: number, stageId: number | null, locale?: Locale): Promise<Fixture[]> {
    const rows = await db
      .select(fixtureColumns)
      .from(matches)
      .where(stageId === null ? eq(matches.seasonId, seasonId) : eq(matches.stageId, stageId))
      .orderBy(asc(matches.startsAt), asc(matches.id));
    return withTeams(db, rows, locale);
  }

  return {
    /** The league table, or one table per group of a group stage; live matches count as they stand. */
    async standings(competitionId: number, options: TableScope = {}) {
      const at = await scope(competitionId, options, ['league', 'groups']);
      const rules = tableRules(at.gameId, at.season.rules);
      // A season of stages none of which is a table (a cup) has no table; one without stages is a league.
      const tabled = at.stage !== null || at.stages.length === 0;
      const all = tabled ? await fixtures(at.season.id, at.stage?.id ?? null, options.locale) : [];
      const groups = groupBy(all, (fixture) => fixture.groupName);
      const tables: GroupTable[] = [...groups.entries()]
        .sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''))
        .map(([group, list]) => {
          const badges = new Map(
            list.flatMap((f) => [f.home, f.away]).flatMap((team) => (team ? [[team.id, team] as const] : [])),
          );
          const counted = list.filter((f) => f.status === 'finished' || f.status === 'in_progress');
          const rows = computeTable([...badges.keys()], counted.map(toResult), rules);
          return { group, rows: rows.map((row) => ({ ...row, team: badges.get(row.teamId) as TeamBadge })) };
        });
      return {
        season: { id: at.season.id, name: at.season.name, current: at.season.current },
        seasons: at.seasons,
        stages: at.stages,
        stage: at.stage,
        /** What ranks the table first: points, winning percentage or series won. */
        ranking: rules.order[0] ?? 'points',
        tables,
        /** Matches in play: the page follows them and asks again when one changes. */
        live: all.filter((f) => f.status === 'in_progress').map((f) => f.id),
      };
    },

    /** The knockout bracket of a cup or of a tournament's knockout stage. */
    async bracket(competitionId: number, options: TableScope = {}) {
      const at = await scope(competitionId, options, ['knockout']);
      const list = at.stage ? await fixtures(at.season.id, at.stage.id, options.locale) : [];
      const byId = new Map(list.map((f) => [f.id, f]));
      const rounds: BracketRound[] = buildBracket(list.map(toKnockoutMatch));
      const badges = new Map(
        list.flatMap((f) => [f.home, f.away]).flatMap((t) => (t ? [[t.id, t] as const] : [])),
      );
      const view: BracketView = rounds.map((round) => ({
        round: round.round,
        ties: round.ties.map((tie) => ({
          ...tie,
          teams: tie.teams.map((id) => (id === null ? null : (badges.get(id) ?? null))),
          legs: tie.legs.map((leg) => byId.get(leg.matchId) as Fixture),
        })),
      }));
      return {
        season: { id: at.season.id, name: at.season.name, current: at.season.current },
        seasons: at.seasons,
        stages: at.stages,
        stage: at.stage,
        rounds: view,
        live: list.filter((f) => f.status === 'in_progress').map((f) => f.id),
      };
    },

    /** Every match of the season (or of one stage), by round then kick-off. */
    async schedule(competitionId: number, options: TableScope = {}) {
      const at = await scope(competitionId, options, ['league', 'groups', 'knockout']);
      const list = await fixtures(
        at.season.id,
        options.stageId === undefined ? null : (at.stage?.id ?? null),
        options.locale,
      );
      const rounds = groupBy(list, (fixture) => fixture.round);
      return {
        season: { id: at.season.id, name: at.season.name, current: at.season.current },
        seasons: at.seasons,
        stages: at.stages,
        rounds: [...rounds.entries()]
          .sort(([a], [b]) => (a ?? 0) - (b ?? 0))
          .map(([round, fixtures]) => ({ round, fixtures })),
      };
    },
  };
}

export type Tables = ReturnType<typeof createTables>;

/** The fixtures by a key, each list in the fixtures' order. */
function groupBy<K>(list: readonly Fixture[], keyOf: (fixture: Fixture) => K): Map<K, Fixture[]> {
  const groups = new Map<K, Fixture[]>();
  for (const fixture of list) {
    const key = keyOf(fixture);
    const group = groups.get(key);
    if (group) group.push(fixture);
    else groups.set(key, [fixture]);
  }
  return groups;
}

function toResult(fixture: Fixture): TableResult {
  return {
    matchId: fixture.id,
    homeTeamId: fixture.home?.id ?? -1,
    awayTeamId: fixture.away?.id ?? -1,
    homeScore: fixture.homeScore,
    awayScore: fixture.awayScore,
    startsAt: fixture.startsAt,
    winner: fixture.result === 'home' || fixture.result === 'away' ? fixture.result : null,
  };
}

function toKnockoutMatch(fixture: Fixture): KnockoutMatch {
  return {
    matchId: fixture.id,
    round: fixture.round ?? 1,
    leg: fixture.leg,
    homeTeamId: fixture.home?.id ?? null,
    awayTeamId: fixture.away?.id ?? null,
    homeScore: fixture.homeScore,
    awayScore: fixture.awayScore,
    finished: fixture.status === 'finished',
    winner: fixture.result === 'home' || fixture.result === 'away' ? fixture.result : null,
    startsAt: fixture.startsAt,
  };
}
