import type { Logger } from 'pino';
import { createFeedHttpClient, type FeedHttpClient, headerNumber } from '../http-client';

/**
 * football-data.org's HTTP API within its rate limit: requests go one at a time with the token in
 * `X-Auth-Token`; when `X-Requests-Available-Minute` reaches 0 the next waits for the counter's
 * reset (`X-RequestCounter-Reset`, seconds), and a 429 is retried after the reset or a growing pause.
 */
export type FootballDataClient = Pick<FeedHttpClient, 'get' | 'remaining'>;

export interface ClientOptions {
  token: string;
  baseUrl: string;
  log: Logger;
  fetch?: typeof fetch;
  /** Waits; tests pass one that records instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** Times a refused (429) request is tried again before giving up. */
  retries?: number;
}

export function createFootballDataClient({
  token,
  baseUrl,
  log,
  fetch,
  sleep,
  retries = 5,
}: ClientOptions): FootballDataClient {
  return createFeedHttpClient({
    provider: 'football-data',
    baseUrl,
    headers: { 'X-Auth-Token': token },
    log,
    fetch,
    sleep,
    retries,
    // A failed poll is tried again at the next one (every 30 s).
    serverRetries: 0,
    firstBackoffMs: 6_000,
    maxBackoffMs: 5 * 60_000,
    rateLimit: (response, now) => {
      const reset = headerNumber(response, 'x-requestcounter-reset');
      return {
        remaining: headerNumber(response, 'x-requests-available-minute'),
        resetAt: reset === null ? null : now + reset * 1000,
      };
    },
  });
}
