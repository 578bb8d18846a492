import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInAnswer =
  | { json: unknown; status?: number }
  | { form: Record<string, string>; status?: number }
  | { redirect: string };

/** Answers one method and path; `url` is the full request address. */
export type StandInRoute = (url: URL, request: IncomingMessage) => StandInAnswer;

export interface StandIn {
  url: string;
  close(): Promise<void>;
}

/** A provider's documented endpoints, served on 127.0.0.1 for tests. Routes are keyed "GET /path". */
export async function startStandIn(routes: Record<string, StandInRoute>): Promise<StandIn> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    const route = routes[`${request.method} ${url.pathname}`];
    // Bodies are not read: every request the app makes here carries its values in the query or headers.
    request.resume();
    if (!route) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const answer = route(url, request);
    if ('redirect' in answer) response.writeHead(302, { location: answer.redirect }).end();
    else if ('form' in answer)
      response
        .writeHead(answer.status ?? 200, { 'content-type': 'text/html' })
        .end(new URLSearchParams(answer.form).toString());
    else
      response
        .writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function redirectWith(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}
