import { ApiFailure } from '../../lib/api-client';
import { mutedClass } from './text';

export const inputClass =
  'block w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 placeholder:text-zinc-400 focus:border-brand focus:outline-none dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';
export const labelClass = 'mb-1 block text-sm font-medium';
/** A note under a field. */
export const hintClass = `mt-1 ${mutedClass}`;

/** The outcome of a form: a success in green, a failure in red; read out by screen readers. */
export function FormStatus({ ok, error }: { ok?: string | null; error?: string | null }) {
  if (error)
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {error}
      </p>
    );
  return (
    <p role="status" className="min-h-0 text-sm text-emerald-700 dark:text-emerald-400">
      {ok}
    </p>
  );
}

/** The message of a failed call: the server's, in the page language, a refused field named by its label. */
export function failureMessage(error: unknown, fallback: string): string | null {
  if (!error) return null;
  return error instanceof ApiFailure ? error.message : fallback;
}

export interface FieldError {
  /** A key under messages:validation, or a catalogue message key. */
  reason: string;
  /** The sentence to show by the field: its label (given to the call) and what is wrong. */
  message: string;
}

/** What is wrong with each field of a failed call, by field name. */
export function fieldErrors(error: unknown): Record<string, FieldError> {
  if (!(error instanceof ApiFailure)) return {};
  return Object.fromEntries(error.refusals.map(({ field, reason, message }) => [field, { reason, message }]));
}
