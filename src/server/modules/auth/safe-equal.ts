import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares two secrets in constant time. timingSafeEqual needs equal lengths, and checking the
 * lengths first would leak them, so both sides are hashed to 32 bytes before comparing.
 */
export function isSafeEqual(a: string, b: string): boolean {
  const digestA = createHash('sha256').update(a).digest();
  const digestB = createHash('sha256').update(b).digest();
  return timingSafeEqual(digestA, digestB);
}
