import type { Incident, SoccerState } from './model';

// Laws of the Game, Law 7: the minutes before each period and its regular length.
const TIMED_PERIODS: Record<string, { before: number; length: number }> = {
  H1: { before: 0, length: 45 },
  H2: { before: 45, length: 45 },
  ET1: { before: 90, length: 15 },
  ET2: { before: 105, length: 15 },
};

/** The minute a fan reads: 67, or 45 with 2 added (45+2). */
export interface ShownMinute {
  minute: number;
  addedMinute: number;
}

/**
 * The minutes of a soccer match as they are shown (45+2 as 45 and 2), from when its incidents say
 * each period started: `minuteOf` for a moment of a known period (an incident), `periodAt` for the
 * period a moment of play belongs to. Moments of the shoot-out have no minute.
 */
export function soccerMinutes(state: Pick<SoccerState, 'incidents'>) {
  const starts: [period: string, elapsedSeconds: number][] = [];
  for (const incident of state.incidents) {
    if (incident.type === 'period_started') starts.push([incident.period, incident.elapsedSeconds]);
  }
  const minuteOf = (moment: Pick<Incident, 'period' | 'elapsedSeconds'>): ShownMinute | null => {
    const period = TIMED_PERIODS[moment.period];
    const start = starts.find(([name]) => name === moment.period)?.[1];
    if (!period || start === undefined) return null;
    const seconds = moment.elapsedSeconds - start;
    const regular = period.length * 60;
    return {
      minute: period.before + Math.min(Math.floor(seconds / 60) + 1, period.length),
      addedMinute: seconds < regular ? 0 : Math.floor((seconds - regular) / 60) + 1,
    };
  };
  /** The period in play at `elapsedSeconds`: the last one started by then. */
  const periodAt = (elapsedSeconds: number): string | null =>
    starts.findLast(([, start]) => start <= elapsedSeconds)?.[0] ?? null;
  return { minuteOf, periodAt };
}
