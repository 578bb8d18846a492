import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { archiveName, startBackup, summary } from '../../platform/backup';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Operators' endpoints, for requests with `Authorization: Bearer <OPS_TOKEN>`; without the token
 * set there are none. GET /ops/backup streams a backup archive (platform/backup.ts) made through
 * the app's own database connection: the one way to back up the embedded database while the app
 * has it open (`npm run backup -- --from <the app's address>`). One at a time.
 */
export async function ops(app: FastifyInstance) {
  const token = app.services.env.OPS_TOKEN;
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  let running = false;
  app.get('/ops/backup', async (request, reply) => {
    // Compared as digests, in constant time: the answer's timing says nothing about the token.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected))
      return reply.status(401).header('www-authenticate', 'Bearer').send();
    if (running) return reply.status(409).send({ error: 'a backup is being made already' });
    running = true;
    try {
      const backup = await startBackup({
        database: app.services.database,
        dataDir: app.services.env.DATA_DIR,
      });
      backup.finished.then(
        () => request.log.info({ backup: summary(backup.manifest) }, 'backup sent'),
        (err) => request.log.error({ err }, 'backup failed'),
      );
      backup.finished
        .catch(() => {})
        .finally(() => {
          running = false;
        });
      return reply
        .type('application/gzip')
        .header(
          'content-disposition',
          `attachment; filename="${archiveName(new Date(backup.manifest.createdAt))}"`,
        )
        .header('cache-control', 'no-store')
        .send(backup.stream);
    } catch (err) {
      running = false;
      throw err;
    }
  });
}
