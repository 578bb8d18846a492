import { useEffect, useState } from 'react';

/** Seconds before another code may be sent (spec point 9). */
export const CODE_COUNTDOWN_SECONDS = 60;

/** Seconds left of a countdown, and a way to start it. */
export function useCountdown(seconds = CODE_COUNTDOWN_SECONDS): [left: number, start: () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(seconds)];
}
