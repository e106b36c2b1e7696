import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

export const NUL_MESSAGE = 'The request contains a NUL character, which is not allowed.';

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsNul);
  return false;
}

/**
 * PostgreSQL refuses text holding NUL (SQLite stores it), so a NUL in an address, a query or a
 * form would be a 500 on one engine only. Every request is refused with a 400 instead, before
 * any route reads it: `%00` in the URL (the only way a URL can carry one) or a body value with
 * one. Files are not bodies here; an upload's cells are cleaned where they are read.
 */
export function refuseNul(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on the leaseholder's link read too.
  app.addHook('preValidation', (request, _reply, done) => {
    const isRefused = request.url.includes('%00') || holdsNul(request.body);
    done(isRefused ? new AppError('INVALID_REQUEST', NUL_MESSAGE) : undefined);
  });
}
