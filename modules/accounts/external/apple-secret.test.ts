import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appleClientSecret } from './apple-secret';

describe("Apple's client secret", () => {
  it('is an ES256 JWT of the team key naming team, Services ID and Apple', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const secret = appleClientSecret({
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      clientId: 'com.example.web',
      audience: 'https://appleid.apple.com',
      key: privateKey,
    });
    const [header = '', payload = '', signature = ''] = secret.split('.');
    const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    expect(decode(header)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    const claims = decode(payload);
    expect(claims).toMatchObject({
      iss: 'TEAM123456',
      sub: 'com.example.web',
      aud: 'https://appleid.apple.com',
    });
    expect(claims.exp - claims.iat).toBeGreaterThan(0);
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(15_777_000);
    const signed = Buffer.from(`${header}.${payload}`);
    const raw = Buffer.from(signature, 'base64url');
    expect(raw).toHaveLength(64);
    expect(verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, raw)).toBe(true);
  });
});
