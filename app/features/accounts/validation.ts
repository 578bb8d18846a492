import { z } from 'zod';

/**
 * The first refusal of a list of checks, as a message key of the catalogue (namespace
 * "messages"): the contract's rules name their messages, so the dialog says what the server
 * would say.
 */
export function firstProblem(checks: [rule: z.ZodType, value: unknown][]): string | undefined {
  for (const [rule, value] of checks) {
    const result = rule.safeParse(value);
    if (!result.success) return result.error.issues[0]?.message;
  }
  return undefined;
}

/** Only that something was typed. */
export const required = (message: string) => z.string().trim().min(1, message);
