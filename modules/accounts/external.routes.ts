import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { failure } from '../../lib/envelope';
import { AppError, isAppError } from '../../lib/errors';
import { defineApi } from '../../platform/define-api';
import type { Env } from '../../platform/env';
import type { Translator } from '../../platform/i18n';
import { startSession } from '../../platform/session-cookie';
import { codeRule, emailRule, type LoginResult, loginResult, withMobile } from './accounts.contract';
import type { Accounts } from './accounts.service';
import type { Codes } from './codes.service';
import { loginCookies } from './external/login-cookies';
import type { Callback, ExternalProfile, ProviderName } from './external/provider';
import { configuredProviders, type Providers } from './external/providers';
import { createThirdPartySignIn } from './external/sign-in.service';

/** `type` of getLoginUrl and getLoginInfo (spec point 7). */
const URL_TYPES = { 3: 'google', 4: 'apple', 6: 'x' } as const;
const INFO_TYPES = { 3: 'google', 4: 'apple', 6: 'x', 9: 'facebook' } as const;
/** `type` of pcLoginByAccount and bindAccount: the old layout's QQ (1) and WeChat (2). */
const QQ_WECHAT = { 1: 'qq', 2: 'wechat' } as const;
/** The providers whose accounts bind an email when they bring none. */
const EMAIL_PROVIDERS: ProviderName[] = ['google', 'apple', 'x', 'facebook', 'line'];

type RedirectName = 'google' | 'apple' | 'line' | 'x' | 'qq' | 'wechat';

/** Errors 2010 carry the provider account to bind in `result`, which catalogue errors cannot. */
class EmailBindingRequired extends AppError {
  constructor(readonly thirdPartyId: number) {
    super('bindEmailRequired');
  }
}

const typeNumber = z.coerce.number().int();
const callbackValue = z.string().trim().min(1).max(4096).optional();
const qqWechatType = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)]));
const externalAccountId = z.coerce.number().int().positive();
/** The channel that brought the browser (decision 027), given on every call that may register. */
const promotionChannelId = z.string().max(64).optional();
const qqWechatResult = z.union([
  loginResult.extend({ wxBind: z.literal(true) }),
  z.object({
    wxBind: z.literal(false),
    accountNumber: z.number(),
    qqOrWechatName: z.string().nullable(),
    headimgurl: z.string().nullable(),
  }),
]);

function required(value: string | undefined, field: string): string {
  if (!value)
    throw new AppError('formatError', { issues: [{ field: `query.${field}`, reason: 'required' }] });
  return value;
}

function meta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** Third-party sign-in: Google, Apple, X, Facebook, Line, QQ and WeChat (docs/API.md). */
export async function externalLoginRoutes(
  app: FastifyInstance,
  services: {
    env: Env;
    database: Database;
    accounts: Accounts;
    codes: Codes;
    secret: string;
    i18n: Translator;
  },
) {
  const { env, database, accounts, codes, secret, i18n } = services;
  const providers = configuredProviders(env);
  const signIn = createThirdPartySignIn({ db: database.db, accounts, codes });
  const cookies = loginCookies(secret);

  function provider<N extends ProviderName>(name: N): NonNullable<Providers[N]> {
    const configured = providers[name];
    if (!configured) throw new AppError('notSupported');
    return configured as NonNullable<Providers[N]>;
  }

  /** A provider's failure is logged, without tokens, and answered 'Request failed'. */
  async function ask<T>(request: FastifyRequest, name: ProviderName, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isAppError(error)) throw error;
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      request.log.warn({ provider: name, reason }, 'third-party sign-in failed');
      throw new AppError('requestFailed', { cause: error });
    }
  }

  async function startRedirect(name: RedirectName, request: FastifyRequest, reply: FastifyReply) {
    const configured = provider(name);
    const { url, checks } = await ask(request, name, () => configured.start());
    cookies.startFlow(reply, { provider: name, ...checks });
    return url;
  }

  /** `echoed`: the callback's state (X: its oauth_token), which must be this browser's flow's. */
  async function finishRedirect(
    name: RedirectName,
    request: FastifyRequest,
    reply: FastifyReply,
    echoed: string,
    callback: Callback,
  ): Promise<ExternalProfile> {
    const configured = provider(name);
    const flow = cookies.takeFlow(request, reply, name, echoed);
    return ask(request, name, () => configured.finish(callback, flow));
  }

  /**
   * Logged in, or 2010 and the account kept in this browser, with the channel that brought it,
   * until an email is bound.
   */
  async function emailProviderSignIn(
    profile: ExternalProfile,
    channel: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<LoginResult> {
    const outcome = await signIn.signIn(profile, meta(request), channel);
    if (outcome.kind === 'loggedIn') return startSession(request, reply, outcome.result);
    cookies.rememberPending(reply, {
      provider: profile.provider,
      externalAccountId: outcome.account.id,
      promotionChannelId: channel,
    });
    throw new EmailBindingRequired(outcome.account.id);
  }

  await app.register(async (scope) => {
    // Anything else goes on to the /java error handler.
    scope.setErrorHandler((error, request, reply) => {
      if (!(error instanceof EmailBindingRequired)) throw error;
      const message = i18n.t(request.locale, error.key);
      return reply
        .status(error.status)
        .send(failure(error.code, message, { thirdPartyId: error.thirdPartyId }));
    });

    defineApi(scope, {
      method: 'GET',
      path: '/login/V2/getLoginUrl',
      summary:
        "The provider sign-in address: type 3 Google and 6 X to send the browser to, 4 Apple for its JS SDK's parameters",
      tags: ['login'],
      query: z.object({ type: typeNumber }),
      response: z.string(),
      handler: ({ query, request, reply }) => {
        const name = URL_TYPES[query.type as keyof typeof URL_TYPES];
        if (!name) throw new AppError('notSupported');
        return startRedirect(name, request, reply);
      },
    });

    defineApi(scope, {
      method: 'GET',
      path: '/login/V2/getLoginInfo',
      summary:
        'Log in with what a provider gave: 3 Google (code, state), 4 Apple (token = code, state), 6 X (token, verifier), 9 Facebook (token = access token)',
      tags: ['login'],
      query: z.object({
        type: typeNumber,
        code: callbackValue,
        state: callbackValue,
        iss: callbackValue,
        token: callbackValue,
        verifier: callbackValue,
        promotionChannelId,
      }),
      response: loginResult,
      handler: async ({ query, request, reply }) => {
        const name = INFO_TYPES[query.type as keyof typeof INFO_TYPES];
        if (!name) throw new AppError('notSupported');
        // A provider without settings is 'not supported' before any missing field is named.
        provider(name);
        let profile: ExternalProfile;
        if (name === 'google') {
          const callback = { code: required(query.code, 'code'), iss: query.iss };
          profile = await finishRedirect(name, request, reply, required(query.state, 'state'), callback);
        } else if (name === 'apple') {
          // Apple's SDK hands the page the code and the state of our getLoginUrl address.
          const callback = { code: required(query.token, 'token'), iss: query.iss };
          profile = await finishRedirect(name, request, reply, required(query.state, 'state'), callback);
        } else if (name === 'x') {
          const callback = { code: required(query.verifier, 'verifier') };
          profile = await finishRedirect(name, request, reply, required(query.token, 'token'), callback);
        } else {
          const facebook = provider(name);
          const token = required(query.token, 'token');
          profile = await ask(request, name, () => facebook.verifyAccessToken(token));
        }
        return emailProviderSignIn(profile, query.promotionChannelId, request, reply);
      },
    });

    defineApi(scope, {
      method: 'GET',
      path: '/login/lineGetUrl',
      summary: 'The Line sign-in address to send the browser to',
      tags: ['login'],
      response: z.string(),
      handler: ({ request, reply }) => startRedirect('line', request, reply),
    });

    defineApi(scope, {
      method: 'GET',
      path: '/login/lineGetTokenByCode',
      summary: "Log in with Line's callback code and state",
      tags: ['login'],
      query: z.object({
        code: z.string().trim().min(1).max(4096),
        state: z.string().trim().min(1).max(200),
        iss: callbackValue,
        promotionChannelId,
      }),
      response: loginResult,
      handler: async ({ query, request, reply }) => {
        const profile = await finishRedirect('line', request, reply, query.state, {
          code: query.code,
          iss: query.iss,
        });
        return emailProviderSignIn(profile, query.promotionChannelId, request, reply);
      },
    });

    defineApi(scope, {
      method: 'GET',
      path: '/login/getPCWXLoginAddress',
      summary: 'The WeChat QR-code sign-in address',
      tags: ['login'],
      response: z.string(),
      handler: ({ request, reply }) => startRedirect('wechat', request, reply),
    });

    defineApi(scope, {
      method: 'GET',
      path: '/login/getPCQQLoginAddress',
      summary: 'The QQ sign-in address',
      tags: ['login'],
      response: z.string(),
      handler: ({ request, reply }) => startRedirect('qq', request, reply),
    });

    defineApi(scope, {
      method: 'GET',
      path: '/login/pcLoginByAccount',
      summary: 'Log in with the QQ (type 1) or WeChat (type 2) callback; without a bound phone, wxBind false',
      tags: ['login'],
      query: z.object({
        code: z.string().trim().min(1).max(4096),
        state: z.string().trim().min(1).max(200),
        type: qqWechatType,
        promotionChannelId,
      }),
      response: qqWechatResult,
      handler: async ({ query, request, reply }) => {
        const name = QQ_WECHAT[query.type];
        const profile = await finishRedirect(name, request, reply, query.state, { code: query.code });
        const outcome = await signIn.signIn(profile, meta(request), query.promotionChannelId);
        if (outcome.kind === 'loggedIn')
          return startSession(request, reply, { ...outcome.result, wxBind: true as const });
        const { account } = outcome;
        cookies.rememberPending(reply, {
          provider: name,
          externalAccountId: account.id,
          promotionChannelId: query.promotionChannelId,
        });
        return {
          wxBind: false as const,
          accountNumber: account.id,
          qqOrWechatName: account.displayName,
          headimgurl: account.avatar,
        };
      },
    });

    defineApi(scope, {
      method: 'POST',
      path: '/login/bindAccount',
      summary:
        'Bind a mobile number with its area code (+86 unless told; code from /login/sendVerificationCode) to a QQ or WeChat sign-in, then log in',
      tags: ['login'],
      body: withMobile({ checkCode: codeRule, accountNumber: externalAccountId, type: qqWechatType }),
      response: loginResult.extend({ wxBind: z.literal(true) }),
      handler: async ({ body, request, reply }) => {
        const pending = cookies.readPending(request, [QQ_WECHAT[body.type]], body.accountNumber);
        const result = await signIn.completeBinding({
          externalAccountId: body.accountNumber,
          address: { kind: 'phone', areaCode: body.areaCode, phone: body.mobile },
          code: body.checkCode,
          promotionChannelId: pending.promotionChannelId,
          meta: meta(request),
        });
        cookies.forgetPending(reply);
        return startSession(request, reply, { ...result, wxBind: true as const });
      },
    });

    defineApi(scope, {
      method: 'POST',
      path: '/login/V2/bindEmail',
      summary:
        'After 2010: bind an email (code from /login/V2/sendEmailcheckCode) to the provider account, then log in',
      tags: ['login'],
      body: z.object({ email: emailRule, checkCode: codeRule, twitterId: externalAccountId }),
      response: loginResult,
      handler: async ({ body, request, reply }) => {
        const pending = cookies.readPending(request, EMAIL_PROVIDERS, body.twitterId);
        const result = await signIn.completeBinding({
          externalAccountId: body.twitterId,
          address: { kind: 'email', email: body.email },
          code: body.checkCode,
          promotionChannelId: pending.promotionChannelId,
          meta: meta(request),
        });
        cookies.forgetPending(reply);
        return startSession(request, reply, result);
      },
    });
  });
}
