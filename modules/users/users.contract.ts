import { z } from 'zod';

/** User centre rules shared by its pages and the server; refusals name catalogue messages. */

export const SIGNATURE_MAX = 60;
/** Spec point 5: jpg or png, up to 3 MB. */
export const AVATAR_MAX_BYTES = 3 * 1024 * 1024;
export const AVATAR_SIZE = 256;
/** Preferences and client flags stay small (characters of their JSON). */
export const DATA_STATUS_MAX_CHARS = 4096;
export const FEEDBACK_MIN = 5;
export const FEEDBACK_MAX = 1000;
export const FOLLOW_PAGE_SIZE = 20;

/** One line of text: no control characters, and no direction overrides that could disguise it. */
export const signatureRule = z
  .string()
  .trim()
  .max(SIGNATURE_MAX)
  .regex(/^[^\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]*$/u);

export const userIdRule = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What anyone may see of a user: never an address, a balance or a login detail. */
export const publicProfile = z.object({
  uid: z.number(),
  username: z.string(),
  avatar: z.string().nullable(),
  signature: z.string(),
  level: z.number(),
  followers: z.number(),
  following: z.number(),
  /** Whether the caller follows this user; false for guests. */
  followed: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfile>;

/** The fields of a user that anyone may see, taken from a fuller record: a row or the owner's info. */
export function publicFieldsOf(
  user: Pick<PublicProfile, 'uid' | 'username' | 'avatar' | 'signature' | 'level'>,
) {
  return {
    uid: user.uid,
    username: user.username,
    avatar: user.avatar,
    signature: user.signature,
    level: user.level,
  };
}

/** 1: the people a user follows, 2: the user's fans (spec call getFollowOrFansH5). */
export const FOLLOWS = 1;
export const FANS = 2;

export const followEntry = publicProfile
  .pick({ uid: true, username: true, avatar: true, signature: true, level: true, followed: true })
  .extend({ since: z.string() });
export type FollowEntry = z.infer<typeof followEntry>;

export const followPage = z.object({
  list: z.array(followEntry),
  total: z.number(),
  pageIndex: z.number(),
  pageSize: z.number(),
});
export type FollowPage = z.infer<typeof followPage>;

export const followState = z.object({ followed: z.boolean(), followers: z.number() });

/**
 * Client flags and preferences: a flat-keyed JSON object of at most 4 KB. Keys are short
 * identifiers so they can be read back by name.
 */
export const dataStatusRule = z
  .record(z.string().regex(/^[A-Za-z][\w.-]{0,63}$/), z.json())
  .superRefine((data, ctx) => {
    if (JSON.stringify(data).length > DATA_STATUS_MAX_CHARS)
      ctx.addIssue({ code: 'too_big', origin: 'string', maximum: DATA_STATUS_MAX_CHARS, input: data });
  });

export const feedbackRule = z.object({
  content: z.string().trim().min(FEEDBACK_MIN).max(FEEDBACK_MAX),
  contact: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
});

/** The owner's bound addresses as the security centre shows them. */
export interface SecuritySummary {
  email: string | null;
  phone: string | null;
  areaCode: string | null;
  maskedEmail: string | null;
  maskedPhone: string | null;
  hasPassword: boolean;
}

/** "fa***@example.com": enough to recognise one's own address, not to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 3 ? 2 : 1)}***${email.slice(at)}`;
}

/** "138****5678" */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return `${phone.slice(0, 1)}***${phone.slice(-1)}`;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
