import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineApi } from '../../platform/define-api';
import { GRANTABLE_ROLES } from '../../platform/roles';
import type { Role } from '../../platform/sessions';
import type { Wallet } from '../wallet';
import type { Admin } from './admin.service';

const uid = z.coerce.number().int().positive();
const paging = {
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};
const reason = z.string().trim().min(1).max(500);
const roleChange = z.object({
  uid,
  role: z.enum(GRANTABLE_ROLES),
  reason: z.string().trim().max(500).optional(),
});

/** The administrators' calls: every one needs the admin role (others get 'Access denied'). */
export async function adminRoutes(app: FastifyInstance, { admin, wallet }: { admin: Admin; wallet: Wallet }) {
  const base: { tags: string[]; auth: 'required'; roles: Role[] } = {
    tags: ['admin'],
    auth: 'required',
    roles: ['admin'],
  };

  defineApi(app, {
    ...base,
    method: 'GET',
    path: '/admin/users',
    summary: 'Find accounts by uid, username, email or phone (newest first, paginated)',
    query: z.object({ q: z.string().max(100).default(''), ...paging }),
    handler: ({ query }) => admin.searchUsers({ query: query.q, page: query.page, size: query.size }),
  });

  defineApi(app, {
    ...base,
    method: 'GET',
    path: '/admin/users/:uid',
    summary: "An account's details, ban state and active login count",
    params: z.object({ uid }),
    handler: ({ params }) => admin.details(params.uid),
  });

  defineApi(app, {
    ...base,
    method: 'GET',
    path: '/admin/users/:uid/records',
    summary: "An account's coin and diamond ledger rows, newest first",
    params: z.object({ uid }),
    query: z.object(paging),
    handler: ({ params, query }) => admin.records(params.uid, query),
  });

  defineApi(app, {
    ...base,
    method: 'GET',
    path: '/admin/dashboard',
    summary: 'Accounts (all, new today), paid recharges (today, 7 days), rooms live now, open review queues',
    handler: () => admin.dashboard(),
  });

  defineApi(app, {
    ...base,
    method: 'GET',
    path: '/admin/actions',
    summary:
      "The administrators' audit log, newest first, searched by target uid, actor uid, action and days from and to (both included, UTC)",
    query: z.object({
      uid: uid.optional(),
      actor: uid.optional(),
      action: z.string().trim().max(60).optional(),
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
      ...paging,
    }),
    handler: ({ query }) => admin.actions(query),
  });

  defineApi(app, {
    ...base,
    method: 'POST',
    path: '/admin/users/coins',
    summary:
      'Add (positive) or take (negative) coins with a reason; the form key makes a resubmission move them once',
    body: z.object({
      uid,
      amount: z
        .number()
        .int()
        .min(-1_000_000_000)
        .max(1_000_000_000)
        .refine((n) => n !== 0),
      reason,
      key: z.string().trim().min(8).max(64),
    }),
    handler: ({ body, user }) => admin.adjustCoins(user, body.uid, body),
  });

  defineApi(app, {
    ...base,
    method: 'POST',
    path: '/admin/users/ban',
    summary: 'Ban an account with a reason and end all its logins',
    body: z.object({ uid, reason }),
    handler: ({ body, user }) => admin.ban(user, body.uid, body.reason),
  });

  defineApi(app, {
    ...base,
    method: 'POST',
    path: '/admin/users/unban',
    summary: 'Lift a ban, with a reason',
    body: z.object({ uid, reason }),
    handler: ({ body, user }) => admin.unban(user, body.uid, body.reason),
  });

  defineApi(app, {
    ...base,
    method: 'POST',
    path: '/admin/users/roles/grant',
    summary: 'Grant expert, anchor, promoter or admin',
    body: roleChange,
    handler: ({ body, user }) =>
      admin.setRole(user, body.uid, { role: body.role, granted: true, reason: body.reason }),
  });

  defineApi(app, {
    ...base,
    method: 'POST',
    path: '/admin/users/roles/revoke',
    summary: 'Revoke expert, anchor, promoter or admin (never your own admin)',
    body: roleChange,
    handler: ({ body, user }) =>
      admin.setRole(user, body.uid, { role: body.role, granted: false, reason: body.reason }),
  });

  defineApi(app, {
    ...base,
    method: 'GET',
    path: '/admin/wallet/audit',
    summary:
      'Accounts whose balance differs from the sum of their ledger rows, and ledger transactions whose rows do not sum to zero (empty when the books are right)',
    handler: () => wallet.audit(),
  });
}
