import { z } from 'zod';

/** The response shape of every /java call (spec point 7). */
export interface Envelope<T> {
  status: 'success' | 'fail';
  result: T;
  errorCode: number;
  errorMsg: string;
}

export const envelopeSchema = <T extends z.ZodType>(result: T) =>
  z.object({
    status: z.enum(['success', 'fail']),
    result,
    errorCode: z.number().int(),
    errorMsg: z.string(),
  });

export function success<T>(result: T): Envelope<T> {
  return { status: 'success', result, errorCode: 0, errorMsg: '' };
}

export function failure<T = null>(errorCode: number, errorMsg: string, result: T = null as T): Envelope<T> {
  return { status: 'fail', result, errorCode, errorMsg };
}
