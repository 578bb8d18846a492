import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Powerful browser features the site does not use; live rooms may ask for the camera later. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()';

/** Everything but pages (the API, files): nothing in it runs, nothing may frame it. */
const NOTHING_RUNS = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A fresh value for a page's script nonce: 128 random bits. */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * A page's policy: scripts only from the site, inline ones carrying this response's nonce
 * (React Router's and React's own), and the exact `scriptOrigins` given (a configured sign-in
 * provider's script); styles may be inline (style attributes); pictures, video and playlists may
 * come from any HTTPS host (crests, video sources); only the site may frame it.
 */
export function pageCsp(nonce: string, scriptOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", `'nonce-${nonce}'`, ...scriptOrigins].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "connect-src 'self' https:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * Security headers on every answer (helmet's set: nosniff, Referrer-Policy, frame options, ...),
 * a Permissions-Policy, HSTS only over HTTPS, and a Content-Security-Policy that lets nothing run;
 * pages replace it with their own, nonce and all (server/plugins/pages.ts), and uploads with
 * their sandbox.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Third-party sign-in and payment windows keep talking to the page that opened them.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', NOTHING_RUNS);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Behind a proxy that terminates TLS, TRUST_PROXY lets X-Forwarded-Proto say so.
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
});
