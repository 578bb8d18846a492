import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A news article (spec point 1). `body` is HTML that went through the sanitiser before it was
 * stored, so pages render it as it is. Only published articles are shown to the public.
 */
export const articles = pgTable(
  'articles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A game of the catalogue (modules/catalog/games.ts). */
    gameId: integer('game_id').notNull(),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    cover: text('cover'),
    body: text('body').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** review (waiting for an administrator), published or rejected. */
    status: text('status').notNull().default('review'),
    rejectReason: text('reject_reason'),
    relatedMatchId: text('related_match_id'),
    relatedTeam: text('related_team'),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('articles_status_check', sql`${t.status} in ('review', 'published', 'rejected')`),
    index('articles_game_published_idx').on(t.gameId, t.publishedAt),
    index('articles_published_idx').on(t.publishedAt),
    index('articles_author_idx').on(t.authorId, t.createdAt),
  ],
);

/** A video: an uploaded MP4 or an HLS playlist. `source` is null while there is nothing to play. */
export const videos = pgTable(
  'videos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: integer('game_id').notNull(),
    /** The administrator who posted it; null for the demo library. */
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.uid, { onDelete: 'set null' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    cover: text('cover'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    source: text('source'),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('videos_game_published_idx').on(t.gameId, t.publishedAt),
    index('videos_published_idx').on(t.publishedAt),
  ],
);

/** A comment on an article or a video; `parentId` makes it a reply (one level only). */
export const comments = pgTable(
  'comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** article or video. */
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    likes: integer('likes').notNull().default(0),
    replies: integer('replies').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('comments_target_check', sql`${t.targetType} in ('article', 'video')`),
    index('comments_target_idx').on(t.targetType, t.targetId, t.parentId, t.createdAt),
    index('comments_parent_idx').on(t.parentId),
  ],
);

/** Who liked what: one row per user and thing, so a like counts once. */
export const contentLikes = pgTable(
  'content_likes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** article, video or comment. */
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.targetType, t.targetId] })],
);

/** A user's report of an article, a video or a comment, for the administrators to look at. */
export const contentReports = pgTable(
  'content_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.uid, { onDelete: 'set null' }),
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an administrator decided: the thing was removed, or the report dismissed. */
    resolution: text('resolution'),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => users.uid, {
      onDelete: 'set null',
    }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check('content_reports_resolution_check', sql`${t.resolution} in ('removed', 'dismissed')`),
    index('content_reports_created_idx').on(t.createdAt),
    // The administrators' queue: the reports nobody has decided yet, by the thing reported; one
    // open report per reader and thing, so that reporting again does not add to the count.
    uniqueIndex('content_reports_open_idx')
      .on(t.targetType, t.targetId, t.userId)
      .where(sql`${t.resolvedAt} is null`),
  ],
);
