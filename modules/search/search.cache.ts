import type { Locale } from '../../lib/locales';
import type { Search } from './search.service';

/** Answers kept at most (the one asked for longest ago goes first): each is a few kilobytes. */
const MAX_ANSWERS = 2_000;
/**
 * How long an answer is kept: as long as the results page says caches may share it
 * (`s-maxage=10`). A room going on or off air drops every answer at once (`forget`).
 */
const MAX_AGE_MS = 10_000;

export type CachedSearch = Search & {
  /** Drops every kept answer: what ranks first has changed (a room went on or off air). */
  forget(): void;
};

/**
 * Search's answers kept for a few seconds by call, language and text: the texts many fans type at
 * once (a team in the news, a match about to start) cost one statement however often they are
 * asked, and concurrent askers share it. A text asked for the first time costs the statement.
 */
export function cacheSearch(search: Search, options: { now?: () => number } = {}): CachedSearch {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { answer: Promise<unknown>; expires: number }>();

  function keep<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = kept.get(key);
    if (hit && hit.expires > now()) {
      // Asked for again: it moves to the back of the eviction order.
      kept.delete(key);
      kept.set(key, hit);
      return hit.answer as Promise<T>;
    }
    const answer = compute();
    const entry = { answer, expires: now() + MAX_AGE_MS };
    kept.delete(key);
    kept.set(key, entry);
    if (kept.size > MAX_ANSWERS) kept.delete(kept.keys().next().value as string);
    // A failure is not kept: the next ask tries again.
    answer.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return answer;
  }

  return {
    all: (text: string, locale: Locale) => keep(`all|${locale}|${text}`, () => search.all(text, locale)),
    tab: (text, tab, locale) => keep(`${tab}|${locale}|${text}`, () => search.tab(text, tab, locale)),
    suggest: (text, locale) => keep(`suggest|${locale}|${text}`, () => search.suggest(text, locale)),
    forget: () => kept.clear(),
  };
}
