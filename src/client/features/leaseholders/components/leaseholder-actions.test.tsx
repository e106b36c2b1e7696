// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { toast } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { inUkTime } from '../../../../shared/dates';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';
import { ukToday } from '../balance';
import { type Call, json, makeDetail, makeEvent, mockApi } from '../test-data';
import { LeaseholderPage } from './leaseholder-page';

vi.mock('@/components/ui/toaster', () => ({
  toast: { success: vi.fn(), error: vi.fn() },
  Toaster: () => null,
}));

const ACCOUNT = '/api/leaseholders/acc-1';

/** The server as the page sees it: each action answers the account as it now is. */
function mockServer(start: LeaseholderDetail = makeDetail()) {
  let detail = start;
  return mockApi(({ method, url, body }: Call) => {
    const route = `${method} ${url}`;
    const b = body as Record<string, string>;
    if (route === `GET ${ACCOUNT}`) return json(200, detail);
    if (route === `POST ${ACCOUNT}/payments`) {
      const pence = Math.round(Number(b.amount) * 100);
      const event = makeEvent({
        kind: 'offline_payment',
        title: 'Cheque recorded',
        amount: b.amount,
        refId: 'pay-9',
      });
      detail = {
        ...detail,
        balancePence: detail.balancePence - pence,
        timeline: [event, ...detail.timeline],
      };
      return json(201, detail);
    }
    if (route === `GET ${ACCOUNT}/payments/pay-9/receipt`) {
      return new Response('%PDF', {
        headers: { 'content-disposition': 'attachment; filename="receipt-RIV-F3.pdf"' },
      });
    }
    if (route === `POST ${ACCOUNT}/hold`) {
      detail = { ...detail, holdUntil: `${b.until}T23:59:59.999Z`, holdReason: b.reason ?? null };
      return json(200, detail);
    }
    if (route === `DELETE ${ACCOUNT}/hold`) {
      detail = { ...detail, holdUntil: null, holdReason: null };
      return json(200, detail);
    }
    if (route === 'POST /api/preview/generate') {
      return json(200, {
        email: {
          subject: `Payment due: £${(body as { amount: string }).amount}`,
          html: '<p>Pay</p>',
        },
        whatsapp: 'Pay by WhatsApp',
        sms: 'Pay by SMS',
      });
    }
    if (route === `POST ${ACCOUNT}/links`) return json(201, detail);
    if (route === 'POST /api/payment-links/link-1/cancel') {
      detail = { ...detail, openLink: null };
      return new Response(null, { status: 204 });
    }
    if (route === `PATCH ${ACCOUNT}`) {
      if (b.phone === '020 7946 0123')
        return json(400, { message: 'A landline cannot be messaged.' });
      const others = typeof b.otherEmails === 'string' ? b.otherEmails.split(', ') : [];
      detail = { ...detail, ...(body as object), otherEmails: others };
      return json(200, detail);
    }
    if (route === `POST ${ACCOUNT}/notes`) return json(201, detail);
    if (route === `PUT ${ACCOUNT}/balance`) {
      const pence = Math.round(Number(b.balance) * 100);
      detail = { ...detail, balancePence: pence, openLink: pence > 0 ? detail.openLink : null };
      return json(200, detail);
    }
    return json(404, { message: `Unexpected ${route}` });
  });
}

function renderPage() {
  const location = memoryLocation({ path: '/leaseholders/acc-1' });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <LeaseholderPage id="acc-1" />
      </Router>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const changes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Leaseholder page actions', () => {
  it('records a cheque dated today (UK), shows the new balance and offers the receipt', async () => {
    const calls = mockServer();
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Record a payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a payment' });
    expect(within(dialog).getByLabelText('Date paid')).toHaveValue(ukToday());
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(within(dialog).getByText('Enter the amount received')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Amount received'), '£200');
    await user.click(within(dialog).getByRole('radio', { name: 'Cheque' }));
    await user.type(within(dialog).getByLabelText('Reference (optional)'), '000123');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect(await within(dialog).findByText('Cheque of £200.00 recorded')).toBeInTheDocument();
    expect(within(dialog).getByText('Balance now £1,000.00 owed.')).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      {
        method: 'POST',
        url: `${ACCOUNT}/payments`,
        body: { amount: '200.00', method: 'cheque', reference: '000123', paidOn: ukToday() },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Payment recorded', {
      description: 'Cheque of £200.00 recorded. Balance now £1,000.00 owed.',
    });
    expect(screen.getByTestId('balance')).toHaveTextContent('£1,000.00owed');
    await user.click(within(dialog).getByRole('button', { name: 'Download receipt' }));
    await waitFor(() => expect(saved).toEqual(['receipt-RIV-F3.pdf']));
  });

  it('previews a new link with the single preview’s messages, then sends it through the account', async () => {
    const calls = mockServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Send a new link now' }));
    const dialog = screen.getByRole('dialog', { name: 'Send a new link to Margaret Hughes?' });
    expect(dialog).toHaveTextContent(
      'A link for £1,200.00 goes now by email to margaret@example.co.uk and WhatsApp to 07911 123456',
    );
    expect(await within(dialog).findByText('Payment due: £1200.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'WhatsApp' }));
    expect(within(dialog).getByText('Pay by WhatsApp')).toBeInTheDocument();
    const generate = calls.find((call) => call.url === '/api/preview/generate')!;
    expect(generate.body).toMatchObject({
      tenant: { name: 'Margaret Hughes', email: 'margaret@example.co.uk', phone: '+447911123456' },
      amount: '1200.00',
    });
    // The expiry the link will have: 7 days on, moved to a day-time hour (decision 0015).
    const expiresAt = Date.parse((generate.body as { expiresAt: string }).expiresAt);
    expect(expiresAt - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(inUkTime(expiresAt).hour).toBeGreaterThanOrEqual(10);
    expect(inUkTime(expiresAt).hour).toBeLessThan(20);
    expect(changes(calls).map((call) => call.url)).toEqual(['/api/preview/generate']);

    await user.click(within(dialog).getByRole('button', { name: 'Send new link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(calls).map((call) => call.url)).toEqual([
      '/api/preview/generate',
      `${ACCOUNT}/links`,
    ]);
    expect(toast.success).toHaveBeenCalledWith('New link sent', expect.anything());
  });

  it('holds chasing until a day with a reason, then ends the hold after asking', async () => {
    const calls = mockServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Hold chasing' }));
    const dialog = screen.getByRole('dialog', { name: 'Hold chasing' });
    const until = within(dialog).getByLabelText('Hold until');
    await user.clear(until);
    await user.type(until, '2099-01-31');
    await user.click(within(dialog).getByRole('radio', { name: 'Another reason' }));
    await user.click(within(dialog).getByRole('button', { name: 'Hold chasing' }));
    expect(within(dialog).getByText('Give a reason for the hold')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('The reason'), 'Probate');
    await user.click(within(dialog).getByRole('button', { name: 'Hold chasing' }));
    expect(await screen.findByText('Chasing on hold until 31/01/2099')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'End hold' }));
    const ask = screen.getByRole('alertdialog', { name: 'End the hold?' });
    await user.click(within(ask).getByRole('button', { name: 'End hold' }));
    await waitFor(() => expect(screen.queryByText(/Chasing on hold/)).toBeNull());
    expect(changes(calls)).toEqual([
      { method: 'POST', url: `${ACCOUNT}/hold`, body: { until: '2099-01-31', reason: 'Probate' } },
      { method: 'DELETE', url: `${ACCOUNT}/hold` },
    ]);
  });

  it('cancels the open link only once the clerk confirms', async () => {
    const calls = mockServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel link' }));
    const ask = screen.getByRole('alertdialog', { name: 'Cancel the open link?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep the link' }));
    expect(changes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel link' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel link' }),
    );
    expect(await screen.findByText(/No link is asking them to pay/)).toBeInTheDocument();
    expect(changes(calls)).toEqual([{ method: 'POST', url: '/api/payment-links/link-1/cancel' }]);
  });

  it('edits contact details, showing the server’s refusal in the dialog', async () => {
    const calls = mockServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit contact details' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit contact details' });
    const phone = within(dialog).getByLabelText('Mobile phone');
    expect(phone).toHaveValue('07911 123456');
    await user.clear(phone);
    await user.type(phone, '020 7946 0123');
    await user.clear(within(dialog).getByLabelText('Email address'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('A landline cannot be messaged.')).toBeInTheDocument();
    expect(changes(calls)[0]).toEqual({
      method: 'PATCH',
      url: ACCOUNT,
      body: {
        name: 'Margaret Hughes',
        email: null,
        otherEmails: null,
        phone: '020 7946 0123',
        address: 'Flat 3, Riverside Court, London SE1 9AA',
        reference: 'RIV-F3',
      },
    });
  });

  it("adds a joint leaseholder's email, copied on every email, and says so", async () => {
    const calls = mockServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit contact details' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit contact details' });
    const others = within(dialog).getByLabelText('Other email addresses (optional)');
    expect(others).toHaveAccessibleDescription(
      'Joint leaseholders: copied on every email. Separate them with commas.',
    );
    await user.type(others, 'tom.hughes@');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText(
        'Enter email addresses such as name@example.co.uk, separated by commas',
      ),
    ).toBeInTheDocument();
    expect(changes(calls)).toEqual([]);

    await user.type(others, 'example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(calls)[0]?.body).toMatchObject({ otherEmails: 'tom.hughes@example.org' });
    const copied = await screen.findByText('Copied to (joint leaseholders)');
    expect(copied.nextElementSibling).toHaveTextContent('tom.hughes@example.org');
    await user.click(screen.getByRole('button', { name: 'Send a new link now' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'by email to margaret@example.co.uk (copied to tom.hughes@example.org) and WhatsApp',
    );
    expect(await screen.findByText('Cc')).toBeInTheDocument();
    expect(screen.getByText('Cc').nextElementSibling).toHaveTextContent('tom.hughes@example.org');
  });

  it('corrects the balance to a credit with a reason, after checking what was typed', async () => {
    const calls = mockServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Correct the balance' }));
    const dialog = screen.getByRole('dialog', { name: 'Correct the balance' });
    const amount = within(dialog).getByLabelText('Correct balance');
    expect(amount).toHaveValue('1200.00');
    expect(dialog).toHaveTextContent('Now £1,200.00 owed.');
    await user.click(within(dialog).getByRole('button', { name: 'Set balance' }));
    expect(
      within(dialog).getByText('That is the balance now: enter the corrected figure'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Give a reason for the correction')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '£25');
    await user.click(within(dialog).getByRole('radio', { name: 'In credit' }));
    expect(dialog).toHaveTextContent('Nothing owed: the open link closes, and its reminders stop.');
    await user.type(within(dialog).getByLabelText('Reason'), 'Overpaid in 2025');
    await user.click(within(dialog).getByRole('button', { name: 'Set balance' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(calls)).toEqual([
      {
        method: 'PUT',
        url: `${ACCOUNT}/balance`,
        body: { balance: '-25.00', reason: 'Overpaid in 2025', wasPence: 120_000 },
      },
    ]);
    expect(screen.getByTestId('balance')).toHaveTextContent('£25.00in credit');
    expect(toast.success).toHaveBeenCalledWith('Balance corrected', {
      description: 'Balance now £25.00 in credit. Nothing was sent to Margaret Hughes.',
    });
  });

  it('adds a note', async () => {
    const calls = mockServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add a note' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a note' });
    await user.type(within(dialog).getByLabelText('Note'), '  Called: will pay Friday. ');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(calls)).toEqual([
      { method: 'POST', url: `${ACCOUNT}/notes`, body: { text: 'Called: will pay Friday.' } },
    ]);
  });
});
