import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * The match store (spec point 3, Match): competitions with their seasons and stages, teams,
 * players, matches and their incidents. Every row that a feed brings names its `source` ('sim'
 * for the simulator, 'football-data', ...) and the id it has there, so a feed upserts instead of
 * duplicating. Ids are ours and appear in URLs.
 */

const external = {
  /** The feed that owns the row. */
  source: text('source').notNull(),
  /** Its id in that feed. */
  externalId: text('external_id').notNull(),
};

/** A league, cup or tournament of one game of the catalogue. */
export const competitions = pgTable(
  'competitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: integer('game_id').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    /** ISO 3166 alpha-2 country, or 'world' / a continent code for international competitions. */
    region: text('region').notNull(),
    logo: text('logo'),
    /** 'league' (a table), 'cup' (knockout), 'tournament' (groups then knockout). */
    format: text('format').notNull(),
    /** Lower is more prominent: drives the order of leagues in lists and the hot list. */
    rank: integer('rank').notNull().default(100),
    ...external,
  },
  (t) => [
    uniqueIndex('competitions_source_idx').on(t.source, t.externalId),
    index('competitions_game_idx').on(t.gameId, t.rank),
    // The league library's filter by part of a name (pg_trgm).
    index('competitions_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const seasons = pgTable(
  'seasons',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    competitionId: bigint('competition_id', { mode: 'number' })
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    /** '2026', '2026/27', 'Spring 2026'... */
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    current: boolean('current').notNull().default(false),
    /**
     * The competition's rules for its tables: points per win, draw and loss, the tie-breakers in
     * order, and the zones (promotion, relegation, qualification) by position.
     */
    rules: jsonb('rules').notNull().default({}),
    ...external,
  },
  (t) => [
    uniqueIndex('seasons_source_idx').on(t.source, t.externalId),
    index('seasons_competition_idx').on(t.competitionId),
  ],
);

/** A phase of a season: the regular season, a group stage, a knockout round series. */
export const stages = pgTable(
  'stages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seasonId: bigint('season_id', { mode: 'number' })
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'league', 'groups' or 'knockout'. */
    kind: text('kind').notNull(),
    /** Play order within the season. */
    ordinal: smallint('ordinal').notNull(),
    /** Knockout ties over two legs, decided on aggregate. */
    twoLegged: boolean('two_legged').notNull().default(false),
    ...external,
  },
  (t) => [
    uniqueIndex('stages_source_idx').on(t.source, t.externalId),
    index('stages_season_idx').on(t.seasonId),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: integer('game_id').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    /** ISO 3166 alpha-2 country. */
    country: text('country'),
    logo: text('logo'),
    founded: smallint('founded'),
    venue: text('venue'),
    ...external,
  },
  (t) => [
    uniqueIndex('teams_source_idx').on(t.source, t.externalId),
    // The squad library lists teams by name, of a game or of all.
    index('teams_game_idx').on(t.gameId, t.name),
    index('teams_name_idx').on(t.name),
    index('teams_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const players = pgTable(
  'players',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: bigint('team_id', { mode: 'number' }).references(() => teams.id, { onDelete: 'set null' }),
    gameId: integer('game_id').notNull(),
    /** The full name; esports players also have a `nickname`, which is what fans know. */
    name: text('name').notNull(),
    nickname: text('nickname'),
    /** The sport's own codes: GK DF MF FW, PG SG SF PF C, TOP JGL MID ADC SUP, ... */
    position: text('position'),
    shirtNumber: smallint('shirt_number'),
    nationality: text('nationality'),
    birthDate: date('birth_date', { mode: 'string' }),
    /** Set while injured: what and until when, as `{reason, until}`. */
    injury: jsonb('injury'),
    ...external,
  },
  (t) => [
    uniqueIndex('players_source_idx').on(t.source, t.externalId),
    index('players_team_idx').on(t.teamId),
    // The player library lists players by name, of a game or of all.
    index('players_game_name_idx').on(t.gameId, t.name),
    index('players_name_idx').on(t.name),
    index('players_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('players_nickname_trgm_idx').using('gin', sql`${t.nickname} gin_trgm_ops`),
  ],
);

export const matches = pgTable(
  'matches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: integer('game_id').notNull(),
    competitionId: bigint('competition_id', { mode: 'number' })
      .notNull()
      .references(() => competitions.id),
    seasonId: bigint('season_id', { mode: 'number' }).references(() => seasons.id),
    stageId: bigint('stage_id', { mode: 'number' }).references(() => stages.id),
    /** Round or matchday within the stage. */
    round: smallint('round'),
    /** Group name within a group stage ('A', 'B', ...). */
    groupName: text('group_name'),
    /** 1 or 2 for the legs of a two-legged tie. */
    leg: smallint('leg'),
    homeTeamId: bigint('home_team_id', { mode: 'number' }).references(() => teams.id),
    awayTeamId: bigint('away_team_id', { mode: 'number' }).references(() => teams.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** not_started, in_progress, finished, postponed, cancelled (spec point 4). */
    status: text('status').notNull(),
    homeScore: integer('home_score').notNull().default(0),
    awayScore: integer('away_score').notNull().default(0),
    /** 'home', 'away', 'draw' once finished; null before. */
    result: text('result'),
    bestOf: smallint('best_of'),
    /** The sport's whole state (modules/sports/model.ts MatchState), incidents included. */
    state: jsonb('state').notNull(),
    /** Lineups, odds, statistics, prediction: the extras a feed knows (MatchExtras). */
    extras: jsonb('extras').notNull().default({}),
    /**
     * The version of the match as its feed numbers it: an update is applied only when its seq is
     * higher, so a late or repeated update never rolls the match back.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    /** What the feed needs to carry on the match (the simulator's seed and random state). */
    feedState: jsonb('feed_state'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...external,
  },
  (t) => [
    uniqueIndex('matches_source_idx').on(t.source, t.externalId),
    index('matches_starts_idx').on(t.startsAt),
    index('matches_game_starts_idx').on(t.gameId, t.startsAt),
    index('matches_competition_idx').on(t.competitionId, t.startsAt),
    // A season's or a stage's matches: the data library's tables, brackets and schedules.
    index('matches_season_idx').on(t.seasonId, t.startsAt),
    index('matches_stage_idx').on(t.stageId, t.startsAt),
    index('matches_home_idx').on(t.homeTeamId, t.startsAt),
    index('matches_away_idx').on(t.awayTeamId, t.startsAt),
    index('matches_status_idx').on(t.status),
  ],
);

/**
 * The incidents of a match as rows (the state holds them too), so that timelines, player
 * statistics and top scorers are queries. Keyed by the match and the incident's own seq, which
 * makes writing them again harmless.
 */
export const matchIncidents = pgTable(
  'match_incidents',
  {
    matchId: bigint('match_id', { mode: 'number' })
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    period: text('period').notNull(),
    elapsedSeconds: integer('elapsed_seconds').notNull(),
    /** 'home' or 'away'. */
    side: text('side'),
    playerId: bigint('player_id', { mode: 'number' }).references(() => players.id, { onDelete: 'set null' }),
    /** The assist, or the player coming off in a substitution. */
    secondPlayerId: bigint('second_player_id', { mode: 'number' }).references(() => players.id, {
      onDelete: 'set null',
    }),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    value: integer('value'),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.seq] }), index('match_incidents_player_idx').on(t.playerId)],
);

/**
 * Who played a match and what each did (the box score), as the feed reports it once the match is
 * over: the player library's season statistics and recent matches are queries over it.
 */
export const matchPlayers = pgTable(
  'match_players',
  {
    matchId: bigint('match_id', { mode: 'number' })
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** 'home' or 'away'. */
    side: text('side').notNull(),
    starter: boolean('starter').notNull(),
    /** The sport's numbers by key (modules/sports/player-stats.ts). */
    stats: jsonb('stats').notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.playerId] }),
    index('match_players_player_idx').on(t.playerId, t.matchId),
  ],
);

/** What a user follows on the match screens: a match, a team or a competition ('favourites'). */
export const matchFavourites = pgTable(
  'match_favourites',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** 'match', 'team' or 'competition'. */
    kind: text('kind').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.targetId] }),
    index('match_favourites_target_idx').on(t.kind, t.targetId),
  ],
);

/**
 * A user's reservation of a match (spec point 4). Its state follows the match (not started, in
 * progress, ended) unless the user cancelled it; `notified_at` is set once the start was announced.
 */
export const matchReservations = pgTable(
  'match_reservations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    matchId: bigint('match_id', { mode: 'number' })
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('match_reservations_user_match_idx').on(t.userId, t.matchId),
    index('match_reservations_match_idx').on(t.matchId),
  ],
);
