import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeSession } from '../../../../tests/fakes/fake-stripe-api.js';
import { createPaymentLink, type PaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createStripeTestContext,
  type StripeTestContext,
} from '../../../../tests/helpers/payments-context.js';
import { signIn, TEST_ORIGIN } from '../../../../tests/helpers/test-context.js';
import { batchOf, csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';

const IP = '198.51.100.20';

describe('money given back after a Stripe payment: refunds and disputes', () => {
  let t: StripeTestContext;
  let link: PaymentLink;
  beforeEach(async () => {
    t = await createStripeTestContext({ env: { PUBLIC_BASE_URL: TEST_ORIGIN } });
    link = await createPaymentLink(t.ctx, { amount_pence: 100_000 });
  });
  afterEach(() => t.close());

  /** Each event a minute after the last, as Stripe's would be. */
  const deliver = (event: unknown) => {
    t.clock.advance(60_000);
    return t.deliver(t.stripe.signedWebhook(event));
  };
  const dispute = (type: string, session: FakeSession, status: string) =>
    t.stripe.disputeEventFor(type, session, { status });

  /** The leaseholder presses Pay (`amount` pounds, or all): the session Stripe opens. */
  async function startCheckout(amount?: string): Promise<FakeSession> {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/payment-link/${link.id}/pay`,
      payload: amount ? { method: 'card', amount } : { method: 'card' },
      headers: { origin: TEST_ORIGIN },
      remoteAddress: IP,
    });
    expect(response.statusCode, response.body).toBe(200);
    return t.stripe.sessions.get(response.json().url.split('/').pop())!;
  }

  /** The leaseholder pays `amount` pounds by card; returns the completed session. */
  async function pay(amount?: string): Promise<FakeSession> {
    const session = await startCheckout(amount);
    t.stripe.complete(session.id);
    const paid = await deliver(t.stripe.eventFor('checkout.session.completed', session));
    expect(paid.statusCode).toBe(200);
    return session;
  }

  const account = () =>
    t.ctx.db
      .selectFrom('tenants')
      .select(['balance_pence', 'owing_since'])
      .where('id', '=', link.tenant_id)
      .executeTakeFirstOrThrow();
  const linkRow = () =>
    t.ctx.db
      .selectFrom('payment_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
  const paymentRow = () => t.ctx.db.selectFrom('payments').selectAll().executeTakeFirstOrThrow();
  const audit = () =>
    t.ctx.db.selectFrom('audit_log').select(['action', 'subject']).orderBy('id').execute();
  async function history() {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/leaseholders/${link.tenant_id}`,
      headers: { cookie: await signIn(t.app) },
    });
    expect(response.statusCode).toBe(200);
    return (
      response.json().timeline as {
        kind: string;
        title: string;
        amount: string | null;
        detail: string | null;
        actor: string | null;
      }[]
    ).filter((event) => event.kind === 'payment_returned');
  }

  it('keeps the PaymentIntent of every payment it records', async () => {
    const session = await pay();
    expect((await paymentRow()).payment_intent).toBe(session.payment_intent);
  });

  it('puts a refund back on the balance, once, and shows it in the history and audit log', async () => {
    const session = await pay();
    expect((await account()).balance_pence).toBe(0);
    expect((await linkRow()).status).toBe('paid');

    // A part refund, then the rest: Stripe's running total each time.
    const part = t.stripe.refundEventFor(session, 30_000, 'requested_by_customer');
    expect((await deliver(part)).statusCode).toBe(200);
    expect(await account()).toMatchObject({ balance_pence: 30_000 });
    expect((await account()).owing_since).not.toBeNull();
    expect((await linkRow()).paid_pence).toBe(70_000);

    // The same event again, and an older total arriving late, change nothing.
    expect((await deliver(part)).statusCode).toBe(200);
    await deliver(t.stripe.refundEventFor(session, 30_000));
    expect((await account()).balance_pence).toBe(30_000);

    await deliver(t.stripe.refundEventFor(session, 100_000));
    await deliver(t.stripe.refundEventFor(session, 30_000));
    expect((await account()).balance_pence).toBe(100_000);
    expect(await paymentRow()).toMatchObject({ refunded_pence: 100_000, status: 'succeeded' });
    // The link stays paid: it was paid then. The account owes again, with no open link.
    expect(await linkRow()).toMatchObject({
      status: 'paid',
      paid_pence: 0,
      returned_pence: 100_000,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/payment-links',
      headers: { cookie: await signIn(t.app) },
    });
    expect(list.json().items[0]).toMatchObject({ status: 'paid', returnedAmount: '1000.00' });

    const lines = await history();
    expect(lines.map((line) => [line.title, line.amount])).toEqual([
      ['Payment refunded through Stripe', '700.00'],
      ['Payment refunded through Stripe', '300.00'],
    ]);
    expect(lines[1]!.actor).toBe('Stripe');
    expect(lines[1]!.detail).toBe(
      `Reason: asked for by the leaseholder. Balance now £300.00 owed. Reference ${session.id}`,
    );
    expect((await audit()).filter((entry) => entry.action === 'payment.refunded')).toEqual([
      { action: 'payment.refunded', subject: link.tenant_id },
      { action: 'payment.refunded', subject: link.tenant_id },
    ]);
  });

  it('counts a payment again when its refund fails, and a later refund once', async () => {
    const session = await pay();
    await deliver(t.stripe.refundEventFor(session, 100_000));
    expect((await account()).balance_pence).toBe(100_000);

    // Sent before the refund failed, delivered after: an older event, as Stripe retries them.
    const late = t.stripe.refundEventFor(session, 100_000);
    // The leaseholder's card was closed: Stripe could not give the money back.
    const failed = t.stripe.failRefundEventFor(session);
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await account()).balance_pence).toBe(0);
    expect(await paymentRow()).toMatchObject({ refunded_pence: 0, refund_failed_pence: 100_000 });
    expect(await linkRow()).toMatchObject({ paid_pence: 100_000, returned_pence: 0 });
    // Replayed, and the refund's own event arriving late: Stripe's refunds say it failed.
    await deliver(failed);
    await deliver(late);
    expect((await account()).balance_pence).toBe(0);

    const lines = await history();
    expect(lines.map((line) => [line.title, line.amount])).toEqual([
      ['Refund failed: the payment counts again', '1000.00'],
      ['Payment refunded through Stripe', '1000.00'],
    ]);
    expect(lines[0]!.detail).toBe(
      `Reason: the card has expired or was cancelled. Balance now nothing owed. Reference ${session.id}`,
    );
    expect((await audit()).map((entry) => entry.action)).toContain('payment.refund_failed');

    // Staff refund it again (to a new card): that refund goes back once.
    await deliver(t.stripe.refundEventFor(session, 100_000));
    expect((await account()).balance_pence).toBe(100_000);
    expect(await paymentRow()).toMatchObject({
      refunded_pence: 100_000,
      refund_failed_pence: 100_000,
    });

    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/payments/export.csv?from=${day}&to=${day}`,
      headers: { cookie: await signIn(t.app) },
    });
    const rows = parse(exported.body, { bom: true }) as string[][];
    expect(rows.slice(2).map((row) => [row[4], row[6]])).toEqual([
      ['-1000.00', 'Refunded (Stripe)'],
      ['1000.00', 'Refund failed (Stripe)'],
      ['-1000.00', 'Refunded (Stripe)'],
    ]);
  });

  it('never counts a refund that failed before its first event came', async () => {
    const session = await pay('400.00');
    const made = t.stripe.refundEventFor(session, 40_000);
    const failed = t.stripe.failRefundEventFor(session);
    // Stripe's events come in any order; each asks Stripe for the refunds as they are now.
    await deliver(failed);
    await deliver(made);
    expect((await account()).balance_pence).toBe(60_000);
    expect(await paymentRow()).toMatchObject({ refunded_pence: 0, refund_failed_pence: 40_000 });
    expect(await history()).toEqual([]);
  });

  it('keeps a refunded payment in the dashboard’s recent payments, with what went back', async () => {
    const recent = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/dashboard/recent-payments',
        headers: { cookie: await signIn(t.app) },
      });
      return response.json();
    };
    const session = await pay();
    expect((await recent())[0]).not.toHaveProperty('givenBack');
    await deliver(t.stripe.refundEventFor(session, 25_050));
    expect(await recent()).toEqual([
      expect.objectContaining({ amount: '1000.00', givenBack: '250.50' }),
    ]);
    await deliver(dispute('charge.dispute.created', session, 'needs_response'));
    expect((await recent())[0].givenBack).toBe('1000.00');
  });

  it('counts refunds arriving at once by their running totals, not twice', async () => {
    const session = await pay();
    const deliveries = [30_000, 50_000, 45_000, 20_000].map((total) =>
      t.deliver(t.stripe.signedWebhook(t.stripe.refundEventFor(session, total))),
    );
    for (const response of await Promise.all(deliveries)) expect(response.statusCode).toBe(200);
    expect((await account()).balance_pence).toBe(50_000);
    expect((await linkRow()).paid_pence).toBe(50_000);
  });

  it('makes a refunded part payment owed again on the open link', async () => {
    await pay('400.00');
    const [session] = [...t.stripe.sessions.values()];
    expect((await account()).balance_pence).toBe(60_000);
    await deliver(t.stripe.refundEventFor(session!, 40_000));
    expect((await account()).balance_pence).toBe(100_000);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payment-link/${link.id}`,
      remoteAddress: IP,
    });
    expect(page.json()).toMatchObject({ status: 'pending', amount: '1000.00', paidAmount: '0.00' });
  });

  it('takes a disputed payment back while it is argued, and counts it again when won', async () => {
    const session = await pay();
    await deliver(dispute('charge.dispute.created', session, 'needs_response'));
    expect((await account()).balance_pence).toBe(100_000);
    expect(await paymentRow()).toMatchObject({
      disputed_pence: 100_000,
      dispute_status: 'needs_response',
    });
    // Staff must answer it in Stripe by the date: the dashboard lists it until they have.
    const disputes = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/dashboard/disputes',
          headers: { cookie: await signIn(t.app) },
        })
      ).json();
    expect(await disputes()).toEqual([
      {
        id: (await paymentRow()).id,
        accountId: link.tenant_id,
        tenantName: 'Margaret Hughes',
        address: 'Flat 3, 12 Riverside Court, London SE1 9AA',
        amount: '1000.00',
        reference: session.payment_intent,
        respondBy: '2026-12-12T23:59:00.000Z',
      },
    ]);
    expect((await history())[0]!.detail).toMatch(
      /^Reason: reported as fraud\. Answer it in Stripe by 12\/12\/2026, or the money stays taken back\. Balance now £1,000\.00 owed\./,
    );

    await deliver(dispute('charge.dispute.updated', session, 'under_review'));
    expect((await account()).balance_pence).toBe(100_000);
    expect(await disputes()).toEqual([]);

    await deliver(dispute('charge.dispute.closed', session, 'won'));
    expect((await account()).balance_pence).toBe(0);
    expect(await paymentRow()).toMatchObject({ disputed_pence: 0, dispute_status: 'won' });
    expect((await linkRow()).paid_pence).toBe(100_000);

    // Stripe does not promise order: an older event after the close does not reopen it.
    await deliver(dispute('charge.dispute.created', session, 'needs_response'));
    expect((await account()).balance_pence).toBe(0);

    expect((await history()).map((line) => line.title)).toEqual([
      'Dispute won: the payment counts again',
      "The leaseholder's bank is asking about this payment",
      'Payment disputed: Stripe took it back',
    ]);
    expect((await audit()).map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'payment.disputed',
        'payment.dispute_updated',
        'payment.dispute_closed',
      ]),
    );
  });

  it('keeps a lost dispute owed', async () => {
    const session = await pay('400.00');
    await deliver(dispute('charge.dispute.created', session, 'needs_response'));
    expect((await account()).balance_pence).toBe(100_000);
    await deliver(dispute('charge.dispute.closed', session, 'lost'));
    expect((await account()).balance_pence).toBe(100_000);
    expect(await paymentRow()).toMatchObject({ disputed_pence: 40_000, dispute_status: 'lost' });
    expect((await history())[0]!.title).toBe('Dispute lost: the payment stays taken back');
  });

  it('closes the open link when a dispute won leaves nothing owed', async () => {
    const session = await pay('400.00');
    await deliver(dispute('charge.dispute.created', session, 'needs_response'));
    // Meanwhile the leaseholder sends a cheque for the rest.
    const cheque = await t.app.inject({
      method: 'POST',
      url: `/api/leaseholders/${link.tenant_id}/payments`,
      headers: { cookie: await signIn(t.app), origin: TEST_ORIGIN },
      payload: {
        amount: '600.00',
        method: 'cheque',
        paidOn: new Date(t.clock.now()).toISOString().slice(0, 10),
      },
    });
    expect(cheque.statusCode, cheque.body).toBe(201);
    expect((await account()).balance_pence).toBe(40_000);
    expect((await linkRow()).status).toBe('pending');
    await deliver(dispute('charge.dispute.closed', session, 'won'));
    expect((await account()).balance_pence).toBe(0);
    expect(await linkRow()).toMatchObject({ status: 'expired', closed_reason: 'settled' });
  });

  it('lists money given back in the payments export, so the agent’s ledger owes it again', async () => {
    const session = await pay();
    await deliver(t.stripe.refundEventFor(session, 30_000));
    await deliver(dispute('charge.dispute.created', session, 'needs_response'));
    await deliver(dispute('charge.dispute.closed', session, 'won'));
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/payments/export.csv?from=${day}&to=${day}`,
      headers: { cookie: await signIn(t.app) },
    });
    expect(response.statusCode).toBe(200);
    const rows = parse(response.body, { bom: true }) as string[][];
    const cells = rows.slice(1).map((row) => row.slice(4, 8));
    expect(cells).toEqual([
      ['1000.00', 'Debit/Credit Card', 'Portal (Stripe)', session.id],
      ['-300.00', 'Debit/Credit Card', 'Refunded (Stripe)', session.id],
      ['-700.00', 'Debit/Credit Card', 'Disputed (Stripe)', session.id],
      ['700.00', 'Debit/Credit Card', 'Dispute won (Stripe)', session.id],
    ]);
  });

  it('keeps a refund when the next sheet is from before it, and takes a sheet that has it', async () => {
    const session = await pay();
    await deliver(t.stripe.refundEventFor(session, 100_000));
    const upload = async (name: string, pounds: string) => {
      t.clock.advance(24 * 3_600_000);
      const sheet = csvOf([
        HEADER,
        ['Margaret Hughes', '', '', 'Flat 3, 12 Riverside Court, London SE1 9AA', pounds],
      ]);
      const response = await uploadFile(t.app, await signIn(t.app), name, sheet);
      expect(response.statusCode, response.body).toBe(200);
      return batchOf(t.app, await signIn(t.app), response);
    };
    // The agent posted the payment but not yet the refund: their sheet says nothing is owed.
    const before = await upload('before-refund.csv', '0.00');
    expect(before.warnings.map((warning: { message: string }) => warning.message)).toEqual([
      expect.stringMatching(
        /^The sheet's £0\.00 is from before £1,000\.00 refunded, disputed or reversed on \d\d\/\d\d\/2026: the balance stays £1,000\.00, as it is owed again\.$/,
      ),
    ]);
    expect((await account()).balance_pence).toBe(100_000);
    // Their ledger has caught up: the same figure, nothing to say.
    const after = await upload('after-refund.csv', '1000.00');
    expect(after.reconciliation).toMatchObject({ unchanged: 1 });
    expect(after.warnings).toEqual([]);
    expect((await account()).balance_pence).toBe(100_000);
  });

  it('finds a payment recorded before its PaymentIntent was kept, through its Checkout Session', async () => {
    const session = await pay();
    await t.ctx.db.updateTable('payments').set({ payment_intent: null }).execute();
    await deliver(t.stripe.refundEventFor(session, 25_000));
    expect((await account()).balance_pence).toBe(25_000);
    expect((await paymentRow()).payment_intent).toBe(session.payment_intent);
    expect(
      t.stripe.requests.some(
        (request) => request.method === 'GET' && request.path === '/v1/checkout/sessions',
      ),
    ).toBe(true);
  });

  it('leaves alone a refund of a payment the portal did not take, and tells staff of one it lost', async () => {
    const session = await startCheckout();
    // The agent's Stripe account takes other payments too: not ours, nothing to say.
    const stranger = { ...session, payment_intent: 'pi_test_not_ours' };
    expect((await deliver(t.stripe.refundEventFor(stranger, 5_000))).statusCode).toBe(200);
    expect((await account()).balance_pence).toBe(100_000);
    expect((await audit()).map((entry) => entry.action)).not.toContain('payment.return_unmatched');

    // A checkout of ours that cannot pay its link (its amount was changed at Stripe): nothing
    // is recorded, and staff are told to look at it in Stripe.
    t.stripe.complete(session.id);
    session.amount_total = 1;
    expect((await deliver(t.stripe.refundEventFor(session, 1))).statusCode).toBe(200);
    expect((await account()).balance_pence).toBe(100_000);
    expect((await audit()).map((entry) => entry.action).slice(-2)).toEqual([
      'payment.mismatch',
      'payment.return_unmatched',
    ]);
  });

  it('records the payment first when its refund comes before its own webhook', async () => {
    const session = await startCheckout();
    t.stripe.complete(session.id);
    // checkout.session.completed is still on its way when staff refund half.
    expect((await deliver(t.stripe.refundEventFor(session, 50_000))).statusCode).toBe(200);
    expect(await paymentRow()).toMatchObject({ status: 'succeeded', refunded_pence: 50_000 });
    expect((await account()).balance_pence).toBe(50_000);
    const late = await deliver(t.stripe.eventFor('checkout.session.completed', session));
    expect(late.statusCode).toBe(200);
    expect((await account()).balance_pence).toBe(50_000);
    expect(await t.ctx.db.selectFrom('payments').select('id').execute()).toHaveLength(1);
  });

  it('answers 500 when Stripe cannot be asked, so that Stripe sends the event again', async () => {
    const session = await pay();
    await t.ctx.db.updateTable('payments').set({ payment_intent: null }).execute();
    for (let attempt = 0; attempt < 3; attempt += 1) t.stripe.failNext(500);
    const event = t.stripe.refundEventFor(session, 25_000);
    expect((await deliver(event)).statusCode).toBe(500);
    expect((await account()).balance_pence).toBe(0);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await account()).balance_pence).toBe(25_000);
  });
});
