import { and, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { articles, contentLikes, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { audit } from '../../platform/audit';
import { hasRole } from '../../platform/roles';
import type { SessionUser } from '../../platform/sessions';
import { gameById } from '../catalog/catalog.contract';
import {
  type Article,
  type ArticleInput,
  type ArticleStatus,
  type ArticleSummary,
  gameSlug,
  type Page,
} from './content.contract';
import { type HotPeriod, hotScoreSql } from './hot';
import { plainText, sanitizeArticleHtml } from './html';

const SUMMARY_LENGTH = 140;

const summaryColumns = {
  id: articles.id,
  gameId: articles.gameId,
  title: articles.title,
  summary: articles.summary,
  cover: articles.cover,
  tags: articles.tags,
  status: articles.status,
  rejectReason: articles.rejectReason,
  views: articles.views,
  likes: articles.likes,
  comments: articles.comments,
  publishedAt: articles.publishedAt,
  createdAt: articles.createdAt,
  authorUid: users.uid,
  authorName: users.username,
  authorAvatar: users.avatar,
};

type SummaryRow = Omit<
  typeof articles.$inferSelect,
  'authorId' | 'body' | 'relatedMatchId' | 'relatedTeam' | 'updatedAt'
> & { authorUid: number; authorName: string; authorAvatar: string | null };

function toSummary(row: SummaryRow): ArticleSummary {
  return {
    id: row.id,
    gameId: row.gameId,
    game: gameSlug(row.gameId),
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    tags: row.tags,
    author: { uid: row.authorUid, username: row.authorName, avatar: row.authorAvatar },
    status: row.status as ArticleStatus,
    rejectReason: row.rejectReason,
    views: row.views,
    likes: row.likes,
    comments: row.comments,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the public sees. */
export const isPublished = and(eq(articles.status, 'published'), isNotNull(articles.publishedAt)) as SQL;

/**
 * Articles: creators write them, administrators review them, everyone reads the published ones.
 * Bodies are sanitised on the way in, so what is stored is safe to render.
 */
export function createArticles(db: Db) {
  function select() {
    return db.select(summaryColumns).from(articles).innerJoin(users, eq(users.uid, articles.authorId));
  }

  async function page(where: SQL, pageIndex: number, pageSize: number): Promise<Page<ArticleSummary>> {
    const [rows, [total]] = await Promise.all([
      select()
        .where(where)
        .orderBy(desc(articles.publishedAt), desc(articles.createdAt), desc(articles.id))
        .limit(pageSize)
        .offset((pageIndex - 1) * pageSize),
      db.select({ n: count() }).from(articles).where(where),
    ]);
    return { list: rows.map(toSummary), total: total?.n ?? 0, pageIndex, pageSize };
  }

  function fields(input: ArticleInput) {
    if (!gameById(input.gameId))
      throw new AppError('formatError', { issues: [{ field: 'gameId', reason: 'invalidValue' }] });
    const body = sanitizeArticleHtml(input.body);
    const text = plainText(body);
    if (!text && !body.includes('<img'))
      throw new AppError('formatError', { issues: [{ field: 'body', reason: 'required' }] });
    return {
      gameId: input.gameId,
      title: input.title,
      summary: input.summary || text.slice(0, SUMMARY_LENGTH),
      cover: input.cover ?? null,
      body,
      tags: [...new Set(input.tags)],
      relatedMatchId: input.relatedMatchId ?? null,
      relatedTeam: input.relatedTeam ?? null,
    };
  }

  async function get(id: number, viewer: SessionUser | null): Promise<Article> {
    const [row] = await db
      .select({
        ...summaryColumns,
        body: articles.body,
        relatedMatchId: articles.relatedMatchId,
        relatedTeam: articles.relatedTeam,
        liked: sql<boolean>`${contentLikes.userId} is not null`,
      })
      .from(articles)
      .innerJoin(users, eq(users.uid, articles.authorId))
      .leftJoin(
        contentLikes,
        and(
          eq(contentLikes.targetType, 'article'),
          eq(contentLikes.targetId, articles.id),
          eq(contentLikes.userId, viewer?.uid ?? 0),
        ),
      )
      .where(eq(articles.id, id));
    const visible =
      row && (row.status === 'published' || row.authorUid === viewer?.uid || hasRole(viewer, 'admin'));
    if (!row || !visible) throw new AppError('notFound');
    return {
      ...toSummary(row),
      body: row.body,
      relatedMatchId: row.relatedMatchId,
      relatedTeam: row.relatedTeam,
      liked: Boolean(row.liked),
    };
  }

  return {
    get,

    /** A new article from a creator; it waits for review. */
    async create(author: SessionUser, input: ArticleInput): Promise<Article> {
      const [row] = await db
        .insert(articles)
        .values({ ...fields(input), authorId: author.uid })
        .returning({ id: articles.id });
      return get((row as { id: number }).id, author);
    },

    /** The author's edit; it goes back to review before the public sees it again. */
    async update(author: SessionUser, id: number, input: ArticleInput): Promise<Article> {
      const changed = await db
        .update(articles)
        .set({
          ...fields(input),
          status: 'review',
          rejectReason: null,
          publishedAt: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(articles.id, id), eq(articles.authorId, author.uid)))
        .returning({ id: articles.id });
      if (changed.length === 0) throw new AppError('notFound');
      return get(id, author);
    },

    /** An administrator publishes or rejects an article; the decision goes to the audit log. */
    async review(
      admin: SessionUser,
      id: number,
      decision: { publish: boolean; reason?: string },
    ): Promise<ArticleSummary> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(articles)
          .set(
            decision.publish
              ? { status: 'published', rejectReason: null, publishedAt: sql`now()`, updatedAt: sql`now()` }
              : {
                  status: 'rejected',
                  rejectReason: decision.reason ?? null,
                  publishedAt: null,
                  updatedAt: sql`now()`,
                },
          )
          .where(eq(articles.id, id))
          .returning({ authorId: articles.authorId });
        if (!row) throw new AppError('notFound');
        await audit.record(tx, {
          actorId: admin.uid,
          targetId: row.authorId,
          action: decision.publish ? 'publish_article' : 'reject_article',
          details: { articleId: id },
          reason: decision.reason ?? null,
        });
      });
      const [row] = await select().where(eq(articles.id, id));
      return toSummary(row as SummaryRow);
    },

    /** Published articles of a game (or of every game), newest first. */
    list(input: { gameId: number | null; pageIndex: number; pageSize: number }) {
      const where =
        input.gameId === null ? isPublished : (and(isPublished, eq(articles.gameId, input.gameId)) as SQL);
      return page(where, input.pageIndex, input.pageSize);
    },

    /** An author's articles: every status for the author, only published ones for others. */
    byAuthor(input: { authorId: number; all: boolean; pageIndex: number; pageSize: number }) {
      const mine = eq(articles.authorId, input.authorId);
      return page(input.all ? mine : (and(mine, isPublished) as SQL), input.pageIndex, input.pageSize);
    },

    /** Articles in one review state, for the administrators' queue. */
    byStatus(input: { status: ArticleStatus; pageIndex: number; pageSize: number }) {
      return page(eq(articles.status, input.status), input.pageIndex, input.pageSize);
    },

    /** The hot list (docs/decisions/008-hot-lists.md), of a game or of an author when given. */
    async hot(input: {
      gameId?: number | null;
      authorId?: number;
      period: HotPeriod;
      limit: number;
      now?: Date;
    }): Promise<ArticleSummary[]> {
      const score = hotScoreSql(articles, input.period, input.now ?? new Date());
      const rows = await select()
        .where(
          and(
            isPublished,
            input.gameId == null ? undefined : eq(articles.gameId, input.gameId),
            input.authorId === undefined ? undefined : eq(articles.authorId, input.authorId),
          ),
        )
        .orderBy(desc(score), desc(articles.publishedAt), desc(articles.id))
        .limit(input.limit);
      return rows.map(toSummary);
    },

    /** Counts one reading of a published article. */
    async view(id: number): Promise<void> {
      await db
        .update(articles)
        .set({ views: sql`${articles.views} + 1` })
        .where(and(eq(articles.id, id), isPublished));
    },

    /** Every published article, for the sitemap. */
    async allPublished(): Promise<{ id: number; gameId: number; updatedAt: Date }[]> {
      return db
        .select({ id: articles.id, gameId: articles.gameId, updatedAt: articles.updatedAt })
        .from(articles)
        .where(isPublished)
        .orderBy(desc(articles.publishedAt));
    },
  };
}

export type Articles = ReturnType<typeof createArticles>;
