import type { Envelope } from '../../lib/envelope';
import { ApiFailure, endBrowserSession, javaAddress } from './api-client';

const SESSION_ENDED = new Set([3000, 3001]);

/**
 * Sends a picked file to a `/java` upload call (`path` may carry a query) as the raw request
 * body: the JSON client of the app cannot carry bytes. Same headers and failure rules as every
 * other call.
 */
export async function uploadFile<T>(path: string, file: File, locale: string): Promise<T> {
  const headers: Record<string, string> = {
    sysType: 'PC',
    lan: locale,
    'content-type': 'application/octet-stream',
  };
  const response = await fetch(javaAddress(path), {
    method: 'POST',
    headers,
    body: file,
    credentials: 'same-origin',
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.status === 'success') return envelope.result;
  if (SESSION_ENDED.has(envelope.errorCode)) {
    await endBrowserSession();
    window.location.assign('/');
  }
  throw new ApiFailure(envelope.errorCode, envelope.errorMsg, envelope.result);
}
