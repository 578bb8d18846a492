import { once } from 'node:events';
import { connect } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeGracefully, openConnections } from './shutdown';

async function slowApp() {
  const app = Fastify({ return503OnClosing: true });
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { done: true };
  });
  const open = openConnections(app.server);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, open, port };
}

describe('closing the app gracefully', () => {
  it('finishes the request in flight, and ends within the grace though a client never completes its request', async () => {
    const { app, open, port } = await slowApp();
    // Half a request: the server waits for the rest of it (a minute by default) before closing.
    const stuck = connect(port, '127.0.0.1');
    await new Promise((resolve) => stuck.once('connect', resolve));
    stuck.write('GET /slow HTTP/1.1\r\nHost: app\r\n');
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const cutOff = once(stuck, 'close');
    const started = Date.now();
    await closeGracefully(app, open, 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    await cutOff;
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
  });

  it('closes at once when nothing is in flight', async () => {
    const { app, open } = await slowApp();
    const started = Date.now();
    await closeGracefully(app, open, 2_000);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
