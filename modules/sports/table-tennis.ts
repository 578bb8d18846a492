import type { RallyGame, Side } from './model';
import { defineRallyRules } from './rally';
import { otherSide, SIDES } from './scoring';

// ITTF Handbook 2.13.3: the service changes after every 2 points; from 10-all it changes after
// every point.
const DEUCE_POINTS = 20;

function nextServer(game: RallyGame): Side {
  const played = game.home + game.away;
  const turns = played >= DEUCE_POINTS ? played - DEUCE_POINTS / 2 : Math.floor(played / 2);
  return turns % 2 === 0 ? game.firstServer : otherSide(game.firstServer);
}

export const tableTennis = defineRallyRules({
  family: 'table_tennis',
  slug: 'tabletennis',
  bestOf: { default: 5, allowed: [3, 5, 7] },
  periodPrefix: 'G',
  gameWon: 'game_won',
  // Handbook 2.11: a game is won at 11 points with a 2-point lead.
  gameRule: () => ({ target: 11, winBy: 2 }),
  // The serve is an advantage at top level: the server wins about 55% of points.
  serverWinsRally: 0.55,
  rallySeconds: [15, 35],
  // Handbook 2.13.4: the player who served first in a game receives first in the next.
  firstServer: (previous, _state, rng) =>
    previous === undefined ? rng.pick(SIDES) : otherSide(previous.firstServer),
  nextServer,
});
