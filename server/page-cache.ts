/** A rendered page, as sent. */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The same page gzipped, when it is text. */
  gzipped?: { headers: [string, string][]; body: Buffer } | null;
}

/**
 * How long the page says caches may share it (`Cache-Control: s-maxage=N`): pages whose live parts
 * correct themselves from the push when opened (the data library's tables) ask for longer.
 */
function sharedMs(headers: [string, string][]): number {
  const control = headers.find(([name]) => name === 'cache-control')?.[1] ?? '';
  const seconds = /(?:^|,)\s*s-maxage=(\d+)/.exec(control)?.[1];
  return seconds ? Number(seconds) * 1000 : 0;
}

/**
 * A short-lived cache of pages rendered for visitors without a session ("micro-caching"): under
 * load, one render serves every guest asking for the same page in the same second, and
 * concurrent misses for one key share a single render. Live data reaches pages over websockets,
 * so a page up to `ttlMs` old is as good as a fresh one.
 */
export function createPageCache(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const { ttlMs, maxEntries } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { page: CachedPage; expires: number }>();
  const rendering = new Map<string, Promise<CachedPage>>();

  function store(key: string, page: CachedPage) {
    if (page.status !== 200 || page.headers.some(([name]) => name === 'set-cookie')) return;
    entries.delete(key);
    entries.set(key, { page, expires: now() + Math.max(ttlMs, sharedMs(page.headers)) });
    // Maps keep insertion order: the first key is the oldest.
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  return {
    enabled: ttlMs > 0,

    /** The cached page for `key`, or `render()`'s result (stored when it may be shared). */
    async get(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.page;
      let pending = rendering.get(key);
      if (!pending) {
        pending = render().finally(() => rendering.delete(key));
        rendering.set(key, pending);
        store(key, await pending);
      }
      return pending;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
