import { type ClassValue, clsx } from 'clsx';


/** Joins class names and lets a later Tailwind class override an earlier one. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
