import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';
import { newNonce, pageCsp } from './security-headers';
import { uploadsDir } from './uploads';

const dataDir = mkdtempSync(path.join(tmpdir(), 'headers-test-'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { TRUST_PROXY: 'true', DATA_DIR: dataDir } });
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('answer the API with a policy that lets nothing run or frame it, and the usual protections', async () => {
    const { headers } = await app.inject({ url: '/java/game/menus' });
    expect(headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('ask for HTTPS only when served over HTTPS', async () => {
    expect((await app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    const https = await app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('leave uploads their own sandboxing policy', async () => {
    const dir = path.join(uploadsDir(app.services.env), 'avatars');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'x.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const { headers } = await app.inject({ url: '/uploads/avatars/x.svg' });
    expect(headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('let the API reference style itself, and nothing more', async () => {
    const { headers } = await app.inject({ url: '/java/docs' });
    expect(headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
  });

  it("give pages a policy where scripts run from the site or with this response's nonce", () => {
    const nonce = newNonce();
    expect(nonce).not.toBe(newNonce());
    const scripts = pageCsp(nonce)
      .split('; ')
      .find((directive) => directive.startsWith('script-src'));
    expect(scripts).toBe(`script-src 'self' 'nonce-${nonce}'`);
    expect(pageCsp(nonce)).toContain("frame-ancestors 'self'");
  });

  it('let scripts come from exactly the origins given besides, and from no other host', () => {
    const scripts = (origins: string[]) =>
      pageCsp('n', origins)
        .split('; ')
        .find((directive) => directive.startsWith('script-src'));
    expect(scripts(['https://connect.facebook.net'])).toBe(
      "script-src 'self' 'nonce-n' https://connect.facebook.net",
    );
    expect(scripts([])).toBe("script-src 'self' 'nonce-n'");
  });
});
