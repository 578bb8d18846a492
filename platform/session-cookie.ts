import type { FastifyReply, FastifyRequest } from 'fastify';

/** The login token's cookie: set by the server only, never readable by the page's scripts. */
export const SESSION_COOKIE = 'token';

function options(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    // request.protocol follows X-Forwarded-Proto when TRUST_PROXY is on.
    secure: request.protocol === 'https',
    sameSite: 'lax' as const,
  };
}

/**
 * Every login answer passes here: the browser keeps the token in the HttpOnly cookie. The login
 * the cookie held before ends, as the browser can never use it again (a new account's first login,
 * replaced by the login with its chosen password, would otherwise stay valid unseen). Only a login
 * that succeeded gets here, so a failed one leaves the earlier login as it was.
 */
export async function startSession<T extends { token: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  result: T,
): Promise<T> {
  const replaced = request.cookies?.[SESSION_COOKIE];
  // Tidying, not the login: a cookie that names nothing ending (a stale or forged value) never
  // stops the login that replaces it.
  if (replaced && replaced !== result.token)
    await request.server.services.sessions
      .revoke(replaced)
      .catch((err) => request.log.warn({ err }, 'the login the cookie held was not ended'));
  const maxAge = request.server.services.env.SESSION_DAYS * 24 * 3600;
  reply.setCookie(SESSION_COOKIE, result.token, { ...options(request), maxAge });
  return result;
}

export function endSession(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, options(request));
}

/**
 * The caller's login token: the `token` header of the contract, else the cookie, but only on
 * calls that carry the contract's `sysType` header. A form or link of another site cannot add a
 * header (that needs a CORS preflight, which is never allowed), so it cannot act with the cookie.
 */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header) return header;
  const sysType = request.headers.systype;
  if (typeof sysType !== 'string' || !sysType) return undefined;
  return request.cookies?.[SESSION_COOKIE] || undefined;
}

/** `Sec-Fetch-Site` values of a request our own pages made, or that the person typed or opened. */
const OWN_REQUEST = new Set(['same-origin', 'none']);

/**
 * The login token for a private file our pages show in an `<img>`, which cannot add the
 * `sysType` header: as `requestToken`, else the cookie when the browser says the request comes
 * from our own origin or from the person (`Sec-Fetch-Site`, which no page can set). Another
 * site's image or link acts as a guest, so it can neither show the file nor learn from whether it
 * loads that the visitor may see it.
 */
export function privateFileToken(request: FastifyRequest): string | undefined {
  const token = requestToken(request);
  if (token) return token;
  const site = request.headers['sec-fetch-site'];
  if (typeof site !== 'string' || !OWN_REQUEST.has(site)) return undefined;
  return request.cookies?.[SESSION_COOKIE] || undefined;
}
