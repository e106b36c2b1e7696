import { randomBytes, randomUUID } from 'node:crypto';

/** Opaque, unguessable token: 128 bits or more of randomness, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function newId(): string {
  return randomUUID();
}
