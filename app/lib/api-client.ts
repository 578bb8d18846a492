import type { Envelope } from '../../lib/envelope';
import type { Locale } from '../../lib/locales';
import { type FieldLabels, type FieldRefusal, refusalsOf } from './field-refusals';

/** GET calls of the contract that change state: never retried. */
const GETS_THAT_CHANGE_STATE = [
  '/user/followUser',
  '/sendMsg',
  '/chatroom/delete',
  '/anchor/broadcast',
  '/anchor/downcast',
  '/anchor/cancelReservation',
  '/addIpWhite',
];
const RETRIES = 3;
const SESSION_ENDED = new Set([3000, 3001]);
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/**
 * A /java call that answered `fail`; the toast (if any) has been shown. Its message, and each
 * refused field's, is the sentence a person reads (the field named by its label).
 */
export class ApiFailure extends Error {
  constructor(
    readonly errorCode: number,
    message: string,
    readonly result: unknown,
    readonly refusals: (FieldRefusal & { message: string })[] = [],
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** The site could not be reached, even after retrying. */
export class NetworkFailure extends Error {
  override name = 'NetworkFailure';
}

export interface ApiClientHooks {
  locale(): Locale;
  /** Shows a failure toast. */
  toast(message: string): void;
  /** The translated 'system error, try again later'. */
  fallbackMessage(): string;
  /** A refused field as a sentence, named by its label when the caller gave one. */
  describeRefusal(refusal: FieldRefusal, label: string | undefined): string;
  /** errorCode 3000/3001: clear the session and go home. */
  sessionEnded(): void;
  /** Shows the network-problem page. */
  networkFailed(): void;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** The caller shows failures itself (the login dialog's message area): no toast. */
  quiet?: boolean;
  /**
   * A call the page makes on its own, not one the person asked for (a live room's heartbeat): its
   * failure is the caller's alone, with no toast and no network-problem page over the page.
   */
  background?: boolean;
  /** The form's labels by field name, to name a field the server refuses as the person sees it. */
  labels?: FieldLabels;
}

type LooseEnvelope = Partial<Envelope<unknown>> & { code?: number; msg?: string };

/**
 * The address of a /java call: the path (which may carry a query of its own), the query's
 * defined values, and the `_t` timestamp of spec point 7.
 */
export function javaAddress(path: string, query: CallOptions['query'] = {}): string {
  const url = new URL(`/java${path}`, 'http://placeholder');
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  url.searchParams.set('_t', String(Date.now()));
  return url.pathname + url.search;
}

/** The browser's client for the /java API, with the headers, retries and failure rules of spec points 7 and 8. */
export function createApiClient(hooks: ApiClientHooks) {
  const doFetch = hooks.fetch ?? ((input, init) => fetch(input, init));
  const sleep = hooks.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));

  async function call<T>(method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<T> {
    const address = javaAddress(path, options.query);
    // No token header: the browser's token is in its HttpOnly cookie, which the server reads
    // only on calls that carry sysType.
    const headers: Record<string, string> = { sysType: 'PC', lan: hooks.locale() };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
    };
    const retries = method === 'GET' && !GETS_THAT_CHANGE_STATE.some((p) => path.startsWith(p)) ? RETRIES : 0;

    let envelope: LooseEnvelope | undefined;
    for (let attempt = 0; envelope === undefined; attempt++) {
      try {
        const response = await doFetch(address, init);
        // A gateway's answer (or any body that is not an envelope) means our server was not reached.
        if (GATEWAY_FAILURES.has(response.status)) throw new Error(`HTTP ${response.status}`);
        envelope = (await response.json()) as LooseEnvelope;
      } catch {
        if (attempt >= retries) {
          if (!options.background) hooks.networkFailed();
          throw new NetworkFailure(`network failure on ${path}`);
        }
        await sleep(300 * (attempt + 1));
      }
    }

    const failed = envelope.status === 'fail' || envelope.code === 400 || envelope.code === -1;
    if (!failed) return envelope.result as T;
    const errorCode = envelope.errorCode ?? envelope.code ?? -1;
    // The envelope's errorMsg names a refused field by its name in the request ("recipient: ...").
    const refusals = refusalsOf(envelope.result).map((refusal) => ({
      ...refusal,
      message: hooks.describeRefusal(refusal, options.labels?.[refusal.field]),
    }));
    const message = refusals[0]?.message || envelope.errorMsg || envelope.msg || hooks.fallbackMessage();
    if (SESSION_ENDED.has(errorCode)) hooks.sessionEnded();
    else if (!options.quiet && !options.background) hooks.toast(message);
    throw new ApiFailure(errorCode, message, envelope.result, refusals);
  }

  return {
    get: <T>(path: string, options?: CallOptions) => call<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: Omit<CallOptions, 'body'>) =>
      call<T>('POST', path, { ...options, body: body ?? {} }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Ends an expired or revoked session in the browser: the server forgets the HttpOnly token
 * cookie (else every call would answer 3001 again), and every other cookie but `lang` goes.
 */
export async function endBrowserSession() {
  await fetch('/java/user/logout', {
    method: 'POST',
    headers: { sysType: 'PC' },
    credentials: 'same-origin',
  }).catch(() => undefined);
  const host = window.location.hostname;
  const parent = host.split('.').slice(-2).join('.');
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (!name || name === 'lang') continue;
    for (const domain of ['', `; domain=${host}`, `; domain=.${parent}`]) {
      document.cookie = `${name}=; path=/; max-age=0${domain}`;
    }
  }
}
