import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nameIn } from '../../db/localized-name';
import { competitions, matches, seasons, stages, teams } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import { type Page, pageOf } from '../../platform/paging';
import { type CatalogueQuery, catalogueWhere } from './catalogue';
import type { SeasonRef, StageRef, TableScope, TeamBadge } from './tables.service';

/** A competition as the league library lists it. */
export interface LeagueRow {
  id: number;
  gameId: number;
  name: string;
  shortName: string;
  region: string;
  logo: string | null;
  format: string;
}

export interface LeagueQuery extends CatalogueQuery {
  region?: string;
}

export type LeaguePage = Page<LeagueRow>;

/** A competition with its seasons, the chosen season's stages and the teams that play in it. */
export interface LeagueOverview {
  league: LeagueRow;
  season: SeasonRef & { startsOn: string; endsOn: string };
  seasons: SeasonRef[];
  stages: StageRef[];
  teams: TeamBadge[];
}

/** A competition's row, named in `locale`. */
const leagueColumns = (locale: Locale | undefined) => ({
  id: competitions.id,
  gameId: competitions.gameId,
  name: nameIn(locale, 'competition', competitions.id, competitions.name),
  shortName: competitions.shortName,
  region: competitions.region,
  logo: competitions.logo,
  format: competitions.format,
});

/** The league library's browsing: competitions by game, region and name, and one league's overview. */
export function createLeagues(db: Db) {
  return {
    /** Competitions by prominence (rank), then name; filtered by game, region and text. */
    async list(query: LeagueQuery): Promise<LeaguePage> {
      const shown = nameIn(query.locale, 'competition', competitions.id, competitions.name);
      const where = catalogueWhere(
        query,
        competitions.gameId,
        [competitions.name, shown, competitions.shortName],
        query.region ? [eq(competitions.region, query.region)] : [],
      );
      return pageOf(
        query,
        (limit, offset) =>
          db
            .select(leagueColumns(query.locale))
            .from(competitions)
            .where(where)
            .orderBy(asc(competitions.rank), asc(shown), asc(competitions.id))
            .limit(limit)
            .offset(offset),
        db.select({ n: count() }).from(competitions).where(where),
      );
    },

    /** The regions that have competitions of these games, for the region filter. */
    async regions(gameIds: number[] = []): Promise<string[]> {
      const rows = await db
        .selectDistinct({ region: competitions.region })
        .from(competitions)
        .where(gameIds.length ? inArray(competitions.gameId, gameIds) : undefined)
        .orderBy(asc(competitions.region));
      return rows.map((row) => row.region);
    },

    /** The league with a season (the current one unless asked), its stages and teams. */
    async overview(
      competitionId: number,
      { seasonId, locale }: Pick<TableScope, 'seasonId' | 'locale'> = {},
    ): Promise<LeagueOverview> {
      const [league] = await db
        .select(leagueColumns(locale))
        .from(competitions)
        .where(eq(competitions.id, competitionId));
      if (!league) throw new AppError('notFound');
      const allSeasons = await db
        .select({
          id: seasons.id,
          name: seasons.name,
          current: seasons.current,
          startsOn: seasons.startsOn,
          endsOn: seasons.endsOn,
        })
        .from(seasons)
        .where(eq(seasons.competitionId, competitionId))
        .orderBy(desc(seasons.startsOn));
      const season =
        seasonId === undefined
          ? (allSeasons.find((s) => s.current) ?? allSeasons[0])
          : allSeasons.find((s) => s.id === seasonId);
      if (!season) throw new AppError('notFound');
      const teamName = nameIn(locale, 'team', teams.id, teams.name);
      const [seasonStages, seasonTeams] = await Promise.all([
        db
          .select({
            id: stages.id,
            name: stages.name,
            kind: stages.kind,
            ordinal: stages.ordinal,
            twoLegged: stages.twoLegged,
          })
          .from(stages)
          .where(eq(stages.seasonId, season.id))
          .orderBy(asc(stages.ordinal)),
        db
          .select({ id: teams.id, name: teamName, shortName: teams.shortName, logo: teams.logo })
          .from(teams)
          .where(
            sql`${teams.id} in (
              select ${matches.homeTeamId} from ${matches} where ${matches.seasonId} = ${season.id}
              union select ${matches.awayTeamId} from ${matches} where ${matches.seasonId} = ${season.id})`,
          )
          .orderBy(asc(teamName)),
      ]);
      return {
        league,
        season,
        seasons: allSeasons.map(({ id, name, current }) => ({ id, name, current })),
        stages: seasonStages,
        teams: seasonTeams,
      };
    },
  };
}

export type Leagues = ReturnType<typeof createLeagues>;
