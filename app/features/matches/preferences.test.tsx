import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '../../../modules/matches/matches.contract';
import { favouritesFirst } from './filters';
import { newGoals } from './goal-sound';

const match = (id: number, home: number, away: number, teams: [number, number] = [id * 100, id * 100 + 1]) =>
  ({
    id,
    score: { home, away },
    home: { id: teams[0] },
    away: { id: teams[1] },
  }) as unknown as MatchSummary;

describe('the goal sound', () => {
  const everyMatch = () => true;

  it('sounds for a followed match whose goals went up', () => {
    const seen = new Map<number, number>();
    newGoals(seen, [match(1, 0, 0), match(2, 1, 0)], everyMatch);
    expect(newGoals(seen, [match(1, 1, 0), match(2, 1, 0)], everyMatch)).toEqual([1]);
    expect(newGoals(seen, [match(1, 1, 1)], everyMatch)).toEqual([1]);
  });

  it('stays quiet for a match seen for the first time, a match not followed and a score that went down', () => {
    const seen = new Map<number, number>();
    expect(newGoals(seen, [match(1, 2, 1)], everyMatch)).toEqual([]);
    expect(newGoals(seen, [match(1, 1, 1)], everyMatch)).toEqual([]);
    const onlyTeam40 = (m: MatchSummary) => m.home?.id === 40 || m.away?.id === 40;
    newGoals(seen, [match(3, 0, 0, [40, 41]), match(4, 0, 0)], onlyTeam40);
    expect(newGoals(seen, [match(3, 0, 1, [40, 41]), match(4, 1, 0)], onlyTeam40)).toEqual([3]);
  });
});

describe('favourite games first', () => {
  const tabs = [{ id: null }, { id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
  const ids = (list: { id: number | null }[]) => list.map((tab) => tab.id);

  it('puts the favourites after the hot tab, in the order chosen, the others in theirs', () => {
    expect(ids(favouritesFirst(tabs, (tab) => tab.id, [4, 2]))).toEqual([null, 4, 2, 1, 3]);
  });

  it('keeps the order without favourites', () => {
    expect(ids(favouritesFirst(tabs, (tab) => tab.id, []))).toEqual([null, 1, 2, 3, 4]);
  });
});
