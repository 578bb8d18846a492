import type { Logger } from 'pino';

/** What one answer of a provider says of its rate limit. */
export interface RateLimit {
  /** Requests left in the provider's window; null when the answer does not say. */
  remaining: number | null;
  /** When the window resets or the provider asks to be called again (epoch ms); null when not said. */
  resetAt: number | null;
}

export interface FeedHttpClientOptions {
  /** Names the provider in errors and log lines: 'football-data', 'pandascore'. */
  provider: string;
  baseUrl: string;
  /** Sent with every request (the provider's key). */
  headers: Record<string, string>;
  log: Logger;
  /** Reads the provider's own rate-limit headers from an answer. */
  rateLimit(response: Response, now: number): RateLimit;
  fetch?: typeof fetch;
  /** Waits; tests pass one that records instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** Times a refused (429) request is tried again before giving up. */
  retries?: number;
  /**
   * Times a request that failed on the provider's side (5xx, or no answer at all) is tried again,
   * after a pause that doubles each time; 0 leaves it to the feed's next poll.
   */
  serverRetries?: number;
  /** The first pause after a failure, doubling up to `maxBackoffMs`. */
  firstBackoffMs?: number;
  /** The first pause after a 429 that names no reset, doubling; default `firstBackoffMs`. */
  firstRefusalBackoffMs?: number;
  maxBackoffMs?: number;
  /** The least time between the starts of two requests, so a burst never hammers the provider. */
  spacingMs?: number;
}

export interface FeedAnswer<T> {
  body: T;
  headers: Headers;
}

/**
 * A provider's JSON API within its rate limit: requests go one at a time; when the last answer
 * said no request is left, the next waits for the reset; a 429 is tried again after the reset the
 * provider names or a growing pause, and a failure on its side (when the feed allows) after an
 * exponential back-off.
 */
export interface FeedHttpClient {
  get<T>(path: string): Promise<T>;
  /** The body with the answer's headers (paging counts). */
  answer<T>(path: string): Promise<FeedAnswer<T>>;
  /** Requests left as the last answer told; null before any, or once its window has reset. */
  remaining(): number | null;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A header's number, or null when it is missing or not a number. */
export function headerNumber(response: Response, name: string): number | null {
  const value = response.headers.get(name);
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

export function createFeedHttpClient(options: FeedHttpClientOptions): FeedHttpClient {
  const {
    provider,
    baseUrl,
    headers,
    log,
    rateLimit,
    fetch: send = fetch,
    sleep = wait,
    retries = 5,
    serverRetries = 0,
    firstBackoffMs = 6_000,
    firstRefusalBackoffMs = firstBackoffMs,
    maxBackoffMs = 5 * 60_000,
    spacingMs = 0,
  } = options;
  let available: number | null = null;
  /** Until when `available` holds; 0 when the provider names no reset. */
  let resetAt = 0;
  let lastStart = Number.NEGATIVE_INFINITY;
  let queue: Promise<unknown> = Promise.resolve();
  const backoff = (attempt: number, first = firstBackoffMs) => Math.min(first * 2 ** attempt, maxBackoffMs);

  function remember(response: Response): RateLimit {
    const limit = rateLimit(response, Date.now());
    if (limit.remaining !== null) available = limit.remaining;
    if (limit.resetAt !== null) resetAt = limit.resetAt;
    return limit;
  }

  async function request<T>(path: string): Promise<FeedAnswer<T>> {
    let refused = 0;
    let failed = 0;
    for (;;) {
      if (available !== null && available <= 0 && resetAt > Date.now()) await sleep(resetAt - Date.now());
      const gap = lastStart + spacingMs - Date.now();
      if (gap > 0) await sleep(gap);
      lastStart = Date.now();
      let response: Response;
      try {
        response = await send(new URL(path, baseUrl), { headers });
      } catch (err) {
        if (failed >= serverRetries) throw err;
        const pause = backoff(failed++);
        log.warn({ err, path, pause }, `${provider} did not answer; trying again`);
        await sleep(pause);
        continue;
      }
      const limit = remember(response);
      if (response.ok) return { body: (await response.json()) as T, headers: response.headers };
      if (response.status === 429 && refused < retries) {
        const now = Date.now();
        const pause =
          limit.resetAt !== null ? Math.max(0, limit.resetAt - now) : backoff(refused, firstRefusalBackoffMs);
        refused += 1;
        log.warn({ path, pause }, `${provider} rate limit reached; waiting`);
        available = 0;
        resetAt = now + pause;
        continue;
      }
      if (response.status >= 500 && failed < serverRetries) {
        const pause = backoff(failed++);
        log.warn({ path, status: response.status, pause }, `${provider} failed; trying again`);
        await sleep(pause);
        continue;
      }
      throw new Error(`${provider} ${path}: HTTP ${response.status}`);
    }
  }

  /** Queued behind the requests before it, so the counters read from each answer hold. */
  function answer<T>(path: string): Promise<FeedAnswer<T>> {
    const next = queue.then(() => request<T>(path));
    queue = next.catch(() => undefined);
    return next;
  }

  return {
    answer,
    get: async <T>(path: string) => (await answer<T>(path)).body,
    remaining: () => (resetAt === 0 || resetAt > Date.now() ? available : null),
  };
}
