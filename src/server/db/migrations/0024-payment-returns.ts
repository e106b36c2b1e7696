import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Money given back after a payment: Stripe's refunds and disputes (chargebacks, Direct Debit
 * indemnity claims) name the PaymentIntent, so payments keep its id; staff reverse an offline
 * payment (a bounced cheque). What was given back puts the balance up again (payments/apply-return.ts) and is listed in the payments export. Adding
 * columns with constant defaults rewrites no rows on either engine.
 */
export function paymentReturns(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('payments').addColumn('payment_intent', 'text').execute();
      for (const column of ['refunded_pence', 'disputed_pence']) {
        await db.schema
          .alterTable('payments')
          .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
      }
      await db.schema.alterTable('payments').addColumn('dispute_status', 'text').execute();
      await db.schema.alterTable('payments').addColumn('dispute_respond_by', 'bigint').execute();
      // What Stripe gave back of the payments through a link, for Payment Status to show.
      await db.schema
        .alterTable('payment_links')
        .addColumn('returned_pence', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      // A payment staff recorded and then reversed: a bounced cheque, or one recorded in error.
      await db.schema.alterTable('offline_payments').addColumn('reversed_at', 'bigint').execute();
      await db.schema.alterTable('offline_payments').addColumn('reversed_reason', 'text').execute();
      await sql`create index payments_payment_intent on payments (payment_intent)
        where payment_intent is not null`.execute(db);
      // The dashboard lists the disputes staff must answer, soonest first.
      await sql`create index payments_open_disputes on payments (dispute_respond_by)
        where dispute_status in ('needs_response', 'warning_needs_response')`.execute(db);
      // The payments export lists money given back by day (accounts/export-payments.ts).
      await sql`create index account_events_returns on account_events (at, id)
        where kind = 'payment_returned'`.execute(db);
    },
  };
}
