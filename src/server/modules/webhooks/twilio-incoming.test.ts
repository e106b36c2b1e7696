import twilio from 'twilio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createMessagingTestContext,
  type MessagingTestContext,
  TWILIO_AUTH_TOKEN,
} from '../../../../tests/helpers/messaging-context.js';
import { signIn, TEST_ORIGIN } from '../../../../tests/helpers/test-context.js';
import { batchOf, csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';

const PATH = '/api/webhooks/twilio/incoming';
const URL = `http://localhost:3000${PATH}`;
const PHONE = '+447700900123';

/** Replies to our WhatsApp and texts: STOP and START, and what leaseholders write to us. */
describe('POST /api/webhooks/twilio/incoming', () => {
  let t: MessagingTestContext;
  let cookie: string;
  beforeEach(async () => {
    t = await createMessagingTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  /** An incoming message as Twilio posts it, signed with the account's auth token. */
  function receive(
    from: string,
    body: string,
    extra: Record<string, string> = {},
    key = TWILIO_AUTH_TOKEN,
  ) {
    // A reply comes after what it answers, and each comes later than the last.
    t.clock.advance(60_000);
    const params = {
      AccountSid: 'AC0123',
      ApiVersion: '2010-04-01',
      Body: body,
      From: from,
      MessageSid: `SM${Math.random().toString(16).slice(2)}`,
      NumMedia: '0',
      To: from.startsWith('whatsapp:') ? 'whatsapp:+447700900001' : '+447700900002',
      ...extra,
    };
    return t.app.inject({
      method: 'POST',
      url: PATH,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(key, URL, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  }

  /** Erases the leaseholder's personal data, as the clerk confirms it. */
  const erase = async (tenantId: string) => {
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/leaseholders/${tenantId}/erase`,
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { confirm: 'ERASE' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
  };
  const api = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN } });
  const accountOf = async (tenantId: string) =>
    (await api('GET', `/api/leaseholders/${tenantId}`)).json();
  const messagesOf = (linkId: string) =>
    t.ctx.db
      .selectFrom('messages')
      .select(['channel', 'status', 'error'])
      .where('link_id', '=', linkId)
      .orderBy('channel')
      .execute();

  it('refuses a message not signed by Twilio and keeps nothing', async () => {
    const link = await createPaymentLink(t.ctx);
    const response = await receive(PHONE, 'STOP', {}, 'not-the-auth-token');
    expect(response.statusCode).toBe(403);
    expect(await t.ctx.db.selectFrom('text_opt_outs').selectAll().execute()).toEqual([]);
    expect((await accountOf(link.tenant_id)).textsStoppedAt).toBeNull();
  });

  it('STOP by text: no WhatsApp or text goes to the number, email still does, and the account says why', async () => {
    const link = await createPaymentLink(t.ctx);
    const response = await receive(PHONE, ' Stop ');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/xml');
    // Twilio confirms a text's STOP itself: we add nothing.
    expect(response.body).not.toContain('<Message>');

    const account = await accountOf(link.tenant_id);
    expect(account.textsStoppedAt).toBe(new Date(t.clock.now()).toISOString());
    const exported = (await api('GET', `/api/leaseholders/${link.tenant_id}/export`)).json();
    expect(exported.account.textsStoppedAt).toBe(account.textsStoppedAt);
    const listed = (await api('GET', '/api/leaseholders?status=texts_stopped')).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual([link.tenant_id]);
    // Staff hear of it on the dashboard: it may leave no way to reach them.
    const [stop] = (await api('GET', '/api/dashboard/replies')).json().items;
    expect(stop).toMatchObject({ kind: 'stop', channel: 'sms', accountId: link.tenant_id });
    expect(stop.text).toMatch(/^STOP: no more WhatsApp or texts/);
    expect((await api('POST', `/api/dashboard/replies/${stop.id}/read`)).statusCode).toBe(204);
    expect(account.timeline[0]).toMatchObject({
      kind: 'texts_stopped',
      title: 'Replied STOP: no more WhatsApp or texts',
      actor: 'leaseholder',
    });

    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.drainJobs();
    expect(t.twilio.requests).toEqual([]);
    expect(t.smtp.messages).toHaveLength(1);
    expect(await messagesOf(link.id)).toEqual([
      { channel: 'email', status: 'sent', error: null },
      // Failed, so the account shows as unreachable by phone; no SMS in its place.
      {
        channel: 'whatsapp',
        status: 'failed',
        error:
          '07700 900123 replied STOP on 22/11/2026: nothing goes to it by WhatsApp or text until they reply START',
      },
    ]);
    const message = (await accountOf(link.tenant_id)).timeline.find((event: { title: string }) =>
      event.title.includes('by WhatsApp'),
    );
    expect(message.detail).toContain('07700 900123 replied STOP on 22/11/2026');
  });

  it('START by text: the number is messaged again', async () => {
    const link = await createPaymentLink(t.ctx);
    await receive(PHONE, 'STOP');
    expect((await receive(PHONE, 'start')).statusCode).toBe(200);
    const account = await accountOf(link.tenant_id);
    expect(account.textsStoppedAt).toBeNull();
    expect((await api('GET', '/api/leaseholders?status=texts_stopped')).json().items).toEqual([]);
    expect(account.timeline[0]).toMatchObject({
      kind: 'texts_started',
      title: 'Replied START: WhatsApp and texts resume',
    });
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.drainJobs();
    expect(t.twilio.sent.map((sent) => sent.to)).toEqual([`whatsapp:${PHONE}`]);
  });

  it("'Yes' from a number that never said STOP is a reply, not a START", async () => {
    const link = await createPaymentLink(t.ctx);
    await receive(PHONE, 'Yes');
    const [line] = (await accountOf(link.tenant_id)).timeline;
    expect(line).toMatchObject({ kind: 'reply', title: 'Replied by text', detail: 'Yes' });
  });

  it('a repeated STOP, even two at once, is one line of history', async () => {
    const link = await createPaymentLink(t.ctx);
    await receive(PHONE, 'STOP');
    await receive(PHONE, 'UNSUBSCRIBE');
    // Twilio's retries of one reply arriving at once, as two requests race on PostgreSQL.
    await Promise.all([receive(PHONE, 'STOP'), receive(PHONE, 'STOP')]);
    const lines = (await accountOf(link.tenant_id)).timeline.filter(
      (event: { kind: string }) => event.kind === 'texts_stopped',
    );
    expect(lines).toHaveLength(1);
  });

  it("STOP on WhatsApp is answered there, as WhatsApp gives no confirmation of its own; Advanced Opt-Out's reading counts", async () => {
    const link = await createPaymentLink(t.ctx);
    const stopped = await receive(`whatsapp:${PHONE}`, 'please stop');
    // Not a keyword alone: a reply for staff, no opt-out.
    expect(stopped.body).not.toContain('<Message>');
    expect((await accountOf(link.tenant_id)).textsStoppedAt).toBeNull();

    const optedOut = await receive(`whatsapp:${PHONE}`, 'ARRET', { OptOutType: 'STOP' });
    expect(optedOut.body).toContain('<Message>You will get no more WhatsApp messages or texts');
    expect((await accountOf(link.tenant_id)).textsStoppedAt).not.toBeNull();
  });

  it('a reply goes on the account, is listed on the dashboard until read, and stays in the history', async () => {
    const link = await createPaymentLink(t.ctx);
    expect((await api('GET', '/api/dashboard/replies')).json()).toEqual({ items: [], total: 0 });
    const response = await receive(`whatsapp:${PHONE}`, '  I paid by bank transfer on Monday  ');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<Message>');

    const account = await accountOf(link.tenant_id);
    expect(account.timeline[0]).toMatchObject({
      kind: 'reply',
      title: 'Replied by WhatsApp',
      detail: 'I paid by bank transfer on Monday',
      actor: 'leaseholder',
      status: 'unread',
    });
    const replies = (await api('GET', '/api/dashboard/replies')).json();
    expect(replies).toEqual({
      total: 1,
      items: [
        {
          id: expect.any(String),
          kind: 'reply',
          accountId: link.tenant_id,
          tenantName: 'Margaret Hughes',
          address: 'Flat 3, 12 Riverside Court, London SE1 9AA',
          phone: '07700 900123',
          channel: 'whatsapp',
          text: 'I paid by bank transfer on Monday',
          receivedAt: new Date(t.clock.now()).toISOString(),
        },
      ],
    });

    // A reply is their personal data: in their export, and gone when they are erased.
    const exported = (await api('GET', `/api/leaseholders/${link.tenant_id}/export`)).json();
    expect(exported.contactHistory).toContainEqual(
      expect.objectContaining({ kind: 'reply', text: 'I paid by bank transfer on Monday' }),
    );

    const read = await api('POST', `/api/dashboard/replies/${replies.items[0].id}/read`);
    expect(read.statusCode).toBe(204);
    expect((await api('GET', '/api/dashboard/replies')).json()).toEqual({ items: [], total: 0 });
    expect((await accountOf(link.tenant_id)).timeline[0]).toMatchObject({
      kind: 'reply',
      status: null,
    });
    await erase(link.tenant_id);
    const texts = await t.ctx.db.selectFrom('account_events').select('text').execute();
    expect(texts.map((row) => row.text)).not.toContain('I paid by bank transfer on Monday');
    // Read twice is still read; a line that is no reply is not one to mark.
    expect(
      (await api('POST', `/api/dashboard/replies/${replies.items[0].id}/read`)).statusCode,
    ).toBe(204);
    for (const id of ['999999', 'abc']) {
      const missing = await api('POST', `/api/dashboard/replies/${id}/read`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Reply not found.');
    }
  });

  it("an erased leaseholder's unread reply leaves the dashboard with them", async () => {
    const link = await createPaymentLink(t.ctx);
    await receive(PHONE, 'Please call me');
    expect((await api('GET', '/api/dashboard/replies')).json().total).toBe(1);
    await erase(link.tenant_id);
    expect((await api('GET', '/api/dashboard/replies')).json()).toEqual({ items: [], total: 0 });
  });

  it('a photo without text is noted as such; a number on no account is kept for staff to place', async () => {
    const link = await createPaymentLink(t.ctx);
    await receive(PHONE, '', { NumMedia: '1' });
    expect((await accountOf(link.tenant_id)).timeline[0].detail).toBe(
      '(A photo or file, without text: see it in Twilio)',
    );
    expect(
      (await receive('whatsapp:+447700900999', "It's Margaret, my new number")).statusCode,
    ).toBe(200);
    expect((await receive('not-a-number', 'STOP')).statusCode).toBe(200);
    const replies = (await api('GET', '/api/dashboard/replies')).json();
    expect(replies.total).toBe(2);
    // Newest first: the stranger's, for staff to place.
    expect(replies.items[0]).toEqual({
      id: expect.any(String),
      kind: 'unmatched',
      accountId: null,
      tenantName: null,
      address: null,
      phone: '07700 900999',
      channel: 'whatsapp',
      text: "It's Margaret, my new number",
      receivedAt: new Date(t.clock.now() - 60_000).toISOString(),
    });
    const read = await api('POST', `/api/dashboard/replies/${replies.items[0].id}/read`);
    expect(read.statusCode).toBe(204);
    expect((await api('GET', '/api/dashboard/replies')).json().total).toBe(1);
    expect(await t.ctx.db.selectFrom('text_opt_outs').selectAll().execute()).toEqual([]);
  });

  it('an upload notes each owing row whose mobile replied STOP, before anything is sent', async () => {
    await receive('+447523456789', 'STOP');
    await receive('+447412345678', 'STOP');
    const sheet = csvOf([
      HEADER,
      [
        'Ann Smith',
        'ann@example.co.uk',
        '07523 456789',
        'Flat 1, Mill House, Leeds LS1 1AA',
        '300',
      ],
      ['Bob Jones', '', '07412 345678', 'Flat 2, Mill House, Leeds LS1 1AA', '250'],
      ['Cat Brown', '', '07412 345678', 'Flat 3, Mill House, Leeds LS1 1AA', '0'],
      ['Dan Green', 'dan@example.co.uk', '07811 222333', 'Flat 4, Mill House, Leeds LS1 1AA', '90'],
    ]);
    const batch = await batchOf(t.app, cookie, await uploadFile(t.app, cookie, 's.csv', sheet));
    expect(batch.warnings).toEqual([
      {
        row: 2,
        field: 'Phone Number (for WhatsApp)',
        message:
          '07523 456789 replied STOP to our WhatsApp and texts on 22/11/2026: this leaseholder is sent their link by email only.',
      },
      {
        row: 3,
        field: 'Phone Number (for WhatsApp)',
        message:
          '07412 345678 replied STOP to our WhatsApp and texts on 22/11/2026, and there is no email address: no message can reach them. Call or write to them.',
      },
    ]);
  });

  it('a reply from a new number is theirs once staff put it on the account: exported, and erased with them', async () => {
    const link = await createPaymentLink(t.ctx);
    await receive('+447811222333', "It's Margaret Hughes, flat 3. This is my new number.");
    const [placed] = (await api('GET', '/api/dashboard/replies')).json().items;
    expect(placed).toMatchObject({ kind: 'unmatched', phone: '07811 222333' });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/leaseholders/${link.tenant_id}`,
      headers: { cookie, origin: TEST_ORIGIN },
      payload: {
        name: 'Margaret Hughes',
        email: 'margaret.hughes@example.co.uk',
        phone: '07811 222333',
        address: 'Flat 3, 12 Riverside Court, London SE1 9AA',
        reference: '',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const exported = (await api('GET', `/api/leaseholders/${link.tenant_id}/export`)).json();
    expect(exported.repliesFromTheirNumber).toEqual([
      {
        channel: 'sms',
        text: "It's Margaret Hughes, flat 3. This is my new number.",
        receivedAt: expect.any(String),
      },
    ]);
    await erase(link.tenant_id);
    expect(await t.ctx.db.selectFrom('unmatched_replies').selectAll().execute()).toEqual([]);
  });

  it('Twilio refusing a number that replied STOP to it (21610) stops texts to it: no SMS follows the failed WhatsApp', async () => {
    const link = await createPaymentLink(t.ctx, { tenant: { email: null } });
    t.twilio.failTo(PHONE, {
      status: 400,
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
    });
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.drainJobs();
    expect(t.twilio.requests).toHaveLength(1);
    expect(await messagesOf(link.id)).toEqual([
      { channel: 'sms', status: 'failed', error: expect.stringContaining('replied STOP on') },
      {
        channel: 'whatsapp',
        status: 'failed',
        error: 'Attempt to send to unsubscribed recipient (21610)',
      },
    ]);
    const account = await accountOf(link.tenant_id);
    expect(account.textsStoppedAt).not.toBeNull();
    expect(account.timeline.map((event: { title: string }) => event.title)).toContain(
      'Twilio refused a text: this number had replied STOP',
    );
    const unreachable = (await api('GET', '/api/leaseholders?status=unreachable')).json();
    expect(unreachable.items.map((item: { id: string }) => item.id)).toEqual([link.tenant_id]);
  });

  it('a delivery report of 21610 stops texts to the number too', async () => {
    const link = await createPaymentLink(t.ctx, { tenant: { email: null } });
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.drainJobs();
    const [whatsapp] = t.twilio.sent;
    const callback = t.twilio.signedStatusCallback(whatsapp!.sid, 'undelivered', {
      errorCode: 21610,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/status',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': callback.signature,
      },
      payload: new URLSearchParams(callback.params).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect((await accountOf(link.tenant_id)).textsStoppedAt).not.toBeNull();
  });
});
