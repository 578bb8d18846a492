import { createHmac, randomBytes } from 'node:crypto';

/** A key and its secret: the app's consumer credentials, or a request or access token. */
export interface Credentials {
  key: string;
  secret: string;
}

/** RFC 5849 §3.6: RFC 3986 percent-encoding, every character but the unreserved ones. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * RFC 5849 §3.4.1: the method, the base URI and the normalised parameters, each encoded and joined
 * by "&". `params` are the oauth_* values and any form-body fields; the URL's query is added here.
 */
export function signatureBaseString(method: string, url: string, params: [string, string][]): string {
  const target = new URL(url);
  const normalized = [...params, ...target.searchParams]
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  // URL.host is lower case and leaves out the scheme's default port, as §3.4.1.2 asks.
  const baseUri = `${target.protocol}//${target.host}${target.pathname}`;
  return [method.toUpperCase(), percentEncode(baseUri), percentEncode(normalized)].join('&');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** RFC 5849 §3.4.2: HMAC-SHA1 of the base string, keyed by both secrets. */
export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret = ''): string {
  return createHmac('sha1', `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`)
    .update(baseString)
    .digest('base64');
}

/**
 * The `Authorization: OAuth …` header of a signed request (§3.5.1). `extra` holds the other
 * oauth_* values of the step, e.g. oauth_callback or oauth_verifier.
 */
export function authorizationHeader(request: {
  method: string;
  url: string;
  consumer: Credentials;
  token?: Credentials;
  extra?: Record<string, string>;
}): string {
  const oauth: Record<string, string> = {
    oauth_consumer_key: request.consumer.key,
    oauth_nonce: randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
    ...(request.token && { oauth_token: request.token.key }),
    ...request.extra,
  };
  const baseString = signatureBaseString(request.method, request.url, Object.entries(oauth));
  oauth.oauth_signature = hmacSha1Signature(baseString, request.consumer.secret, request.token?.secret);
  const fields = Object.entries(oauth).map(
    ([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`,
  );
  return `OAuth ${fields.join(', ')}`;
}
