import type { Logger } from 'pino';
import { createFeedHttpClient, type FeedHttpClient, headerNumber, type RateLimit } from '../http-client';

export interface PandaScoreClientOptions {
  token: string;
  /** https://api.pandascore.co, or a stand-in in tests. */
  baseUrl: string;
  log: Logger;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Items a page; PandaScore allows 1 to 100 (default 50). */
  pageSize?: number;
  /** Pages of one list read at the most, so one request never grows into hundreds. */
  maxPages?: number;
  /** The least time between two requests; 250 ms. */
  spacingMs?: number;
}

export interface PandaScoreClient {
  get<T>(path: string): Promise<T>;
  /** Every item of a paged list (`page[size]`, `page[number]`, the total in `X-Total`). */
  list<T>(path: string, query?: Record<string, string>): Promise<T[]>;
  remaining(): number | null;
}

/** Past this, a reset header is a time (epoch seconds) rather than seconds to wait. */
const EPOCH_SECONDS = 1_000_000_000;

/**
 * When PandaScore asks to be called again: `Retry-After` (seconds or an HTTP date) on a refusal,
 * else `X-Rate-Limit-Reset` (seconds to wait, or the epoch second the hour's counter resets).
 */
export function resetOf(response: Response, now: number): number | null {
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return now + seconds * 1000;
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return date;
  }
  const reset = headerNumber(response, 'x-rate-limit-reset');
  if (reset === null) return null;
  return reset > EPOCH_SECONDS ? reset * 1000 : now + reset * 1000;
}

function pandascoreLimit(response: Response, now: number): RateLimit {
  return { remaining: headerNumber(response, 'x-rate-limit-remaining'), resetAt: resetOf(response, now) };
}

/**
 * PandaScore's REST API within the plan's hourly limit (1,000 requests an hour on the smallest):
 * the token as a bearer token, one request at a time and at least a quarter second apart; the
 * `X-Rate-Limit-Remaining` count is honoured, a 429 waits for the reset the answer names or backs
 * off (10 s, doubling), and a 5xx or a lost answer is tried again after 2 s, 4 s, 8 s.
 */
export function createPandaScoreClient(options: PandaScoreClientOptions): PandaScoreClient {
  const { token, baseUrl, log, fetch, sleep, pageSize = 100, maxPages = 20, spacingMs = 250 } = options;
  const http: FeedHttpClient = createFeedHttpClient({
    provider: 'pandascore',
    baseUrl,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    log,
    fetch,
    sleep,
    retries: 4,
    serverRetries: 3,
    firstBackoffMs: 2_000,
    // A 429 without a reset waits longer than a failure: the plan's counter is per hour.
    firstRefusalBackoffMs: 10_000,
    maxBackoffMs: 10 * 60_000,
    spacingMs,
    rateLimit: pandascoreLimit,
  });
  async function list<T>(path: string, query: Record<string, string> = {}): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; page <= maxPages; page++) {
      const search = new URLSearchParams({
        ...query,
        'page[size]': String(pageSize),
        'page[number]': String(page),
      });
      const { body, headers } = await http.answer<T[]>(`${path}?${search}`);
      items.push(...body);
      const total = Number(headers.get('x-total'));
      const known = Number.isFinite(total) && headers.get('x-total') !== null;
      if (body.length < pageSize || (known && items.length >= total)) return items;
      if (page === maxPages)
        log.warn({ path, total, read: items.length }, 'pandascore list cut at its page cap');
    }
    return items;
  }

  return { get: http.get, list, remaining: http.remaining };
}
