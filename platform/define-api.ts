import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { success } from '../lib/envelope';
import { AppError } from '../lib/errors';
import type { Locale } from '../lib/locales';
import { inputIssue } from '../platform/text';
import { requireRole } from './roles';
import type { Role, SessionUser } from './sessions';
import { fieldIssues } from './validation';

export type Auth = 'none' | 'optional' | 'required';

export interface ApiContext<P, Q, B, A extends Auth = Auth> {
  params: P;
  query: Q;
  body: B;
  locale: Locale;
  /** The signed-in user: always there when the route's auth is 'required'. */
  user: A extends 'required' ? SessionUser : SessionUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface ApiDefinition<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R,
  A extends Auth,
> {
  method: 'GET' | 'POST';
  /** Path under /java, e.g. "/game/v3/getPCGameSource". */
  path: string;
  summary: string;
  tags?: string[];
  auth?: A;
  /** With auth 'required': the caller needs one of these roles, else 'Access denied'. */
  roles?: Role[];
  params?: P;
  query?: Q;
  body?: B;
  response?: z.ZodType<R>;
  handler(
    ctx: ApiContext<z.output<P>, z.output<Q>, z.output<B>, NoInfer<A>>,
  ): Promise<R | SerializedSuccess> | R | SerializedSuccess;
}

/** What the docs endpoint lists: one entry per registered call. */
export interface ApiDoc {
  method: string;
  path: string;
  summary: string;
  tags: string[];
  auth: Auth;
  roles?: Role[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}

const empty = z.object({}).loose();

/** A success envelope serialised once: hot answers that rarely change skip the per-request work. */
export class SerializedSuccess {
  readonly json: string;
  constructor(result: unknown) {
    this.json = JSON.stringify(success(result));
  }
}

function parse<S extends z.ZodType>(schema: S | undefined, input: unknown, where: string): z.output<S> {
  // Every string is checked, also where a schema would let it through untouched.
  const issue = inputIssue(where, input);
  if (issue) throw new AppError('formatError', { issues: [issue] });
  if (!schema) return input as z.output<S>;
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw new AppError('formatError', { issues: fieldIssues(where, parsed.error) });
  return parsed.data;
}

/**
 * Registers one /java call: validates params, query and body with zod, applies the auth rule,
 * and wraps what the handler returns in the success envelope. Failures go to the error handler.
 */
export function defineApi<
  P extends z.ZodType = typeof empty,
  Q extends z.ZodType = typeof empty,
  B extends z.ZodType = typeof empty,
  R = unknown,
  const A extends Auth = 'none',
>(app: FastifyInstance, def: ApiDefinition<P, Q, B, R, A>): void {
  const auth = def.auth ?? 'none';
  app.apiDocs.push({
    method: def.method,
    path: def.path,
    summary: def.summary,
    tags: def.tags ?? [],
    auth,
    roles: def.roles,
    params: def.params,
    query: def.query,
    body: def.body,
    response: def.response,
  });
  app.route({
    method: def.method,
    url: def.path,
    handler: async (request, reply) => {
      // Who may call comes first: a caller without the right learns nothing about the input rules.
      const user = auth === 'none' ? null : await request.sessionUser();
      if (auth === 'required' && !user) throw new AppError('pleaseLogIn');
      if (def.roles) requireRole(user, ...def.roles);
      const params = parse(def.params, request.params, 'params');
      const query = parse(def.query, request.query, 'query');
      const body = parse(def.body, request.body, 'body');
      const context = { params, query, body, locale: request.locale, user, request, reply };
      const result = await def.handler(context as ApiContext<z.output<P>, z.output<Q>, z.output<B>, A>);
      if (result instanceof SerializedSuccess)
        return reply.type('application/json; charset=utf-8').send(result.json);
      return success(result ?? null);
    },
  });
}
