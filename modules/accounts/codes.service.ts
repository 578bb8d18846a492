import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verificationCodes } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import type { Translator } from '../../platform/i18n';
import type { RateLimiter } from '../../platform/rate-limit';
import type { Sender } from '../delivery';
import { newCode, sameHash, sha256 } from './secrets';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_WRONG = 5;
export const CODE_RESEND_SECONDS = 60;
export const CODE_DAILY_PER_ADDRESS = 10;
export const CODE_DAILY_PER_IP = 30;
/** Sends one address may ask for in ten minutes, to any recipients: a burst is stopped early. */
export const CODE_BURST_PER_IP = 20;

/** Where a code goes: an email address or a phone number with its area code. */
export type CodeAddress =
  | { kind: 'email'; email: string }
  | { kind: 'phone'; areaCode: string; phone: string };

export function addressKey(address: CodeAddress): string {
  return address.kind === 'email'
    ? `email:${address.email.toLowerCase()}`
    : `phone:${address.areaCode} ${address.phone}`;
}

/** One-time codes: 6 digits, single use, 10 minutes, 5 wrong tries, one send a minute, daily caps. */
export function createCodes(deps: {
  db: Db;
  limiter: RateLimiter;
  send: Sender;
  i18n: Translator;
  now?: () => Date;
}) {
  const { db, limiter, send, i18n } = deps;
  const now = deps.now ?? (() => new Date());
  const hashFor = (key: string, code: string) => sha256(`${key}:${code}`);

  return {
    async send(address: CodeAddress, locale: Locale, ip: string): Promise<void> {
      const key = addressKey(address);
      // The sender's limits first, so that a flood from one place spends none of a recipient's.
      const burst = await limiter.hit(`code-burst-ip:${ip}`, CODE_BURST_PER_IP, 600);
      if (!burst.allowed) throw new AppError('tooManyRequests');
      const perIp = await limiter.hit(`code-day-ip:${ip}`, CODE_DAILY_PER_IP, 24 * 3600);
      if (!perIp.allowed) throw new AppError('codeDailyLimit');
      const resend = await limiter.hit(`code-resend:${key}`, 1, CODE_RESEND_SECONDS);
      if (!resend.allowed)
        throw new AppError('codeResendWait', { params: { seconds: resend.retryAfterSeconds } });
      const perAddress = await limiter.hit(`code-day:${key}`, CODE_DAILY_PER_ADDRESS, 24 * 3600);
      if (!perAddress.allowed) throw new AppError('codeDailyLimit');

      const code = newCode();
      await db.insert(verificationCodes).values({
        address: key,
        codeHash: hashFor(key, code),
        expiresAt: new Date(now().getTime() + CODE_TTL_MINUTES * 60_000),
        ip,
      });
      const t = i18n.fixed(locale, 'accounts');
      const brand = i18n.t(locale, 'common:brand');
      await send({
        channel: address.kind === 'email' ? 'email' : 'sms',
        to: address.kind === 'email' ? address.email : `${address.areaCode} ${address.phone}`,
        subject: t('codeMessage.subject', { brand }),
        text: t('codeMessage.text', { brand, code, minutes: CODE_TTL_MINUTES }),
      });
    },

    /** Uses up the latest code of the address if `code` is it; each way of failing has its own message. */
    async consume(address: CodeAddress, code: string): Promise<void> {
      const key = addressKey(address);
      const [latest] = await db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.address, key))
        .orderBy(desc(verificationCodes.id))
        .limit(1);
      if (!latest) throw new AppError('verificationCodeWrong');
      if (latest.consumedAt) throw new AppError('codeUsed');
      if (latest.failedAttempts >= CODE_MAX_WRONG) throw new AppError('codeAttemptsExceeded');
      if (latest.expiresAt <= now()) throw new AppError('codeExpired');
      if (!sameHash(latest.codeHash, hashFor(key, code))) {
        await db
          .update(verificationCodes)
          .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
          .where(eq(verificationCodes.id, latest.id));
        throw new AppError('verificationCodeWrong');
      }
      // Only one request can consume it, however many arrive at once.
      const used = await db
        .update(verificationCodes)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(verificationCodes.id, latest.id), sql`${verificationCodes.consumedAt} is null`))
        .returning({ id: verificationCodes.id });
      if (used.length === 0) throw new AppError('codeUsed');
    },
  };
}

export type Codes = ReturnType<typeof createCodes>;
