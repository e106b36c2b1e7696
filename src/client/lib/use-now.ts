import { useEffect, useState } from 'react';

/**
 * The current time, moving on every `intervalMs` while the page is open, so that relative times
 * ("5 minutes ago") and time left on a link stay true without a reload.
 */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
