import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { articles, comments, contentLikes, contentReports, users, videos } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { SensitiveWordFilter } from '../../lib/sensitive-words';
import type { RateLimiter } from '../../platform/rate-limit';
import { hasRole } from '../../platform/roles';
import type { SessionUser } from '../../platform/sessions';
import { isPublished } from './articles.service';
import {
  COMMENTS_PER_MINUTE,
  type Comment,
  type CommentInput,
  type CommentOrder,
  type CommentTarget,
  type CommentThread,
  type LikeTarget,
  type Page,
} from './content.contract';

/** The table that counts a target's comments and likes. */
const counters = { article: articles, video: videos, comment: comments } as const;

const commentColumns = {
  id: comments.id,
  parentId: comments.parentId,
  body: comments.body,
  likes: comments.likes,
  replies: comments.replies,
  createdAt: comments.createdAt,
  uid: users.uid,
  username: users.username,
  avatar: users.avatar,
};

/**
 * Comments (one level of replies), likes of articles, videos and comments, and users' reports.
 * Counters on the targets change in the same transaction as the rows they count.
 */
export function createComments(deps: { db: Db; limiter: RateLimiter; words: SensitiveWordFilter }) {
  const { db, limiter, words } = deps;

  /** Comments and likes only reach what the public can see. */
  async function requireTarget(type: LikeTarget, id: number): Promise<void> {
    const table = counters[type];
    const where = type === 'article' ? and(eq(articles.id, id), isPublished) : eq(table.id, id);
    const [row] = await db.select({ id: table.id }).from(table).where(where);
    if (!row) throw new AppError('notFound');
  }

  async function load(ids: number[], viewer: SessionUser | null): Promise<Comment[]> {
    if (ids.length === 0) return [];
    const [rows, likes] = await Promise.all([
      db
        .select(commentColumns)
        .from(comments)
        .innerJoin(users, eq(users.uid, comments.userId))
        .where(inArray(comments.id, ids)),
      viewer
        ? db
            .select({ id: contentLikes.targetId })
            .from(contentLikes)
            .where(
              and(
                eq(contentLikes.userId, viewer.uid),
                eq(contentLikes.targetType, 'comment'),
                inArray(contentLikes.targetId, ids),
              ),
            )
        : [],
    ]);
    const liked = new Set(likes.map((like) => like.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          id: row.id,
          parentId: row.parentId,
          author: { uid: row.uid, username: row.username, avatar: row.avatar },
          body: row.body,
          likes: row.likes,
          replies: row.replies,
          liked: liked.has(row.id),
          deletable: viewer !== null && (viewer.uid === row.uid || hasRole(viewer, 'admin')),
          createdAt: row.createdAt.toISOString(),
        },
      ];
    });
  }

  return {
    async add(user: SessionUser, input: CommentInput): Promise<Comment> {
      const limit = await limiter.hit(`comment:${user.uid}`, COMMENTS_PER_MINUTE, 60);
      if (!limit.allowed) throw new AppError('tooManyRequests');
      if (words.find(input.body)) throw new AppError('contentNonCompliant');
      await requireTarget(input.targetType, input.targetId);
      const id = await db.transaction(async (tx) => {
        if (input.parentId) {
          // Replies hang off a top-level comment of the same target: one level only.
          const [parent] = await tx
            .update(comments)
            .set({ replies: sql`${comments.replies} + 1` })
            .where(
              and(
                eq(comments.id, input.parentId),
                eq(comments.targetType, input.targetType),
                eq(comments.targetId, input.targetId),
                isNull(comments.parentId),
              ),
            )
            .returning({ id: comments.id });
          if (!parent) throw new AppError('notFound');
        }
        const [row] = await tx
          .insert(comments)
          .values({
            targetType: input.targetType,
            targetId: input.targetId,
            parentId: input.parentId ?? null,
            userId: user.uid,
            body: input.body,
          })
          .returning({ id: comments.id });
        const table = counters[input.targetType];
        await tx
          .update(table)
          .set({ comments: sql`${table.comments} + 1` })
          .where(eq(table.id, input.targetId));
        return (row as { id: number }).id;
      });
      const [comment] = await load([id], user);
      return comment as Comment;
    },

    /** One page of top-level comments, newest or most liked first, each with its replies. */
    async page(input: {
      targetType: CommentTarget;
      targetId: number;
      order: CommentOrder;
      pageIndex: number;
      pageSize: number;
      viewer: SessionUser | null;
    }): Promise<Page<CommentThread>> {
      const { targetType, targetId, order, pageIndex, pageSize, viewer } = input;
      const topLevel = and(
        eq(comments.targetType, targetType),
        eq(comments.targetId, targetId),
        isNull(comments.parentId),
      );
      const [top, [total]] = await Promise.all([
        db
          .select({ id: comments.id })
          .from(comments)
          .where(topLevel)
          .orderBy(
            ...(order === 'top' ? [desc(comments.likes)] : []),
            desc(comments.createdAt),
            desc(comments.id),
          )
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize),
        db.select({ n: count() }).from(comments).where(topLevel),
      ]);
      const topIds = top.map((row) => row.id);
      const replyIds =
        topIds.length === 0
          ? []
          : await db
              .select({ id: comments.id })
              .from(comments)
              .where(inArray(comments.parentId, topIds))
              .orderBy(asc(comments.createdAt), asc(comments.id));
      const loaded = await load([...topIds, ...replyIds.map((row) => row.id)], viewer);
      const threads = loaded
        .filter((c) => c.parentId === null)
        .map((c) => ({ ...c, replyList: loaded.filter((r) => r.parentId === c.id) }));
      return { list: threads, total: total?.n ?? 0, pageIndex, pageSize };
    },

    /** Its author or an administrator deletes a comment, and with it its replies. */
    async remove(user: SessionUser, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
        if (!row) throw new AppError('notFound');
        if (row.userId !== user.uid && !hasRole(user, 'admin')) throw new AppError('accessDenied');
        const removed = await tx
          .delete(comments)
          .where(sql`${comments.id} = ${id} or ${comments.parentId} = ${id}`)
          .returning({ id: comments.id });
        await tx.delete(contentLikes).where(
          and(
            eq(contentLikes.targetType, 'comment'),
            inArray(
              contentLikes.targetId,
              removed.map((r) => r.id),
            ),
          ),
        );
        const table = counters[row.targetType as CommentTarget];
        await tx
          .update(table)
          .set({ comments: sql`greatest(${table.comments} - ${removed.length}, 0)` })
          .where(eq(table.id, row.targetId));
        if (row.parentId)
          await tx
            .update(comments)
            .set({ replies: sql`greatest(${comments.replies} - 1, 0)` })
            .where(eq(comments.id, row.parentId));
      });
    },

    /** Likes when not liked yet, takes the like back when liked; answers the new state. */
    async toggleLike(
      user: SessionUser,
      type: LikeTarget,
      id: number,
    ): Promise<{ liked: boolean; likes: number }> {
      await requireTarget(type, id);
      const table = counters[type];
      return db.transaction(async (tx) => {
        const mine = and(
          eq(contentLikes.userId, user.uid),
          eq(contentLikes.targetType, type),
          eq(contentLikes.targetId, id),
        );
        const removed = await tx.delete(contentLikes).where(mine).returning({ userId: contentLikes.userId });
        const added =
          removed.length === 0
            ? await tx
                .insert(contentLikes)
                .values({ userId: user.uid, targetType: type, targetId: id })
                .onConflictDoNothing()
                .returning({ userId: contentLikes.userId })
            : [];
        const change = added.length - removed.length;
        const [row] = await tx
          .update(table)
          .set({ likes: sql`greatest(${table.likes} + ${change}, 0)` })
          .where(eq(table.id, id))
          .returning({ likes: table.likes });
        return { liked: removed.length === 0, likes: row?.likes ?? 0 };
      });
    },

    async report(user: SessionUser, input: { targetType: LikeTarget; targetId: number; reason: string }) {
      const limit = await limiter.hit(`report:${user.uid}`, 20, 3600);
      if (!limit.allowed) throw new AppError('tooManyRequests');
      await requireTarget(input.targetType, input.targetId);
      // Reporting the same thing again changes the reason, not the count.
      await db
        .insert(contentReports)
        .values({ userId: user.uid, ...input })
        .onConflictDoUpdate({
          target: [contentReports.targetType, contentReports.targetId, contentReports.userId],
          targetWhere: isNull(contentReports.resolvedAt),
          set: { reason: input.reason, createdAt: new Date() },
        });
    },
  };
}

export type Comments = ReturnType<typeof createComments>;
