// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { toast } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { json, makeLeaseholder, mockApi } from '../test-data';
import { LeaseholdersPage } from './leaseholders-page';

vi.mock('@/components/ui/toaster', () => ({
  toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
  Toaster: () => null,
}));

/** The list, and the payments export answering a header and two payments (none in July). */
function mockServer() {
  return mockApi(({ url }) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/payments/export.csv') {
      const payments = searchParams.get('from')!.startsWith('2026-07')
        ? ''
        : '"2026-06-03"\r\n"2026-06-30"\r\n';
      return new Response(`"Date Paid"\r\n${payments}`, {
        headers: {
          'content-disposition': 'attachment; filename="payments-received-2026-07-15.csv"',
        },
      });
    }
    return json(200, {
      items: [makeLeaseholder()],
      total: 1,
      isTotalCapped: false,
      limit: 25,
      offset: 0,
    });
  });
}

function renderPage() {
  const location = memoryLocation({ path: '/leaseholders' });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <LeaseholdersPage />
      </Router>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Payments received', () => {
  const saved: string[] = [];

  beforeEach(() => {
    vi.clearAllMocks();
    saved.length = 0;
    // 15 July 2026 in London.
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 6, 15, 10));
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('exports last month’s payments as a CSV for the ledger', async () => {
    const calls = mockServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Payments received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments received' });
    // This month so far is offered first.
    expect(within(dialog).getByLabelText('From')).toHaveValue('2026-07-01');
    expect(within(dialog).getByLabelText('To (included)')).toHaveValue('2026-07-15');

    await user.click(within(dialog).getByRole('button', { name: 'Last month' }));
    expect(within(dialog).getByLabelText('From')).toHaveValue('2026-06-01');
    expect(within(dialog).getByLabelText('To (included)')).toHaveValue('2026-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saved).toEqual(['payments-received-2026-07-15.csv']));
    expect(calls.map((call) => call.url).filter((url) => url.includes('payments'))).toEqual([
      '/api/payments/export.csv?from=2026-06-01&to=2026-06-30',
    ]);
    expect(toast.success).toHaveBeenCalledWith('Export ready', {
      description: '2 payments exported.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('saves no file for a period with no payments, and says so', async () => {
    mockServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Payments received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments received' });
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));

    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith('No payments to export', {
        description: 'None were received from 01/07/2026 to 15/07/2026, so no file was saved.',
      }),
    );
    expect(saved).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('asks for a range that runs forwards before exporting anything', async () => {
    const calls = mockServer();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Payments received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments received' });
    const to = within(dialog).getByLabelText('To (included)');
    await user.clear(to);
    await user.type(to, '2026-06-20');
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));

    expect(to).toHaveAccessibleDescription('The last day must be on or after the first');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.url.includes('payments'))).toEqual([]);
  });
});
