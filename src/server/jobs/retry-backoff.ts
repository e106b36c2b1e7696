export interface RetryPolicy {
  baseMs: number;
  capMs: number;
  /** [0, 1); injectable so tests can pin the jitter. */
  random: () => number;
}

export const defaultRetryPolicy: RetryPolicy = {
  baseMs: 5_000,
  capMs: 15 * 60_000,
  random: Math.random,
};

/**
 * Exponential backoff with full jitter: a random delay up to min(cap, base * 2^attempts).
 * The jitter spreads out jobs that failed together (a provider outage) so they do not all retry
 * in the same instant (AWS Architecture Blog, "Exponential Backoff And Jitter").
 */
export function retryDelayMs(attempts: number, policy: RetryPolicy = defaultRetryPolicy): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** attempts);
  return Math.floor(policy.random() * ceiling);
}
