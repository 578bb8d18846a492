import type { Logger } from 'pino';

/**
 * football-data.org's HTTP API within its rate limit: requests go one at a time with the token in
 * `X-Auth-Token`; when `X-Requests-Available-Minute` reaches 0 the next waits for the counter's
 * reset (`X-RequestCounter-Reset`, seconds), and a 429 is retried after the reset or a growing pause.
 */
export interface FootballDataClient {
  get<T>(path: string): Promise<T>;
  /** Requests left this minute as the last answer told, null before any. */
  remaining(): number | null;
}

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

const FIRST_BACKOFF_MS = 6_000;
const MAX_BACKOFF_MS = 5 * 60_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createFootballDataClient({
  token,
  baseUrl,
  log,
  fetch: send = fetch,
  sleep = wait,
  retries = 5,
}: ClientOptions): FootballDataClient {
  let available: number | null = null;
  let resetAt = 0;
  let queue: Promise<unknown> = Promise.resolve();

  function remember(response: Response) {
    const left = response.headers.get('x-requests-available-minute');
    const reset = response.headers.get('x-requestcounter-reset');
    if (left !== null) available = Number(left);
    if (reset !== null) resetAt = Date.now() + Number(reset) * 1000;
  }

  async function request<T>(path: string): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      if (available !== null && available <= 0 && resetAt > Date.now()) await sleep(resetAt - Date.now());
      const response = await send(new URL(path, baseUrl), { headers: { 'X-Auth-Token': token } });
      remember(response);
      if (response.ok) return (await response.json()) as T;
      if (response.status !== 429 || attempt >= retries)
        throw new Error(`football-data ${path}: HTTP ${response.status}`);
      const reset = response.headers.get('x-requestcounter-reset');
      const pause =
        reset !== null ? Number(reset) * 1000 : Math.min(FIRST_BACKOFF_MS * 2 ** attempt, MAX_BACKOFF_MS);
      log.warn({ path, pause }, 'football-data rate limit reached; waiting');
      available = 0;
      resetAt = Date.now() + pause;
    }
  }

  return {
    /** Queued behind the requests before it, so the counters read from each answer hold. */
    get<T>(path: string): Promise<T> {
      const next = queue.then(() => request<T>(path));
      queue = next.catch(() => undefined);
      return next;
    },
    remaining: () => (resetAt > Date.now() ? available : null),
  };
}
