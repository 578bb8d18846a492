import type { FieldIssue } from '../lib/errors';

/** How deep a request's params, query or body may nest objects and arrays. */
export const MAX_INPUT_DEPTH = 10;

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The text rule every string of a request obeys before any schema sees it: PostgreSQL refuses
 * the NUL character, and an unpaired surrogate is no Unicode text at all (it cannot be stored or
 * encoded as UTF-8).
 */
export function textProblem(text: string): 'nulCharacter' | 'unpairedSurrogate' | null {
  if (text.includes('\0')) return 'nulCharacter';
  if (UNPAIRED_SURROGATE.test(text)) return 'unpairedSurrogate';
  return null;
}

/** A binary body: a Buffer, another byte view, or a stream handed on as it arrives. */
function isBinary(value: object): boolean {
  return ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function';
}

/**
 * The first string (value or key) in `input` that breaks the text rule, or the first place it
 * nests deeper than MAX_INPUT_DEPTH, as a field issue under `where` ("body", "query", "params").
 */
export function inputIssue(where: string, input: unknown): FieldIssue | null {
  const visit = (value: unknown, path: string[]): FieldIssue | null => {
    const field = () => [where, ...path].join('.');
    if (typeof value === 'string') {
      const reason = textProblem(value);
      return reason && { field: field(), reason };
    }
    // A binary upload is not text: its own route checks it.
    if (typeof value !== 'object' || value === null || isBinary(value)) return null;
    if (path.length >= MAX_INPUT_DEPTH)
      return { field: field(), reason: 'tooDeep', params: { max: MAX_INPUT_DEPTH } };
    for (const [key, item] of Object.entries(value)) {
      const reason = textProblem(key);
      // A bad key cannot be named in the answer as it is: the field says where it sits.
      if (reason) return { field: field(), reason };
      const issue = visit(item, [...path, key]);
      if (issue) return issue;
    }
    return null;
  };
  return visit(input, []);
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to put in HTML the server writes by hand (element content or a quoted attribute). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
