import { describe, expect, it } from 'vitest';
import { testSummary } from '../matches/test-summaries';
import { alertsOf, seenOf } from './match-events';

const BASKETBALL = 201;
const TENNIS = 203;

const keys = (...args: Parameters<typeof alertsOf>) => alertsOf(...args).map((alert) => alert.key);

describe('the alerts a change of a match makes', () => {
  const notStarted = testSummary(1, { status: 'not_started' });
  const kickedOff = testSummary(1, { status: 'in_progress' });

  it('makes none for a match seen for the first time: what happened before is not news', () => {
    expect(keys(undefined, testSummary(1, { score: { home: 2, away: 1 } }))).toEqual([]);
  });

  it('tells the kick-off, each goal by its score, and the final score once', () => {
    expect(keys(seenOf(notStarted), kickedOff)).toEqual(['kickoff:1']);
    const goal = testSummary(1, { score: { home: 0, away: 1 } });
    expect(keys(seenOf(kickedOff), goal)).toEqual(['goal:1:0-1']);
    expect(keys(seenOf(goal), goal)).toEqual([]);
    const final = testSummary(1, { status: 'finished', score: { home: 0, away: 1 } });
    expect(keys(seenOf(goal), final)).toEqual(['final:1']);
    expect(keys(seenOf(final), final)).toEqual([]);
  });

  it('does not tell a score that went down (a goal ruled out)', () => {
    const goal = testSummary(1, { score: { home: 1, away: 0 } });
    expect(keys(seenOf(goal), kickedOff)).toEqual([]);
  });

  it('tells a set won in tennis, but not every basket in basketball', () => {
    const set = { score: { home: 1, away: 0 } };
    expect(
      keys(seenOf(testSummary(2, { gameId: TENNIS })), testSummary(2, { gameId: TENNIS, ...set })),
    ).toEqual(['goal:2:1-0']);
    const basket = { score: { home: 2, away: 0 } };
    expect(
      keys(seenOf(testSummary(3, { gameId: BASKETBALL })), testSummary(3, { gameId: BASKETBALL, ...basket })),
    ).toEqual([]);
  });
});
