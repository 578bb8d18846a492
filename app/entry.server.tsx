import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, isRouteErrorResponse, ServerRouter } from 'react-router';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  { cspNonce }: AppLoadContext,
) {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const forCrawler = isbot(request.headers.get('user-agent') ?? '');
    const send = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />,
      {
        // React's own inline scripts (streamed Suspense boundaries) carry the page's nonce.
        nonce: cspNonce,
        onShellReady() {
          if (!forCrawler) send();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (forCrawler) send();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // Whatever is still pending then is given up, so the rest of the page can be sent. The timer
    // holds the whole render until it fires: it is cleared as soon as everything is rendered, or
    // a busy server would keep the last few seconds of renders (decision 031).
    const abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Expected outcomes (404s, redirects, 403s) are not errors worth a stack trace in the log. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}
