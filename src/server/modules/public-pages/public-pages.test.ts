import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentLink, type PaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createStripeTestContext,
  type StripeTestContext,
} from '../../../../tests/helpers/payments-context.js';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context.js';
import type { PageRenderer } from '../../http/render-page.js';

/** index.html as the client build leaves it, reduced to what the server fills in. */
const INDEX_HTML = `<!doctype html><html lang="en-GB"><head><meta name="portal-config" content="{}" /><title>Leaseholder Payments</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"><!--app-html--></div></body></html>`;

const NAME = 'Margaret Hughes';
const ADDRESS = 'Flat 3, 12 Riverside Court, London SE1 9AA';
const FORM = {
  'content-type': 'application/x-www-form-urlencoded',
  'sec-fetch-site': 'same-origin',
};

/**
 * The client's server entry from source, as `vite build --ssr` builds it. Named through a
 * variable so that the server's type check (NodeNext) leaves the client's sources to theirs.
 */
const SERVER_ENTRY = '../../../client/entry-server.tsx';
let renderer: PageRenderer;

let clientDir: string;
beforeAll(async () => {
  renderer = (await import(/* @vite-ignore */ SERVER_ENTRY)) as PageRenderer;
  clientDir = mkdtempSync(path.join(tmpdir(), 'portal-ssr-'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'payment-routes-ghi789.js'), 'console.log(3)');
});
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** The scripts a page would run: any script element that is not a JSON data block. */
function executableInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => m[1] ?? '')
    .filter(
      (attributes) => !attributes.includes('src=') && !/type="application\/json"/.test(attributes),
    );
}

describe('the leaseholder’s pages rendered on the server', () => {
  let t: TestContext;
  let link: PaymentLink;
  beforeAll(async () => {
    t = await createTestContext({ clientDir, renderer });
  });
  afterAll(() => t.close());

  const newLink = async (tenant: { name?: string; address?: string } = {}) =>
    createPaymentLink(t.ctx, {
      amount_pence: 124_550,
      tenant: { name: NAME, address: ADDRESS, email: 'margaret@example.co.uk', ...tenant },
    });

  it('answers /payment/{id} with the name, address, balance and Pay button in the first response', async () => {
    link = await newLink();
    const page = await t.app.inject({ method: 'GET', url: `/payment/${link.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    const root = html.slice(
      html.indexOf('<div id="root">'),
      html.indexOf('<script type="application/json"'),
    );
    for (const text of [
      NAME,
      ADDRESS,
      'Outstanding Balance',
      '£1,245.50',
      'Pay £1,245.50 Securely',
    ]) {
      expect(root).toContain(text);
    }
    expect(root).toMatch(
      /<form[^>]*action="\/payment\/[^"]+"[^>]*method="post"|<form[^>]*method="post"[^>]*action="\/payment\//,
    );
    expect(html).toContain('<title>Pay your balance · Leaseholder Payments</title>');
    // The page's own chunk comes with the page, for the browser to take the page over at once.
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/payment-routes-ghi789.js">',
    );
    // The link's secret path stays out of caches, referrers and indexes.
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    // Scripts only from our origin, and the page carries none inline: its data is a JSON block.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(executableInlineScripts(html)).toEqual([]);
    expect(html).toContain('<script type="application/json" id="page-data">');
    // The leaseholder's contact details are never in the page.
    expect(html).not.toContain('margaret@example.co.uk');
    expect(html).not.toContain('+447700900123');
  });

  it('writes a hostile name as text, and never lets it close the data block', async () => {
    const hostile = await newLink({ name: '</script><script>alert(1)</script> Hughes' });
    const { body } = await t.app.inject({ method: 'GET', url: `/payment/${hostile.id}` });
    expect(body).not.toContain('<script>alert(1)');
    expect(body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Hughes');
    expect(executableInlineScripts(body)).toEqual([]);
  });

  it('answers a link that is not available with 404 and the spec’s texts, and no Pay button', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/payment/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Payment Link Not Available');
    expect(page.body).toContain('This payment link may have expired or is no longer valid.');
    expect(page.body).not.toContain('Securely</button>');
    expect(page.headers['cache-control']).toBe('no-store');
    // No dead end: "Ask us to call me", a plain form posting to the page itself.
    expect(page.body).toContain('Ask us to call me');
    expect(page.body).toMatch(
      /<form[^>]*action="\/payment\/AAAAAAAAAAAAAAAAAAAAAA"[^>]*method="post"/,
    );
    expect(page.body).toContain('name="phoneNumber"');
  });

  it('pays without JavaScript: the form post records the demo payment and goes to the success page', async () => {
    link = await newLink();
    const posted = await t.app.inject({
      method: 'POST',
      url: `/payment/${link.id}`,
      headers: FORM,
      payload: 'intent=pay&method=open-banking&payAmount=full&amount=',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/payment-success?link_id=${link.id}`);
    const stored = await t.ctx.db
      .selectFrom('payment_links')
      .select('status')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('paid');

    const success = await t.app.inject({ method: 'GET', url: posted.headers.location as string });
    expect(success.statusCode).toBe(200);
    for (const text of ['Payment Successful', NAME, ADDRESS, '£1,245.50', 'Open Banking']) {
      expect(success.body).toContain(text);
    }
    expect(success.headers['cache-control']).toBe('no-store');
    expect(success.headers['referrer-policy']).toBe('no-referrer');
  });

  it('checks a part payment posted without JavaScript and keeps what was typed', async () => {
    link = await newLink();
    const posted = await t.app.inject({
      method: 'POST',
      url: `/payment/${link.id}`,
      headers: FORM,
      payload: 'intent=pay&method=card&payAmount=part&amount=2000',
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.body).toContain(
      'That is more than your balance of £1,245.50. Enter £1,245.50 or less.',
    );
    expect(posted.body).toMatch(/name="amount"[^>]*value="2000"|value="2000"[^>]*name="amount"/);
    const stored = await t.ctx.db
      .selectFrom('payment_links')
      .select('status')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('pending');
  });

  it('refuses a form posted from another site, and pays nothing', async () => {
    link = await newLink();
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
    ]) {
      const posted = await t.app.inject({
        method: 'POST',
        url: `/payment/${link.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: 'intent=pay&method=card',
      });
      expect(posted.statusCode).toBe(403);
    }
    const stored = await t.ctx.db
      .selectFrom('payment_links')
      .select('status')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('pending');
  });

  it('asks for a call back from a link that is not available, and shows the answer', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/payment/AAAAAAAAAAAAAAAAAAAAAA',
      headers: FORM,
      payload: 'intent=call-me&phoneNumber=07700%20900777',
    });
    expect(posted.statusCode).toBe(404);
    expect(posted.body).toContain('Request received');
    expect(posted.body).toContain('07700 900777');
  });

  it('renders the landing page, and asks for a call back from a plain form post', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Call Me Now');
    expect(home.body).toContain(
      '<script type="application/json" id="page-data">{"page":"landing"}',
    );
    expect(executableInlineScripts(home.body)).toEqual([]);

    const stored = () => t.ctx.db.selectFrom('callback_requests').select('id').execute();
    const before = (await stored()).length;
    const posted = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: FORM,
      payload: 'intent=call-me&phoneNumber=07700%20900123',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('Request received');
    expect(posted.body).toContain('07700 900123');
    expect(await stored()).toHaveLength(before + 1);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: FORM,
      payload: 'intent=call-me&phoneNumber=hello',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Please enter a valid phone number');
  });

  it('answers unknown addresses with 404 and the router’s pages with 200', async () => {
    for (const url of ['/no/such/page', '/payment/a/b', '/admin/nothing', '/payments-old']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
    }
    for (const url of [
      '/admin',
      '/dashboard',
      '/upload',
      '/payments?status=paid',
      '/templates',
      '/message-preview',
      '/message-preview-all?batchId=x',
      '/messages',
      '/system',
      '/leaseholders',
      '/leaseholders/acc_1',
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
    }
  });
});

describe('paying through Stripe without JavaScript', () => {
  let t: StripeTestContext;
  beforeAll(async () => {
    t = await createStripeTestContext();
  });
  afterAll(() => t.close());

  it('redirects the plain form post to Stripe Checkout for the amount chosen', async () => {
    const link = await createPaymentLink(t.ctx, { amount_pence: 124_550 });
    const posted = await t.app.inject({
      method: 'POST',
      url: `/payment/${link.id}`,
      headers: FORM,
      payload: 'intent=pay&method=card&payAmount=part&amount=200',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toMatch(/\/c\/pay\/cs_test_/);
    const [created] = t.stripe.createdSessions();
    expect(created?.params).toMatchObject({
      line_items: [{ price_data: { unit_amount: '20000', currency: 'gbp' } }],
      metadata: { link_id: link.id, method: 'card' },
    });
  });
});
