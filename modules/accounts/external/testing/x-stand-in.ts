import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Credentials, hmacSha1Signature, signatureBaseString } from '../oauth1';
import { redirectWith, type StandIn, type StandInAnswer, startStandIn } from './http-stand-in';

export interface XUser {
  id_str: string;
  name: string;
  screen_name: string;
  email?: string;
}

const token = () => randomBytes(12).toString('hex');

/** The oauth_* values of an `Authorization: OAuth …` header, decoded. */
function oauthFields(request: IncomingMessage): Record<string, string> {
  const fields: Record<string, string> = {};
  const header = String(request.headers.authorization ?? '');
  for (const [, name, value] of header.replace(/^OAuth\s+/, '').matchAll(/([\w-]+)="([^"]*)"/g))
    fields[decodeURIComponent(name as string)] = decodeURIComponent(value as string);
  return fields;
}

/**
 * X's OAuth 1.0a sign-in: request_token, authenticate, access_token and verify_credentials. Every
 * signed request is checked: consumer key, HMAC-SHA1 signature with the right secrets, timestamp
 * and a nonce never seen before.
 */
export async function startXStandIn(consumer: Credentials, users: Record<string, XUser>) {
  const requestTokens = new Map<
    string,
    { secret: string; callback: string; verifier?: string; user?: XUser }
  >();
  const accessTokens = new Map<string, { secret: string; user: XUser }>();
  const nonces = new Set<string>();
  const stats = { verified: 0, rejected: 0 };
  let signedIn: XUser | undefined;

  /** The request's oauth_* fields when its signature holds with `tokenSecret`; else null. */
  function verify(url: URL, request: IncomingMessage, tokenSecret: string): Record<string, string> | null {
    const { oauth_signature: signature, ...fields } = oauthFields(request);
    const fresh = Math.abs(Date.now() / 1000 - Number(fields.oauth_timestamp)) < 300;
    const nonce = fields.oauth_nonce ?? '';
    const expected = hmacSha1Signature(
      signatureBaseString(request.method ?? 'GET', url.href, Object.entries(fields)),
      consumer.secret,
      tokenSecret,
    );
    if (
      fields.oauth_consumer_key !== consumer.key ||
      signature !== expected ||
      !fresh ||
      !nonce ||
      nonces.has(nonce)
    ) {
      stats.rejected++;
      return null;
    }
    nonces.add(nonce);
    stats.verified++;
    return fields;
  }

  const unauthorized: StandInAnswer = {
    json: { errors: [{ code: 32, message: 'Could not authenticate you.' }] },
    status: 401,
  };

  const server: StandIn = await startStandIn({
    'POST /oauth/request_token': (url, request) => {
      const fields = verify(url, request, '');
      if (!fields?.oauth_callback) return unauthorized;
      const key = token();
      const secret = token();
      requestTokens.set(key, { secret, callback: fields.oauth_callback });
      return { form: { oauth_token: key, oauth_token_secret: secret, oauth_callback_confirmed: 'true' } };
    },
    // The browser arrives here; the user signed in at X approves and goes back with a verifier.
    'GET /oauth/authenticate': (url) => {
      const key = url.searchParams.get('oauth_token') ?? '';
      const pending = requestTokens.get(key);
      if (!pending || !signedIn) return { json: { error: 'unknown request token' }, status: 400 };
      pending.verifier = token();
      pending.user = signedIn;
      return {
        redirect: redirectWith(pending.callback, { oauth_token: key, oauth_verifier: pending.verifier }),
      };
    },
    'POST /oauth/access_token': (url, request) => {
      const key = oauthFields(request).oauth_token ?? '';
      const pending = requestTokens.get(key);
      const fields = pending && verify(url, request, pending.secret);
      if (!pending?.user || !fields || fields.oauth_verifier !== pending.verifier) return unauthorized;
      requestTokens.delete(key);
      const access = { key: token(), secret: token() };
      accessTokens.set(access.key, { secret: access.secret, user: pending.user });
      return {
        form: {
          oauth_token: access.key,
          oauth_token_secret: access.secret,
          user_id: pending.user.id_str,
          screen_name: pending.user.screen_name,
        },
      };
    },
    'GET /1.1/account/verify_credentials.json': (url, request) => {
      const access = accessTokens.get(oauthFields(request).oauth_token ?? '');
      if (!access || !verify(url, request, access.secret)) return unauthorized;
      const { email, ...user } = access.user;
      const withEmail = url.searchParams.get('include_email') === 'true' && email;
      return {
        json: {
          ...user,
          profile_image_url_https: `https://pbs.example/${user.id_str}.jpg`,
          ...(withEmail && { email }),
        },
      };
    },
  });

  return {
    ...server,
    stats,
    /** Who is signed in at X in the test's browser. */
    signInAs(name: string) {
      signedIn = users[name];
    },
  };
}
