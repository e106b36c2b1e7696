import { useEffect, useState } from 'react';

/**
 * The current time, moving on every `intervalMs` while the page is open, so that relative times
 * ("5 minutes ago") and time left on a link stay true without a reload. A server-rendered page
 * passes the time it was rendered at, so that its first render in the browser reads the same.
 */
export function useNow(intervalMs = 60_000, startAt?: number): number {
  const [now, setNow] = useState(() => startAt ?? Date.now());
  useEffect(() => {
    if (startAt !== undefined) setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, startAt]);
  return now;
}
