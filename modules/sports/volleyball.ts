import { defineRallyRules, rallyWinnerServes } from './rally';
import { otherSide, SIDES } from './scoring';

export const volleyball = defineRallyRules({
  family: 'volleyball',
  slug: 'volleyball',
  bestOf: { default: 5, allowed: [3, 5] },
  periodPrefix: 'S',
  gameWon: 'set_won',
  // FIVB Official Volleyball Rules 6.1-6.3: a set is won at 25 points with a 2-point lead, the
  // deciding set at 15.
  gameRule: (number, bestOf) => ({ target: number === bestOf ? 15 : 25, winBy: 2 }),
  // Rule 6.1.3: the team winning a rally serves; at top level the receiving team wins about 62% of
  // rallies (side-out).
  serverWinsRally: 0.38,
  rallySeconds: [20, 40],
  // Rules 7.1 and 12.2: a new toss before the deciding set; otherwise the team that did not serve first in
  // the previous set serves first.
  firstServer: (previous, state, rng) =>
    previous === undefined || state.games.length + 1 === state.bestOf
      ? rng.pick(SIDES)
      : otherSide(previous.firstServer),
  nextServer: rallyWinnerServes,
});
