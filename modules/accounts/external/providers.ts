import { createPrivateKey } from 'node:crypto';
import * as client from 'openid-client';
import { ConfigError, type Env } from '../../../platform/env';
import { SIGN_IN_PROVIDERS, type SignInOptions } from '../accounts.contract';
import { appleClientSecret } from './apple-secret';
import { type FacebookProvider, facebookProvider } from './facebook';
import { oidcProvider } from './oidc';
import type { RedirectProvider } from './provider';
import { qqProvider } from './qq';
import { wechatProvider } from './wechat';
import { xProvider } from './x';

/** The providers this deployment has settings for; the others are absent. */
export interface Providers {
  google?: RedirectProvider;
  apple?: RedirectProvider;
  line?: RedirectProvider;
  x?: RedirectProvider;
  facebook?: FacebookProvider;
  qq?: RedirectProvider;
  wechat?: RedirectProvider;
}

export function configuredProviders(env: Env): Providers {
  const callbackUrl = env.LOGIN_CALLBACK_URL ?? (env.PUBLIC_URL && new URL('/', env.PUBLIC_URL).href);
  const providers: Providers = {};
  if (env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET)
    providers.facebook = facebookProvider({
      graphUrl: env.FACEBOOK_GRAPH_URL,
      appId: env.FACEBOOK_APP_ID,
      appSecret: env.FACEBOOK_APP_SECRET,
    });
  // Every other provider sends the browser back to the callback page.
  if (!callbackUrl) return providers;

  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
    providers.google = oidcProvider({
      name: 'google',
      issuer: env.GOOGLE_ISSUER,
      clientId: env.GOOGLE_CLIENT_ID,
      clientAuth: client.ClientSecretPost(env.GOOGLE_CLIENT_SECRET),
      scope: 'openid email profile',
      callbackUrl,
      pkce: true,
    });
  const appleAuth = appleClientAuth(env);
  if (env.APPLE_CLIENT_ID && appleAuth)
    providers.apple = oidcProvider({
      name: 'apple',
      issuer: env.APPLE_ISSUER,
      clientId: env.APPLE_CLIENT_ID,
      clientAuth: appleAuth,
      scope: 'openid email name',
      callbackUrl,
      pkce: false,
    });
  if (env.LINE_CHANNEL_ID && env.LINE_CHANNEL_SECRET)
    providers.line = oidcProvider({
      name: 'line',
      issuer: env.LINE_ISSUER,
      clientId: env.LINE_CHANNEL_ID,
      clientAuth: client.ClientSecretPost(env.LINE_CHANNEL_SECRET),
      scope: 'openid profile email',
      callbackUrl,
      pkce: true,
    });
  if (env.X_CONSUMER_KEY && env.X_CONSUMER_SECRET)
    providers.x = xProvider({
      apiUrl: env.X_API_URL,
      consumer: { key: env.X_CONSUMER_KEY, secret: env.X_CONSUMER_SECRET },
      callbackUrl,
    });
  if (env.QQ_APP_ID && env.QQ_APP_KEY)
    providers.qq = qqProvider({
      apiUrl: env.QQ_API_URL,
      appId: env.QQ_APP_ID,
      appKey: env.QQ_APP_KEY,
      callbackUrl,
    });
  if (env.WECHAT_APP_ID && env.WECHAT_APP_SECRET)
    providers.wechat = wechatProvider({
      openUrl: env.WECHAT_OPEN_URL,
      apiUrl: env.WECHAT_API_URL,
      appId: env.WECHAT_APP_ID,
      appSecret: env.WECHAT_APP_SECRET,
      callbackUrl,
    });
  return providers;
}

/** What the browser may know of the configured providers: their names and Facebook's public app id. */
export function signInOptions(env: Env, providers = configuredProviders(env)): SignInOptions {
  return {
    providers: SIGN_IN_PROVIDERS.filter((name) => providers[name]),
    facebookAppId: providers.facebook ? (env.FACEBOOK_APP_ID ?? null) : null,
  };
}

/** A ready secret as given, else a fresh one per token request from the team's key. */
function appleClientAuth(env: Env): client.ClientAuth | undefined {
  if (env.APPLE_CLIENT_SECRET) return client.ClientSecretPost(env.APPLE_CLIENT_SECRET);
  const { APPLE_TEAM_ID: teamId, APPLE_KEY_ID: keyId, APPLE_CLIENT_ID: clientId } = env;
  if (!teamId || !keyId || !clientId || !env.APPLE_PRIVATE_KEY) return undefined;
  const key = readAppleKey(env.APPLE_PRIVATE_KEY);
  return (as, metadata, body, headers) =>
    client.ClientSecretPost(appleClientSecret({ teamId, keyId, clientId, audience: env.APPLE_ISSUER, key }))(
      as,
      metadata,
      body,
      headers,
    );
}

function readAppleKey(pem: string) {
  try {
    return createPrivateKey(pem.replace(/\\n/g, '\n'));
  } catch {
    throw new ConfigError('Invalid configuration:\n  APPLE_PRIVATE_KEY: must be a PEM private key');
  }
}
