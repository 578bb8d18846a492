import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { defineApi } from '../../platform/define-api';
import { pageQuery } from '../../platform/paging';
import { endSession, requestToken } from '../../platform/session-cookie';
import { acceptBinaryBody } from '../../platform/uploads';
import type { Accounts, CodeAddress } from '../accounts';
import {
  areaCodeRule,
  codeRule,
  emailRule,
  passwordRule,
  phoneRule,
  userInfo,
  usernameRule,
} from '../accounts/accounts.contract';
import type { UserCentre } from './user-centre';
import {
  AVATAR_MAX_BYTES,
  dataStatusRule,
  FANS,
  FOLLOW_PAGE_SIZE,
  FOLLOWS,
  feedbackRule,
  followPage,
  followState,
  publicProfile,
  signatureRule,
  userIdRule,
} from './users.contract';

const DEFAULT_AREA_CODE = '+86';

/** `mobileOrEmail` with its optional area code: an email when it has an @, else a phone number. */
const addressFields = z
  .object({
    mobileOrEmail: z.string({ error: 'phoneRequired' }).trim().min(1, 'phoneRequired').max(254),
    areaCode: areaCodeRule.optional(),
  })
  .transform((v, ctx): CodeAddress => {
    if (v.mobileOrEmail.includes('@')) {
      const email = emailRule.safeParse(v.mobileOrEmail);
      if (email.success) return { kind: 'email', email: email.data.toLowerCase() };
      ctx.addIssue({ code: 'custom', message: 'emailInvalid', path: ['mobileOrEmail'] });
      return z.NEVER;
    }
    const phone = phoneRule.safeParse(v.mobileOrEmail);
    if (phone.success) return { kind: 'phone', areaCode: v.areaCode ?? DEFAULT_AREA_CODE, phone: phone.data };
    ctx.addIssue({ code: 'custom', message: 'phoneInvalid', path: ['mobileOrEmail'] });
    return z.NEVER;
  });

/** The user centre's /java calls. Each acts on the caller's own account, taken from the token only. */
export async function usersRoutes(app: FastifyInstance, services: { users: UserCentre; accounts: Accounts }) {
  const { profiles, follows, dataStatus, feedback, closure, avatars } = services.users;

  defineApi(app, {
    method: 'GET',
    path: '/user/info',
    summary: "The caller's own full info; with another user's userId, that user's public profile",
    tags: ['user'],
    auth: 'optional',
    query: z.object({ userId: userIdRule.optional() }),
    response: z.union([userInfo, publicProfile]),
    handler: ({ query, user }) => {
      if (query.userId !== undefined && query.userId !== user?.uid)
        return profiles.publicProfile(query.userId, user?.uid ?? null);
      if (!user) throw new AppError('pleaseLogIn');
      return services.accounts.userInfo(user.uid);
    },
  });

  defineApi(app, {
    method: 'GET',
    path: '/user/publicInfo',
    summary: "Another user's public profile: name, avatar, signature, level, follow counts",
    tags: ['user'],
    auth: 'optional',
    query: z.object({ userId: userIdRule }),
    response: publicProfile,
    handler: ({ query, user }) => profiles.publicProfile(query.userId, user?.uid ?? null),
  });

  defineApi(app, {
    method: 'POST',
    path: '/user/modifyUser',
    summary: 'Change the username and/or the signature (up to 60 characters)',
    tags: ['user'],
    auth: 'required',
    body: z.object({ uname: usernameRule.optional(), signature: signatureRule.optional() }),
    response: userInfo,
    handler: ({ body, user }) =>
      services.accounts.updateAccount(user.uid, { username: body.uname, signature: body.signature }),
  });

  defineApi(app, {
    method: 'POST',
    path: '/user/V2/mobileOrNameToChangePass',
    summary: "Set a new password with a code sent to the account's own email or phone",
    tags: ['user'],
    auth: 'required',
    body: z.intersection(addressFields, z.object({ checkCode: codeRule, password: passwordRule })),
    handler: async ({ body, user, request }) => {
      const { checkCode, password, ...address } = body;
      await profiles.changePassword(user.uid, {
        address,
        code: checkCode,
        password,
        currentToken: requestToken(request) ?? '',
      });
      return null;
    },
  });

  defineApi(app, {
    method: 'POST',
    path: '/user/V2/mobileOrNameToChange',
    summary: 'Bind or change the email or phone number, with a code sent to the new one',
    tags: ['user'],
    auth: 'required',
    body: z.intersection(addressFields, z.object({ checkCode: codeRule })),
    response: userInfo,
    handler: ({ body, user }) => {
      const { checkCode, ...address } = body;
      return profiles.changeAddress(user.uid, { address, code: checkCode });
    },
  });

  defineApi(app, {
    method: 'GET',
    path: '/user/getUserDataStatus',
    summary: 'The caller’s saved client flags and preferences',
    tags: ['user'],
    auth: 'required',
    handler: ({ user }) => dataStatus.get(user.uid),
  });

  defineApi(app, {
    method: 'POST',
    path: '/user/saveUserDataStatus',
    summary: 'Replace the caller’s client flags and preferences (a JSON object of at most 4096 characters)',
    tags: ['user'],
    auth: 'required',
    body: z.object({ data: dataStatusRule }),
    handler: ({ body, user }) => dataStatus.save(user.uid, body.data),
  });

  defineApi(app, {
    method: 'GET',
    path: '/user/followUser',
    summary: 'Follow the user, or unfollow if already following; answers the new state (changes state)',
    tags: ['user'],
    auth: 'required',
    query: z.object({ userId: userIdRule }),
    response: followState,
    handler: ({ query, user }) => follows.toggle(user.uid, query.userId),
  });

  defineApi(app, {
    method: 'GET',
    path: '/user/hasFollowUser',
    summary: 'Whether the caller follows the user',
    tags: ['user'],
    auth: 'required',
    query: z.object({ userId: userIdRule }),
    response: z.object({ followed: z.boolean() }),
    handler: async ({ query, user }) => ({ followed: await follows.isFollowing(user.uid, query.userId) }),
  });

  defineApi(app, {
    method: 'GET',
    path: '/user/getFollowOrFansH5',
    summary:
      'A page of the people a user follows (type 1) or of their fans (type 2); the caller without userId',
    tags: ['user'],
    auth: 'optional',
    query: z
      .object({
        type: z.coerce.number().pipe(z.union([z.literal(FOLLOWS), z.literal(FANS)])),
        userId: userIdRule.optional(),
      })
      .extend(pageQuery({ defaultSize: FOLLOW_PAGE_SIZE, maxSize: 50 }).shape),
    response: followPage,
    handler: async ({ query, user }) => {
      const owner = query.userId ?? user?.uid;
      if (owner === undefined) throw new AppError('pleaseLogIn');
      // Lists only public profiles, so anyone may see anyone's; a closed account has none.
      if (owner !== user?.uid) await profiles.publicProfile(owner, null);
      return follows.page({ ...query, owner, viewer: user?.uid ?? null });
    },
  });

  defineApi(app, {
    method: 'POST',
    path: '/user/feedback',
    summary: 'Send feedback to the team, with an optional contact',
    tags: ['user'],
    auth: 'required',
    body: feedbackRule,
    handler: async ({ body, user, locale }) => {
      await feedback.submit(user.uid, { ...body, locale });
      return null;
    },
  });

  defineApi(app, {
    method: 'POST',
    path: '/user/closeAccount',
    summary: 'Close the account for good: logins end, personal data goes, balances are forfeited',
    tags: ['user'],
    auth: 'required',
    body: z.object({ username: z.string().trim().min(1).max(64) }),
    handler: async ({ body, user, request, reply }) => {
      await closure.close(user.uid, body.username);
      endSession(request, reply);
      return null;
    },
  });

  await app.register(async (scope) => {
    acceptBinaryBody(scope, AVATAR_MAX_BYTES, 'avatarRule');
    defineApi(scope, {
      method: 'POST',
      path: '/user/uploadAvatar',
      summary: 'Upload an avatar: the image itself as the body, jpg or png up to 3 MB; answers its URL',
      tags: ['user'],
      auth: 'required',
      response: z.object({ avatar: z.string() }),
      handler: async ({ request, user }) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('avatarRule');
        return { avatar: await avatars.upload(user.uid, request.body) };
      },
    });
  });
}
