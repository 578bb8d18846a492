/**
 * Search's plain values (paths, tabs) and the highlighting of a hit, without zod: code every page
 * runs imports these, so the browser's first load need not carry the schemas.
 */

export const SEARCH_PATHS = {
  suggest: '/search/suggest',
  all: '/search/all',
  tab: '/search/tab',
} as const;

/** The tabs of the results page: the spec's four, plus news. */
export const SEARCH_TABS = ['all', 'matches', 'anchors', 'rooms', 'news'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/**
 * The parts of `text` that hold `query` (any case), for drawing the match highlighted. A misspelt
 * match holds no exact part and comes back as one plain part.
 */
export function highlightParts(text: string, query: string): { text: string; match: boolean }[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [{ text, match: false }];
  const haystack = text.toLocaleLowerCase();
  // Lower-casing can change a string's length (İ); then only an unchanged-length text is split safely.
  if (haystack.length !== text.length) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
