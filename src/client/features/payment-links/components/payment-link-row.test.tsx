// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { PaymentLinkItem } from '../../../../shared/payment-links';
import { PaymentLinksTable } from './payment-links-table';

const NOW = Date.parse('2026-11-02T10:00:00Z');

function makeLink(overrides: Partial<PaymentLinkItem> = {}): PaymentLinkItem {
  return {
    id: 'link-1',
    amount: '1200.00',
    amountPence: 120_000,
    status: 'pending',
    expiresAt: new Date(NOW + 3 * 86_400_000).toISOString(),
    createdAt: new Date(NOW - 86_400_000).toISOString(),
    paidAt: null,
    linkUrl: 'http://localhost:3000/payment/link-1',
    isProcessing: false,
    replacedBy: null,
    closedReason: null,
    paidAmount: '0.00',
    returnedAmount: '0.00',
    tenant: {
      accountId: 'account-7',
      name: 'Margaret Hughes',
      email: 'margaret@example.co.uk',
      phone: null,
      address: 'Flat 3, Riverside Court',
    },
    ...overrides,
  };
}

function renderRows(links: PaymentLinkItem[]) {
  const location = memoryLocation({ path: '/payments', record: true });
  render(
    <Router hook={location.hook}>
      <PaymentLinksTable
        links={links}
        query={{ limit: 25, offset: 0, sort: 'createdAt', direction: 'desc' }}
        now={NOW}
        renewingId={null}
        onSort={() => {}}
        onRenew={() => {}}
      />
    </Router>,
  );
  return { user: userEvent.setup(), address: () => location.history!.at(-1) };
}

afterEach(cleanup);

describe('Payment Status rows and leaseholder accounts (issue 29)', () => {
  it('opens the leaseholder’s page from their name', async () => {
    const { user, address } = renderRows([makeLink()]);
    await user.click(screen.getByRole('link', { name: 'Margaret Hughes' }));
    expect(address()).toBe('/leaseholders/account-7');
  });

  it('says why a closed link closed, with no Renew or Send, what a part-paid link took, what went back', () => {
    renderRows([
      makeLink({ id: 'a', status: 'expired', closedReason: 'replaced', replacedBy: 'b' }),
      makeLink({ id: 'c', status: 'expired', closedReason: 'cancelled' }),
      makeLink({ id: 'd', status: 'expired', closedReason: 'settled' }),
      makeLink({ id: 'e', paidAmount: '200.00' }),
      makeLink({ id: 'f', status: 'expired' }),
      makeLink({ id: 'g', status: 'paid', paidAmount: '0.00', returnedAmount: '1200.00' }),
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map(
        (row) =>
          within(row).queryByText(/^(Replaced|Cancelled|Settled|Pending|Expired)$/)?.textContent,
      ),
    ).toEqual(['Replaced', 'Cancelled', 'Settled', 'Pending', 'Expired', undefined]);
    for (const row of rows.slice(0, 3)) {
      expect(within(row).queryByRole('button', { name: 'Renew' })).toBeNull();
      expect(within(row).queryByRole('link', { name: /Preview & send/ })).toBeNull();
    }
    expect(within(rows[3]!).getByText('£200.00 paid')).toBeInTheDocument();
    expect(within(rows[3]!).queryByText(/given back/)).toBeNull();
    expect(within(rows[4]!).getByRole('button', { name: 'Renew' })).toBeInTheDocument();
    // Paid, then refunded in full: still the link that was paid, with what went back beside it.
    expect(within(rows[5]!).getByText('£1,200.00 given back')).toBeInTheDocument();
  });
});
