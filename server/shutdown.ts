import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The server's connections, from now until each closes. */
export function openConnections(server: Server): Set<Socket> {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return open;
}

/**
 * Closes the app: it takes no new request, lets those in flight finish, then closes its services.
 * A connection still open when half of `graceMs` is over is cut: a request that never completes,
 * or a keep-alive connection that a request in flight left open once it finished, would otherwise
 * hold the server (and the services behind it) open past the grace.
 */
export async function closeGracefully(
  app: FastifyInstance,
  open: Set<Socket>,
  graceMs: number,
): Promise<void> {
  const cut = setTimeout(() => {
    for (const socket of open) socket.destroy();
  }, graceMs / 2);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
