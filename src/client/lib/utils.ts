import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. No tailwind-merge: it would cost the public pages 9 KB gzip. So callers
 * add layout classes (margins, widths) to primitives and change looks through their variants,
 * never by passing a class that conflicts with one the primitive already sets.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
