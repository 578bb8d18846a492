import { type KeyObject, sign } from 'node:crypto';

/** Apple accepts up to six months; a fresh one per token request never needs renewing. */
const LIFETIME_SECONDS = 5 * 60;

/**
 * Apple's client secret: a JWT signed with ES256 by the team's Sign in with Apple key, naming the
 * team (iss), the Services ID (sub) and Apple (aud).
 */
export function appleClientSecret(input: {
  teamId: string;
  keyId: string;
  clientId: string;
  audience: string;
  key: KeyObject;
}): string {
  const issuedAt = Math.floor(Date.now() / 1000);
  const header = encode({ alg: 'ES256', kid: input.keyId });
  const payload = encode({
    iss: input.teamId,
    iat: issuedAt,
    exp: issuedAt + LIFETIME_SECONDS,
    aud: input.audience,
    sub: input.clientId,
  });
  // JWS wants the raw r||s pair, not the DER that node:crypto gives by default.
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
    key: input.key,
    dsaEncoding: 'ieee-p1363',
  });
  return `${header}.${payload}.${signature.toString('base64url')}`;
}

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
