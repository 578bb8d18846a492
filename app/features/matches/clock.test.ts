import { describe, expect, it } from 'vitest';
import type { LiveClock } from '../../../modules/matches/matches.contract';
import { summaryOf } from '../../test-support/match-summary';
import { liveClockText } from './clock';

const AS_OF = Date.UTC(2026, 10, 22, 12, 30);

const clock = (overrides: Partial<LiveClock>): LiveClock => ({
  seconds: 0,
  direction: 'up',
  running: true,
  rate: 1,
  asOf: AS_OF,
  periodEndsAt: null,
  ...overrides,
});

/** A soccer match in play with `seconds` on the clock at AS_OF, in the period ending at `endsAtMinute`. */
const soccerAt = (seconds: number, period: string, endsAtMinute: number) =>
  summaryOf({ status: 'in_progress', period, clock: clock({ seconds, periodEndsAt: endsAtMinute * 60 }) });

const later = (seconds: number) => AS_OF + seconds * 1000;

describe('the live clock text', () => {
  it('is empty for a match that is not in play', () => {
    expect(liveClockText(summaryOf({ status: 'not_started' }), AS_OF)).toBeNull();
    expect(liveClockText(summaryOf({ status: 'finished', period: 'H2' }), AS_OF)).toBeNull();
  });

  it('shows soccer minutes counted from 1, running on between updates', () => {
    expect(liveClockText(soccerAt(0, 'H1', 45), AS_OF)).toBe("1'");
    expect(liveClockText(soccerAt(66 * 60 + 10, 'H2', 90), AS_OF)).toBe("67'");
    expect(liveClockText(soccerAt(66 * 60 + 10, 'H2', 90), later(50))).toBe("68'");
  });

  it('shows soccer added time after the regular end of the half', () => {
    expect(liveClockText(soccerAt(44 * 60 + 59, 'H1', 45), AS_OF)).toBe("45'");
    expect(liveClockText(soccerAt(45 * 60, 'H1', 45), AS_OF)).toBe("45+1'");
    expect(liveClockText(soccerAt(45 * 60, 'H1', 45), later(90))).toBe("45+2'");
    expect(liveClockText(soccerAt(90 * 60 + 200, 'H2', 90), AS_OF)).toBe("90+4'");
    expect(liveClockText(soccerAt(105 * 60 + 30, 'ET1', 105), AS_OF)).toBe("105+1'");
  });

  it('runs the clock at the feed rate', () => {
    const fast = summaryOf({
      status: 'in_progress',
      period: 'H1',
      clock: clock({ rate: 60, periodEndsAt: 2700 }),
    });
    expect(liveClockText(fast, later(10))).toBe("11'");
  });

  it('shows a stopped clock as it is', () => {
    const stopped = summaryOf({
      status: 'in_progress',
      period: 'H2',
      clock: clock({ seconds: 3000, running: false, periodEndsAt: 5400 }),
    });
    expect(liveClockText(stopped, later(600))).toBe("51'");
  });

  it('shows the penalty shoot-out by its period, with no clock', () => {
    expect(liveClockText(summaryOf({ status: 'in_progress', period: 'PEN', clock: null }), AS_OF)).toBe(
      'PEN',
    );
  });

  it('counts a basketball quarter down to zero, with the quarter', () => {
    const quarter = summaryOf({
      game: 'basketball',
      gameId: 201,
      status: 'in_progress',
      period: 'Q3',
      clock: clock({ seconds: 312, direction: 'down' }),
    });
    expect(liveClockText(quarter, AS_OF)).toBe('Q3 05:12');
    expect(liveClockText(quarter, later(11.6))).toBe('Q3 05:01');
    expect(liveClockText(quarter, later(400))).toBe('Q3 00:00');
    const overtime = { ...quarter, period: 'OT1', clock: clock({ seconds: 0.4, direction: 'down' }) };
    expect(liveClockText(overtime, AS_OF)).toBe('OT1 00:01');
  });

  it('names the set, game, map or inning in play where no clock runs', () => {
    const untimed = (game: string, period: string) =>
      liveClockText(summaryOf({ game, status: 'in_progress', period, clock: null }), AS_OF);
    expect(untimed('tennis', 'S2')).toBe('S2');
    expect(untimed('lol', 'M3')).toBe('M3');
    expect(untimed('baseball', 'B7')).toBe('B7');
    expect(untimed('pubg', 'G4')).toBe('G4');
  });

  it('names periods in the words it is given', () => {
    const map = summaryOf({ game: 'csgo', status: 'in_progress', period: 'M2', clock: null });
    expect(liveClockText(map, AS_OF, (period) => `Map ${period.slice(1)}`)).toBe('Map 2');
    const quarter = summaryOf({
      game: 'basketball',
      status: 'in_progress',
      period: 'Q4',
      clock: clock({ seconds: 65, direction: 'down', running: false }),
    });
    expect(liveClockText(quarter, AS_OF, (period) => `第${period.slice(1)}节`)).toBe('第4节 01:05');
  });
});
