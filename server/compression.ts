import { gzipSync } from 'node:zlib';

/**
 * Compression of the pages: a home page is a few hundred kilobytes of HTML, a tenth of that
 * gzipped, which is what a fan on a phone waits for. Built files are compressed once at build time
 * (vite.config.ts) and served as they are; pages are gzipped as they are sent.
 */

/** Whether an Accept-Encoding header takes gzip (`gzip;q=0` refuses it). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Text worth compressing; images and media are compressed already. */
function isText(contentType: string | null): boolean {
  return /^(text\/|application\/(json|xml|javascript))/.test(contentType ?? '');
}

/** Headers of the gzipped form of a response with these headers. */
function gzippedHeaders(headers: Headers): Headers {
  const gzipped = new Headers(headers);
  gzipped.set('content-encoding', 'gzip');
  gzipped.delete('content-length');
  return gzipped;
}

/** The response gzipped as it streams, when it has a text body; else the response as it is. */
export function gzipResponse(response: Response): Response {
  if (
    !response.body ||
    response.headers.has('content-encoding') ||
    !isText(response.headers.get('content-type'))
  )
    return response;
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers: gzippedHeaders(response.headers),
  });
}

/** A whole body and its headers, gzipped when it is text (for pages kept in the page cache). */
export function gzipBody(
  headers: [string, string][],
  body: Buffer,
): { headers: [string, string][]; body: Buffer } | null {
  const kept = new Headers(headers);
  if (kept.has('content-encoding') || !isText(kept.get('content-type'))) return null;
  return { headers: [...gzippedHeaders(kept)], body: gzipSync(body) };
}
