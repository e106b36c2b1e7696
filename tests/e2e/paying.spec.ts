import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { RESEND_ANSWER_MESSAGE } from '../../src/shared/payment-page.js';
import { type FakeStripeApi, startFakeStripeApi } from '../fakes/fake-stripe-api.js';
import { signInThroughForm } from './support/auth.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { E2E_PORT } from './support/constants.js';
import { startPortal, stopPortal } from './support/portal.js';

const HEADER =
  'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£)';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface SeededLink {
  id: string;
  name: string;
  address: string;
  expiresAt: string;
}

/**
 * Signs in as staff on the portal at `origin`, uploads leaseholders through the real endpoint and
 * answers their links, newest first; then signs out again by dropping the cookies, since
 * leaseholders are not staff: the payment pages must work without the admin session. Names carry
 * `tag` so tests sharing the e2e database never see each other's.
 */
async function seedLinks(
  page: Page,
  origin: string,
  tag: string,
  rows: { name: string; address: string; balance: string }[],
): Promise<SeededLink[]> {
  await signInThroughForm(page, `${origin}/admin`);
  const { request } = page;
  const lines = [HEADER];
  rows.forEach((row, index) => {
    lines.push(
      `${row.name} ${tag},leaseholder${index}.${tag}@example.co.uk,,"${row.address}","${row.balance}"`,
    );
  });
  const upload = await request.post(`${origin}/api/upload/tenants`, {
    headers: { origin },
    multipart: {
      file: { name: `${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const list = await request.get(`${origin}/api/payment-links?search=${tag}&limit=50`);
  const body = (await list.json()) as {
    items: { id: string; expiresAt: string; tenant: { name: string; address: string } }[];
  };
  await page.context().clearCookies();
  return body.items.map((item) => ({ id: item.id, expiresAt: item.expiresAt, ...item.tenant }));
}

/**
 * The reads of the link the browser made: none, since the page arrives rendered by the server
 * with the link already read (entry-server.tsx), and the browser takes over from the same data.
 */
function linkReadsOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /^\/api\/payment-link\/[^/]+$/.test(new URL(entry.name).pathname))
      .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
  );
}

test.describe('paying on a phone (demo payments, the embedded default)', () => {
  test.use(PHONE);

  let link: SeededLink;
  let replaced: SeededLink;

  test.beforeEach(async ({ page }, testInfo) => {
    const tag = `pay${testInfo.workerIndex}${Date.now().toString(36)}`;
    [link, replaced] = (await seedLinks(page, `http://localhost:${E2E_PORT}`, tag, [
      {
        name: 'Margaret Hughes',
        address: 'Flat 3, 12 Riverside Court, London SE1 9AA',
        balance: '£1,245.50',
      },
      { name: 'Dafydd Pritchard', address: '7 Harbour Road, Penarth CF64 1TQ', balance: '389.99' },
    ])) as [SeededLink, SeededLink];
    if (!link.name.startsWith('Margaret')) [link, replaced] = [replaced, link];
  });

  test('with the phone set to very large text, nothing runs off the screen', async ({ page }) => {
    // The browser's own font size setting ('Very large': 24 px for 16), which rem sizes follow.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24 } });
    const overflowingBoxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => !element.matches('.sr-only, .sr-only *'))
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .filter((element) => getComputedStyle(element).display !== 'inline')
          .map((element) => element.textContent?.slice(0, 40)),
      );
    for (const url of [`/payment/${link.id}`, '/', '/payment/no-such-link-0000']) {
      await page.goto(url);
      await expect(page.locator('main')).toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('24px');
      expect(await overflowingBoxes(), url).toEqual([]);
    }
  });

  test('from the link to the success page and the receipt, then staff see the payment', async ({
    page,
  }) => {
    const scriptEncodings: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scriptEncodings.push(response.headers()['content-encoding'] ?? 'none');
      }
    });
    await page.goto(`/payment/${link.id}`);
    await expect(page.getByRole('heading', { name: link.name })).toBeVisible();
    await expect(page.getByText(link.address)).toBeVisible();
    // The phone downloads the scripts compressed (the build's Brotli or gzip forms).
    expect(scriptEncodings.length).toBeGreaterThan(0);
    for (const encoding of scriptEncodings) expect(['br', 'gzip']).toContain(encoding);
    await expect(page.getByText('Outstanding Balance')).toBeVisible();
    await expect(page.getByText('£1,245.50', { exact: true })).toBeVisible();
    await expect(page.getByText('Overdue')).toBeVisible();
    expect(await linkReadsOf(page)).toEqual([]);
    await expect(page.getByText('Loading secure payment form...')).toBeVisible();
    const payButton = page.getByRole('button', { name: 'Pay £1,245.50 Securely' });
    const payWhileLoading = await payButton.boundingBox();
    await expect(page.getByLabel('Card number')).toBeVisible();
    // The form appearing does not move Pay from under a finger already on its way to it.
    expect(await payButton.boundingBox()).toEqual(payWhileLoading);
    await expect(page.getByText(/^This payment link expires in \d+ days?$/)).toBeVisible();
    await expect(page.getByRole('link', { name: /Email support/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Phone support/ })).toBeVisible();
    // Fits the phone: nothing scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);

    // The method chooser is a radio group the keyboard can drive.
    await page.getByLabel('Debit/Credit Card').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Open Banking')).toBeChecked();
    await expect(page.getByText(/taken to your bank to approve the payment/)).toBeVisible();

    await page.getByRole('button', { name: 'Pay £1,245.50 Securely' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await expect(page.getByText('Payment processing')).toBeVisible({ timeout: 6000 });
    await page.waitForURL(`**/payment-success?link_id=${link.id}`);

    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText(link.name)).toBeVisible();
    await expect(page.getByText(link.address)).toBeVisible();
    await expect(page.getByText('Amount Paid')).toBeVisible();
    await expect(page.getByText('£1,245.50')).toBeVisible();
    await expect(page.getByText('Open Banking')).toBeVisible();
    await expect(page.getByText(/^DEMO-[A-Z2-9]{10}$/)).toBeVisible();
    await expect(page.getByText(/^\d{1,2} [A-Z][a-z]{2} \d{4} at \d{2}:\d{2}$/)).toBeVisible();
    // The in-process worker captures the confirmation; the page re-reads until it is sent.
    await expect(page.getByText('Receipt Sent')).toBeVisible({ timeout: 15_000 });

    const transactionId = (await page.getByText(/^DEMO-/).textContent()) ?? '';
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Receipt' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`receipt-${transactionId}.pdf`);
    const pdf = await readFile((await download.path()) ?? '');
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const { text } = await parser.getText();
    await parser.destroy();
    for (const expected of [link.address, '£1,245.50', 'Open Banking', transactionId]) {
      expect(text).toContain(expected);
    }

    // The link cannot be paid twice: it now says it is paid.
    await page.goto(`/payment/${link.id}`);
    await expect(page.getByRole('heading', { name: 'This balance has been paid' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);

    // Staff see it on the dashboard and as paid on Payment Status.
    await signInThroughForm(page);
    await expect(page.getByText(link.name).first()).toBeVisible();
    await page.goto(`/payments?search=${encodeURIComponent(link.name)}`);
    await expect(page.getByRole('row', { name: new RegExp(link.name) })).toContainText('Paid');
  });

  test('a replaced or unknown link is no dead end: it offers the current link or a call', async ({
    page,
  }) => {
    // Three pages with an axe scan each, on a busy shared machine.
    test.slow();
    // Renewing replaces the old link (staff's action, as after an expiry).
    await signInThroughForm(page);
    const origin = new URL(page.url()).origin;
    const renewed = await page.request.post(`/api/payment-links/${replaced.id}/renew`, {
      headers: { origin },
    });
    expect(renewed.status(), await renewed.text()).toBe(200);
    await page.context().clearCookies();

    // A replaced link says when the newer one was sent, never its amount, and sends it again.
    await page.goto(`/payment/${replaced.id}`);
    await expect(
      page.getByRole('heading', { name: 'This Payment Link Has Been Replaced' }),
    ).toBeVisible();
    await expect(
      page.getByText(/We sent you a newer payment link on \d{2}\/\d{2}\/\d{4}\./),
    ).toBeVisible();
    await expect(page.getByText('£389.99')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Send me my current link' }).click();
    await expect(page.getByText(RESEND_ANSWER_MESSAGE)).toBeVisible();

    // Then as a mistyped or mangled address may come: escapes the page's router decodes and one
    // it does not (%2F), an address cut off in an escape, and one longer than any id (the last
    // two are refused by the server's router, framework-errors.ts, and the page reads the link
    // itself). Each keeps the spec's texts and offers a new link and a call back.
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'Flat%203%2F12', 'AAAAAAAAAA%2', 'A'.repeat(120)]) {
      await page.goto(`/payment/${id}`);
      await expect(page.getByRole('heading', { name: 'Payment Link Not Available' })).toBeVisible();
      expect((await linkReadsOf(page)).length).toBeLessThanOrEqual(1);
      await expect(
        page.getByText(
          'This payment link may have expired or is no longer valid. Please contact the provider for assistance.',
        ),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Ask us to call me' })).toBeVisible();
    }
    // An unknown link's own answer offers a new link too (an address the router refused is
    // answered with the bare message, so only the call back there).
    await page.goto('/payment/AAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByRole('button', { name: 'Send me a new link' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Your phone number').fill('07700 900321');
    await page.getByRole('button', { name: 'Call Me Now' }).click();
    await expect(page.getByText('Request received')).toBeVisible();
  });

  test('a cold link page arrives with its balance: no spinner, placeholder or locale data', async ({
    page,
  }) => {
    // The server renders the page with its link (entry-server.tsx) and the browser takes it
    // over without a spinner or placeholder. The first Intl object in a tab makes Chromium load
    // its ICU data, 40–70 ms of a cold page here (money.ts, dates.ts).
    await page.addInitScript(() => {
      const seen = { spinner: false, placeholder: false, intl: [] as string[] };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="page-spinner"]')) seen.spinner = true;
        const text = document.body?.textContent ?? '';
        if (text.includes('Loading your payment details')) seen.placeholder = true;
      }).observe(document, { childList: true, subtree: true });
      for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'Collator'] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        const Counted = function (this: unknown, ...args: unknown[]) {
          seen.intl.push(name);
          return new Original(...args);
        };
        Object.defineProperty(Intl, name, { value: Counted, configurable: true, writable: true });
      }
    });
    await page.goto(`/payment/${link.id}`);
    await expect(page.getByText('£1,245.50', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay £1,245.50 Securely' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual({
      spinner: false,
      placeholder: false,
      intl: [],
    });
    expect(await linkReadsOf(page)).toEqual([]);
  });

  test('the payment and success pages pass an axe scan', async ({ page }) => {
    // Three full scans and a payment: on a busy shared machine that outgrows the default timeout.
    test.slow();
    await page.goto(`/payment/${link.id}`);
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: /^Pay .* Securely$/ }).click();
    await page.waitForURL('**/payment-success?link_id=*');
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.goto(`/payment-success?link_id=${replaced.id}`);
    await expect(page.getByRole('heading', { name: 'Payment Not Found' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});

/**
 * A link whose expiry has passed. Links last 7 days, so this portal is started with a test-only
 * lifetime of a few seconds (LINK_LIFETIME_SECONDS, refused in production): the link is made by
 * the real upload, is payable, and then really expires.
 */
const SHORT_LIVED_PORT = E2E_PORT + 3;
const SHORT_LIVED_ORIGIN = `http://localhost:${SHORT_LIVED_PORT}`;
const SHORT_LIFETIME_SECONDS = 8;

test.describe('an expired link on a phone', () => {
  test.use(PHONE);

  let portal: ChildProcess;
  test.beforeAll(async () => {
    portal = await startPortal(SHORT_LIVED_PORT, {
      LINK_LIFETIME_SECONDS: String(SHORT_LIFETIME_SECONDS),
    });
  });
  test.afterAll(async () => {
    await stopPortal(portal);
  });

  test('shows that the link is not available, with no Pay button', async ({ page }) => {
    const [link] = await seedLinks(page, SHORT_LIVED_ORIGIN, `exp${Date.now().toString(36)}`, [
      { name: 'Gwen Roberts', address: '2 Castle Street, Conwy LL32 8AY', balance: '310.25' },
    ]);

    // Before its expiry the same link can be paid: the page below is about the expiry alone.
    await page.goto(`${SHORT_LIVED_ORIGIN}/payment/${link!.id}`);
    await expect(page.getByRole('button', { name: 'Pay £310.25 Securely' })).toBeVisible();

    // Time passing is the point here: wait until the link's own expiry is behind us.
    await page.waitForTimeout(Math.max(0, Date.parse(link!.expiresAt) - Date.now()) + 500);
    await page.goto(`${SHORT_LIVED_ORIGIN}/payment/${link!.id}`);
    await expect(page.getByRole('heading', { name: 'Payment Link Not Available' })).toBeVisible();
    await expect(
      page.getByText(
        'This payment link may have expired or is no longer valid. Please contact the provider for assistance.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await expect(page.getByText(link!.name)).toHaveCount(0);
    await expect(page.getByText('£310.25')).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectNoSeriousAxeViolations(page);
  });
});

/** A second portal, configured for Stripe, whose Stripe API is the local fake. */
const STRIPE_PORT = E2E_PORT + 2;
const STRIPE_ORIGIN = `http://localhost:${STRIPE_PORT}`;

test.describe('paying through Stripe Checkout (against the local fake Stripe)', () => {
  test.use(PHONE);

  let stripe: FakeStripeApi;
  let portal: ChildProcess;

  test.beforeAll(async () => {
    stripe = await startFakeStripeApi({
      secretKey: 'sk_test_e2e_fake',
      webhookSecret: 'whsec_e2e_fake',
      webhookUrl: `${STRIPE_ORIGIN}/api/webhooks/stripe`,
    });
    portal = await startPortal(STRIPE_PORT, {
      STRIPE_SECRET_KEY: 'sk_test_e2e_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_fake',
      STRIPE_API_BASE_URL: stripe.url,
    });
  });

  test.afterAll(async () => {
    await stopPortal(portal);
    await stripe?.stop();
  });

  /** One leaseholder, paid in full on the fake hosted page: the session Stripe holds. */
  async function payThroughStripe(
    page: Page,
    tag: string,
    row: { name: string; address: string; balance: string },
  ) {
    const [link] = await seedLinks(page, STRIPE_ORIGIN, tag, [row]);
    await page.goto(`${STRIPE_ORIGIN}/payment/${link!.id}`);
    await page.getByRole('button', { name: `Pay £${row.balance} Securely` }).click();
    await page.waitForURL(`${stripe.url}/c/pay/cs_test_*`);
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    return stripe.sessions.get(sessionId)!;
  }

  /** Delivers a signed event to the portal's webhook, as Stripe would. */
  async function sendWebhook(event: unknown) {
    const { payload, headers } = stripe.signedWebhook(event);
    const delivered = await fetch(`${STRIPE_ORIGIN}/api/webhooks/stripe`, {
      method: 'POST',
      headers,
      body: payload,
    });
    expect(delivered.status).toBe(200);
  }

  test('Pay goes to Stripe’s hosted page for the link’s amount, and back to the real result', async ({
    page,
  }) => {
    const [link] = await seedLinks(page, STRIPE_ORIGIN, `stripe${Date.now().toString(36)}`, [
      { name: 'Eleanor Rigby', address: '4 Penny Lane, Liverpool L18 1DE', balance: '620.00' },
    ]);

    await page.goto(`${STRIPE_ORIGIN}/payment/${link!.id}`);
    await expect(page.getByText('Loading secure payment form...')).toBeHidden();
    await expect(page.getByText(/go to our payment provider Stripe’s secure page/)).toBeVisible();
    // Card fields are never drawn on our page when Stripe takes the payment.
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay £620.00 Securely' }).click();

    await page.waitForURL(`${stripe.url}/c/pay/cs_test_*`);
    await expect(page.getByText('£620.00')).toBeVisible();
    await expect(page.locator('#method')).toHaveText('card');
    const [created] = stripe.createdSessions();
    expect(created!.params).toMatchObject({
      line_items: [{ price_data: { unit_amount: '62000', currency: 'gbp' } }],
      metadata: { link_id: link!.id, method: 'card' },
    });

    // The fake's Pay posts the signed webhook to the portal, then returns the leaseholder.
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`${STRIPE_ORIGIN}/payment-success?link_id=${link!.id}&session_id=*`);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText(/^cs_test_/)).toBeVisible();
    await expect(page.getByText('Debit/Credit Card')).toBeVisible();
  });

  test('a refund in Stripe’s dashboard puts the balance back, and the clerk sees why', async ({
    page,
  }) => {
    const tag = `refund${Date.now().toString(36)}`;
    const session = await payThroughStripe(page, tag, {
      name: 'Jude Fairweather',
      address: '9 Abbey Road, London NW8 9AY',
      balance: '150.00',
    });
    // Staff refund it in Stripe; Stripe tells the portal by webhook.
    await sendWebhook(stripe.refundEventFor(session, 15_000, 'requested_by_customer'));

    await signInThroughForm(page, `${STRIPE_ORIGIN}/admin`);
    // The dashboard's recent payments still list it, saying the money went back.
    await expect(
      page.getByRole('listitem').filter({ hasText: `Jude Fairweather ${tag}` }),
    ).toContainText('£150.00 given back');
    await page.goto(`${STRIPE_ORIGIN}/leaseholders?search=${tag}`);
    await page.getByRole('link', { name: `Jude Fairweather ${tag}` }).click();
    await expect(page.getByTestId('balance')).toHaveText(/£150\.00\s*owed/);
    const history = page.getByRole('region', { name: 'History' });
    const refund = history
      .getByRole('listitem')
      .filter({ hasText: 'Payment refunded through Stripe' });
    await expect(refund).toContainText('£150.00');
    await expect(refund).toContainText(
      `Reason: asked for by the leaseholder. Balance now £150.00 owed. Reference ${session.id}`,
    );
    await expectNoSeriousAxeViolations(page);
  });

  test('a chargeback waits on the dashboard for the clerk to answer it in Stripe', async ({
    page,
  }) => {
    const tag = `dispute${Date.now().toString(36)}`;
    const session = await payThroughStripe(page, tag, {
      name: 'Lucy Skye',
      address: '3 Strawberry Fields, Liverpool L25 5JF',
      balance: '480.00',
    });
    // The leaseholder's bank disputes it; Stripe tells the portal by webhook.
    await sendWebhook(
      stripe.disputeEventFor('charge.dispute.created', session, { status: 'needs_response' }),
    );

    await signInThroughForm(page, `${STRIPE_ORIGIN}/admin`);
    const disputes = page
      .getByRole('region', { name: 'Disputed payments to answer' })
      .getByRole('listitem')
      .filter({ hasText: `Lucy Skye ${tag}` });
    await expect(disputes).toContainText('£480.00');
    await expect(disputes).toContainText('Answer by 12/12/2026');
    await expect(disputes).toContainText(String(session.payment_intent));
    await disputes.getByRole('link', { name: `Lucy Skye ${tag}` }).click();
    await expect(page.getByTestId('balance')).toHaveText(/£480\.00\s*owed/);
    await expect(
      page
        .getByRole('region', { name: 'History' })
        .getByText('Payment disputed: Stripe took it back'),
    ).toBeVisible();
    // The sign-in toast may still be fading out.
    await expectNoSeriousAxeViolations(page, '[data-sonner-toaster]');
  });
});
