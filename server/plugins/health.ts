import type { FastifyInstance } from 'fastify';

/** Liveness (/healthz) and readiness (/readyz: the database and the bus answer, not shutting down). */
export async function health(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    if (closing) return reply.status(503).send({ status: 'closing' });
    try {
      await Promise.all([app.services.database.ping(), app.services.bus.ready()]);
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'not ready');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
