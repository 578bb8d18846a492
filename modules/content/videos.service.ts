import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentLikes, videos } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { gameSlug, type Page, type Video } from './content.contract';
import { type HotPeriod, hotScoreSql } from './hot';

type VideoRow = typeof videos.$inferSelect;

function toVideo(row: VideoRow, liked = false): Video {
  return {
    id: row.id,
    gameId: row.gameId,
    game: gameSlug(row.gameId),
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    durationSeconds: row.durationSeconds,
    source: row.source,
    views: row.views,
    likes: row.likes,
    comments: row.comments,
    publishedAt: row.publishedAt.toISOString(),
    liked,
  };
}

const ofGame = (gameId: number | null): SQL | undefined =>
  gameId === null ? undefined : eq(videos.gameId, gameId);

/** Videos: lists per game, the highlights and hot lists, one video with related ones. */
export function createVideos(db: Db) {
  return {
    async get(id: number, viewer: number | null): Promise<Video> {
      const [row] = await db
        .select({ video: videos, liked: sql<boolean>`${contentLikes.userId} is not null` })
        .from(videos)
        .leftJoin(
          contentLikes,
          and(
            eq(contentLikes.targetType, 'video'),
            eq(contentLikes.targetId, videos.id),
            eq(contentLikes.userId, viewer ?? 0),
          ),
        )
        .where(eq(videos.id, id));
      if (!row) throw new AppError('notFound');
      return toVideo(row.video, Boolean(row.liked));
    },

    /** Newest first, of a game or of every game. */
    async list(input: { gameId: number | null; pageIndex: number; pageSize: number }): Promise<Page<Video>> {
      const where = ofGame(input.gameId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(videos)
          .where(where)
          .orderBy(desc(videos.publishedAt), desc(videos.id))
          .limit(input.pageSize)
          .offset((input.pageIndex - 1) * input.pageSize),
        db.select({ n: count() }).from(videos).where(where),
      ]);
      return { list: rows.map((row) => toVideo(row)), total: total?.n ?? 0, ...input };
    },

    /** The hot list (docs/decisions/008-hot-lists.md); the home page's highlights are its weekly form. */
    async hot(input: {
      gameId?: number | null;
      period: HotPeriod;
      limit: number;
      offset?: number;
      now?: Date;
    }) {
      const score = hotScoreSql(videos, input.period, input.now ?? new Date());
      const rows = await db
        .select()
        .from(videos)
        .where(ofGame(input.gameId ?? null))
        .orderBy(desc(score), desc(videos.publishedAt), desc(videos.id))
        .limit(input.limit)
        .offset(input.offset ?? 0);
      return rows.map((row) => toVideo(row));
    },

    /** Other videos of the same game, newest first. */
    async related(video: Video, limit: number): Promise<Video[]> {
      const rows = await db
        .select()
        .from(videos)
        .where(and(eq(videos.gameId, video.gameId), ne(videos.id, video.id)))
        .orderBy(desc(videos.publishedAt), desc(videos.id))
        .limit(limit);
      return rows.map((row) => toVideo(row));
    },

    async view(id: number): Promise<void> {
      await db
        .update(videos)
        .set({ views: sql`${videos.views} + 1` })
        .where(eq(videos.id, id));
    },

    /** Every video, for the sitemap. */
    async all(): Promise<{ id: number; gameId: number; updatedAt: Date }[]> {
      return db
        .select({ id: videos.id, gameId: videos.gameId, updatedAt: videos.publishedAt })
        .from(videos)
        .orderBy(desc(videos.publishedAt));
    },
  };
}

export type Videos = ReturnType<typeof createVideos>;
