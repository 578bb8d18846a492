import type { FastifyInstance } from 'fastify';
import { histogram, type Metrics } from '../../platform/metrics';
import { serveSockets } from '../../platform/realtime/index';
import { createScoreHub } from './hub';
import { scoreClientMessage } from './matches.contract';
import type { MatchesService } from './matches.service';

/** /ws/scores: live scores by topic (modules/matches/hub.ts); the protocol is in matches.contract.ts. */
export async function scoresSocket(
  app: FastifyInstance,
  { matches, metrics }: { matches: MatchesService; metrics: Metrics },
) {
  const delay = histogram(metrics, {
    name: 'scores_push_delay_seconds',
    help: "From a match's change reaching this instance's board to its frames written to the score sockets",
  });
  const hub = createScoreHub(matches.board, matches.names, {
    delivered: (seconds) => delay.observe(seconds),
  });
  app.addHook('onClose', async () => hub.close());
  serveSockets(app, '/ws/scores', hub.sockets, scoreClientMessage);
}
