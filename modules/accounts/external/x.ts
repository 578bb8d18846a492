import { z } from 'zod';
import { endpoint, fetchForm, fetchJson, ProviderError, parseAnswer } from './http';
import { authorizationHeader, type Credentials } from './oauth1';
import type { RedirectProvider } from './provider';

export interface XSettings {
  apiUrl: string;
  consumer: Credentials;
  callbackUrl: string;
}

const xUser = z.object({
  id_str: z.string().min(1),
  name: z.string().optional(),
  // Present only when the app may ask for it and the address is verified.
  email: z.string().nullish(),
  profile_image_url_https: z.string().optional(),
});

/**
 * Sign in with X over OAuth 1.0a: a request token, the user's approval at X, an access token for
 * the verifier, then the account itself. The request token stands in for OAuth 2's state.
 */
export function xProvider(settings: XSettings): RedirectProvider {
  const { apiUrl, consumer } = settings;

  function signedPost(url: string, token: Credentials | undefined, extra: Record<string, string>) {
    const authorization = authorizationHeader({ method: 'POST', url, consumer, token, extra });
    return fetchForm(url, { method: 'POST', headers: { authorization } });
  }

  function field(answer: URLSearchParams, name: string): string {
    const value = answer.get(name);
    if (!value) throw new ProviderError(`X answered without ${name}`);
    return value;
  }

  return {
    async start() {
      const answer = await signedPost(endpoint(apiUrl, '/oauth/request_token'), undefined, {
        oauth_callback: settings.callbackUrl,
      });
      if (answer.get('oauth_callback_confirmed') !== 'true')
        throw new ProviderError('X refused the callback');
      const requestToken = field(answer, 'oauth_token');
      return {
        url: endpoint(apiUrl, '/oauth/authenticate', { oauth_token: requestToken }),
        checks: { state: requestToken, tokenSecret: field(answer, 'oauth_token_secret') },
      };
    },

    async finish(callback, checks) {
      const requestToken = { key: checks.state, secret: checks.tokenSecret ?? '' };
      const access = await signedPost(endpoint(apiUrl, '/oauth/access_token'), requestToken, {
        oauth_verifier: callback.code,
      });
      const token = { key: field(access, 'oauth_token'), secret: field(access, 'oauth_token_secret') };
      const url = endpoint(apiUrl, '/1.1/account/verify_credentials.json', {
        include_email: 'true',
        skip_status: 'true',
        include_entities: 'false',
      });
      const authorization = authorizationHeader({ method: 'GET', url, consumer, token });
      const user = parseAnswer(xUser, await fetchJson(url, { headers: { authorization } }), 'X account');
      return {
        provider: 'x',
        subject: user.id_str,
        email: user.email ? user.email.toLowerCase() : null,
        displayName: user.name ?? null,
        avatar: user.profile_image_url_https ?? null,
      };
    },
  };
}
