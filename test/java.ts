import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Headers = Record<string, string>;

/** A /java answer: the envelope, with the HTTP status and the cookies set beside it. */
export interface JavaAnswer {
  httpStatus: number;
  status: 'success' | 'fail';
  // biome-ignore lint/suspicious/noExplicitAny: envelopes of many shapes, checked by each test
  result: any;
  errorCode: number;
  errorMsg: string;
  setCookies: LightMyRequestResponse['cookies'];
}

export interface JavaCall {
  /** Sent as JSON; a Buffer is sent as it is, as bytes unless a content-type says otherwise. */
  body?: unknown;
  /** The login token, in the `token` header as the API reads it. */
  token?: string;
  headers?: Headers;
}

/**
 * Calls the app's /java API through `inject`. With `keepCookies` it acts as one browser: every
 * call sends the cookies that earlier answers set.
 */
export function javaClient(app: FastifyInstance, options: { keepCookies?: boolean } = {}) {
  const cookies = new Map<string, string>();
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    { body, token, headers }: JavaCall = {},
  ): Promise<JavaAnswer> => {
    const sent: Headers = { ...headers };
    if (token) sent.token = token;
    if (Buffer.isBuffer(body) && !sent['content-type']) sent['content-type'] = 'application/octet-stream';
    if (options.keepCookies) sent.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await app.inject({
      method,
      url: `/java${url}`,
      payload: body as object | undefined,
      headers: sent,
    });
    if (options.keepCookies) {
      for (const set of res.cookies) {
        if (set.value) cookies.set(set.name, set.value);
        else cookies.delete(set.name);
      }
    }
    return { httpStatus: res.statusCode, setCookies: res.cookies, ...res.json() };
  };
  return {
    call,
    /** The cookies kept so far, by name; tests may change them as a browser's user could. */
    cookies,
    get: (url: string, headers?: Headers) => call('GET', url, { headers }),
    post: (url: string, body: unknown, headers?: Headers) => call('POST', url, { body, headers }),
  };
}

export type JavaClient = ReturnType<typeof javaClient>;

/** The newest code the sandbox outbox (DEV_ADAPTERS) kept for an email address or phone number. */
export async function outboxCode(app: FastifyInstance, recipient: string): Promise<string> {
  const { result } = await javaClient(app).get('/dev/outbox');
  const message = result.find((m: { recipient: string }) => m.recipient.endsWith(recipient));
  return message.body.match(/\b(\d{6})\b/)[1];
}
