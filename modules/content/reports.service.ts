import { and, count, desc, eq, inArray, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { articles, comments, contentReports, users, videos } from '../../db/schema/index';
import { AppError, isAppError } from '../../lib/errors';
import { audit } from '../../platform/audit';
import type { SessionUser } from '../../platform/sessions';
import type { Articles } from './articles.service';
import type { Comments } from './comments.service';
import {
  gameSlug,
  type LikeTarget,
  type Page,
  type ReportAction,
  type ReportedItem,
} from './content.contract';
import type { Videos } from './videos.service';

/** How many of a thing's reasons the queue shows. */
const REASONS_SHOWN = 3;

const isOpen = isNull(contentReports.resolvedAt);
const reportsOf = (type: LikeTarget, id: number) =>
  and(isOpen, eq(contentReports.targetType, type), eq(contentReports.targetId, id));

interface Target {
  text: string;
  path: string;
  authorId: number | null;
  author: string | null;
}

const pathOf = (type: 'article' | 'video', gameId: number, id: number) =>
  type === 'article' ? `/news/${gameSlug(gameId)}/${id}` : `/videos/${gameSlug(gameId)}/${id}`;

/**
 * The administrators' queue of reported articles, videos and comments: each thing once, with how
 * many open reports it has and their latest reasons. Removing it (an article is taken off the site
 * as rejected; a video or a comment is deleted) or dismissing the reports closes all of them.
 */
export function createReports(deps: { db: Db; articles: Articles; videos: Videos; comments: Comments }) {
  const { db } = deps;

  /** What the reported things are now, by `${type}:${id}`; a thing already gone is absent. */
  async function targets(keys: { targetType: LikeTarget; targetId: number }[]) {
    const ids = (type: LikeTarget) =>
      keys.filter((key) => key.targetType === type).map((key) => key.targetId);
    const found = new Map<string, Target>();
    const commentIds = ids('comment');
    const commentRows = commentIds.length
      ? await db
          .select({
            id: comments.id,
            body: comments.body,
            targetType: comments.targetType,
            targetId: comments.targetId,
            authorId: users.uid,
            author: users.username,
          })
          .from(comments)
          .innerJoin(users, eq(users.uid, comments.userId))
          .where(inArray(comments.id, commentIds))
      : [];
    // A comment shows on the page of its article or video.
    const articleIds = [
      ...ids('article'),
      ...commentRows.filter((c) => c.targetType === 'article').map((c) => c.targetId),
    ];
    const videoIds = [
      ...ids('video'),
      ...commentRows.filter((c) => c.targetType === 'video').map((c) => c.targetId),
    ];
    const [articleRows, videoRows] = await Promise.all([
      articleIds.length
        ? db
            .select({
              id: articles.id,
              title: articles.title,
              gameId: articles.gameId,
              authorId: users.uid,
              author: users.username,
            })
            .from(articles)
            .innerJoin(users, eq(users.uid, articles.authorId))
            .where(inArray(articles.id, articleIds))
        : [],
      videoIds.length
        ? db
            .select({
              id: videos.id,
              title: videos.title,
              gameId: videos.gameId,
              authorId: videos.authorId,
              author: users.username,
            })
            .from(videos)
            .leftJoin(users, eq(users.uid, videos.authorId))
            .where(inArray(videos.id, videoIds))
        : [],
    ]);
    const pages = new Map<string, string>();
    for (const row of articleRows) {
      const path = pathOf('article', row.gameId, row.id);
      pages.set(`article:${row.id}`, path);
      found.set(`article:${row.id}`, { text: row.title, path, authorId: row.authorId, author: row.author });
    }
    for (const row of videoRows) {
      const path = pathOf('video', row.gameId, row.id);
      pages.set(`video:${row.id}`, path);
      found.set(`video:${row.id}`, { text: row.title, path, authorId: row.authorId, author: row.author });
    }
    for (const row of commentRows) {
      const path = pages.get(`${row.targetType}:${row.targetId}`);
      if (path)
        found.set(`comment:${row.id}`, { text: row.body, path, authorId: row.authorId, author: row.author });
    }
    return found;
  }

  async function removeTarget(admin: SessionUser, type: LikeTarget, id: number, reason?: string) {
    const why = reason ?? 'reported';
    try {
      if (type === 'article') await deps.articles.review(admin, id, { publish: false, reason: why });
      else if (type === 'video') await deps.videos.remove(admin, id, why);
      else await deps.comments.remove(admin, id);
    } catch (err) {
      // Gone already (its author deleted it, or another administrator was quicker): nothing to remove.
      if (!isAppError(err) || err.key !== 'notFound') throw err;
    }
  }

  /** The latest open reports of each thing, newest first: a few, however many there are. */
  async function latestReasons(keys: { targetType: LikeTarget; targetId: number }[]) {
    const ranked = db
      .select({
        targetType: contentReports.targetType,
        targetId: contentReports.targetId,
        reason: contentReports.reason,
        reporter: users.username,
        createdAt: contentReports.createdAt,
        rank: sql<number>`row_number() over (partition by ${contentReports.targetType}, ${contentReports.targetId}
          order by ${contentReports.createdAt} desc, ${contentReports.id} desc)`.as('rank'),
      })
      .from(contentReports)
      .leftJoin(users, eq(users.uid, contentReports.userId))
      .where(or(...keys.map((key) => reportsOf(key.targetType, key.targetId))))
      .as('ranked');
    return db
      .select()
      .from(ranked)
      .where(lte(ranked.rank, REASONS_SHOWN))
      .orderBy(ranked.targetType, ranked.targetId, ranked.rank);
  }

  return {
    /** The things with open reports, the most recently reported first. */
    async queue(input: { pageIndex: number; pageSize: number }): Promise<Page<ReportedItem>> {
      const last = max(contentReports.createdAt);
      const [groups, [total]] = await Promise.all([
        db
          .select({
            targetType: contentReports.targetType,
            targetId: contentReports.targetId,
            reports: count(),
          })
          .from(contentReports)
          .where(isOpen)
          .groupBy(contentReports.targetType, contentReports.targetId)
          .orderBy(desc(last), desc(contentReports.targetId))
          .limit(input.pageSize)
          .offset((input.pageIndex - 1) * input.pageSize),
        db
          .select({
            n: sql<number>`count(distinct (${contentReports.targetType}, ${contentReports.targetId}))::int`,
          })
          .from(contentReports)
          .where(isOpen),
      ]);
      const keys = groups.map((group) => ({ ...group, targetType: group.targetType as LikeTarget }));
      const [found, reasons] = await Promise.all([targets(keys), keys.length ? latestReasons(keys) : []]);
      const list = keys.map((key): ReportedItem => {
        const target = found.get(`${key.targetType}:${key.targetId}`);
        return {
          ...key,
          text: target?.text ?? null,
          path: target?.path ?? null,
          author: target?.author ?? null,
          reasons: reasons
            .filter((row) => row.targetType === key.targetType && row.targetId === key.targetId)
            .map((row) => ({
              reason: row.reason,
              reporter: row.reporter,
              createdAt: row.createdAt.toISOString(),
            })),
        };
      });
      return { list, total: total?.n ?? 0, ...input };
    },

    /** Removes the reported thing or dismisses its reports; either closes every open report of it. */
    async resolve(
      admin: SessionUser,
      input: { targetType: LikeTarget; targetId: number; action: ReportAction; reason?: string },
    ): Promise<{ closed: number }> {
      const { targetType, targetId, action } = input;
      const [open] = await db
        .select({ n: count() })
        .from(contentReports)
        .where(reportsOf(targetType, targetId));
      if (!open?.n) throw new AppError('notFound');
      const owner =
        (await targets([{ targetType, targetId }])).get(`${targetType}:${targetId}`)?.authorId ?? null;
      if (action === 'remove') await removeTarget(admin, targetType, targetId, input.reason);
      return db.transaction(async (tx) => {
        const closed = await tx
          .update(contentReports)
          .set({
            resolution: action === 'remove' ? 'removed' : 'dismissed',
            resolvedBy: admin.uid,
            resolvedAt: sql`now()`,
          })
          .where(reportsOf(targetType, targetId))
          .returning({ id: contentReports.id });
        if (closed.length === 0) throw new AppError('notFound');
        await audit.record(tx, {
          actorId: admin.uid,
          targetId: owner,
          action: action === 'remove' ? 'remove_reported' : 'dismiss_reports',
          details: { targetType, targetId, reports: closed.length },
          reason: input.reason ?? null,
        });
        return { closed: closed.length };
      });
    },
  };
}

export type Reports = ReturnType<typeof createReports>;
