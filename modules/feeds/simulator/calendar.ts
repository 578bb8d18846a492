/** UTC days and weeks as whole numbers: day 0 is 1970-01-01, week 0 starts on Monday 1969-12-29. */
export const DAY_MS = 86_400_000;

export function dayOf(time: number): number {
  return Math.floor(time / DAY_MS);
}

/** Monday 0 to Sunday 6. */
export function weekdayOf(day: number): number {
  return (day + 3) % 7;
}

export function weekOf(day: number): number {
  return Math.floor((day + 3) / 7);
}

/** The Monday of a week. */
export function mondayOf(week: number): number {
  return week * 7 - 3;
}

export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Kick-off `index` of `count` on a day, spread from the first to the last hour, on quarter hours. */
export function kickoff(day: number, hours: readonly [number, number], index: number, count: number): number {
  const [first, last] = hours;
  const span = Math.max(0, last - first) * 60;
  const minutes = first * 60 + Math.round((span * (index + 0.5)) / Math.max(1, count) / 15) * 15;
  return day * DAY_MS + minutes * 60_000;
}
