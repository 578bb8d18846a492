import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  createSensitiveWordFilter,
  parseWordList,
  type SensitiveWordFilter,
} from '../../lib/sensitive-words';
import type { Services } from '../../server/services';
import { createArticles } from './articles.service';
import { createComments } from './comments.service';
import type { ArticleSummary, Video } from './content.contract';
import { createVideos } from './videos.service';

const WORD_LIST = path.resolve(import.meta.dirname, '../../config/sensitive-words.txt');

let words: SensitiveWordFilter | undefined;

/** The sensitive-word filter of config/sensitive-words.txt, read once; live chat uses the same. */
export function sensitiveWords(): SensitiveWordFilter {
  words ??= createSensitiveWordFilter(parseWordList(readFileSync(WORD_LIST, 'utf8')));
  return words;
}

function createContent(services: Services) {
  const { db } = services.database;
  return {
    articles: createArticles(db),
    videos: createVideos(db),
    comments: createComments({ db, limiter: services.limiter, words: sensitiveWords() }),
  };
}

export type Content = ReturnType<typeof createContent>;

const built = new WeakMap<Services, Content>();

/** The content services, built once from the shared ones: routes and page loaders both use this. */
export function content(services: Services): Content {
  let existing = built.get(services);
  if (!existing) {
    existing = createContent(services);
    built.set(services, existing);
  }
  return existing;
}

/** For the home page's 'Highlights video' tab: the week's hottest videos. */
export function highlightVideos(services: Services, limit: number): Promise<Video[]> {
  return content(services).videos.hot({ period: 'weekly', limit });
}

/** For the home page's 'Hot list' tab: the day's hottest articles of every game. */
export function hotNews(services: Services, limit: number): Promise<ArticleSummary[]> {
  return content(services).articles.hot({ period: 'daily', limit });
}
