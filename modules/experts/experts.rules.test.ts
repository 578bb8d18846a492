import { describe, expect, it } from 'vitest';
import type { MatchState, MobaState, SoccerState } from '../sports';
import { soccer } from '../sports/soccer';
import { planInput, predictionRule } from './experts.contract';
import {
  commitmentHash,
  escrowGoesTo,
  GENESIS_HASH,
  monthlyReturns,
  recordStats,
  returnGraph,
  type SettledPlan,
  type SettledPrediction,
  settlePrediction,
  split,
} from './experts.rules';

/** A finished soccer match: goals per half, and extra time when given. */
function soccerFinal(h1: [number, number], h2: [number, number], et?: [number, number]): SoccerState {
  const periods = [
    { period: 'H1', home: h1[0], away: h1[1] },
    { period: 'H2', home: h2[0], away: h2[1] },
    ...(et ? [{ period: 'ET1', home: et[0], away: et[1] }] : []),
  ];
  const home = periods.reduce((s, p) => s + p.home, 0);
  const away = periods.reduce((s, p) => s + p.away, 0);
  return {
    ...soccer.initial(),
    status: 'finished',
    periods,
    score: { home, away },
    winner: home > away ? 'home' : home < away ? 'away' : null,
  };
}

function moba(maps: ('home' | 'away')[], winner: 'home' | 'away'): MatchState {
  return {
    family: 'moba',
    gameId: 1,
    status: 'finished',
    elapsedSeconds: 0,
    secondsToNextEvent: 0,
    incidents: [],
    score: { home: maps.filter((m) => m === 'home').length, away: maps.filter((m) => m === 'away').length },
    winner,
    bestOf: 3,
    games: maps.map((w) => ({ home: w === 'home' ? 1 : 0, away: w === 'away' ? 1 : 0, winner: w })),
    edge: 0,
  } as unknown as MobaState;
}

const p = (
  market: SettledPrediction['market'],
  pick: string,
  line: number | null = null,
): SettledPrediction => ({
  market,
  pick,
  line,
});

describe('settling a prediction by its market', () => {
  const twoOne = soccerFinal([1, 0], [1, 1]);

  it('1X2 on regular time: extra-time goals do not count', () => {
    expect(settlePrediction(p('1x2', 'home'), twoOne)).toBe('win');
    expect(settlePrediction(p('1x2', 'draw'), twoOne)).toBe('lose');
    const levelAfter90 = soccerFinal([1, 0], [0, 1], [1, 0]);
    expect(settlePrediction(p('1x2', 'draw'), levelAfter90)).toBe('win');
  });

  it('handicap: whole, half and quarter lines, with pushes, half wins and half losses', () => {
    // Home won by one goal.
    expect(settlePrediction(p('handicap', 'home', -1), twoOne)).toBe('push');
    expect(settlePrediction(p('handicap', 'home', -0.5), twoOne)).toBe('win');
    expect(settlePrediction(p('handicap', 'home', -1.5), twoOne)).toBe('lose');
    expect(settlePrediction(p('handicap', 'home', -0.75), twoOne)).toBe('half_win');
    expect(settlePrediction(p('handicap', 'home', -1.25), twoOne)).toBe('half_lose');
    expect(settlePrediction(p('handicap', 'away', 0.75), twoOne)).toBe('half_lose');
    expect(settlePrediction(p('handicap', 'away', 1.25), twoOne)).toBe('half_win');
    expect(settlePrediction(p('handicap', 'away', 1), twoOne)).toBe('push');
  });

  it('over/under: whole, half and quarter lines', () => {
    // Three goals.
    expect(settlePrediction(p('over_under', 'over', 2.5), twoOne)).toBe('win');
    expect(settlePrediction(p('over_under', 'under', 2.5), twoOne)).toBe('lose');
    expect(settlePrediction(p('over_under', 'over', 3), twoOne)).toBe('push');
    expect(settlePrediction(p('over_under', 'over', 2.75), twoOne)).toBe('half_win');
    expect(settlePrediction(p('over_under', 'under', 2.75), twoOne)).toBe('half_lose');
    expect(settlePrediction(p('over_under', 'over', 3.25), twoOne)).toBe('half_lose');
    expect(settlePrediction(p('over_under', 'under', 3.25), twoOne)).toBe('half_win');
  });

  it('both teams to score', () => {
    expect(settlePrediction(p('btts', 'yes'), twoOne)).toBe('win');
    expect(settlePrediction(p('btts', 'no'), soccerFinal([1, 0], [0, 0]))).toBe('win');
    expect(settlePrediction(p('btts', 'yes'), soccerFinal([1, 0], [0, 0]))).toBe('lose');
  });

  it('esports map and series winner; a map never played voids the pick', () => {
    const series = moba(['away', 'home', 'home'], 'home');
    expect(settlePrediction(p('series_winner', 'home'), series)).toBe('win');
    expect(settlePrediction(p('map_winner', 'away', 1), series)).toBe('win');
    expect(settlePrediction(p('map_winner', 'away', 2), series)).toBe('lose');
    expect(settlePrediction(p('map_winner', 'home', 3), moba(['home', 'home'], 'home'))).toBe('void');
  });

  it('a winner market on a draw is a push', () => {
    expect(settlePrediction(p('winner', 'home'), soccerFinal([0, 0], [1, 1]))).toBe('push');
  });
});

describe('who gets the escrow, and the platform share', () => {
  it('pays the expert on a hit, refunds on a miss only with the flag, refunds all on a void', () => {
    expect(escrowGoesTo('win', true)).toBe('expert');
    expect(escrowGoesTo('half_win', false)).toBe('expert');
    expect(escrowGoesTo('lose', true)).toBe('buyer');
    expect(escrowGoesTo('half_lose', true)).toBe('buyer');
    expect(escrowGoesTo('lose', false)).toBe('expert');
    expect(escrowGoesTo('push', true)).toBe('buyer');
    expect(escrowGoesTo('void', false)).toBe('buyer');
    expect(split(58, 20)).toEqual({ income: 47, platformShare: 11 });
    expect(split(8, 0)).toEqual({ income: 8, platformShare: 0 });
  });
});

describe('expert statistics over a fixed record', () => {
  // Oldest first. W = win, H = half win, L = lose, h = half lose, P = push, V = void.
  const letters = 'WWLWWWPWHLLWWWVWWhWWL';
  const outcome = { W: 'win', H: 'half_win', L: 'lose', h: 'half_lose', P: 'push', V: 'void' } as const;
  const plans: SettledPlan[] = [...letters].map((c, i) => ({
    planId: i + 1,
    outcome: outcome[c as keyof typeof outcome],
    odds: 2,
    at: new Date(Date.UTC(2026, i < 10 ? 9 : 10, 1 + i)),
  }));

  it('hit rate overall and over the last 5, 7, 10, 15 and 30, streaks and ROI, by hand', () => {
    const stats = recordStats(plans);
    // Counting (no P, no V), oldest first: W W L W W W W H L L W W W W W h W W L = 19 plans, 14 hits.
    expect(stats.settled).toBe(19);
    expect(stats.hits).toBe(14);
    expect(stats.hitRate).toBe(73.7);
    expect(stats.windows).toEqual([
      // Newest first: L W W h W W W W W L L H W W W W L W W
      { window: 5, plans: 5, hits: 3, hitRate: 60 },
      { window: 7, plans: 7, hits: 5, hitRate: 71.4 },
      { window: 10, plans: 10, hits: 7, hitRate: 70 },
      { window: 15, plans: 15, hits: 11, hitRate: 73.3 },
      { window: 30, plans: 19, hits: 14, hitRate: 73.7 },
    ]);
    expect(stats.currentStreak).toBe(0);
    expect(stats.bestStreak).toBe(5);
    expect(stats.recent).toEqual([false, true, true, false, true, true, true, true, true, false]);
    // Units at odds 2: 13 wins x 1 + 1 half win x 0.5 - 4 losses - 1 half loss x 0.5 = 9 over 19 plans.
    expect(stats.roi).toBe(47.4);
  });

  it('the current streak counts the hits since the last miss', () => {
    expect(recordStats(plans.slice(0, 20)).currentStreak).toBe(2);
    expect(recordStats(plans.slice(0, 6)).currentStreak).toBe(3);
    expect(recordStats([]).hitRate).toBe(0);
  });

  it('the return graph and the monthly returns', () => {
    const graph = returnGraph(plans);
    expect(graph).toHaveLength(20);
    expect(graph.at(-1)?.cumulative).toBe(9);
    expect(graph[2]).toMatchObject({ outcome: 'lose', units: -1, cumulative: 1 });
    expect(monthlyReturns(plans)).toEqual([
      // November: plans 11-21 = L W W W V W W h W W L -> 10 counting, 7 hits, 7 - 2 - 0.5 = 4.5 units.
      { month: '2026-11', plans: 10, hits: 7, hitRate: 70, units: 4.5, roi: 45 },
      // October: W W L W W W P W H L -> 9 counting, 7 hits, 6 + 0.5 - 2 = 4.5 units.
      { month: '2026-10', plans: 9, hits: 7, hitRate: 77.8, units: 4.5, roi: 50 },
    ]);
  });
});

describe('the commitment hash', () => {
  const link = {
    planId: 7,
    expertId: 3,
    matchId: 99,
    market: 'handicap',
    line: -0.25,
    pick: 'home',
    committedAt: new Date('2026-11-25T10:00:00.000Z'),
    prevHash: GENESIS_HASH,
  };

  it('changes when any committed field or the previous link changes', () => {
    const hash = commitmentHash(link);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(commitmentHash({ ...link })).toBe(hash);
    for (const change of [
      { pick: 'away' },
      { line: -0.5 },
      { market: '1x2' },
      { matchId: 98 },
      { committedAt: new Date('2026-11-25T10:00:00.001Z') },
      { prevHash: 'f'.repeat(64) },
    ])
      expect(commitmentHash({ ...link, ...change })).not.toBe(hash);
  });
});

describe('the composer rules of the contract', () => {
  const valid = {
    matchId: 1,
    playLevel: 'Premier',
    prediction: { market: 'handicap', line: -0.25, pick: 'home', odds: 1.9 },
    title: 'Red take the derby',
    content: '<p>Why</p>',
    price: 18,
    cover: '/uploads/demo/c.webp',
  };
  const reasons = (input: unknown) => planInput.safeParse(input).error?.issues.map((i) => i.message) ?? [];

  it('names each broken rule with its own message', () => {
    expect(reasons(valid)).toEqual([]);
    expect(reasons({ ...valid, title: 'Red' })).toEqual(['planTitleRule']);
    expect(reasons({ ...valid, title: 'x'.repeat(61) })).toEqual(['planTitleRule']);
    expect(reasons({ ...valid, content: undefined })).toEqual(['planFieldsRequired']);
    expect(reasons({ ...valid, playLevel: '' })).toEqual(['planFieldsRequired']);
    expect(reasons({ ...valid, prediction: undefined })).toEqual(['planFieldsRequired']);
    // A handicap without its line is a field left empty, not a wrong value.
    expect(reasons({ ...valid, prediction: { ...valid.prediction, line: null } })).toEqual([
      'planFieldsRequired',
    ]);
    expect(reasons({ ...valid, price: undefined })).toEqual(['planPriceRule']);
    expect(reasons({ ...valid, cover: undefined })).toEqual(['coverRequired']);
    expect(reasons({ ...valid, images: ['/uploads/a', '/uploads/b', '/uploads/c', '/uploads/d'] })).toEqual([
      'planImagesRule',
    ]);
  });

  it('checks a prediction: the pick of its market, a line only where the market has one, quarter lines', () => {
    const ok = (v: object) => predictionRule.safeParse({ odds: 1.8, ...v }).success;
    expect(ok({ market: '1x2', pick: 'draw' })).toBe(true);
    expect(ok({ market: '1x2', pick: 'over' })).toBe(false);
    expect(ok({ market: 'handicap', pick: 'home' })).toBe(false);
    expect(ok({ market: 'handicap', pick: 'home', line: -0.3 })).toBe(false);
    expect(ok({ market: 'over_under', pick: 'under', line: 2.75 })).toBe(true);
    expect(ok({ market: 'over_under', pick: 'under', line: -1 })).toBe(false);
    expect(ok({ market: 'map_winner', pick: 'home', line: 1.5 })).toBe(false);
    expect(ok({ market: 'btts', pick: 'yes', line: 1 })).toBe(false);
  });
});
