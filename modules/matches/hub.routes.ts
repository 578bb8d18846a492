import type { FastifyInstance } from 'fastify';
import { serveSockets } from '../../platform/realtime/index';
import { createScoreHub } from './hub';
import { scoreClientMessage } from './matches.contract';
import type { MatchesService } from './matches.service';

/** /ws/scores: live scores by topic (modules/matches/hub.ts); the protocol is in matches.contract.ts. */
export async function scoresSocket(app: FastifyInstance, { matches }: { matches: MatchesService }) {
  const hub = createScoreHub(matches.board, matches.names);
  app.addHook('onClose', async () => hub.close());
  serveSockets(app, '/ws/scores', hub.sockets, scoreClientMessage);
}
