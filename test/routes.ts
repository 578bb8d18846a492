import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

export interface JavaRoute {
  method: 'GET' | 'POST';
  /** As the router holds it, e.g. "/java/:game/:matchId(^\\d{1,15}$)". */
  url: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

/** The router's /java routes (GET and POST), with the schemas the API docs keep for them. */
export function javaRoutes(app: FastifyInstance): JavaRoute[] {
  const routes: JavaRoute[] = [];
  // The router prints a tree: each line a piece of path under the line one level up.
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', piece = '', methods = ''] = match;
    const level = indent.length / 4;
    const url = (prefixes[level - 1] ?? '') + piece;
    prefixes.length = level;
    prefixes.push(url);
    if (!url.startsWith('/java')) continue;
    for (const method of methods.split(', ')) {
      if (method !== 'GET' && method !== 'POST') continue;
      const doc = app.apiDocs.find((d) => d.method === method && `/java${d.path}` === url);
      routes.push({ method, url, params: doc?.params, query: doc?.query, body: doc?.body });
    }
  }
  return routes;
}
