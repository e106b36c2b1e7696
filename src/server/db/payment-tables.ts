import type { Generated } from 'kysely';

// The payment tables of schema.ts (which re-exports them), kept apart so that each file stays
// readable.

export type PaymentProvider = 'stripe' | 'demo';
export type PaymentMethod = 'card' | 'open-banking' | 'direct-debit';
export type PaymentStatus = 'processing' | 'succeeded' | 'failed';

/** One row per provider payment (Checkout Session or demo payment); provider_ref is unique. */
export interface PaymentsTable {
  id: string;
  link_id: string;
  provider: PaymentProvider;
  /** Stripe Checkout Session id, or the demo payment's own reference. */
  provider_ref: string;
  method: PaymentMethod;
  amount_pence: number;
  /** ISO 4217 lower case, e.g. 'gbp'. */
  currency: string;
  status: PaymentStatus;
  failure_reason: string | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  /** Stripe's PaymentIntent id, which its refunds and disputes name (migration 0024). */
  payment_intent: Generated<string | null>;
  /** Given back so far: refunds, and a dispute while the bank holds the money. */
  refunded_pence: Generated<number>;
  /** Refunds that failed or were cancelled after they were reported (migration 0025). */
  refund_failed_pence: Generated<number>;
  disputed_pence: Generated<number>;
  /** Stripe's dispute status, once a dispute is opened; won and lost are final. */
  dispute_status: Generated<string | null>;
  /** When Stripe wants the agent's evidence by, while the dispute waits for it. */
  dispute_respond_by: Generated<number | null>;
}

/** Provider webhook events already handled (idempotency by event id). */
export interface PaymentEventsTable {
  /** The provider's event id, e.g. Stripe's evt_…. */
  id: string;
  provider: PaymentProvider;
  type: string;
  provider_ref: string | null;
  outcome: string;
  received_at: number;
}

export type OfflinePaymentMethod = 'bank_transfer' | 'cheque' | 'cash' | 'other';

/** A payment staff recorded by hand (bank transfer, cheque, cash): reduces the balance. */
export interface OfflinePaymentsTable {
  id: string;
  tenant_id: string;
  amount_pence: number;
  method: OfflinePaymentMethod;
  reference: string | null;
  /** YYYY-MM-DD, the day it was paid (Europe/London). */
  paid_on: string;
  recorded_at: number;
  recorded_by: string;
  /** Reversed by staff (a bounced cheque, recorded in error): back on the balance. */
  reversed_at: Generated<number | null>;
  reversed_reason: Generated<string | null>;
}
