import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics at /metrics: process defaults plus request durations by route (of the whole
 * app), for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`. Without the token set,
 * nothing is collected or served.
 */
export const metrics = fp(async (app: FastifyInstance) => {
  const token = app.services.env.METRICS_TOKEN;
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', async (request, reply) => {
    // Compared as digests, in constant time: the answer's timing says nothing about the token.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected))
      return reply.status(401).header('www-authenticate', 'Bearer').send();
    reply.type(registry.contentType);
    return registry.metrics();
  });
});
