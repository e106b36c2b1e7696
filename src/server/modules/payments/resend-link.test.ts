import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { RESEND_ANSWER_MESSAGE } from '../../../shared/payment-page.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';
import { renewPaymentLink } from '../payment-links/renew-payment-link.js';

const DAY_MS = 24 * 3_600_000;

describe('the leaseholder asks for their current link', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  const resend = (id: string, ip = '203.0.113.50') =>
    t.app.inject({
      method: 'POST',
      url: `/api/payment-link/${id}/resend`,
      headers: { origin: TEST_ORIGIN },
      remoteAddress: ip,
      // Whatever the page sends is ignored: links go to the details on file.
      payload: { email: 'attacker@example.com', phone: '+447700900999' },
    });
  const paymentLinkMessages = () =>
    t.ctx.db
      .selectFrom('messages')
      .select(['link_id', 'recipient', 'occasion'])
      .where('kind', '=', 'payment_link')
      .execute();

  it('answers the same for unknown, expired and replaced links', async () => {
    const expired = await createPaymentLink(t.ctx, {
      expires_at: t.clock.now() - DAY_MS,
      tenant: { email: 'expired@example.co.uk', phone: null, phone_kind: null },
    });
    const old = await createPaymentLink(t.ctx, {
      tenant: { email: 'replaced@example.co.uk', phone: null, phone_kind: null },
    });
    await sendPaymentLinkMessages(t.ctx, [old.id]);
    const current = await renewPaymentLink(t.ctx, old.id);

    const answers = [];
    for (const id of ['Zx81abcDEFghiJKLmnoPQr', expired.id, old.id]) {
      const response = await resend(id);
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(answers[0]).toEqual({
      status: 202,
      body: JSON.stringify({ message: RESEND_ANSWER_MESSAGE }),
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);

    // The expired link's account gets a new link; the replaced link's, its current one again;
    // both to the address on file, never to anything typed on the page.
    const sent = await paymentLinkMessages();
    expect(sent.map((message) => message.recipient)).not.toContain('attacker@example.com');
    const toExpired = sent.filter((message) => message.recipient === 'expired@example.co.uk');
    expect(toExpired).toHaveLength(1);
    expect(toExpired[0]!.link_id).not.toBe(expired.id);
    const again = sent.filter(
      (message) => message.link_id === current.id && message.occasion.startsWith('resend:'),
    );
    expect(again).toMatchObject([{ recipient: 'replaced@example.co.uk' }]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'payment_link.resend_requested')
      .execute();
    expect(audit.map((row) => JSON.parse(row.details!).outcome).sort()).toEqual([
      'new-link',
      'resent',
    ]);
  });

  it('sends at most once per link per 24 hours', async () => {
    const link = await createPaymentLink(t.ctx, { expires_at: t.clock.now() - 1 });
    for (let i = 0; i < 3; i += 1) {
      expect((await resend(link.id, `203.0.113.${60 + i}`)).statusCode).toBe(202);
    }
    const links = await t.ctx.db.selectFrom('payment_links').select('id').execute();
    expect(links).toHaveLength(2);
    t.clock.advance(DAY_MS + 1);
    // The new link is open now: the second request a day later sends that one again.
    expect((await resend(link.id)).statusCode).toBe(202);
    expect(await t.ctx.db.selectFrom('payment_links').select('id').execute()).toHaveLength(2);
    const resent = (await paymentLinkMessages()).filter((m) => m.occasion.startsWith('resend:'));
    expect(resent.length).toBeGreaterThan(0);
  });

  it('sends nothing when nothing is owed, chasing is held, or staff turned it off', async () => {
    const paid = await createPaymentLink(t.ctx, { status: 'paid', paid_at: t.clock.now() });
    const held = await createPaymentLink(t.ctx, {
      expires_at: t.clock.now() - 1,
      tenant: { hold_until: t.clock.now() + 10 * DAY_MS, hold_reason: 'Dispute' },
    });
    expect((await resend(paid.id)).statusCode).toBe(202);
    expect((await resend(held.id)).statusCode).toBe(202);
    expect(await paymentLinkMessages()).toEqual([]);

    const off = await createTestContext({ env: { SELF_SERVICE_NEW_LINKS: 'false' } });
    try {
      const expired = await createPaymentLink(off.ctx, { expires_at: off.clock.now() - 1 });
      const page = await off.app.inject({ method: 'GET', url: `/api/payment-link/${expired.id}` });
      expect(page.json()).toMatchObject({ state: 'unavailable', canRequestNewLink: false });
      const response = await off.app.inject({
        method: 'POST',
        url: `/api/payment-link/${expired.id}/resend`,
        headers: { origin: TEST_ORIGIN },
      });
      expect(response.statusCode).toBe(202);
      expect(await off.ctx.db.selectFrom('payment_links').select('id').execute()).toHaveLength(1);
    } finally {
      await off.close();
    }
  });
});
