import type { Db } from '../../db/client';
import { feedback } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import type { RateLimiter } from '../../platform/rate-limit';

/** A person writes a few times at most; more in an hour is a script. */
const FEEDBACK_PER_HOUR = 5;

export function createFeedback(deps: { db: Db; limiter: RateLimiter }) {
  const { db, limiter } = deps;
  return {
    async submit(uid: number, input: { content: string; contact?: string; locale: Locale }): Promise<void> {
      const allowed = await limiter.hit(`feedback:${uid}`, FEEDBACK_PER_HOUR, 3600);
      if (!allowed.allowed) throw new AppError('tooManyRequests');
      await db.insert(feedback).values({
        userId: uid,
        content: input.content,
        contact: input.contact ?? null,
        locale: input.locale,
      });
    },
  };
}

export type FeedbackBox = ReturnType<typeof createFeedback>;
