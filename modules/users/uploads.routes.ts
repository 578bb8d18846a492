import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { uploadsDir } from './user-centre';

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
