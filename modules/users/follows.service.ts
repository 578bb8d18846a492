import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { follows, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { type FANS, FOLLOWS, type FollowPage } from './users.contract';

/** Who follows whom. Closing an account removes its rows, so counts need no join. */
export function createFollows(db: Db) {
  async function isFollowing(follower: number, followee: number): Promise<boolean> {
    const [row] = await db
      .select({ followerId: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followerId, follower), eq(follows.followeeId, followee)));
    return row !== undefined;
  }

  async function counts(uid: number): Promise<{ followers: number; following: number }> {
    const [[followers], [following]] = await Promise.all([
      db.select({ n: count() }).from(follows).where(eq(follows.followeeId, uid)),
      db.select({ n: count() }).from(follows).where(eq(follows.followerId, uid)),
    ]);
    return { followers: followers?.n ?? 0, following: following?.n ?? 0 };
  }

  return {
    isFollowing,
    counts,

    /** Follows when not following, unfollows when following; answers the new state. */
    async toggle(follower: number, followee: number): Promise<{ followed: boolean; followers: number }> {
      if (follower === followee)
        throw new AppError('formatError', { issues: [{ field: 'query.userId', reason: 'invalidValue' }] });
      const [target] = await db
        .select({ closedAt: users.closedAt })
        .from(users)
        .where(eq(users.uid, followee));
      if (!target || target.closedAt) throw new AppError('accountNotFound');
      const removed = await db
        .delete(follows)
        .where(and(eq(follows.followerId, follower), eq(follows.followeeId, followee)))
        .returning({ followerId: follows.followerId });
      if (removed.length === 0)
        await db.insert(follows).values({ followerId: follower, followeeId: followee }).onConflictDoNothing();
      return { followed: removed.length === 0, followers: (await counts(followee)).followers };
    },

    /** One page of the people `owner` follows (type 1) or of its fans (type 2), newest first. */
    async page(input: {
      owner: number;
      type: typeof FOLLOWS | typeof FANS;
      pageIndex: number;
      pageSize: number;
      viewer: number | null;
    }): Promise<FollowPage> {
      const { owner, type, pageIndex, pageSize, viewer } = input;
      const mine = type === FOLLOWS ? follows.followerId : follows.followeeId;
      const other = type === FOLLOWS ? follows.followeeId : follows.followerId;
      const viewerFollows = alias(follows, 'viewer_follows');
      const [rows, [total]] = await Promise.all([
        db
          .select({
            uid: users.uid,
            username: users.username,
            avatar: users.avatar,
            signature: users.signature,
            level: users.level,
            since: follows.createdAt,
            followed: sql<boolean>`${viewerFollows.followerId} is not null`,
          })
          .from(follows)
          .innerJoin(users, eq(users.uid, other))
          .leftJoin(
            viewerFollows,
            and(eq(viewerFollows.followeeId, users.uid), eq(viewerFollows.followerId, viewer ?? 0)),
          )
          .where(eq(mine, owner))
          .orderBy(desc(follows.createdAt), desc(other))
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize),
        db.select({ n: count() }).from(follows).where(eq(mine, owner)),
      ]);
      return {
        list: rows.map((row) => ({
          ...row,
          followed: Boolean(row.followed),
          since: row.since.toISOString(),
        })),
        total: total?.n ?? 0,
        pageIndex,
        pageSize,
      };
    },
  };
}

export type Follows = ReturnType<typeof createFollows>;
