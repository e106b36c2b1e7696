import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink, createTenant } from '../../../../tests/helpers/factories.js';
import {
  createMessagingTestContext,
  type MessagingTestContext,
} from '../../../../tests/helpers/messaging-context.js';
import { signIn, TEST_ORIGIN } from '../../../../tests/helpers/test-context.js';
import { NO_LINK_YET_MESSAGE, NO_MOBILE_MESSAGE } from './send-staff-text.js';

const PHONE = '+447700900123';

/** Staff writing to a leaseholder's mobile, usually to answer their reply. */
describe('POST /api/leaseholders/{id}/texts', () => {
  let t: MessagingTestContext;
  let cookie: string;
  beforeEach(async () => {
    t = await createMessagingTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  const send = (tenantId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/leaseholders/${tenantId}/texts`,
      headers: { cookie, origin: TEST_ORIGIN },
      payload,
    });
  const staffTexts = () =>
    t.ctx.db
      .selectFrom('messages')
      .innerJoin('message_contents', 'message_contents.message_id', 'messages.id')
      .select(['channel', 'status', 'body'])
      .where('kind', '=', 'staff_text')
      .orderBy('created_at')
      .orderBy('channel')
      .execute();

  it('goes by WhatsApp as written, and shows in the history and the Message Log', async () => {
    const link = await createPaymentLink(t.ctx);
    const response = await send(link.tenant_id, {
      text: '  Thank you, we have found your payment.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    await t.drainJobs();
    expect(t.twilio.sent.map(({ to, body }) => ({ to, body }))).toEqual([
      { to: `whatsapp:${PHONE}`, body: 'Thank you, we have found your payment.' },
    ]);
    const account = (
      await t.app.inject({
        method: 'GET',
        url: `/api/leaseholders/${link.tenant_id}`,
        headers: { cookie },
      })
    ).json();
    const line = account.timeline.find((event: { title: string }) =>
      event.title.startsWith('Text from staff'),
    );
    expect(line).toMatchObject({
      kind: 'message',
      title: 'Text from staff by WhatsApp',
      detail: 'Thank you, we have found your payment. · To 07700 900123',
    });
    const log = (
      await t.app.inject({ method: 'GET', url: '/api/messages', headers: { cookie } })
    ).json();
    expect(log.items.map((item: { kind: string }) => item.kind)).toContain('staff_text');
  });

  it("answers the leaseholder's replies: they leave the dashboard, a STOP does not", async () => {
    const link = await createPaymentLink(t.ctx);
    const line = (kind: string) => ({
      tenant_id: link.tenant_id,
      at: t.clock.now(),
      kind,
      actor: 'leaseholder',
      text: kind === 'reply' ? 'Did you get my payment?' : null,
      details: JSON.stringify({ channel: 'whatsapp', source: 'reply' }),
    });
    await t.ctx.db
      .insertInto('account_events')
      .values([line('reply'), line('texts_stopped')])
      .execute();
    const unread = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/dashboard/replies', headers: { cookie } }))
        .json()
        .items.map((item: { kind: string }) => item.kind);
    expect(await unread()).toEqual(expect.arrayContaining(['reply', 'stop']));
    expect((await send(link.tenant_id, { text: 'Yes, thank you.' })).statusCode).toBe(201);
    expect(await unread()).toEqual(['stop']);
  });

  it('sends once for one request sent twice, and again for a new one', async () => {
    const link = await createPaymentLink(t.ctx);
    const first = { text: 'We will call you tomorrow.', requestId: 'dialog-0001' };
    expect((await send(link.tenant_id, first)).statusCode).toBe(201);
    expect((await send(link.tenant_id, first)).statusCode).toBe(201);
    expect((await send(link.tenant_id, { text: 'Sorry, Thursday.' })).statusCode).toBe(201);
    await t.drainJobs();
    expect(t.twilio.sent.map(({ body }) => body)).toEqual([
      'We will call you tomorrow.',
      'Sorry, Thursday.',
    ]);
  });

  it('goes as an SMS at once when WhatsApp refuses it, at night too, each text its own', async () => {
    const link = await createPaymentLink(t.ctx);
    t.clock.set(Date.UTC(2026, 10, 22, 23, 30));
    cookie = await signIn(t.app);
    t.twilio.failWhatsApp();
    expect((await send(link.tenant_id, { text: 'First answer' })).statusCode).toBe(201);
    expect((await send(link.tenant_id, { text: 'Second answer' })).statusCode).toBe(201);
    await t.drainJobs();
    const rows = (await staffTexts()).map((row) => `${row.body}: ${row.channel} ${row.status}`);
    expect(rows.sort()).toEqual([
      'First answer: sms queued',
      'First answer: whatsapp failed',
      'Second answer: sms queued',
      'Second answer: whatsapp failed',
    ]);
    const sms = t.twilio.sent.filter((sent) => sent.channel === 'sms').map(({ body }) => body);
    expect(sms.sort()).toEqual(['First answer', 'Second answer']);
  });

  it('is sent while chasing is held and after the link was paid: staff chose to write', async () => {
    const held = await createPaymentLink(t.ctx, {
      tenant: { hold_until: t.clock.now() + 7 * 86_400_000 },
    });
    const paid = await createPaymentLink(t.ctx, {
      status: 'paid',
      tenant: { phone: '+447811222333' },
    });
    expect((await send(held.tenant_id, { text: 'Noted, thank you.' })).statusCode).toBe(201);
    expect((await send(paid.tenant_id, { text: 'Receipt attached.' })).statusCode).toBe(201);
    await t.drainJobs();
    expect(t.twilio.sent.map(({ body }) => body).sort()).toEqual([
      'Noted, thank you.',
      'Receipt attached.',
    ]);
  });

  it('says why it cannot be sent, and sends nothing', async () => {
    const landline = await createPaymentLink(t.ctx, {
      tenant: { phone: '+441134960000', phone_kind: 'landline' },
    });
    const noLink = await createTenant(t.ctx, { phone: '+447811222333' });
    const stopped = await createPaymentLink(t.ctx, { tenant: { phone: '+447523456789' } });
    await t.ctx.db
      .insertInto('text_opt_outs')
      .values({ phone: '+447523456789', stopped_at: t.clock.now(), source: 'reply' })
      .execute();
    const cases: [string, object, number, string][] = [
      [landline.tenant_id, { text: 'Hello' }, 409, NO_MOBILE_MESSAGE],
      [noLink.id, { text: 'Hello' }, 409, NO_LINK_YET_MESSAGE],
      [
        stopped.tenant_id,
        { text: 'Hello' },
        409,
        'Not sent: 07523 456789 replied STOP on 22/11/2026: nothing goes to it by WhatsApp or text until they reply START.',
      ],
      [stopped.tenant_id, { text: '   ' }, 400, 'Write the message first'],
      [stopped.tenant_id, { text: 'x'.repeat(641) }, 400, 'Keep it to 640 characters'],
    ];
    for (const [id, payload, status, message] of cases) {
      const response = await send(id, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.body).toContain(message);
    }
    await t.drainJobs();
    expect(t.twilio.requests).toEqual([]);
  });
});
