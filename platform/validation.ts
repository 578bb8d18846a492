import type { z } from 'zod';
import type { FieldIssue } from '../lib/errors';
import { MESSAGES } from '../lib/messages';

/** Turns zod's issues into field + reason pairs that the message catalogue can translate. */
export function fieldIssues(where: string, error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue): FieldIssue => {
    const field = [where, ...issue.path.map(String)].join('.');
    // Rules written with a catalogue key as their message keep it: it says exactly what is wrong.
    if (issue.message in MESSAGES) return { field, reason: issue.message };
    switch (issue.code) {
      case 'invalid_type':
        return { field, reason: issue.input === undefined ? 'required' : 'invalidType' };
      case 'too_small':
        if (issue.origin === 'string' && Number(issue.minimum) === 1 && issue.input === '') {
          return { field, reason: 'required' };
        }
        return {
          field,
          reason: issue.origin === 'string' ? 'tooShort' : 'tooSmall',
          params: { min: Number(issue.minimum) },
        };
      case 'too_big':
        return {
          field,
          reason: issue.origin === 'string' ? 'tooLong' : 'tooBig',
          params: { max: Number(issue.maximum) },
        };
      case 'invalid_format':
        return { field, reason: 'invalidFormat' };
      case 'unrecognized_keys':
        return { field: [field, ...issue.keys].join('.'), reason: 'unknownField' };
      default:
        return { field, reason: 'invalidValue' };
    }
  });
}
