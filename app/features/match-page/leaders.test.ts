import { describe, expect, it } from 'vitest';
import type { IncidentView, MatchDetail } from '../../../modules/matches/matches.contract';
import { summaryOf } from '../../test-support/match-summary';
import { leadersOf } from './leaders';

function goal(seq: number, side: 'home' | 'away', id: number, name: string, type = 'goal'): IncidentView {
  const player = { id, name };
  return {
    seq,
    type,
    period: 'H1',
    minute: seq,
    addedMinute: null,
    side,
    player,
    secondPlayer: null,
    score: null,
    value: null,
  };
}

const detail = (id: number, incidents: IncidentView[]) =>
  ({ summary: summaryOf({ id }), incidents }) as unknown as MatchDetail;

describe('the leaders of a live data page', () => {
  it('ranks players by their scoring incidents across matches, most first, with their team', () => {
    const leaders = leadersOf([
      detail(1, [
        goal(1, 'home', 7, 'Leo Marsh'),
        goal(2, 'away', 9, 'Ivo Brandt'),
        goal(3, 'home', 7, 'Leo Marsh'),
      ]),
      detail(2, [goal(1, 'home', 9, 'Ivo Brandt', 'penalty_goal'), goal(2, 'home', 9, 'Ivo Brandt')]),
    ]);
    expect(leaders.map((leader) => [leader.name, leader.count])).toEqual([
      ['Ivo Brandt', 3],
      ['Leo Marsh', 2],
    ]);
    expect(leaders[1]?.team).toBe('Northbridge Rovers');
  });

  it('leaves out what does not score: cards, own goals, incidents without a player', () => {
    const leaders = leadersOf([
      detail(1, [
        goal(1, 'home', 7, 'Leo Marsh', 'yellow_card'),
        goal(2, 'away', 9, 'Ivo Brandt', 'own_goal'),
        { ...goal(3, 'home', 7, 'Leo Marsh'), player: null },
      ]),
    ]);
    expect(leaders).toEqual([]);
  });
});
