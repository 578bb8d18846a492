import { useEffect, useState } from 'react';

/** Page fetch delay of spec point 9: list fetches wait 200 ms while filters keep changing. */
export const PAGE_FETCH_DELAY_MS = 200;

export function useDebouncedValue<T>(value: T, delay = PAGE_FETCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
