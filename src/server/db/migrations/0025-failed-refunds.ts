import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * `payments.refund_failed_pence`: refunds that failed or were cancelled after Stripe reported
 * them, so the money stayed with the agent and counts again (payments/apply-return.ts).
 */
export function failedRefunds(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('payments')
        .addColumn('refund_failed_pence', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
  };
}
