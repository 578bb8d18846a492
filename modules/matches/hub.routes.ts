import type { FastifyInstance } from 'fastify';
import { createScoreHub } from './hub';

/** /ws/scores: live scores by topic (modules/matches/hub.ts); the protocol is in matches.contract.ts. */
export async function scoresSocket(app: FastifyInstance) {
  const hub = createScoreHub(app.services.matches.board);
  app.addHook('onClose', async () => hub.close());
  app.get('/ws/scores', { websocket: true }, (socket) => hub.connect(socket));
}
