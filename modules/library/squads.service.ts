import { and, asc, count, eq, gte, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nameIn } from '../../db/localized-name';
import { competitions, matches, players, teams } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import { type Page, pageOf } from '../../platform/paging';
import { type CatalogueQuery, catalogueWhere } from './catalogue';
import { fixtureColumns, withTeams } from './fixture-rows';
import type { FormLetter, StandingRow } from './standings';
import type { Fixture, TeamBadge } from './tables.service';

/** A team as the squad library lists it. */
export interface TeamRow extends TeamBadge {
  gameId: number;
  country: string | null;
}

export interface SquadPlayer {
  id: number;
  name: string;
  nickname: string | null;
  position: string | null;
  shirtNumber: number | null;
  nationality: string | null;
  birthDate: string | null;
  injury: { reason: string; until: string | null } | null;
}

/** A match of a team, with its competition. */
export type TeamMatch = Fixture & { league: { id: number; name: string } };

/** A team's record in one competition, from its results in the window. */
export type CompetitionRecord = Pick<
  StandingRow,
  'played' | 'won' | 'drawn' | 'lost' | 'scored' | 'conceded'
> & {
  league: { id: number; name: string; logo: string | null; format: string };
};

export interface TeamProfile {
  team: TeamRow & { founded: number | null; venue: string | null };
  squad: SquadPlayer[];
  /** Matches in play or over, newest first. */
  recent: TeamMatch[];
  /** Matches to come, soonest first. */
  upcoming: TeamMatch[];
  /** The last five results, newest first (as tables keep form). */
  form: FormLetter[];
  records: CompetitionRecord[];
}

/** How far back a team's results count and how far ahead its fixtures show. */
const PAST_MS = 365 * 86_400_000;
const AHEAD_MS = 60 * 86_400_000;
const RECENT = 10;
const UPCOMING = 5;
const FORM = 5;

/** A team's row, named in `locale`. */
const teamColumns = (locale: Locale | undefined) => ({
  id: teams.id,
  gameId: teams.gameId,
  name: nameIn(locale, 'team', teams.id, teams.name),
  shortName: teams.shortName,
  logo: teams.logo,
  country: teams.country,
});

/** W, D or L for `team` in a finished match. */
function letterOf(match: { home: TeamBadge | null; result: string | null }, team: number): FormLetter {
  if (match.result === 'draw') return 'D';
  const side = match.home?.id === team ? 'home' : 'away';
  return match.result === side ? 'W' : 'L';
}

/** Each competition's record of `team` from its finished matches, busiest competition first. */
function recordsOf(team: number, finished: (TeamMatch & { logo: string | null; format: string })[]) {
  const records = new Map<number, CompetitionRecord>();
  for (const match of finished) {
    let record = records.get(match.league.id);
    if (!record) {
      record = {
        league: { ...match.league, logo: match.logo, format: match.format },
        played: 0,
        won: 0,
        drawn: 0,
        lost: 0,
        scored: 0,
        conceded: 0,
      };
      records.set(match.league.id, record);
    }
    const home = match.home?.id === team;
    record.played += 1;
    record.scored += home ? match.homeScore : match.awayScore;
    record.conceded += home ? match.awayScore : match.homeScore;
    const letter = letterOf(match, team);
    if (letter === 'W') record.won += 1;
    else if (letter === 'D') record.drawn += 1;
    else record.lost += 1;
  }
  return [...records.values()].sort(
    (a, b) => b.played - a.played || a.league.name.localeCompare(b.league.name),
  );
}

/** The squad library: teams by game and name, and each team's profile, squad, matches and record. */
export function createSquads(db: Db) {
  /** The team's matches from a year back to two months ahead, in kick-off order, named in `locale`. */
  async function matchesOf(team: number, now: number, locale: Locale | undefined) {
    const rows = await db
      .select({
        ...fixtureColumns,
        leagueId: competitions.id,
        leagueName: nameIn(locale, 'competition', competitions.id, competitions.name),
        logo: competitions.logo,
        format: competitions.format,
      })
      .from(matches)
      .innerJoin(competitions, eq(competitions.id, matches.competitionId))
      .where(
        and(
          or(eq(matches.homeTeamId, team), eq(matches.awayTeamId, team)),
          gte(matches.startsAt, new Date(now - PAST_MS)),
          lt(matches.startsAt, new Date(now + AHEAD_MS)),
        ),
      )
      .orderBy(asc(matches.startsAt), asc(matches.id));
    return (await withTeams(db, rows, locale)).map(({ leagueId, leagueName, ...row }) => ({
      ...row,
      league: { id: leagueId, name: leagueName },
    }));
  }

  return {
    /** Teams by name, filtered by game and part of the name. */
    async teams(query: CatalogueQuery): Promise<Page<TeamRow>> {
      const shown = nameIn(query.locale, 'team', teams.id, teams.name);
      const where = catalogueWhere(query, teams.gameId, [teams.name, shown, teams.shortName]);
      return pageOf(
        query,
        (limit, offset) =>
          db
            .select(teamColumns(query.locale))
            .from(teams)
            .where(where)
            .orderBy(asc(shown), asc(teams.id))
            .limit(limit)
            .offset(offset),
        db.select({ n: count() }).from(teams).where(where),
      );
    },

    /** A team with its squad, recent and coming matches, form and record by competition, named in `locale`. */
    async team(teamId: number, locale?: Locale, now = Date.now()): Promise<TeamProfile> {
      const [team] = await db
        .select({ ...teamColumns(locale), founded: teams.founded, venue: teams.venue })
        .from(teams)
        .where(eq(teams.id, teamId));
      if (!team) throw new AppError('notFound');
      const [squad, all] = await Promise.all([
        db
          .select({
            id: players.id,
            name: nameIn(locale, 'player', players.id, players.name),
            nickname: players.nickname,
            position: players.position,
            shirtNumber: players.shirtNumber,
            nationality: players.nationality,
            birthDate: players.birthDate,
            injury: players.injury,
          })
          .from(players)
          .where(eq(players.teamId, teamId))
          .orderBy(asc(players.shirtNumber), asc(players.name)),
        matchesOf(teamId, now, locale),
      ]);
      const played = all.filter((m) => m.status === 'finished' || m.status === 'in_progress');
      const finished = all.filter((m) => m.status === 'finished' && m.result !== null);
      const strip = ({ logo: _logo, format: _format, ...match }: (typeof all)[number]): TeamMatch => match;
      return {
        team,
        squad: squad.map((player) => ({ ...player, injury: player.injury as SquadPlayer['injury'] })),
        recent: played.slice(-RECENT).reverse().map(strip),
        upcoming: all
          .filter((m) => m.status === 'not_started' || m.status === 'postponed')
          .slice(0, UPCOMING)
          .map(strip),
        form: finished
          .slice(-FORM)
          .reverse()
          .map((match) => letterOf(match, teamId)),
        records: recordsOf(teamId, finished),
      };
    },
  };
}

export type Squads = ReturnType<typeof createSquads>;
