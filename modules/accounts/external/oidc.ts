import * as client from 'openid-client';
import { ProviderError } from './http';
import { type FlowChecks, newState, type RedirectProvider } from './provider';

const TIMEOUT_SECONDS = 10;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface OidcSettings {
  name: 'google' | 'apple' | 'line';
  issuer: string;
  clientId: string;
  clientAuth: client.ClientAuth;
  scope: string;
  callbackUrl: string;
  /** Apple documents no PKCE, and its JS SDK could not pass a challenge on. */
  pkce: boolean;
}

/**
 * Google, Apple and Line: OpenID Connect with discovery, state, nonce and, where the provider
 * supports it, PKCE (openid-client). The ID token comes straight from the token endpoint over TLS,
 * which is what vouches for it.
 */
export function oidcProvider(settings: OidcSettings): RedirectProvider {
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    const issuer = new URL(settings.issuer);
    // Plain HTTP only for a stand-in on this machine; openid-client refuses it everywhere else.
    const local = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
    discovered ??= client
      .discovery(issuer, settings.clientId, undefined, settings.clientAuth, {
        timeout: TIMEOUT_SECONDS,
        execute: local ? [client.allowInsecureRequests] : [],
      })
      .catch((error) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    async start() {
      const config = await configuration();
      const state = newState(settings.name);
      const nonce = client.randomNonce();
      const checks: FlowChecks = { state, nonce };
      const parameters: Record<string, string> = {
        redirect_uri: settings.callbackUrl,
        scope: settings.scope,
        state,
        nonce,
      };
      if (settings.pkce) {
        checks.codeVerifier = client.randomPKCECodeVerifier();
        parameters.code_challenge = await client.calculatePKCECodeChallenge(checks.codeVerifier);
        parameters.code_challenge_method = 'S256';
      }
      const url = client.buildAuthorizationUrl(config, parameters);
      return { url: url.href, checks };
    },

    async finish(callback, checks) {
      const config = await configuration();
      // openid-client reads the answer from the callback address and sends it, without the query,
      // as the redirect_uri.
      const answer = new URL(settings.callbackUrl);
      answer.searchParams.set('code', callback.code);
      answer.searchParams.set('state', checks.state);
      if (callback.iss) answer.searchParams.set('iss', callback.iss);
      const tokens = await client.authorizationCodeGrant(config, answer, {
        expectedState: checks.state,
        pkceCodeVerifier: checks.codeVerifier,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new ProviderError('no ID token');
      return {
        provider: settings.name,
        subject: claims.sub,
        email: verifiedEmail(claims),
        displayName: typeof claims.name === 'string' ? claims.name : null,
        avatar: typeof claims.picture === 'string' ? claims.picture : null,
      };
    },
  };
}

/** Apple has sent `email_verified` as the string "true"; Line sends no such claim at all. */
function verifiedEmail(claims: client.IDToken): string | null {
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return verified && typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
}
