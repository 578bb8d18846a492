import { createECDH, createPublicKey, type ECDH, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error http_ece ships no types
import ece from 'http_ece';

/** A message the stand-in accepted, decrypted with its subscriber's keys. */
export interface ReceivedPush {
  endpoint: string;
  payload: string;
  ttl: number;
  topic: string | undefined;
}

interface Subscriber {
  ecdh: ECDH;
  auth: Buffer;
  /** The applicationServerKey the browser subscribed with: only its holder may push. */
  serverKey: string;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/**
 * A local push service speaking the Web Push protocol, in the role of FCM or Mozilla's autopush:
 * it hands out browser-like subscriptions, accepts a POST on an endpoint only with a valid VAPID
 * Authorization (RFC 8292: an ES256 JWT signed by the subscription's application server key, aud
 * the endpoint's origin, exp ahead and within a day), decrypts the aes128gcm body (RFC 8291) with
 * the subscriber's private key and auth secret, and answers 201; a subscription marked gone
 * answers 410, an unknown one 404.
 */
export async function startPushService() {
  const subscribers = new Map<string, Subscriber>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const refusals: string[] = [];

  const server = createServer(async (request, reply) => {
    const body = await readBody(request);
    const endpoint = `${origin}${request.url}`;
    const answer = (status: number, why?: string) => {
      if (why) refusals.push(why);
      reply.writeHead(status).end(why ?? '');
    };
    if (request.method !== 'POST') return answer(405, 'not a POST');
    if (gone.has(endpoint)) return answer(410);
    const subscriber = subscribers.get(endpoint);
    if (!subscriber) return answer(404, 'unknown subscription');
    const vapidProblem = checkVapid(request.headers.authorization, subscriber.serverKey, origin);
    if (vapidProblem) return answer(403, vapidProblem);
    if (request.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'not aes128gcm');
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return answer(400, 'no TTL');
    let payload: string;
    try {
      payload = ece
        .decrypt(body, {
          version: 'aes128gcm',
          privateKey: subscriber.ecdh,
          authSecret: b64url(subscriber.auth),
        })
        .toString('utf8');
    } catch {
      return answer(400, 'cannot decrypt');
    }
    received.push({ endpoint, payload, ttl, topic: request.headers.topic as string | undefined });
    reply.writeHead(201, { location: `${endpoint}/messages/${randomUUID()}` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refusals,
    /** A browser subscribing with the server's VAPID public key: what `PushSubscription.toJSON()` gives. */
    subscribe(applicationServerKey: string) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      subscribers.set(endpoint, { ecdh, auth, serverKey: applicationServerKey });
      return { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    /** The browser unsubscribed or the subscription expired: the endpoint answers 410 Gone. */
    expire(endpoint: string) {
      gone.add(endpoint);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushServiceStandIn = Awaited<ReturnType<typeof startPushService>>;

/** What is wrong with the request's VAPID Authorization, or undefined when it is valid. */
function checkVapid(header: string | undefined, serverKey: string, audience: string): string | undefined {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) return 'no vapid Authorization';
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== serverKey) return 'not the key the browser subscribed with';
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const publicKey = Buffer.from(key, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: b64url(publicKey.subarray(1, 33)),
    y: b64url(publicKey.subarray(33, 65)),
  };
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'bad signature';
  const { alg } = JSON.parse(Buffer.from(head, 'base64url').toString());
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString());
  if (alg !== 'ES256') return 'not ES256';
  if (aud !== audience) return `aud ${aud} is not ${audience}`;
  const now = Date.now() / 1000;
  if (typeof exp !== 'number' || exp <= now || exp > now + 24 * 3600) return 'exp out of range';
  if (typeof sub !== 'string' || !/^(https:|mailto:)/.test(sub)) return 'no sub';
  return undefined;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
