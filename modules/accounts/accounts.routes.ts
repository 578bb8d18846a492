import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { defineApi } from '../../platform/define-api';
import { endSession, requestToken, startSession } from '../../platform/session-cookie';
import { readDevOutbox } from '../delivery';
import {
  areaCodeRule,
  CHINA_AREA_CODE,
  codeRule,
  emailRule,
  loginResult,
  parseLoginIdentifier,
  passwordRule,
  phoneRule,
  userInfo,
  usernameRule,
  withMobile,
} from './accounts.contract';
import type { Accounts } from './accounts.service';
import type { CodeAddress, Codes } from './codes.service';
import type { Sessions } from './sessions.service';

/** The login value of the V2 calls: `mobileOrEmail`, or `name` for a username. */
const loginValue = z
  .object({
    mobileOrEmail: z.string().trim().max(254).optional(),
    name: z.string().trim().max(254).optional(),
    areaCode: areaCodeRule.optional(),
  })
  .refine((v) => v.mobileOrEmail || v.name, { message: 'phoneRequired', path: ['mobileOrEmail'] });

/** A code goes to an email when the value looks like one, else to a phone number. */
function codeAddress(value: string, areaCode: string | undefined): CodeAddress {
  const identifier = parseLoginIdentifier(value);
  if (identifier.kind === 'email') {
    const email = emailRule.safeParse(identifier.email);
    if (email.success) return { kind: 'email', email: email.data };
  }
  if (identifier.kind === 'phone')
    return { kind: 'phone', areaCode: areaCode ?? CHINA_AREA_CODE, phone: identifier.phone };
  throw new AppError('formatError', { issues: [{ field: 'mobileOrEmail', reason: 'emailInvalid' }] });
}

function meta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export async function accountsRoutes(
  app: FastifyInstance,
  services: {
    accounts: Accounts;
    codes: Codes;
    sessions: Sessions;
    database: Database;
    devAdapters: boolean;
  },
) {
  const { accounts, codes, sessions } = services;

  defineApi(app, {
    method: 'POST',
    path: '/login/V2/sendEmailcheckCode',
    summary: 'Send a 6-digit code to an email address (one a minute, daily caps)',
    tags: ['login'],
    body: z.object({ mobileOrEmail: emailRule }),
    handler: async ({ body, locale, request }) => {
      await codes.send({ kind: 'email', email: body.mobileOrEmail }, locale, request.ip);
      return null;
    },
  });

  defineApi(app, {
    method: 'POST',
    path: '/login/V2/sendMobilecheckCode',
    summary: 'Send a 6-digit code to a phone number with its area code',
    tags: ['login'],
    body: z.object({ areaCode: areaCodeRule.default(CHINA_AREA_CODE), mobileOrEmail: phoneRule }),
    handler: async ({ body, locale, request }) => {
      await codes.send(
        { kind: 'phone', areaCode: body.areaCode, phone: body.mobileOrEmail },
        locale,
        request.ip,
      );
      return null;
    },
  });

  defineApi(app, {
    method: 'POST',
    path: '/login/V2/getLoginByEmailCheckCode',
    summary: 'Log in or sign up with a code; with a password, reset it',
    tags: ['login'],
    body: z.intersection(
      loginValue,
      z.object({
        checkCode: codeRule,
        password: passwordRule.optional(),
        promotionChannelId: z.string().max(64).optional(),
      }),
    ),
    response: loginResult,
    handler: async ({ body, request, reply }) =>
      startSession(
        request,
        reply,
        await accounts.loginByCode({
          address: codeAddress(body.mobileOrEmail ?? body.name ?? '', body.areaCode),
          code: body.checkCode,
          password: body.password,
          promotionChannelId: body.promotionChannelId,
          meta: meta(request),
        }),
      ),
  });

  defineApi(app, {
    method: 'POST',
    path: '/login/V2/mobileOrNameToLogin',
    summary: 'Log in with a password and an email, phone number or username',
    tags: ['login'],
    body: z.intersection(loginValue, z.object({ password: z.string().min(1, 'passwordRequired').max(128) })),
    response: loginResult,
    handler: async ({ body, request, reply }) =>
      startSession(
        request,
        reply,
        await accounts.loginByPassword({
          identifier: parseLoginIdentifier(body.mobileOrEmail ?? body.name ?? ''),
          areaCode: body.areaCode ?? CHINA_AREA_CODE,
          password: body.password,
          meta: meta(request),
        }),
      ),
  });

  defineApi(app, {
    method: 'POST',
    path: '/user/V2/modifyUser',
    summary:
      'Set the username and the first password after registering; replacing a password needs oldPassword and ends the other logins',
    tags: ['user'],
    auth: 'required',
    body: z.object({
      uname: usernameRule.optional(),
      password: passwordRule.optional(),
      oldPassword: z.string().max(128).optional(),
    }),
    response: userInfo,
    handler: ({ body, user, request }) =>
      accounts.updateAccount(user.uid, {
        username: body.uname,
        password: body.password,
        currentPassword: body.oldPassword,
        currentToken: requestToken(request),
      }),
  });

  // The old layout's calls: a mobile number with its area code, +86 (China's pattern) unless told.
  const phone = (body: { areaCode: string; mobile: string }): CodeAddress => ({
    kind: 'phone',
    areaCode: body.areaCode,
    phone: body.mobile,
  });

  defineApi(app, {
    method: 'POST',
    path: '/login/sendVerificationCode',
    summary: 'Old layout: send a code to a mobile number with its area code (+86 unless told)',
    tags: ['login'],
    body: withMobile({}),
    handler: async ({ body, locale, request }) => {
      await codes.send(phone(body), locale, request.ip);
      return null;
    },
  });

  defineApi(app, {
    method: 'POST',
    path: '/login/checkCode',
    summary: 'Old layout: log in or sign up with a mobile number and code',
    tags: ['login'],
    body: withMobile({ checkCode: codeRule, promotionChannelId: z.string().max(64).optional() }),
    response: loginResult,
    handler: async ({ body, request, reply }) =>
      startSession(
        request,
        reply,
        await accounts.loginByCode({
          address: phone(body),
          code: body.checkCode,
          promotionChannelId: body.promotionChannelId,
          meta: meta(request),
        }),
      ),
  });

  defineApi(app, {
    method: 'POST',
    path: '/login/mobileandpw',
    summary: 'Old layout: log in with a mobile number and password',
    tags: ['login'],
    body: z.object({
      mobile: z.string().trim().min(1, 'phoneRequired'),
      areaCode: areaCodeRule.default(CHINA_AREA_CODE),
      password: z.string().min(1, 'passwordRequired'),
    }),
    response: loginResult,
    handler: async ({ body, request, reply }) =>
      startSession(
        request,
        reply,
        await accounts.loginByPassword({
          identifier: parseLoginIdentifier(body.mobile),
          areaCode: body.areaCode,
          password: body.password,
          meta: meta(request),
        }),
      ),
  });

  defineApi(app, {
    method: 'POST',
    path: '/login/modifyPassword',
    summary: 'Old layout: set a new password with a mobile number and code',
    tags: ['login'],
    body: withMobile({ checkCode: codeRule, password: passwordRule }),
    response: loginResult,
    handler: async ({ body, request, reply }) =>
      startSession(
        request,
        reply,
        await accounts.loginByCode({
          address: phone(body),
          code: body.checkCode,
          password: body.password,
          meta: meta(request),
        }),
      ),
  });

  defineApi(app, {
    method: 'POST',
    path: '/user/logout',
    summary: 'End this login (knowing the token is enough), and forget its cookie',
    tags: ['user'],
    handler: async ({ request, reply }) => {
      // Without a token (a form of another site sends no sysType) there is nothing to end.
      const token = requestToken(request);
      if (!token) return null;
      await sessions.revoke(token);
      endSession(request, reply);
      return null;
    },
  });

  defineApi(app, {
    method: 'POST',
    path: '/user/logoutAll',
    summary: 'End every login of this account',
    tags: ['user'],
    auth: 'required',
    handler: async ({ user, request, reply }) => {
      await sessions.revokeAll(user.uid);
      endSession(request, reply);
      return null;
    },
  });

  defineApi(app, {
    method: 'POST',
    path: '/user/socketTicket',
    summary: 'A ticket to sign a websocket in with for one minute, for a browser that cannot read its token',
    tags: ['user'],
    auth: 'required',
    response: z.object({ ticket: z.string() }),
    handler: ({ request }) => ({ ticket: sessions.socketTicket(requestToken(request) ?? '') }),
  });

  if (services.devAdapters) {
    defineApi(app, {
      method: 'GET',
      path: '/login/testLogin',
      summary: 'Sandbox only: one click logs in the test account (made on first use, with the usual bonus)',
      tags: ['dev'],
      response: loginResult,
      handler: async ({ request, reply }) =>
        startSession(request, reply, await accounts.testLogin(meta(request))),
    });

    defineApi(app, {
      method: 'GET',
      path: '/dev/outbox',
      summary: 'Sandbox only: mails and text messages that were kept instead of sent, newest first',
      tags: ['dev'],
      handler: async () =>
        (await readDevOutbox(services.database.db)).map((m) => ({
          ...m,
          createdAt: m.createdAt.toISOString(),
        })),
    });
  }
}
