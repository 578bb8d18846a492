import { z } from 'zod';

/**
 * Account rules shared by the login dialog and the server (spec point 5). Each refusal names a
 * message of the catalogue, so both sides show the same words.
 */
export const PASSWORD_MIN = 8;
export const passwordRule = z
  .string({ error: 'passwordRequired' })
  .min(1, 'passwordRequired')
  .min(PASSWORD_MIN, 'passwordRule')
  .max(128, 'passwordRule')
  .regex(/[A-Za-z]/, 'passwordRule')
  .regex(/\d/, 'passwordRule');

/**
 * 4 to 20 ASCII letters and digits with at least one letter, so it never looks like a phone
 * number; the names closed accounts get are reserved.
 */
export const usernameRule = z
  .string()
  .regex(/^[A-Za-z0-9]{4,20}$/, 'usernameRule')
  .regex(/[A-Za-z]/, 'usernameRule')
  .refine((name) => !CLOSED_USERNAME.test(name), 'usernameTaken');

/** The name a closed account gets; nobody may choose it. */
export const closedUsername = (uid: number) => `deleted${uid}`;
const CLOSED_USERNAME = /^deleted\d+$/i;

export const emailRule = z
  .string({ error: 'emailRequired' })
  .trim()
  .min(1, 'emailRequired')
  .max(254)
  .email('emailInvalid');

/** Digits only, at most 11 as the dialog's input allows (15 for other countries' numbers). */
export const phoneRule = z
  .string({ error: 'phoneRequired' })
  .trim()
  .min(1, 'phoneRequired')
  .regex(/^\d{4,15}$/, 'phoneInvalid');

/** The old layout's China mobile pattern: 1[3-9] and 9 more digits. */
export const CHINA_MOBILE = /^1[3-9]\d{9}$/;

/** China's dialling code: the area code when none is given. */
export const CHINA_AREA_CODE = '+86';

export const areaCodeRule = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, 'phoneInvalid')
  .transform((v) => (v.startsWith('+') ? v : `+${v}`));

const chinaMobileRule = z
  .string({ error: 'phoneRequired' })
  .trim()
  .min(1, 'phoneRequired')
  .regex(CHINA_MOBILE, 'phoneInvalid');

/**
 * The old layout's rule for a mobile number with its area code: the China mobile pattern for +86
 * (spec point 5), any phone number of another country.
 */
export const mobileRuleFor = (areaCode: string) =>
  areaCode === CHINA_AREA_CODE ? chinaMobileRule : phoneRule;

/** `mobile` with its `areaCode` (+86 unless told), checked by `mobileRuleFor`. */
const mobileWithAreaCode = z
  .object({
    mobile: z.string({ error: 'phoneRequired' }).trim(),
    areaCode: areaCodeRule.default(CHINA_AREA_CODE),
  })
  .superRefine(({ mobile, areaCode }, ctx) => {
    const issue = mobileRuleFor(areaCode).safeParse(mobile).error?.issues[0];
    if (issue) ctx.addIssue({ code: 'custom', path: ['mobile'], message: issue.message });
  });

/** A body of the old layout's calls: a mobile number with its area code, and the call's other fields. */
export const withMobile = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.intersection(mobileWithAreaCode, z.object(shape));

export const codeRule = z
  .string({ error: 'codeRequired' })
  .trim()
  .min(1, 'codeRequired')
  .regex(/^\d{6}$/, 'verificationCodeWrong');

export type LoginIdentifier =
  | { kind: 'email'; email: string }
  | { kind: 'phone'; phone: string }
  | { kind: 'username'; username: string };

/** An email if it looks like one, a phone number if it is all digits, else a username. */
export function parseLoginIdentifier(value: string): LoginIdentifier {
  const trimmed = value.trim();
  if (trimmed.includes('@')) return { kind: 'email', email: trimmed.toLowerCase() };
  if (/^\d+$/.test(trimmed)) return { kind: 'phone', phone: trimmed };
  return { kind: 'username', username: trimmed };
}

/** The user as the API returns it to its owner. */
export const userInfo = z.object({
  uid: z.number(),
  username: z.string(),
  avatar: z.string().nullable(),
  signature: z.string(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  coins: z.number(),
  diamonds: z.number(),
  level: z.number(),
  vipExpiresAt: z.string().nullable(),
  svipExpiresAt: z.string().nullable(),
  roles: z.array(z.string()),
  hasPassword: z.boolean(),
  registrationSource: z.string(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Login result of spec point 3: token, user and whether the account was just made. */
export const loginResult = z.object({ token: z.string(), user: userInfo, newUser: z.boolean() });
export type LoginResult = z.infer<typeof loginResult>;

/** Third-party sign-in as the login dialog shows it, in the order of its buttons. */
export const SIGN_IN_PROVIDERS = ['google', 'apple', 'x', 'facebook', 'line', 'qq', 'wechat'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

/**
 * The scripts of the providers that sign in inside the page (Apple, Facebook), loaded only when
 * their button is pressed. Their origins are the only ones the page's policy adds to its scripts,
 * and only for a provider this deployment has settings for (decision 015).
 */
export const SIGN_IN_SCRIPTS = {
  apple: 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js',
  facebook: 'https://connect.facebook.net/en_US/sdk.js',
} as const satisfies Partial<Record<SignInProvider, string>>;

/** The origins the page's scripts may come from for the configured providers' sign-in scripts. */
export function signInScriptOrigins(options: SignInOptions): string[] {
  return Object.entries(SIGN_IN_SCRIPTS)
    .filter(([provider]) => options.providers.includes(provider as SignInProvider))
    .map(([, src]) => new URL(src).origin);
}

/** The part of the project config that says which third parties this deployment signs in with; nothing secret. */
export interface SignInOptions {
  providers: SignInProvider[];
  /** Facebook's public app id, which its browser SDK needs; null without Facebook. */
  facebookAppId: string | null;
}
