import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Provider events already handled, by the provider's event id: Stripe delivers a webhook at
 * least once and retries for days, so the same event must change nothing the second time.
 */
export function paymentEvents(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payment_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        /** The Checkout Session the event is about, when it is about one. */
        .addColumn('provider_ref', 'text')
        /** What handling it did: recorded, processing, failed, ignored, mismatch, … */
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('payment_events_provider_ref')
        .on('payment_events')
        .column('provider_ref')
        .execute();
    },
  };
}
