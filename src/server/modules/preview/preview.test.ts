import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import type { PreviewData } from '../../../shared/messages.js';
import { PAYMENT_LINK_NOT_FOUND_MESSAGE } from '../../../shared/payment-links.js';
import { TEMPLATE_FIELDS, type Templates } from '../../../shared/templates.js';
import { randomToken } from '../../lib/ids.js';
import { INVALID_AMOUNT_MESSAGE, INVALID_EXPIRY_MESSAGE } from './render-payment-link-preview.js';
import { linkIdFromPaymentUrl } from './send-preview.js';

function previewData(overrides: Partial<PreviewData> = {}): PreviewData {
  return {
    tenant: {
      name: 'Mrs Margaret Hughes',
      email: 'margaret.hughes@example.co.uk',
      phone: '+447700900123',
      address: 'Flat 4, Riverside Court, London SE1 9PG',
    },
    amount: '1245.50',
    paymentUrl: 'https://pay.example.co.uk/payment/abc123XYZ_-',
    expiresAt: '2026-11-29T12:00:00.000Z',
    hasEmail: true,
    hasPhone: true,
    ...overrides,
  };
}

describe('message preview API (admin)', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  function post(path: 'generate' | 'send', payload: unknown, cookie?: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/preview/${path}`,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  }

  async function saveTemplates(cookie: string, overrides: Partial<Templates>) {
    const templates = {
      ...(Object.fromEntries(
        TEMPLATE_FIELDS.map((field) => [field, `Unused ${field}`]),
      ) as Templates),
      ...overrides,
    };
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/templates',
      headers: { origin: TEST_ORIGIN, cookie },
      payload: templates,
    });
    expect(response.statusCode).toBe(200);
  }

  /** A pending link (and its leaseholder, reachable by email and WhatsApp) unless overridden. */
  async function givenLink(
    overrides: { status?: 'pending' | 'paid' | 'expired' | 'failed'; expiresAt?: number } = {},
  ) {
    const link = await createPaymentLink(t.ctx, {
      ...(overrides.status ? { status: overrides.status } : {}),
      ...(overrides.expiresAt === undefined ? {} : { expires_at: overrides.expiresAt }),
    });
    return {
      linkId: link.id,
      tenantId: link.tenant_id,
      paymentUrl: `${TEST_ORIGIN}/payment/${link.id}`,
    };
  }

  describe('POST /api/preview/generate', () => {
    it('answers 401 when signed out', async () => {
      const response = await post('generate', previewData());

      expect(response.statusCode).toBe(401);
    });

    it('renders the default payment link messages; the SMS is the WhatsApp text', async () => {
      const cookie = await signIn(t.app);

      const response = await post('generate', previewData(), cookie);

      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['email', 'sms', 'whatsapp']);
      expect(body.email.subject).toContain('£1,245.50');
      expect(body.email.subject).not.toContain('{{');
      expect(body.email.html).toContain('Mrs Margaret Hughes');
      expect(body.email.html).toContain('href="https://pay.example.co.uk/payment/abc123XYZ_-"');
      expect(body.whatsapp).toContain('Dear Mrs Margaret Hughes,');
      expect(body.whatsapp).toContain('£1,245.50');
      expect(body.whatsapp).toContain('29/11/2026');
      expect(body.whatsapp).toContain('https://pay.example.co.uk/payment/abc123XYZ_-');
      expect(body.whatsapp).not.toContain('{{');
      expect(body.email.html).not.toContain('{{');
      expect(body.sms).toBe(body.whatsapp);
    });

    it('fills every placeholder from the saved templates, dates in UK time', async () => {
      const cookie = await signIn(t.app);
      await saveTemplates(cookie, {
        whatsappPaymentLink:
          '{{tenantName}} | {{amount}} | {{property}} | {{paymentUrl}} | {{expiryDate}} | {{expiresAt}} | {{timeRemaining}}',
        emailPaymentSubject: '{{amount}} due by {{expiryDate}}',
        emailPaymentHtml: '<p>{{tenantName}} owes {{amount}} until {{expiresAt}}</p>',
      });
      // 23:30 UTC in summer is 00:30 the next day in London.
      t.clock.set(Date.parse('2026-06-28T23:30:00.000Z'));

      const response = await post(
        'generate',
        previewData({ amount: 80, expiresAt: '2026-06-30T23:30:00.000Z' }),
        cookie,
      );

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        email: {
          subject: '£80.00 due by 01/07/2026',
          html: '<p>Mrs Margaret Hughes owes £80.00 until 1 Jul 2026 at 00:30</p>',
        },
        whatsapp:
          'Mrs Margaret Hughes | £80.00 | Flat 4, Riverside Court, London SE1 9PG | https://pay.example.co.uk/payment/abc123XYZ_- | 01/07/2026 | 1 Jul 2026 at 00:30 | 2 days',
        sms: 'Mrs Margaret Hughes | £80.00 | Flat 4, Riverside Court, London SE1 9PG | https://pay.example.co.uk/payment/abc123XYZ_- | 01/07/2026 | 1 Jul 2026 at 00:30 | 2 days',
      });
    });

    it.each([
      ['1245.50', '£1,245.50'],
      ['1245.5', '£1,245.50'],
      [1245.5, '£1,245.50'],
      ['£1,245.50', '£1,245.50'],
      [' £12 ', '£12.00'],
      [0.1, '£0.10'],
    ])('reads the amount %j as %s', async (amount, expected) => {
      const cookie = await signIn(t.app);
      await saveTemplates(cookie, { whatsappPaymentLink: 'Pay {{amount}}' });

      const response = await post('generate', previewData({ amount }), cookie);

      expect(response.statusCode).toBe(200);
      expect(response.json().whatsapp).toBe(`Pay ${expected}`);
    });

    it.each(['', 'twelve pounds', '12,45', '1.234', '-5', '£'])(
      'refuses the amount %j with 400',
      async (amount) => {
        const cookie = await signIn(t.app);

        const response = await post('generate', previewData({ amount }), cookie);

        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: INVALID_AMOUNT_MESSAGE });
      },
    );

    it('refuses an expiry that is not a date with 400', async () => {
      const cookie = await signIn(t.app);

      const response = await post('generate', previewData({ expiresAt: 'next Tuesday' }), cookie);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: INVALID_EXPIRY_MESSAGE });
    });

    it('escapes <script> and quotes in the email HTML but leaves the texts as typed', async () => {
      const cookie = await signIn(t.app);
      const name = '<script>alert("x")</script> O\'Brien';

      const response = await post(
        'generate',
        previewData({
          tenant: { name, email: null, phone: null, address: '<img src=x onerror=alert(1)>' },
        }),
        cookie,
      );

      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.email.html).toContain(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien',
      );
      expect(body.email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(body.email.html).not.toContain('<script');
      expect(body.email.html).not.toContain('<img src=x');
      expect(body.whatsapp).toContain(name);
      expect(body.email.subject).toContain('<img src=x onerror=alert(1)>');
    });

    it.each([
      ['tenant', { tenant: undefined }, 'tenant'],
      ['tenant name', { tenant: { name: '', address: 'x' } }, 'tenant.name'],
      ['amount', { amount: undefined }, 'amount'],
      ['paymentUrl', { paymentUrl: '' }, 'paymentUrl'],
      ['expiresAt', { expiresAt: undefined }, 'expiresAt'],
    ])('answers 400 naming the field when %s is missing', async (_name, overrides, field) => {
      const cookie = await signIn(t.app);
      const payload = JSON.parse(JSON.stringify({ ...previewData(), ...overrides }));

      const response = await post('generate', payload, cookie);

      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.errors.map((error: { field: string }) => error.field)).toContain(field);
      expect(typeof body.message).toBe('string');
    });

    it('names the missing tenant name and payment URL in words', async () => {
      const cookie = await signIn(t.app);

      const noName = await post(
        'generate',
        previewData({ tenant: { name: '', address: '' } }),
        cookie,
      );
      const noUrl = await post('generate', previewData({ paymentUrl: '' }), cookie);

      expect(noName.json().message).toBe('Tenant name is required');
      expect(noUrl.json().message).toBe('Payment URL is required');
    });
  });

  describe('POST /api/preview/send', () => {
    it('answers 401 when signed out and sends nothing', async () => {
      const { paymentUrl } = await givenLink();

      const response = await post('send', previewData({ paymentUrl }));

      expect(response.statusCode).toBe(401);
      const audits = await t.ctx.db.selectFrom('audit_log').selectAll().execute();
      expect(audits.filter((audit) => audit.action === 'preview.send')).toEqual([]);
    });

    it('answers 403 to another site, even signed in', async () => {
      const cookie = await signIn(t.app);
      const { paymentUrl } = await givenLink();

      const response = await t.app.inject({
        method: 'POST',
        url: '/api/preview/send',
        headers: { origin: 'https://evil.example', cookie },
        payload: previewData({ paymentUrl }),
      });

      expect(response.statusCode).toBe(403);
    });

    it.each([
      ['an unknown link', async () => `${TEST_ORIGIN}/payment/${randomToken(16)}`],
      ['a URL that is not a payment link', async () => `${TEST_ORIGIN}/admin`],
      ['a paid link', async () => (await givenLink({ status: 'paid' })).paymentUrl],
      ['an expired link', async () => (await givenLink({ status: 'expired' })).paymentUrl],
      [
        'a pending link past its expiry',
        async () => (await givenLink({ expiresAt: t.clock.now() - 1 })).paymentUrl,
      ],
    ])('answers 404 for %s', async (_name, makeUrl) => {
      const cookie = await signIn(t.app);
      const paymentUrl = await makeUrl();

      const response = await post('send', previewData({ paymentUrl }), cookie);

      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: PAYMENT_LINK_NOT_FOUND_MESSAGE });
    });

    it('answers 400 for missing fields before looking for the link', async () => {
      const cookie = await signIn(t.app);

      const response = await post('send', { amount: '10' }, cookie);

      expect(response.statusCode).toBe(400);
    });

    it('queues the payment link messages of the link in the URL and audits it', async () => {
      const cookie = await signIn(t.app);
      const { linkId, tenantId, paymentUrl } = await givenLink();

      const response = await post('send', previewData({ paymentUrl }), cookie);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, queued: 2 });
      const messages = await t.ctx.db
        .selectFrom('messages')
        .select(['link_id', 'kind', 'channel'])
        .orderBy('channel')
        .execute();
      expect(messages).toEqual([
        { link_id: linkId, kind: 'payment_link', channel: 'email' },
        { link_id: linkId, kind: 'payment_link', channel: 'whatsapp' },
      ]);
      const audits = await t.ctx.db
        .selectFrom('audit_log')
        .select(['actor', 'action', 'subject', 'details', 'at'])
        .where('action', '=', 'preview.send')
        .execute();
      expect(audits).toEqual([
        {
          actor: 'admin',
          action: 'preview.send',
          subject: tenantId,
          details: JSON.stringify({ queued: 2 }),
          at: t.clock.now(),
        },
      ]);
    });

    it('previews exactly what is then sent for that link', async () => {
      const cookie = await signIn(t.app);
      const link = await createPaymentLink(t.ctx, {
        amount_pence: 98_765,
        tenant: { name: 'Mr <b>Tom</b> "Ellis"', address: 'Flat 9, Quay House, Leeds LS1 4AP' },
      });
      const data = previewData({
        tenant: {
          name: 'Mr <b>Tom</b> "Ellis"',
          email: 'margaret.hughes@example.co.uk',
          phone: '+447700900123',
          address: 'Flat 9, Quay House, Leeds LS1 4AP',
        },
        amount: '987.65',
        paymentUrl: `${t.ctx.config.publicBaseUrl}/payment/${link.id}`,
        expiresAt: new Date(link.expires_at).toISOString(),
      });

      const preview = (await post('generate', data, cookie)).json();
      await post('send', data, cookie);

      const sent = await t.ctx.db
        .selectFrom('messages')
        .innerJoin('message_contents', 'message_contents.message_id', 'messages.id')
        .select(['channel', 'subject', 'html', 'body'])
        .orderBy('channel')
        .execute();
      expect(sent).toEqual([
        {
          channel: 'email',
          subject: preview.email.subject,
          html: preview.email.html,
          body: expect.any(String),
        },
        { channel: 'whatsapp', subject: null, html: null, body: preview.whatsapp },
      ]);
    });

    it('queues nothing new when the same link is sent twice', async () => {
      const cookie = await signIn(t.app);
      const { paymentUrl } = await givenLink();

      await post('send', previewData({ paymentUrl }), cookie);
      const again = await post('send', previewData({ paymentUrl }), cookie);

      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ success: true, queued: 0 });
      const messages = await t.ctx.db.selectFrom('messages').select('id').execute();
      expect(messages).toHaveLength(2);
    });

    it('neither sends nor audits for a link that is not pending', async () => {
      const cookie = await signIn(t.app);
      const { paymentUrl } = await givenLink({ status: 'paid' });

      const response = await post('send', previewData({ paymentUrl }), cookie);

      expect(response.statusCode).toBe(404);
      expect(await t.ctx.db.selectFrom('messages').select('id').execute()).toEqual([]);
      const audits = await t.ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'preview.send')
        .execute();
      expect(audits).toEqual([]);
    });
  });
});

describe('linkIdFromPaymentUrl', () => {
  it.each([
    ['https://pay.example.co.uk/payment/abc_-123', 'abc_-123'],
    ['https://pay.example.co.uk/payment/abc123/', 'abc123'],
    ['https://pay.example.co.uk/payment/abc123?utm=x#top', 'abc123'],
    ['/payment/abc123', 'abc123'],
    ['https://pay.example.co.uk/payment-success?link_id=abc123', null],
    ['https://pay.example.co.uk/payment/abc/extra', null],
    ['https://pay.example.co.uk/payment/', null],
    ['not a url at all', null],
  ])('reads %s as %s', (url, expected) => {
    expect(linkIdFromPaymentUrl(url)).toBe(expected);
  });
});
