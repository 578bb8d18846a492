import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { failure } from '../../lib/envelope';
import { AppError, isAppError } from '../../lib/errors';
import { MESSAGES, type MessageKey } from '../../lib/messages';
import type { ApiDoc } from '../../platform/define-api';
import { escapeHtml } from '../../platform/text';
import { localeOf } from './request-context';

/** The /java API: envelope on every answer, one error handler, 404 for unknown paths, the docs. */
export async function javaApi(
  app: FastifyInstance,
  opts: { routes: (app: FastifyInstance) => Promise<void> },
) {
  app.setErrorHandler((error, request, reply) => sendError(toAppError(error, request), request, reply));
  // A route of its own, so unknown /java paths never fall through to the pages' catch-all.
  app.all('/*', async () => {
    throw new AppError('notFound');
  });
  app.get('/docs/openapi.json', async () => openApiDocument(app.apiDocs));
  app.get('/docs', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .send(docsPage(app.apiDocs)),
  );
  await opts.routes(app);
}

function toAppError(error: unknown, request: FastifyRequest): AppError {
  if (isAppError(error)) return error;
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  if (status && status >= 400 && status < 500) {
    // Fastify's own refusals: unparsable JSON, wrong content type, body too large.
    return new AppError('formatError', {
      issues: [
        {
          field: 'body',
          reason: error instanceof SyntaxError || status === 400 ? 'malformedBody' : 'invalidValue',
        },
      ],
      cause: error,
    });
  }
  request.log.error({ err: error }, 'unhandled error in /java');
  return new AppError('systemError', { cause: error });
}

/**
 * Fastify's own refusals before any route: a path with malformed percent-encoding (FST_ERR_BAD_URL)
 * or an overlong parameter. Under /java they answer the envelope; elsewhere a plain 400.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (!request.url.startsWith('/java/')) return reply.status(400).type('text/plain').send('Bad Request');
  // No hook ran before this refusal: the language comes from the headers and cookies as they are.
  request.cookies ??= request.server.parseCookie(request.headers.cookie ?? '');
  request.locale = localeOf(request);
  const reason = error.code === 'FST_ERR_BAD_URL' ? 'malformedUrl' : 'invalidValue';
  sendError(
    new AppError('formatError', { issues: [{ field: 'path', reason }], cause: error }),
    request,
    reply,
  );
}

function sendError(error: AppError, request: FastifyRequest, reply: FastifyReply) {
  const { t } = request.server.services.i18n;
  const locale = request.locale;
  const issues = error.issues.map((issue) => {
    const field = issue.field.replace(/^(body|query|params)\./, '');
    // A rule of the catalogue ("passwordRule") is a whole sentence; a generic reason gets the field name.
    if (issue.reason in MESSAGES) return { field, reason: issue.reason, message: t(locale, issue.reason) };
    const reason = t(locale, `validation.${issue.reason}`, issue.params);
    return { field, reason: issue.reason, message: t(locale, 'validation.field', { field, reason }) };
  });
  const first = error.issues[0]?.reason;
  const code = first && first in MESSAGES ? MESSAGES[first as MessageKey].code : error.code;
  const message = issues[0]?.message ?? t(locale, error.key, error.params);
  reply.status(error.status).send(failure(code, message, issues.length ? { issues } : null));
}

function openApiDocument(docs: ApiDoc[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of docs) {
    const url = `/java${openApiPath(doc.path)}`;
    const parameters = [
      ...schemaParameters(doc.params, 'path'),
      ...schemaParameters(doc.query, 'query'),
      { name: 'token', in: 'header', required: doc.auth === 'required', schema: { type: 'string' } },
      { name: 'lan', in: 'header', required: false, schema: { type: 'string' } },
    ];
    paths[url] ??= {};
    paths[url][doc.method.toLowerCase()] = {
      summary: doc.summary,
      tags: doc.tags,
      // The roles the call needs besides a login; the admin console's tests find its calls by them.
      ...(doc.roles && { 'x-roles': doc.roles }),
      parameters,
      ...(doc.body && {
        requestBody: {
          content: { 'application/json': { schema: z.toJSONSchema(doc.body, { io: 'input' }) } },
        },
      }),
      responses: {
        200: {
          description: 'Envelope {status, result, errorCode, errorMsg}',
          ...(doc.response && {
            content: {
              'application/json': {
                schema: z.toJSONSchema(doc.response, { io: 'output', unrepresentable: 'any' }),
              },
            },
          }),
        },
      },
    };
  }
  return { openapi: '3.1.0', info: { title: 'Java API', version: '1' }, paths };
}

/** A route's path as OpenAPI writes it, without the router's patterns: "/:id(^\\d+$)" → "/{id}". */
function openApiPath(path: string): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const name = path[i] === ':' && /^\w+/.exec(path.slice(i + 1))?.[0];
    if (!name) {
      out += path[i];
      continue;
    }
    out += `{${name}}`;
    i += name.length;
    // Skip the route's regular expression, parentheses nested or not.
    if (path[i + 1] === '(') {
      for (let depth = 0; i + 1 < path.length; ) {
        i++;
        if (path[i] === '(') depth++;
        else if (path[i] === ')' && --depth === 0) break;
      }
    }
  }
  return out;
}

function schemaParameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

function docsPage(docs: ApiDoc[]): string {
  const rows = [...docs]
    .sort((a, b) => a.path.localeCompare(b.path))
    .map(
      (d) =>
        `<tr><td>${d.method}</td><td><code>/java${escapeHtml(openApiPath(d.path))}</code></td><td>${escapeHtml(d.summary)}</td><td>${d.auth}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API reference</title>
<style>body{font:14px system-ui;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style>
</head><body><h1>API reference</h1><p>Every response is <code>{status, result, errorCode, errorMsg}</code>.
Headers: <code>sysType</code>, <code>lan</code>, <code>token</code>; query <code>_t</code>.
Machine-readable: <a href="/java/docs/openapi.json">OpenAPI 3.1</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Login</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}
