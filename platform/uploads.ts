import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import type { MessageKey } from '../lib/messages';
import type { Env } from './env';

/** Where uploaded files are kept on the local disk. */
export const uploadsDir = (env: Env) => path.resolve(env.DATA_DIR, 'uploads');

/**
 * Serves the local disk storage at /uploads/. Every file name is new (a random part), so a file
 * never changes and may be cached for a year. The headers keep a file from being read as
 * anything but the image it is.
 */
export async function uploadsFiles(app: FastifyInstance) {
  const root = uploadsDir(app.services.env);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
    setHeaders(reply) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header('cross-origin-resource-policy', 'same-site');
    },
  });
}

/**
 * Makes `scope` take the upload as the raw request body, whatever its content type (the content
 * decides), up to `maxBytes`; larger is `rule`, in the caller's language. Used in a scope of its
 * own so no other call accepts binary bodies.
 */
export function acceptBinaryBody(scope: FastifyInstance, maxBytes: number, rule: MessageKey) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) =>
    done(null, body),
  );
  scope.setErrorHandler((error) => {
    throw (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ? new AppError(rule, { cause: error })
      : error;
  });
}
