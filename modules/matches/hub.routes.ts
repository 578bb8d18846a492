import type { FastifyInstance } from 'fastify';
import { serveSockets } from '../../platform/realtime/index';
import { createScoreHub } from './hub';

/** /ws/scores: live scores by topic (modules/matches/hub.ts); the protocol is in matches.contract.ts. */
export async function scoresSocket(app: FastifyInstance) {
  const hub = createScoreHub(app.services.matches.board);
  app.addHook('onClose', async () => hub.close());
  serveSockets(app, '/ws/scores', hub.sockets);
}
