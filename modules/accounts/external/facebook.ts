import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { endpoint, fetchJson, ProviderError, parseAnswer } from './http';
import type { ExternalProfile } from './provider';

export interface FacebookSettings {
  graphUrl: string;
  appId: string;
  appSecret: string;
}

const debugToken = z.object({
  data: z.object({ app_id: z.string(), is_valid: z.boolean(), user_id: z.string().optional() }),
});

const me = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  // Graph returns only a confirmed address, and none when there is no such address.
  email: z.string().optional(),
  picture: z.object({ data: z.object({ url: z.string() }) }).optional(),
});

export interface FacebookProvider {
  /** The account behind an access token from the browser SDK, once Graph confirms it was issued to this app. */
  verifyAccessToken(accessToken: string): Promise<ExternalProfile>;
}

export function facebookProvider(settings: FacebookSettings): FacebookProvider {
  const { graphUrl, appId, appSecret } = settings;
  return {
    async verifyAccessToken(accessToken) {
      const check = parseAnswer(
        debugToken,
        await fetchJson(
          endpoint(graphUrl, '/debug_token', {
            input_token: accessToken,
            access_token: `${appId}|${appSecret}`,
          }),
        ),
        'Facebook debug_token',
      );
      // A valid token of another app must not sign anyone in here.
      if (!check.data.is_valid || check.data.app_id !== appId || !check.data.user_id)
        throw new ProviderError('Facebook did not confirm the token for this app');
      const user = parseAnswer(
        me,
        await fetchJson(
          endpoint(graphUrl, '/me', {
            fields: 'id,name,email,picture',
            access_token: accessToken,
            appsecret_proof: createHmac('sha256', appSecret).update(accessToken).digest('hex'),
          }),
        ),
        'Facebook /me',
      );
      if (user.id !== check.data.user_id) throw new ProviderError('Facebook named two different users');
      return {
        provider: 'facebook',
        subject: user.id,
        email: user.email ? user.email.toLowerCase() : null,
        displayName: user.name ?? null,
        avatar: user.picture?.data.url ?? null,
      };
    },
  };
}
