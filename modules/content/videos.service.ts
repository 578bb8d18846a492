import { and, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, contentLikes, videos } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { audit } from '../../platform/audit';
import { type FileStorage, UPLOADS_PREFIX } from '../../platform/file-storage';
import type { SessionUser } from '../../platform/sessions';
import { gameById } from '../catalog/catalog.contract';
import { gameSlug, type Page, type Video, type VideoInput } from './content.contract';
import { type HotPeriod, hotScoreSql } from './hot';
import { VIDEO_FOLDER } from './uploads.service';

type VideoRow = typeof videos.$inferSelect;

const VIDEO_UPLOADS = UPLOADS_PREFIX + VIDEO_FOLDER;

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

/**
 * Videos: lists per game, the highlights and hot lists, one video with related ones; administrators
 * post and delete them (an uploaded file goes with its video).
 */
export function createVideos(db: Db, storage: FileStorage) {
  async function pageWhere<T extends { pageIndex: number; pageSize: number }>(
    where: SQL | undefined,
    input: T,
  ): Promise<Page<Video> & T> {
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
  }

  return {
    async create(admin: SessionUser, input: VideoInput): Promise<Video> {
      if (!gameById(input.gameId))
        throw new AppError('formatError', { issues: [{ field: 'gameId', reason: 'invalidValue' }] });
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(videos)
          .values({
            gameId: input.gameId,
            authorId: admin.uid,
            title: input.title,
            summary: input.summary,
            cover: input.cover ?? null,
            durationSeconds: input.durationSeconds,
            source: input.source,
          })
          .returning();
        const video = created as VideoRow;
        await audit.record(tx, {
          actorId: admin.uid,
          targetId: admin.uid,
          action: 'post_video',
          details: { videoId: video.id },
        });
        return video;
      });
      return toVideo(row);
    },

    /** Deletes a video with its comments and likes; its uploaded file and cover go after. */
    async remove(admin: SessionUser, id: number, reason?: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const [video] = await tx.delete(videos).where(eq(videos.id, id)).returning();
        if (!video) throw new AppError('notFound');
        const gone = await tx
          .delete(comments)
          .where(and(eq(comments.targetType, 'video'), eq(comments.targetId, id)))
          .returning({ id: comments.id });
        await tx.delete(contentLikes).where(
          or(
            and(eq(contentLikes.targetType, 'video'), eq(contentLikes.targetId, id)),
            gone.length === 0
              ? undefined
              : and(
                  eq(contentLikes.targetType, 'comment'),
                  inArray(
                    contentLikes.targetId,
                    gone.map((comment) => comment.id),
                  ),
                ),
          ),
        );
        await audit.record(tx, {
          actorId: admin.uid,
          targetId: video.authorId,
          action: 'delete_video',
          details: { videoId: id, title: video.title },
          reason: reason ?? null,
        });
        return video;
      });
      // Only the files a video upload made, once no other video shows them: demo media and pictures
      // picked as covers may be shared. Files are not transactional: a failure here leaves a stray
      // file, never a video without one.
      const made = [removed.source, removed.cover].filter(
        (url): url is string => url?.startsWith(VIDEO_UPLOADS) ?? false,
      );
      if (made.length === 0) return;
      const shared = await db
        .select({ source: videos.source, cover: videos.cover })
        .from(videos)
        .where(or(inArray(videos.source, made), inArray(videos.cover, made)));
      const inUse = new Set(shared.flatMap((row) => [row.source, row.cover]));
      await Promise.all(made.filter((url) => !inUse.has(url)).map((url) => storage.remove(url)));
    },

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
    list(input: { gameId: number | null; pageIndex: number; pageSize: number }): Promise<Page<Video>> {
      return pageWhere(ofGame(input.gameId), input);
    },

    /** The videos a user posted, newest first: the publications of type 2 of their page. */
    byAuthor(input: { authorId: number; pageIndex: number; pageSize: number }): Promise<Page<Video>> {
      return pageWhere(eq(videos.authorId, input.authorId), input);
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
