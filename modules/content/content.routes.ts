import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { defineApi } from '../../platform/define-api';
import { pageIndexRule } from '../../platform/paging';
import { acceptBinaryBody } from '../../platform/uploads';
import { gameBySlug } from '../catalog/catalog.contract';
import type { Content } from './content';
import {
  ARTICLE_STATUSES,
  articleInput,
  COMMENT_ORDERS,
  COMMENT_PAGE_SIZE,
  COMMENT_TARGETS,
  CREATOR_ROLES,
  commentInput,
  IMAGE_MAX_BYTES,
  idRule,
  LIKE_TARGETS,
  PUBLICATION_TYPES,
  REPORT_ACTIONS,
  VIDEO_MAX_BYTES,
  VIDEO_PAGE_SIZE,
  videoInput,
} from './content.contract';
import { HOT_PERIODS } from './hot';
import { sensitiveWordsRule } from './sensitive-words.service';

const sizeRule = z.coerce.number().int().min(1).max(50).default(10);
const periodRule = z.enum(HOT_PERIODS).default('daily');

/** A game segment of a path: a catalogue slug, else 404. */
function gameIdOf(slug: string): number {
  const game = gameBySlug(slug);
  if (!game) throw new AppError('notFound');
  return game.id;
}

/** News, video, comments, likes and readers' reports (spec points 1 and 7). */
export async function readerRoutes(app: FastifyInstance, { content }: { content: Content }) {
  const { articles, videos, comments, hotArticles, hotVideos } = content;
  const tags = ['content'];

  defineApi(app, {
    method: 'GET',
    path: '/news/getHotNewsByGame',
    summary: 'The hot list of articles of a game (or of every game): daily or weekly',
    tags,
    query: z.object({
      gameId: z.coerce.number().int().min(0).optional(),
      period: periodRule,
      size: sizeRule,
    }),
    handler: ({ query }) => hotArticles(query.gameId ?? null, query.period, query.size),
  });

  defineApi(app, {
    method: 'GET',
    path: '/news/userHot/:userId',
    summary: "A user's hottest published articles",
    tags,
    params: z.object({ userId: idRule }),
    query: z.object({ period: z.enum(HOT_PERIODS).default('weekly'), size: sizeRule }),
    handler: ({ params, query }) =>
      articles.hot({ authorId: params.userId, period: query.period, limit: query.size }),
  });

  defineApi(app, {
    method: 'GET',
    path: '/hot/video/:pageIndex',
    summary: 'Hot videos of the week, a page at a time (the home page highlights)',
    tags,
    params: z.object({ pageIndex: pageIndexRule }),
    query: z.object({ gameId: z.coerce.number().int().min(0).optional() }),
    handler: ({ params, query }) =>
      hotVideos(query.gameId ?? null, VIDEO_PAGE_SIZE, (params.pageIndex - 1) * VIDEO_PAGE_SIZE),
  });

  defineApi(app, {
    method: 'GET',
    path: '/:game/news:id',
    summary: 'One article with its sanitised body; counts a view',
    tags,
    auth: 'optional',
    params: z.object({ game: z.string(), id: idRule }),
    handler: async ({ params, user }) => {
      const article = await articles.get(params.id, user);
      if (article.gameId !== gameIdOf(params.game)) throw new AppError('notFound');
      await articles.view(article.id);
      return article;
    },
  });

  const commentPage = z.object({ order: z.enum(COMMENT_ORDERS).default('new') });

  defineApi(app, {
    method: 'GET',
    path: '/:game/newsComment:id/:pageIndex',
    summary:
      "A page of an article's comments with their replies, newest (order=new) or most liked (top) first",
    tags,
    auth: 'optional',
    params: z.object({ game: z.string(), id: idRule, pageIndex: pageIndexRule }),
    query: commentPage,
    handler: ({ params, query, user }) => {
      gameIdOf(params.game);
      return comments.page({
        targetType: 'article',
        targetId: params.id,
        order: query.order,
        pageIndex: params.pageIndex,
        pageSize: COMMENT_PAGE_SIZE,
        viewer: user,
      });
    },
  });

  defineApi(app, {
    method: 'GET',
    path: '/:game/video:id',
    summary: 'One video with related videos of its game; counts a view',
    tags,
    auth: 'optional',
    params: z.object({ game: z.string(), id: idRule }),
    handler: async ({ params, user }) => {
      const video = await videos.get(params.id, user?.uid ?? null);
      if (video.gameId !== gameIdOf(params.game)) throw new AppError('notFound');
      await videos.view(video.id);
      return { ...video, related: await videos.related(video, 8) };
    },
  });

  defineApi(app, {
    method: 'GET',
    path: '/comment/list',
    summary: "A page of an article's or a video's comments with their replies",
    tags,
    auth: 'optional',
    query: commentPage.extend({
      targetType: z.enum(COMMENT_TARGETS),
      targetId: idRule,
      pageIndex: pageIndexRule.default(1),
    }),
    handler: ({ query, user }) => comments.page({ ...query, pageSize: COMMENT_PAGE_SIZE, viewer: user }),
  });

  defineApi(app, {
    method: 'GET',
    path: '/user/:userId/:type/:pageIndex',
    summary:
      "A user's publications, newest first: type 1 articles (the user's own include those in review), type 2 videos",
    tags,
    auth: 'optional',
    params: z.object({
      userId: idRule,
      type: z.coerce
        .number()
        .pipe(z.union([z.literal(PUBLICATION_TYPES.articles), z.literal(PUBLICATION_TYPES.videos)])),
      pageIndex: pageIndexRule,
    }),
    handler: ({ params, user }) =>
      content.publications({
        authorId: params.userId,
        type: params.type,
        pageIndex: params.pageIndex,
        viewer: user?.uid,
      }),
  });

  defineApi(app, {
    method: 'POST',
    path: '/comment/add',
    summary: `Comment on an article or a video, or reply to a comment (plain text, up to 500 characters)`,
    tags,
    auth: 'required',
    body: commentInput,
    handler: ({ body, user }) => comments.add(user, body),
  });

  defineApi(app, {
    method: 'POST',
    path: '/comment/delete',
    summary: 'Delete a comment and its replies: its author or an administrator',
    tags,
    auth: 'required',
    body: z.object({ id: idRule }),
    handler: async ({ body, user }) => {
      await comments.remove(user, body.id);
      return null;
    },
  });

  defineApi(app, {
    method: 'POST',
    path: '/content/like',
    summary: 'Like an article, a video or a comment, or take the like back; answers the new state',
    tags,
    auth: 'required',
    body: z.object({ targetType: z.enum(LIKE_TARGETS), targetId: idRule }),
    handler: ({ body, user }) => comments.toggleLike(user, body.targetType, body.targetId),
  });

  defineApi(app, {
    method: 'POST',
    path: '/content/report',
    summary: 'Report an article, a video or a comment to the administrators',
    tags,
    auth: 'required',
    body: z.object({
      targetType: z.enum(LIKE_TARGETS),
      targetId: idRule,
      reason: z.string().trim().min(1).max(200),
    }),
    handler: async ({ body, user }) => {
      await comments.report(user, body);
      return null;
    },
  });
}

/** The creators' articles and uploads. */
export async function creatorRoutes(app: FastifyInstance, { content }: { content: Content }) {
  const { articles, uploads } = content;
  const creator = { tags: ['creator'], auth: 'required' as const, roles: [...CREATOR_ROLES] };

  defineApi(app, {
    ...creator,
    method: 'POST',
    path: '/creator/article',
    summary: 'Write an article (HTML body, sanitised); it waits for review',
    body: articleInput,
    handler: ({ body, user }) => articles.create(user, body),
  });

  defineApi(app, {
    ...creator,
    method: 'POST',
    path: '/creator/article/:id',
    summary: 'Edit an own article; it goes back to review',
    params: z.object({ id: idRule }),
    body: articleInput,
    handler: ({ params, body, user }) => articles.update(user, params.id, body),
  });

  await app.register(async (scope) => {
    acceptBinaryBody(scope, IMAGE_MAX_BYTES, 'imageRule');
    defineApi(scope, {
      ...creator,
      method: 'POST',
      path: '/creator/uploadImage',
      summary:
        'Upload a picture for an article or its cover: the image itself as the body, jpg, png or webp up to 5 MB; answers its URL',
      response: z.object({ url: z.string() }),
      handler: async ({ request, user }) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('imageRule');
        return { url: await uploads.image(user.uid, request.body) };
      },
    });
  });

  // The video is streamed to disk as it arrives: this scope hands the raw body stream on.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    defineApi(scope, {
      ...creator,
      method: 'POST',
      path: '/creator/uploadVideo',
      summary:
        'Upload a video: the MP4 itself (H.264 with AAC or MP3 sound) as the body, up to 200 MB; answers its source, a cover frame and its length',
      response: z.object({ source: z.string(), cover: z.string(), durationSeconds: z.number() }),
      handler: async ({ request, user }) => {
        if (Number(request.headers['content-length']) > VIDEO_MAX_BYTES) throw new AppError('videoRule');
        return uploads.video(user.uid, request.body as NodeJS.ReadableStream);
      },
    });
  });
}

/** The review of articles, the administrators' videos and the reports queue. */
export async function reviewRoutes(app: FastifyInstance, { content }: { content: Content }) {
  const { articles, videos, reports } = content;
  const admin = { tags: ['admin'], auth: 'required' as const, roles: ['admin' as const] };
  const reasonRule = z.string().trim().min(1).max(500).optional();

  defineApi(app, {
    method: 'GET',
    path: '/admin/articles',
    summary: 'Articles by review state (review, published, rejected), newest first',
    ...admin,
    query: z.object({
      status: z.enum(ARTICLE_STATUSES).default('review'),
      pageIndex: pageIndexRule.default(1),
    }),
    handler: ({ query }) => articles.byStatus({ ...query, pageSize: 20 }),
  });

  defineApi(app, {
    method: 'POST',
    path: '/admin/articles/review',
    summary: 'Publish or reject an article (a reason is required to reject)',
    ...admin,
    body: z.discriminatedUnion('decision', [
      z.object({ id: idRule, decision: z.literal('publish') }),
      z.object({ id: idRule, decision: z.literal('reject'), reason: z.string().trim().min(1).max(500) }),
    ]),
    handler: ({ body, user }) =>
      articles.review(user, body.id, {
        publish: body.decision === 'publish',
        reason: body.decision === 'reject' ? body.reason : undefined,
      }),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/videos',
    summary:
      'Post a video: an MP4 uploaded through /creator/uploadVideo, or an HLS playlist on an https address; it is published at once',
    body: videoInput,
    handler: ({ body, user }) => videos.create(user, body),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/videos/delete',
    summary: 'Delete a video with its comments and likes, and its uploaded file',
    body: z.object({ id: idRule, reason: reasonRule }),
    handler: async ({ body, user }) => {
      await videos.remove(user, body.id, body.reason);
      return null;
    },
  });

  defineApi(app, {
    ...admin,
    method: 'GET',
    path: '/admin/reports',
    summary: 'Reported articles, videos and comments with open reports, the most recently reported first',
    query: z.object({ pageIndex: pageIndexRule.default(1) }),
    handler: ({ query }) => reports.queue({ ...query, pageSize: 20 }),
  });

  defineApi(app, {
    ...admin,
    method: 'POST',
    path: '/admin/reports/resolve',
    summary:
      'Remove a reported thing (an article is rejected, a video or a comment deleted) or dismiss its reports; closes all of its open reports',
    body: z.object({
      targetType: z.enum(LIKE_TARGETS),
      targetId: idRule,
      action: z.enum(REPORT_ACTIONS),
      reason: reasonRule,
    }),
    handler: ({ body, user }) => reports.resolve(user, body),
  });

  defineApi(app, {
    method: 'GET',
    path: '/admin/sensitiveWords',
    summary: 'The sensitive-word list that comments and live chat refuse',
    ...admin,
    handler: () => content.sensitiveWords.list(),
  });

  defineApi(app, {
    method: 'POST',
    path: '/admin/sensitiveWords',
    summary:
      'Replace the sensitive-word list (up to 5,000 words of 1 to 50 characters); every instance uses it from the next message',
    ...admin,
    body: z.object({ words: sensitiveWordsRule }),
    handler: ({ body, user }) => content.sensitiveWords.set(user, body.words),
  });
}
