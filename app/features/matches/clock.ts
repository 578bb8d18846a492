import type { LiveClock, MatchSummary } from '../../../modules/matches/matches.contract';

/** The seconds on a live clock at `now`: it runs on from `asOf` at its rate, a countdown stops at 0. */
export function clockSeconds(clock: LiveClock, now: number): number {
  if (!clock.running) return clock.seconds;
  const run = (clock.rate * Math.max(0, now - clock.asOf)) / 1000;
  return clock.direction === 'up' ? clock.seconds + run : Math.max(0, clock.seconds - run);
}

/** Soccer's minute as shown: 67', and 45+2' once the clock passes the period's regular end. */
function soccerMinute(clock: LiveClock, seconds: number): string {
  const minute = Math.floor(seconds / 60);
  if (clock.periodEndsAt !== null && seconds >= clock.periodEndsAt) {
    const regular = clock.periodEndsAt / 60;
    return `${regular}+${minute - regular + 1}'`;
  }
  return `${minute + 1}'`;
}

/** mm:ss; a countdown rounds up as game clocks do (0.4 s left shows 00:01). */
function minutesAndSeconds(seconds: number, direction: LiveClock['direction']): string {
  const whole = direction === 'down' ? Math.ceil(seconds) : Math.floor(seconds);
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * What a live match shows in place of its kick-off time: "67'", "45+2'" (soccer), "Q3 05:12"
 * (a countdown with its period), or the period in play where no clock runs ("S2", "M2", "T5").
 * Null unless the match is in progress. `label` names a period code, e.g. in the page language.
 */
export function liveClockText(
  summary: MatchSummary,
  now: number,
  label: (period: string) => string = (period) => period,
): string | null {
  if (summary.status !== 'in_progress') return null;
  const { clock, period } = summary;
  if (!clock) return period === null ? null : label(period);
  const seconds = clockSeconds(clock, now);
  if (summary.game === 'soccer') return soccerMinute(clock, seconds);
  const time = minutesAndSeconds(seconds, clock.direction);
  return period === null ? time : `${label(period)} ${time}`;
}
