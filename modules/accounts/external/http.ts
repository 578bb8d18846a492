import type { z } from 'zod';

const TIMEOUT_MS = 10_000;

/**
 * A provider refused, answered something unexpected or could not be reached. The message never
 * holds a URL: several providers take tokens and secrets in the query string.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

async function answerText(url: string, init: RequestInit): Promise<string> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  if (!response.ok) throw new ProviderError(`answered HTTP ${response.status}`);
  return text;
}

export async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const text = await answerText(url, init);
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError('answered something other than JSON');
  }
}

/** For OAuth 1.0a steps, which answer with form-encoded fields. */
export async function fetchForm(url: string, init: RequestInit = {}): Promise<URLSearchParams> {
  return new URLSearchParams(await answerText(url, init));
}

export function parseAnswer<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ProviderError(`unexpected ${what} answer`);
  return parsed.data;
}

/** `base` may carry a path (e.g. a Graph API version), which `new URL(path, base)` would drop. */
export function endpoint(base: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(`${base.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}
