import path from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { Bus } from '../../platform/bus/bus';
import type { Env } from '../../platform/env';
import type { FileStorage } from '../../platform/file-storage';
import type { RateLimiter } from '../../platform/rate-limit';
import { uploadsDir } from '../../platform/uploads';
import type { Settings } from '../system';
import { createArticles } from './articles.service';
import { cachedFor } from './cache';
import { createComments } from './comments.service';
import {
  type ArticleSummary,
  NEWS_PAGE_SIZE,
  type Page,
  PUBLICATION_TYPES,
  type PublicationType,
  VIDEO_PAGE_SIZE,
  type Video,
} from './content.contract';
import type { HotPeriod } from './hot';
import { createReports } from './reports.service';
import { createSensitiveWords } from './sensitive-words.service';
import { createContentUploads } from './uploads.service';
import { createVideos } from './videos.service';

/** Hot lists are read on every news page and change slowly: each is queried at most every 10 s. */
const HOT_CACHE_MS = 10_000;

/** What the content services are built from. */
export interface ContentDeps {
  database: Database;
  env: Env;
  log: Logger;
  limiter: RateLimiter;
  storage: FileStorage;
  settings: Settings;
  bus: Bus;
}

/** Articles, videos, comments, reports and their uploads, built once by the composition root. */
export function createContent({ database, env, log, limiter, storage, settings, bus }: ContentDeps) {
  const { db } = database;
  const sensitiveWords = createSensitiveWords({ settings, bus, log });
  const articles = createArticles(db);
  const videos = createVideos(db, storage);
  const hotArticles = cachedFor(HOT_CACHE_MS, (key) => {
    const [game, period, limit] = key.split('|');
    return articles.hot({
      gameId: game ? Number(game) : null,
      period: period as HotPeriod,
      limit: Number(limit),
    });
  });
  const hotVideos = cachedFor(HOT_CACHE_MS, (key) => {
    const [game, limit, offset] = key.split('|');
    return videos.hot({
      gameId: game ? Number(game) : null,
      period: 'weekly',
      limit: Number(limit),
      offset: Number(offset),
    });
  });
  const comments = createComments({ db, limiter, words: sensitiveWords });
  return {
    /** The list comments and live chat refuse words of; administrators edit it. */
    sensitiveWords,
    articles,
    videos,
    comments,
    /**
     * A user's publications of one type, newest first, as `viewer` may see them: only the author
     * sees their articles still in review or rejected.
     */
    async publications(input: {
      authorId: number;
      type: PublicationType;
      pageIndex: number;
      viewer: number | undefined;
    }): Promise<
      | (Page<ArticleSummary> & { type: typeof PUBLICATION_TYPES.articles })
      | (Page<Video> & { type: typeof PUBLICATION_TYPES.videos })
    > {
      const { authorId, pageIndex } = input;
      if (input.type === PUBLICATION_TYPES.videos)
        return {
          ...(await videos.byAuthor({ authorId, pageIndex, pageSize: VIDEO_PAGE_SIZE })),
          type: input.type,
        };
      const all = input.viewer === authorId;
      return {
        ...(await articles.byAuthor({ authorId, all, pageIndex, pageSize: NEWS_PAGE_SIZE })),
        type: input.type,
      };
    },
    reports: createReports({ db, articles, videos, comments }),
    uploads: createContentUploads({
      storage,
      // A dot folder: on the same disk for a cheap move, never served (dot files are denied).
      incomingDir: path.join(uploadsDir(env), '.incoming'),
      limiter,
      log,
    }),
    /** The hot articles of a game (or of all), at most 10 s old. */
    hotArticles: (gameId: number | null, period: HotPeriod, limit: number) =>
      hotArticles(`${gameId ?? ''}|${period}|${limit}`),
    /** The week's hot videos of a game (or of all), at most 10 s old. */
    hotVideos: (gameId: number | null, limit: number, offset = 0) =>
      hotVideos(`${gameId ?? ''}|${limit}|${offset}`),
  };
}

export type Content = ReturnType<typeof createContent>;

/** For the home page's 'Highlights video' tab: the week's hottest videos. */
export function highlightVideos(services: { content: Content }, limit: number): Promise<Video[]> {
  return services.content.hotVideos(null, limit);
}

/** For the home page's 'Hot list' tab: the day's hottest articles of every game. */
export function hotNews(services: { content: Content }, limit: number): Promise<ArticleSummary[]> {
  return services.content.hotArticles(null, 'daily', limit);
}
