import { MESSAGES, type MessageKey } from './messages';

export interface FieldIssue {
  /** Dotted path of the offending field, e.g. "body.email". */
  field: string;
  /** Key under messages:validation, e.g. "tooShort", or a catalogue message key such as "passwordRule". */
  reason: string;
  params?: Record<string, string | number>;
}

/**
 * Marks an AppError whatever copy of this module made it: the built pages bundle a copy of their
 * own, so `instanceof` would miss errors thrown by the services.
 */
const APP_ERROR = Symbol.for('app-error');

/** A failure the caller should see: a catalogue message (translated on the way out) and its code. */
export class AppError extends Error {
  readonly [APP_ERROR] = true;
  readonly key: MessageKey;
  readonly code: number;
  readonly status: number;
  readonly issues: FieldIssue[];
  readonly params: Record<string, string | number>;

  constructor(
    key: MessageKey,
    options: { issues?: FieldIssue[]; params?: Record<string, string | number>; cause?: unknown } = {},
  ) {
    super(key, { cause: options.cause });
    this.name = 'AppError';
    this.key = key;
    this.code = MESSAGES[key].code;
    this.status = MESSAGES[key].status;
    this.issues = options.issues ?? [];
    this.params = options.params ?? {};
  }
}

export function isAppError(error: unknown): error is AppError {
  return typeof error === 'object' && error !== null && APP_ERROR in error;
}
