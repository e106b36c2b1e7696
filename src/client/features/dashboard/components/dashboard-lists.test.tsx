// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';
import { DisputesCard } from './disputes-card';
import { ExpiringLinksCard } from './expiring-links-card';
import { RecentPaymentsCard } from './recent-payments-card';
import { UnsentUploadsCard } from './unsent-uploads-card';

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

const serverError = () => new Response('', { status: 500, statusText: 'Internal Server Error' });

/** Answers each dashboard list from `answers` in turn (the last one repeats). */
function mockList(url: string, answers: (() => Response)[]) {
  let call = 0;
  const fetchMock = vi.fn(async (requested: string) => {
    if (requested !== url) return new Response('', { status: 404 });
    const answer = answers[Math.min(call, answers.length - 1)]!;
    call += 1;
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderWithQueries(ui: ReactNode) {
  render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Link Expiration Alerts', () => {
  const renderCard = () =>
    renderWithQueries(<ExpiringLinksCard renewingId={null} onRenew={() => {}} />);

  it('says the list failed to load instead of claiming every link is current', async () => {
    mockList('/api/dashboard/expiring-links', [serverError]);
    renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load expiring links.');
    expect(screen.queryByText('No expiring links')).not.toBeInTheDocument();
    expect(screen.queryByText('All payment links are current')).not.toBeInTheDocument();
  });

  it('loads the list again from Try again', async () => {
    const link = {
      id: 'link-1',
      accountId: 'account-7',
      tenantName: 'Margaret Hughes',
      address: 'Flat 3, Riverside Court',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const fetchMock = mockList('/api/dashboard/expiring-links', [serverError, () => json([link])]);
    const user = renderCard();
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    // Each alert opens the leaseholder's page (issue 29).
    expect(await screen.findByRole('link', { name: 'Margaret Hughes' })).toHaveAttribute(
      'href',
      '/leaseholders/account-7',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows the empty state only when the list really is empty', async () => {
    mockList('/api/dashboard/expiring-links', [() => json([])]);
    renderCard();
    expect(await screen.findByText('No expiring links')).toBeInTheDocument();
    expect(screen.getByText('All payment links are current')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Recent Payments', () => {
  it('says the list failed to load instead of claiming there are no payments', async () => {
    mockList('/api/dashboard/recent-payments', [serverError]);
    renderWithQueries(<RecentPaymentsCard />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load recent payments.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('No recent payments')).not.toBeInTheDocument();
  });

  it('links each payment to the leaseholder’s page', async () => {
    const payment = {
      id: 'payment-1',
      accountId: 'account-9',
      tenantName: 'Dafydd Jones',
      address: 'Flat 4, Riverside Court',
      amount: '310.00',
      paidAt: new Date(Date.now() - 60_000).toISOString(),
    };
    mockList('/api/dashboard/recent-payments', [() => json([payment])]);
    renderWithQueries(<RecentPaymentsCard />);
    expect(await screen.findByRole('link', { name: 'Dafydd Jones' })).toHaveAttribute(
      'href',
      '/leaseholders/account-9',
    );
    expect(screen.getByText('£310.00')).toBeInTheDocument();
    expect(screen.queryByText(/given back/)).not.toBeInTheDocument();
  });

  it('says what of a payment went back, so it never reads as money in hand', async () => {
    const payment = {
      id: 'payment-2',
      accountId: 'account-3',
      tenantName: 'Margaret Hughes',
      address: 'Flat 3, Riverside Court',
      amount: '1245.50',
      paidAt: new Date(Date.now() - 60_000).toISOString(),
      givenBack: '245.50',
    };
    mockList('/api/dashboard/recent-payments', [() => json([payment])]);
    renderWithQueries(<RecentPaymentsCard />);
    expect(await screen.findByText('£1,245.50')).toBeInTheDocument();
    expect(screen.getByText('£245.50 given back')).toBeInTheDocument();
  });

  it('shows the empty state only when the list really is empty', async () => {
    mockList('/api/dashboard/recent-payments', [() => json([])]);
    renderWithQueries(<RecentPaymentsCard />);
    expect(await screen.findByText('No recent payments')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Disputed payments to answer', () => {
  const renderCard = () =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={memoryLocation({ path: '/dashboard' }).hook}>
          <DisputesCard />
        </Router>
      </QueryClientProvider>,
    );

  it('is not shown when no dispute waits for an answer', async () => {
    const fetchMock = mockList('/api/dashboard/disputes', [() => json([])]);
    renderCard();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('Disputed payments to answer')).not.toBeInTheDocument();
  });

  it('lists each disputed payment with what to answer by, the soonest in red', async () => {
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    mockList('/api/dashboard/disputes', [
      () =>
        json([
          {
            id: 'pay-1',
            accountId: 'account-7',
            tenantName: 'Margaret Hughes',
            address: 'Flat 3, Riverside Court',
            amount: '1245.50',
            reference: 'pi_3Qx',
            respondBy: soon,
          },
          {
            id: 'pay-2',
            accountId: 'account-8',
            tenantName: 'Dafydd Jones',
            address: 'Flat 4, Riverside Court',
            amount: '310.00',
            reference: 'pi_9Zz',
            respondBy: '2027-01-20T23:59:00.000Z',
          },
        ]),
    ]);
    renderCard();
    const card = await screen.findByRole('region', { name: 'Disputed payments to answer' });
    const [first, second] = within(card).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Margaret Hughes' })).toHaveAttribute(
      'href',
      '/leaseholders/account-7',
    );
    expect(first).toHaveTextContent('£1,245.50');
    expect(within(first!).getByText(/^Answer by /)).toHaveClass('text-destructive');
    expect(within(second!).getByText('Answer by 20/01/2027')).not.toHaveClass('text-destructive');
    expect(second).toHaveTextContent('pi_9Zz');
  });
});

describe('Uploads not sent yet', () => {
  const renderCard = () =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={memoryLocation({ path: '/dashboard' }).hook}>
          <UnsentUploadsCard />
        </Router>
      </QueryClientProvider>,
    );

  it('is not shown when every upload has been sent', async () => {
    const fetchMock = mockList('/api/dashboard/unsent-uploads', [() => json([])]);
    renderCard();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('Uploads not sent yet')).not.toBeInTheDocument();
  });

  it('names each unsent upload, its links and first expiry, and opens it to send', async () => {
    mockList('/api/dashboard/unsent-uploads', [
      () =>
        json([
          {
            batchId: 'batch-9',
            filename: 'november-arrears.xlsx',
            uploadedAt: '2026-11-28T09:15:00.000Z',
            unsentLinks: 214,
            firstExpiresAt: '2026-12-05T10:00:00.000Z',
          },
        ]),
    ]);
    renderCard();
    const card = await screen.findByRole('region', { name: 'Uploads not sent yet' });
    const [upload] = within(card).getAllByRole('listitem');
    expect(upload).toHaveTextContent('november-arrears.xlsx');
    expect(upload).toHaveTextContent(
      'Uploaded 28 Nov 2026 at 09:15 · 214 links not sent; the first expires on 05/12/2026',
    );
    expect(
      within(upload!).getByRole('link', { name: 'Review and send november-arrears.xlsx' }),
    ).toHaveAttribute('href', '/upload?batchId=batch-9');
  });
});
