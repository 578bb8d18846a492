import { describe, expect, it } from 'vitest';
import { badminton } from './badminton';
import type { RallyState, Side } from './model';
import { bestOfRule, leaderOf, otherSide, type RaceRule } from './scoring';
import { tableTennis } from './table-tennis';
import { isFinalRaceScore, playAll, playByEvent, playToEnd, SEEDS } from './test-support';
import { volleyball } from './volleyball';

const SPORTS = [
  {
    name: 'volleyball',
    rules: volleyball,
    bestOf: 5,
    rule: (number: number): RaceRule => ({ target: number === 5 ? 15 : 25, winBy: 2 }),
  },
  {
    name: 'badminton',
    rules: badminton,
    bestOf: 3,
    rule: (): RaceRule => ({ target: 21, winBy: 2, cap: 30 }),
  },
  { name: 'table tennis', rules: tableTennis, bestOf: 7, rule: (): RaceRule => ({ target: 11, winBy: 2 }) },
];

describe.each(SPORTS)('$name', ({ rules, bestOf, rule }) => {
  const matches = playAll(rules, { bestOf });

  it('ends when a side has won the games it needs, every game score legal', () => {
    for (const state of matches) {
      expect(state.bestOf).toBe(bestOf);
      expect(isFinalRaceScore(state.score, bestOfRule(bestOf))).toBe(true);
      expect(state.winner).toBe(leaderOf(state.score));
      state.games.forEach((game, index) => {
        expect(isFinalRaceScore(game, rule(index + 1)), JSON.stringify(game)).toBe(true);
        expect(game.winner).toBe(leaderOf(game));
      });
      expect(state.games.filter((game) => game.winner === 'home')).toHaveLength(state.score.home);
    }
  });

  it('plays deciding games and extended games among the seeds', () => {
    expect(matches.some((state) => state.games.length === bestOf)).toBe(true);
    expect(matches.some((state) => state.games.some((game) => Math.abs(game.home - game.away) === 2))).toBe(
      true,
    );
  });
});

describe('rally serving rules', () => {
  /** The side that won the rally between two states of the same game, if one was played. */
  function rallyWinner(before: RallyState, after: RallyState): Side | null {
    const [was, is] = [before.games.at(-1), after.games.at(-1)];
    if (!was || !is || before.games.length !== after.games.length || is.winner !== null) return null;
    if (is.home > was.home) return 'home';
    return is.away > was.away ? 'away' : null;
  }

  it('volleyball and badminton: the rally winner serves next', () => {
    for (const rules of [volleyball, badminton]) {
      for (const seed of [1, 2, 3]) {
        playByEvent(rules, seed, (before, after) => {
          const winner = rallyWinner(before, after);
          if (winner) expect(after.server).toBe(winner);
        });
      }
    }
  });

  it('volleyball: the first server alternates between sets, with a new toss for the decider', () => {
    for (const state of playAll(volleyball, undefined, SEEDS.slice(0, 50))) {
      state.games.forEach((set, index) => {
        const previous = state.games[index - 1];
        const deciding = index + 1 === state.bestOf;
        if (previous && !deciding) expect(set.firstServer).toBe(otherSide(previous.firstServer));
      });
    }
  });

  it('badminton: the winner of a game serves first in the next', () => {
    for (const state of playAll(badminton, undefined, SEEDS.slice(0, 50))) {
      state.games.slice(1).forEach((game, index) => {
        expect(game.firstServer).toBe(state.games[index]?.winner);
      });
    }
  });

  it('table tennis: the serve changes every 2 points, every point from 10-all, and between games', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const state = playByEvent(tableTennis, seed, (_before, after) => {
        const game = after.games.at(-1);
        if (game === undefined || game.winner !== null) return;
        const played = game.home + game.away;
        const turns = played < 20 ? Math.floor(played / 2) : played - 10;
        expect(after.server).toBe(turns % 2 === 0 ? game.firstServer : otherSide(game.firstServer));
      });
      state.games.slice(1).forEach((game, index) => {
        expect(game.firstServer).toBe(otherSide(state.games[index]?.firstServer ?? game.firstServer));
      });
    }
  });

  it('refuses series lengths the sport does not play', () => {
    expect(() => volleyball.initial({ bestOf: 7 })).toThrow(RangeError);
    expect(() => badminton.initial({ bestOf: 5 })).toThrow(RangeError);
    expect(playToEnd(tableTennis, 1, { bestOf: 5 }).bestOf).toBe(5);
  });
});
