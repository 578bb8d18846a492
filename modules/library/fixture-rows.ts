import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nameIn } from '../../db/localized-name';
import { matches, teams } from '../../db/schema/index';
import type { Locale } from '../../lib/locales';
import type { TeamBadge } from './tables.service';

/** The columns of a match that a fixture shows; its teams are named afterwards (`withTeams`). */
export const fixtureColumns = {
  id: matches.id,
  round: matches.round,
  groupName: matches.groupName,
  leg: matches.leg,
  startsAt: matches.startsAt,
  status: matches.status,
  homeTeamId: matches.homeTeamId,
  awayTeamId: matches.awayTeamId,
  homeScore: matches.homeScore,
  awayScore: matches.awayScore,
  result: matches.result,
};

/** What naming a row's teams needs of it. */
interface WithTeamIds {
  homeTeamId: number | null;
  awayTeamId: number | null;
  startsAt: Date;
}

export type Named<R extends WithTeamIds> = Omit<R, keyof WithTeamIds> & {
  startsAt: number;
  home: TeamBadge | null;
  away: TeamBadge | null;
};

/** Rows selected with `fixtureColumns` (and more) as fixtures: their teams named in one query, in `locale`. */
export async function withTeams<R extends WithTeamIds>(
  db: Db,
  rows: R[],
  locale: Locale | undefined,
): Promise<Named<R>[]> {
  const badges = await teamBadges(
    db,
    rows.flatMap((row) => [row.homeTeamId, row.awayTeamId]),
    locale,
  );
  const badge = (id: number | null) => (id === null ? null : (badges.get(id) ?? null));
  return rows.map(({ homeTeamId, awayTeamId, startsAt, ...row }) => ({
    ...row,
    startsAt: startsAt.getTime(),
    home: badge(homeTeamId),
    away: badge(awayTeamId),
  }));
}

/** Teams' names (in `locale`) and logos by id. */
export async function teamBadges(
  db: Db,
  ids: (number | null)[],
  locale: Locale | undefined,
): Promise<Map<number, TeamBadge>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: teams.id,
      name: nameIn(locale, 'team', teams.id, teams.name),
      shortName: teams.shortName,
      logo: teams.logo,
    })
    .from(teams)
    .where(inArray(teams.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}
