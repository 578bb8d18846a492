import AhoCorasick from 'modern-ahocorasick';

/**
 * The sensitive-word filter shared by comments and live chat. Text and words are compared after
 * folding: Unicode compatibility forms (full-width letters), case, and the spaces and marks
 * people put between letters to slip past a filter ("f.u c-k").
 */
export interface SensitiveWordFilter {
  /** The first listed word the text contains, or null when it is clean. */
  find(text: string): string | null;
}

const SEPARATORS = /[\s\p{P}\p{S}_]+/gu;

function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(SEPARATORS, '');
}

/** The words of a list file: one a line, blank lines and lines starting with # left out. */
export function parseWordList(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** One pass over the text whatever the length of the list (Aho-Corasick). */
export function createSensitiveWordFilter(words: readonly string[]): SensitiveWordFilter {
  const patterns = words.map((word) => ({ pattern: fold(word), data: word })).filter((w) => w.pattern !== '');
  if (patterns.length === 0) return { find: () => null };
  const matcher = new AhoCorasick(patterns);
  return {
    find: (text) => matcher.findFirst(fold(text))?.data ?? null,
  };
}
