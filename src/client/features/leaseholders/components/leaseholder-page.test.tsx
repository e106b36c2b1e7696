// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';
import { json, makeDetail, makeEvent, mockApi } from '../test-data';
import { LeaseholderPage } from './leaseholder-page';

vi.mock('@/components/ui/toaster', () => ({
  toast: { success: vi.fn(), error: vi.fn() },
  Toaster: () => null,
}));

function renderPage(detail: LeaseholderDetail | number) {
  const calls = mockApi(() =>
    typeof detail === 'number'
      ? json(detail, { message: detail === 404 ? 'Leaseholder not found.' : 'boom' })
      : json(200, detail),
  );
  const location = memoryLocation({ path: '/leaseholders/acc-1', record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <LeaseholderPage id="acc-1" />
      </Router>
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const history = () => screen.getByRole('region', { name: 'History' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Leaseholder page', () => {
  it('heads the page with who, where, their reference, contact details and what they owe', async () => {
    const { calls } = renderPage(makeDetail());
    expect(
      await screen.findByRole('heading', { name: 'Margaret Hughes', level: 1 }),
    ).toBeInTheDocument();
    expect(calls[0]).toEqual({ method: 'GET', url: '/api/leaseholders/acc-1' });
    expect(screen.getAllByText('RIV-F3').length).toBeGreaterThan(0);
    expect(screen.getByText('Flat 3, Riverside Court, London SE1 9AA')).toBeInTheDocument();
    expect(screen.getByTestId('balance')).toHaveTextContent('£1,200.00owed');
    expect(screen.getByText('Owing since 02/10/2026 (31 days)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '07911 123456' })).toHaveAttribute(
      'href',
      'tel:+447911123456',
    );
    expect(screen.getByRole('link', { name: 'margaret@example.co.uk' })).toHaveAttribute(
      'href',
      'mailto:margaret@example.co.uk',
    );
  });

  it('shows a credit as a credit, and no link to send when nothing is owed', async () => {
    renderPage(
      makeDetail({ balance: '-25.00', balancePence: -2_500, openLink: null, owingSince: null }),
    );
    expect(await screen.findByTestId('balance')).toHaveTextContent('£25.00in credit');
    expect(screen.getByRole('button', { name: 'Send a new link now' })).toBeDisabled();
    expect(
      screen.getByText('No new link can be sent: nothing is owed, so there is no link to send.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No open link: nothing is owed.')).toBeInTheDocument();
  });

  it('says a balance set below nothing is a credit, without a minus sign', async () => {
    renderPage(
      makeDetail({
        timeline: [
          makeEvent({
            kind: 'balance_set',
            title: 'Balance corrected',
            amount: '-25.00',
            detail: 'Overpaid in 2025 (was £1,200.00)',
          }),
        ],
      }),
    );
    const corrected = (await screen.findByText('Balance corrected')).closest('li')!;
    expect(corrected).toHaveTextContent('£25.00 in credit');
    expect(corrected).not.toHaveTextContent('-£25.00');
  });

  it('shows money Stripe gave back among the payments, and a dispute won as good news', async () => {
    const { user } = renderPage(
      makeDetail({}, [
        makeEvent({
          at: '2026-11-03T10:00:00.000Z',
          kind: 'payment_returned',
          title: 'Dispute won: the payment counts again',
          amount: '700.00',
          actor: 'stripe',
          detail: 'Balance now nothing owed. Reference cs_test_1',
        }),
        makeEvent({
          at: '2026-11-02T10:00:00.000Z',
          kind: 'payment_returned',
          title: 'Payment refunded through Stripe',
          amount: '300.00',
          actor: 'stripe',
          detail: 'Reason: a duplicate payment. Balance now £300.00 owed. Reference cs_test_1',
        }),
        makeEvent({ at: '2026-11-01T10:00:00.000Z', detail: 'Rang about the refund' }),
      ]),
    );
    await screen.findByRole('region', { name: 'History' });
    await user.click(within(history()).getByRole('radio', { name: 'Payments' }));
    const items = within(history()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^Dispute won: the payment counts again£700\.00Balance now nothing owed/,
      ),
      expect.stringMatching(/^Payment refunded through Stripe£300\.00Reason: a duplicate payment/),
    ]);
    // Its icon's colour: green for money coming back to the agent, amber for money going out.
    expect(items[0]!.querySelector('span.bg-success-soft')).not.toBeNull();
    expect(items[1]!.querySelector('span.bg-warning-soft')).not.toBeNull();
  });

  it('reverses a bounced cheque after asking why, and shows a reversed one without its receipt', async () => {
    const cheque = makeEvent({
      kind: 'offline_payment',
      title: 'Cheque recorded',
      amount: '200.00',
      detail: 'Paid on 02/11/2026, reference 000123',
      refId: 'pay-1',
    });
    const { calls, user } = renderPage(makeDetail({}, [cheque]));
    await user.click(await screen.findByRole('button', { name: 'Reverse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse this cheque?' });
    expect(dialog).toHaveTextContent('£200.00 goes back on the balance');
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reverse £200.00' }));
    expect(within(dialog).getByText('Give a reason for the reversal')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: 'Cheque bounced' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reverse £200.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/leaseholders/acc-1/payments/pay-1/reverse',
        body: { reason: 'Cheque bounced' },
      },
    ]);

    cleanup();
    renderPage(makeDetail({}, [{ ...cheque, status: 'reversed' }]));
    const line = (await screen.findByText('Cheque recorded')).closest('li')!;
    expect(line).toHaveTextContent('Reversed');
    expect(within(line).queryByRole('button')).toBeNull();
  });

  it('says when no recent spreadsheet names an account that owes', async () => {
    renderPage(makeDetail({ offSheetsSince: '2026-09-01T09:00:00.000Z' }));
    expect(await screen.findByText('On no sheet since 01/09/2026')).toBeInTheDocument();
  });

  it('shows the open link: amount, paid online, what it asks now, expiry, sent, View, Cancel', async () => {
    const detail = makeDetail({ balance: '900.00', balancePence: 90_000 });
    detail.openLink!.paidAmount = '200.00';
    renderPage(detail);
    const card = (await screen.findByText('Open payment link')).closest(
      '.rounded-xl',
    ) as HTMLElement;
    expect(within(card).getByText('£200.00')).toBeInTheDocument();
    // £200 paid online and £100 recorded offline: the page asks for the balance.
    expect(
      within(card).getByText('Its page now asks for £900.00, the balance.'),
    ).toBeInTheDocument();
    expect(within(card).getByText('8 Nov 2026 at 09:00')).toBeInTheDocument();
    expect(within(card).getByText('1 Nov 2026 at 09:00')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /View/ })).toHaveAttribute(
      'href',
      'http://localhost:3000/payment/link-1',
    );
    expect(within(card).getByRole('button', { name: 'Cancel link' })).toBeInTheDocument();
  });

  it('names the other accounts owing at the property, each a link, and what to do', async () => {
    renderPage(
      makeDetail({ sameFlat: [{ id: 'acc-2', name: 'Mrs E Hughes', balancePence: 50_000 }] }),
    );
    const banner = await screen.findByTestId('same-flat');
    expect(banner).toHaveTextContent(
      'Another account owes at this propertyMrs E Hughes owes £500.00.Joint leaseholders may have an account each. If it is this leaseholder under another name, correct the duplicate’s balance to £0.00, so they are asked to pay once.',
    );
    expect(within(banner).getByRole('link', { name: 'Mrs E Hughes' })).toHaveAttribute(
      'href',
      '/leaseholders/acc-2',
    );
  });

  it('says nothing of other accounts when none owes at the property', async () => {
    renderPage(makeDetail());
    await screen.findByText('Open payment link');
    expect(screen.queryByTestId('same-flat')).not.toBeInTheDocument();
  });

  it('says when chasing is held, until when and why', async () => {
    renderPage(
      makeDetail({
        holdUntil: '2026-12-01T23:59:59.999Z',
        holdReason: 'Breathing Space (debt respite)',
      }),
    );
    const banner = (await screen.findByText(/Chasing on hold until/)).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(banner).toHaveTextContent('Chasing on hold until 01/12/2026');
    expect(banner).toHaveTextContent('Breathing Space (debt respite).');
    expect(within(banner).getByRole('button', { name: 'End hold' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new link now' })).toBeDisabled();
  });

  it('lists the history newest first by UK day, with money, statuses and receipts', async () => {
    renderPage(
      makeDetail({}, [
        makeEvent({
          at: '2026-11-02T23:30:00.000Z',
          kind: 'offline_payment',
          title: 'Cheque recorded',
          amount: '200.00',
          detail: 'Paid on 02/11/2026, reference 000123',
          refId: 'pay-1',
        }),
        makeEvent({
          at: '2026-11-01T09:00:05.000Z',
          kind: 'message',
          title: 'Payment link by WhatsApp',
          status: 'delivered',
          actor: null,
        }),
        makeEvent({
          at: '2026-11-01T09:00:00.000Z',
          kind: 'link_created',
          title: 'Payment link created',
          amount: '1200.00',
          actor: null,
        }),
      ]),
    );
    const items = within(await screen.findByRole('region', { name: 'History' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^Cheque recorded£200\.00Paid on 02\/11\/2026, reference 000123 ?23:30by admin/,
      ),
      expect.stringMatching(/^Payment link by WhatsApp09:00Delivered$/),
      expect.stringMatching(/^Payment link created£1,200\.0009:00$/),
    ]);
    expect(within(history()).getByRole('region', { name: '2 Nov 2026' })).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Receipt (PDF)' })).toBeInTheDocument();
  });

  it('shows a long history 50 at a time, and narrows it by kind', async () => {
    const timeline = Array.from({ length: 72 }, (_, index) =>
      index % 4 === 0
        ? makeEvent({
            at: new Date(Date.UTC(2026, 10, 1) - index * 3_600_000).toISOString(),
            kind: 'offline_payment',
            title: 'Cash recorded',
            amount: '20.00',
            refId: `pay-${index}`,
          })
        : makeEvent({
            at: new Date(Date.UTC(2026, 10, 1) - index * 3_600_000).toISOString(),
            detail: `Note ${index}`,
            refId: String(index),
          }),
    );
    const { user } = renderPage(makeDetail({}, timeline));
    expect(
      within(await screen.findByRole('region', { name: 'History' })).getAllByRole('listitem'),
    ).toHaveLength(50);
    expect(screen.getByText('Showing 50 of 72')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 22 more' }));
    expect(within(history()).getAllByRole('listitem')).toHaveLength(72);
    expect(screen.queryByRole('button', { name: /more$/ })).toBeNull();

    await user.click(within(history()).getByRole('radio', { name: 'Payments' }));
    const payments = within(history()).getAllByRole('listitem');
    expect(payments).toHaveLength(18);
    expect(payments.every((item) => item.textContent?.includes('Cash recorded'))).toBe(true);
  });

  it('says so when the leaseholder does not exist, and when the page fails to load', async () => {
    renderPage(404);
    expect(
      await screen.findByRole('heading', { name: 'Leaseholder not found' }),
    ).toBeInTheDocument();
    cleanup();
    renderPage(500);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load this leaseholder.');
  });
});
