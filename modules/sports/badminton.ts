import { defineRallyRules, rallyWinnerServes } from './rally';
import { SIDES } from './scoring';

export const badminton = defineRallyRules({
  family: 'badminton',
  slug: 'badminton',
  bestOf: { default: 3, allowed: [3] },
  periodPrefix: 'G',
  gameWon: 'game_won',
  // BWF Laws of Badminton, law 7: a game is won at 21 points with a 2-point lead; at 29-all the
  // side scoring the 30th point wins.
  gameRule: () => ({ target: 21, winBy: 2, cap: 30 }),
  // Laws 7 and 10: the side winning a rally scores and serves next; in top-level singles the server
  // wins slightly fewer than half of the rallies.
  serverWinsRally: 0.47,
  rallySeconds: [20, 45],
  // Law 6: the toss decides the first server; law 7: the side winning a game serves first in the next.
  firstServer: (previous, _state, rng) => previous?.winner ?? rng.pick(SIDES),
  nextServer: rallyWinnerServes,
});
