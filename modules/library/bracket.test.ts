import { describe, expect, it } from 'vitest';
import { buildBracket, type KnockoutMatch } from './bracket';

let nextId = 1;
function match(
  round: number,
  home: number | null,
  homeScore: number,
  awayScore: number,
  away: number | null,
  extra: Partial<KnockoutMatch> = {},
): KnockoutMatch {
  const id = nextId++;
  return {
    matchId: id,
    round,
    leg: null,
    homeTeamId: home,
    awayTeamId: away,
    homeScore,
    awayScore,
    finished: true,
    startsAt: id,
    ...extra,
  };
}

const teamsOf = (bracket: ReturnType<typeof buildBracket>) =>
  bracket.map((round) => round.ties.map((tie) => tie.teams));

describe('a knockout bracket', () => {
  it('advances the winners round by round, each into the slot its tie feeds', () => {
    const quarterFinals = [
      match(1, 1, 2, 0, 2),
      match(1, 3, 0, 1, 4),
      match(1, 5, 1, 1, 6, { winner: 'home' }), // level after extra time; 5 won the shoot-out
      match(1, 7, 3, 2, 8),
    ];
    // The second semi-final was played before the first: the slot, not the date, decides its place.
    const semiFinals = [match(2, 5, 2, 1, 7, { startsAt: 0 }), match(2, 1, 0, 0, 4, { finished: false })];
    const bracket = buildBracket([...quarterFinals, ...semiFinals]);

    expect(bracket.map((round) => round.round)).toEqual([1, 2, 3]);
    expect(bracket[0]?.ties.map((tie) => tie.winner)).toEqual([1, 4, 5, 7]);
    expect(teamsOf(bracket)[1]).toEqual([
      [1, 4],
      [5, 7],
    ]);
    expect(bracket[1]?.ties.map((tie) => tie.winner)).toEqual([null, 5]);
    // The final is not drawn yet: it holds the winner known so far.
    expect(teamsOf(bracket)[2]).toEqual([[null, 5]]);
  });

  it('decides a two-legged tie on aggregate, and a level aggregate by the second leg', () => {
    const bracket = buildBracket([
      // 1 v 2: 2-1 then 1-1 -> 3-2 on aggregate for 1, though 2 was at home in the second leg.
      match(1, 1, 2, 1, 2, { leg: 1 }),
      match(1, 2, 1, 1, 1, { leg: 2 }),
      // 3 v 4: 1-0 then 0-1 -> 1-1; 4 won the second leg's shoot-out.
      match(1, 3, 1, 0, 4, { leg: 1 }),
      match(1, 4, 1, 0, 3, { leg: 2, winner: 'home' }),
    ]);
    const [first, second] = bracket[0]?.ties ?? [];
    expect(first).toMatchObject({ teams: [1, 2], aggregate: [3, 2], winner: 1 });
    expect(second).toMatchObject({ teams: [3, 4], aggregate: [1, 1], winner: 4 });
    expect(teamsOf(bracket)[1]).toEqual([[1, 4]]);
  });

  it('has no winner while a leg is still to play', () => {
    const bracket = buildBracket([
      match(1, 1, 3, 0, 2, { leg: 1 }),
      match(1, 2, 0, 0, 1, { leg: 2, finished: false }),
    ]);
    expect(bracket[0]?.ties[0]).toMatchObject({ aggregate: [3, 0], winner: null });
  });

  it('is empty without matches', () => {
    expect(buildBracket([])).toEqual([]);
  });
});
