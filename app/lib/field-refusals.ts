import type { Translations } from '../../lib/translate';

/** A field a call refused, as the fail envelope's `result.issues` carries it. */
export interface FieldRefusal {
  /** The field's name in the request, e.g. "recipient" or "prediction.line". */
  field: string;
  /** A key under messages:validation ("required"), or a catalogue message key ("coverRequired"). */
  reason: string;
  params?: Record<string, string | number>;
  /** The server's message, in the caller's language. */
  message?: string;
}

/** Labels of a form's fields by field name: a refused field is named by the label a person sees. */
export type FieldLabels = Record<string, string>;

/** The refused fields of a failed call's result; none when it carries no issues. */
export function refusalsOf(result: unknown): FieldRefusal[] {
  const issues = (result as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is FieldRefusal => typeof issue?.field === 'string' && typeof issue?.reason === 'string',
  );
}

/**
 * What a person reads of a refused field: a rule of the catalogue is a whole sentence of its own
 * ("Please choose one of the offered prices"); a generic reason ("is required") follows the
 * field's label ("Recipient is required"), never the field's name in the request. A form that
 * did not name the field gets a sentence that names none.
 */
export function refusalSentence(i18n: Translations, refusal: FieldRefusal, label?: string): string {
  const t = i18n.fixed('messages');
  const generic = `validation.${refusal.reason}`;
  if (i18n.exists(generic, 'messages')) {
    if (!label) return t('entryRefused');
    return t('fieldRefused', { label, reason: t(generic, refusal.params) });
  }
  if (i18n.exists(refusal.reason, 'messages')) return t(refusal.reason, refusal.params);
  return refusal.message ?? t('entryRefused');
}
