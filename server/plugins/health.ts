import type { FastifyInstance } from 'fastify';

/** A check slower than this counts as a failure: a load balancer asking must not hang with it. */
export const READY_TIMEOUT_MS = 2000;

function within<T>(ms: number, check: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([check, late]).finally(() => clearTimeout(timer));
}

/** Liveness (/healthz) and readiness (/readyz: the database and the bus answer in time, not shutting down). */
export async function health(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    if (closing) return reply.status(503).send({ status: 'closing' });
    try {
      await within(READY_TIMEOUT_MS, Promise.all([app.services.database.ping(), app.services.bus.ready()]));
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'not ready');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
