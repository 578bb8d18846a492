import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { histogram } from '../../platform/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics at /metrics (platform/metrics.ts: process defaults and what the modules
 * observe) plus request durations by route, for a scraper that sends `Authorization: Bearer
 * <METRICS_TOKEN>`. Without the token set, nothing is served and requests are not timed.
 */
export const metrics = fp(async (app: FastifyInstance) => {
  const token = app.services.env.METRICS_TOKEN;
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  const registry = app.services.metrics;
  const duration = histogram(registry, {
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
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
