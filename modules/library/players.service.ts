import { and, asc, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nameIn } from '../../db/localized-name';
import { competitions, matches, matchPlayers, players } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import { type Page, pageOf } from '../../platform/paging';
import { PLAYER_STAT_KEYS, rulesForGame, SEASON_STAT } from '../sports';
import { type CatalogueQuery, catalogueWhere } from './catalogue';
import { fixtureColumns, teamBadges, withTeams } from './fixture-rows';
import type { SquadPlayer, TeamMatch } from './squads.service';
import type { TeamBadge } from './tables.service';

/** A player as the player library lists him. */
export interface PlayerRow {
  id: number;
  gameId: number;
  name: string;
  nickname: string | null;
  position: string | null;
  shirtNumber: number | null;
  nationality: string | null;
  team: TeamBadge | null;
}

/** A player's numbers in one competition: appearances, starts, and each stat summed (a rating averaged, a best the best). */
export interface PlayerSeason {
  league: { id: number; name: string };
  appearances: number;
  starts: number;
  stats: Record<string, number>;
}

/** One match a player played, with what he did in it. */
export interface Appearance {
  match: TeamMatch;
  side: 'home' | 'away';
  starter: boolean;
  stats: Record<string, number>;
}

export interface PlayerProfile {
  player: PlayerRow & Pick<SquadPlayer, 'birthDate' | 'injury'>;
  /** The stats of the player's sport, in the order pages show them. */
  statKeys: readonly string[];
  seasons: PlayerSeason[];
  /** The last matches he played, newest first. */
  recent: Appearance[];
}

/** How far back a player's matches count. */
const PAST_MS = 365 * 86_400_000;
const RECENT = 10;

/** A player's row, named in `locale`. */
const playerColumns = (locale: Locale | undefined) => ({
  id: players.id,
  gameId: players.gameId,
  name: nameIn(locale, 'player', players.id, players.name),
  nickname: players.nickname,
  position: players.position,
  shirtNumber: players.shirtNumber,
  nationality: players.nationality,
  teamId: players.teamId,
});

/** Each competition's totals of a player's appearances, busiest first. */
function seasonsOf(appearances: Appearance[]): PlayerSeason[] {
  const byLeague = new Map<number, PlayerSeason & { rated: Record<string, number> }>();
  for (const { match, starter, stats } of appearances) {
    let season = byLeague.get(match.league.id);
    if (!season) {
      season = { league: match.league, appearances: 0, starts: 0, stats: {}, rated: {} };
      byLeague.set(match.league.id, season);
    }
    season.appearances += 1;
    if (starter) season.starts += 1;
    for (const [key, value] of Object.entries(stats)) {
      const sofar = season.stats[key] ?? 0;
      season.stats[key] = SEASON_STAT[key] === 'max' ? Math.max(sofar, value) : sofar + value;
      if (SEASON_STAT[key] === 'mean') season.rated[key] = (season.rated[key] ?? 0) + 1;
    }
  }
  return [...byLeague.values()]
    .map(({ rated, ...season }) => {
      for (const [key, matchesRated] of Object.entries(rated))
        season.stats[key] = Math.round(((season.stats[key] ?? 0) / matchesRated) * 100) / 100;
      return season;
    })
    .sort((a, b) => b.appearances - a.appearances || a.league.name.localeCompare(b.league.name));
}

/** The player library: players by game and name, and each player's profile, season numbers and matches. */
export function createPlayers(db: Db) {
  /** The matches the player played from a year back, newest first, named in `locale`. */
  async function appearancesOf(
    playerId: number,
    now: number,
    locale: Locale | undefined,
  ): Promise<Appearance[]> {
    // His box-score rows first, by the player index, then their matches by id: two lookups the
    // planner cannot turn into a scan of every match of the year, whatever its statistics say.
    const lines = await db
      .select({
        matchId: matchPlayers.matchId,
        side: matchPlayers.side,
        starter: matchPlayers.starter,
        stats: matchPlayers.stats,
      })
      .from(matchPlayers)
      .where(eq(matchPlayers.playerId, playerId));
    if (lines.length === 0) return [];
    const rows = await db
      .select({
        ...fixtureColumns,
        leagueId: competitions.id,
        leagueName: nameIn(locale, 'competition', competitions.id, competitions.name),
      })
      .from(matches)
      .innerJoin(competitions, eq(competitions.id, matches.competitionId))
      .where(
        and(
          inArray(
            matches.id,
            lines.map((line) => line.matchId),
          ),
          gte(matches.startsAt, new Date(now - PAST_MS)),
        ),
      )
      .orderBy(desc(matches.startsAt), desc(matches.id));
    const lineOf = new Map(lines.map((line) => [line.matchId, line]));
    return (await withTeams(db, rows, locale)).flatMap(({ leagueId, leagueName, ...match }) => {
      const line = lineOf.get(match.id);
      if (!line) return [];
      return [
        {
          match: { ...match, league: { id: leagueId, name: leagueName } },
          side: line.side === 'away' ? ('away' as const) : ('home' as const),
          starter: line.starter,
          stats: line.stats as Record<string, number>,
        },
      ];
    });
  }

  return {
    /** Players by name, filtered by game and part of the name or nickname. */
    async players(query: CatalogueQuery): Promise<Page<PlayerRow>> {
      const shown = nameIn(query.locale, 'player', players.id, players.name);
      const where = catalogueWhere(query, players.gameId, [players.name, shown, players.nickname]);
      const found = await pageOf(
        query,
        (limit, offset) =>
          db
            .select(playerColumns(query.locale))
            .from(players)
            .where(where)
            .orderBy(asc(shown), asc(players.id))
            .limit(limit)
            .offset(offset),
        db.select({ n: count() }).from(players).where(where),
      );
      const badges = await teamBadges(
        db,
        found.list.map((row) => row.teamId),
        query.locale,
      );
      return {
        ...found,
        list: found.list.map(({ teamId, ...row }) => ({
          ...row,
          team: teamId === null ? null : (badges.get(teamId) ?? null),
        })),
      };
    },

    /** A player with his team, his numbers in each competition and his last matches, named in `locale`. */
    async player(playerId: number, locale?: Locale, now = Date.now()): Promise<PlayerProfile> {
      const [row] = await db
        .select({ ...playerColumns(locale), birthDate: players.birthDate, injury: players.injury })
        .from(players)
        .where(eq(players.id, playerId));
      if (!row) throw new AppError('notFound');
      const [badges, appearances] = await Promise.all([
        teamBadges(db, [row.teamId], locale),
        appearancesOf(playerId, now, locale),
      ]);
      const { teamId, injury, ...player } = row;
      const family = rulesForGame(player.gameId)?.family;
      return {
        player: {
          ...player,
          injury: injury as SquadPlayer['injury'],
          team: teamId === null ? null : (badges.get(teamId) ?? null),
        },
        statKeys: family ? PLAYER_STAT_KEYS[family] : [],
        seasons: seasonsOf(appearances),
        recent: appearances.slice(0, RECENT),
      };
    },
  };
}

export type Players = ReturnType<typeof createPlayers>;
