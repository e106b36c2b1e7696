// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { toast } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import type { PaymentLinkItem } from '../../../../shared/payment-links';
import { PaymentStatusPage } from './payment-status-page';

vi.mock('@/components/ui/toaster', () => ({
  toast: { success: vi.fn(), error: vi.fn() },
  Toaster: () => null,
}));

function makeLink(index: number): PaymentLinkItem {
  return {
    id: `link-${index}`,
    amount: '100.00',
    amountPence: 10_000,
    status: 'pending',
    expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    createdAt: new Date(Date.now() - index * 1000).toISOString(),
    paidAt: null,
    linkUrl: `http://localhost:3000/payment/link-${index}`,
    isProcessing: false,
    replacedBy: null,
    closedReason: null,
    paidAmount: '0.00',
    returnedAmount: '0.00',
    tenant: {
      accountId: `account-${index}`,
      name: `Tenant ${index + 1}`,
      email: null,
      phone: null,
      address: `Flat ${index + 1}`,
    },
  };
}

/** GET /api/payment-links over `count` links, paged as the server pages them. */
function mockLinks(count: number) {
  const all = Array.from({ length: count }, (_, index) => makeLink(index));
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const { pathname, searchParams: params } = new URL(url, 'http://localhost');
    if (pathname === '/api/payment-links/export.csv') {
      // The header and a row for each link, as the server writes them.
      const rows = all.map((link) => `"${link.tenant.name}"\r\n`).join('');
      return new Response(`"Tenant Name"\r\n${rows}`, {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="payment-links.csv"',
        },
      });
    }
    if (pathname.endsWith('/renewal')) {
      const link = all.find((item) => pathname === `/api/payment-links/${item.id}/renewal`)!;
      const body = {
        id: link.id,
        tenantName: link.tenant.name,
        amount: link.amount,
        amountPence: link.amountPence,
        channels: ['email'],
        createdAt: link.createdAt,
        expiresAt: link.expiresAt,
        sentAt: link.createdAt,
      };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    const limit = Number(params.get('limit') ?? 50);
    const offset = Number(params.get('offset') ?? 0);
    const body = {
      items: all.slice(offset, offset + limit),
      total: count,
      isTotalCapped: false,
      limit,
      offset,
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <PaymentStatusPage />
      </Router>
    </QueryClientProvider>,
  );
  const address = () => location.history!.at(-1)!;
  return { user: userEvent.setup(), location, address };
}

const searchBox = () => screen.getByLabelText('Search');
const requestedUrls = (fetchMock: ReturnType<typeof mockLinks>) =>
  fetchMock.mock.calls.map(([url]) => String(url));
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Payment Status: the address is the source of truth', () => {
  it('fills the search box from the address', async () => {
    mockLinks(3);
    renderPage('/payments?search=riverside');
    expect(searchBox()).toHaveValue('riverside');
    expect(await screen.findByText('Tenant 1')).toBeInTheDocument();
  });

  it('writes what is typed to the address once typing stops', async () => {
    const fetchMock = mockLinks(30);
    // A new search starts again from its first page.
    const { user, address } = renderPage('/payments?status=pending&offset=25');
    await user.type(searchBox(), 'Flat 2');
    await waitFor(() => expect(address()).toBe('/payments?status=pending&search=Flat+2'));
    await waitFor(() =>
      expect(requestedUrls(fetchMock).some((url) => url.includes('search=Flat+2'))).toBe(true),
    );
  });

  it('empties the search box when the address drops the search (the sidebar link)', async () => {
    const fetchMock = mockLinks(3);
    const { location, address } = renderPage('/payments?search=riverside');
    await screen.findByText('Tenant 1');

    act(() => location.navigate('/payments'));
    expect(searchBox()).toHaveValue('');
    // Past the debounce the old search has not come back.
    await wait(450);
    expect(address()).toBe('/payments');
    expect(searchBox()).toHaveValue('');
    expect(requestedUrls(fetchMock).at(-1)).not.toContain('search=');
  });

  it('follows the address while a search is still being typed', async () => {
    mockLinks(3);
    const { user, location, address } = renderPage('/payments');
    await user.type(searchBox(), 'half typed');
    act(() => location.navigate('/payments?search=bookmarked'));
    expect(searchBox()).toHaveValue('bookmarked');
    await wait(450);
    expect(address()).toBe('/payments?search=bookmarked');
  });
});

describe('Payment Status: a page past the end', () => {
  it('goes back to the last page that has rows instead of claiming there are none', async () => {
    mockLinks(30);
    const { address } = renderPage('/payments?offset=50');
    await waitFor(() => expect(address()).toBe('/payments?offset=25'));
    expect(await screen.findByText('Tenant 26')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 5);
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByText('26–30 of 30'));
    expect(screen.queryByText('No payment links found')).not.toBeInTheDocument();
  });

  it('goes to the first page when the list is empty', async () => {
    mockLinks(0);
    const { address } = renderPage('/payments?offset=50');
    await waitFor(() => expect(address()).toBe('/payments'));
    expect(await screen.findByText('Upload tenant data to get started')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });
});

describe('Payment Status: empty and paged lists', () => {
  it('shows the upload hint and no pager when there are no links at all', async () => {
    mockLinks(0);
    renderPage('/payments');
    expect(await screen.findByText('No payment links found')).toBeInTheDocument();
    expect(screen.getByText('Upload tenant data to get started')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('hints at the filters when a search finds nothing', async () => {
    mockLinks(0);
    renderPage('/payments?search=nobody');
    expect(await screen.findByText('Try adjusting your search or filters')).toBeInTheDocument();
  });

  it('pages with Next and Previous, keeping the page in the address', async () => {
    mockLinks(30);
    const { user, address } = renderPage('/payments');
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Tenant 30')).toBeInTheDocument();
    expect(address()).toBe('/payments?offset=25');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();
    expect(address()).toBe('/payments');
  });
});

/** The names of the files the page saves (as a link with `download` would). */
function savedFiles(): string[] {
  URL.createObjectURL = vi.fn(() => 'blob:payment-links');
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return saved;
}

describe('Payment Status: Export CSV', () => {
  it('downloads the server’s CSV of the whole list the filters and sort show', async () => {
    const fetchMock = mockLinks(30);
    const saved = savedFiles();
    const { user } = renderPage(
      '/payments?status=pending&search=Flat&sort=amount&direction=asc&offset=25',
    );
    await screen.findByText('Tenant 26');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saved).toEqual(['payment-links.csv']));
    // Every row of the filter, not the page on screen: no limit or offset.
    expect(requestedUrls(fetchMock).filter((url) => url.includes('export.csv'))).toEqual([
      '/api/payment-links/export.csv?status=pending&search=Flat&sort=amount&direction=asc',
    ]);
    expect(toast.success).toHaveBeenCalledWith('Export ready', {
      description: '30 payment links exported.',
    });
  });
});

describe('Payment Status: Export CSV of a large estate', () => {
  it('counts the rows that have arrived while the file downloads', async () => {
    const fetchMock = mockLinks(30);
    const saved = savedFiles();
    const { user } = renderPage('/payments');
    await screen.findByText('Tenant 1');
    let file!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        file = controller;
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        String(url).includes('export.csv')
          ? new Response(body, {
              headers: {
                'content-type': 'text/csv; charset=utf-8',
                'content-disposition': 'attachment; filename="payment-status-2026-11-27.csv"',
              },
            })
          : fetchMock(url, init),
      ),
    );
    const lines = (text: string, count: number) => new TextEncoder().encode(text.repeat(count));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('button', { name: 'Exporting...' })).toBeDisabled();
    file.enqueue(lines('"Tenant Name","Email"\r\n', 1));
    file.enqueue(lines('"Margaret Hughes","m@example.com"\r\n', 1_200));
    await wait(300);
    // A quoted line break is part of its cell, not the end of a row.
    file.enqueue(lines('"Ioan Evans","Flat 2\nMill Lane"\r\n', 34));
    expect(await screen.findByRole('button', { name: 'Exporting... 1,234 rows' })).toBeDisabled();
    expect(saved).toEqual([]);

    file.close();
    await waitFor(() => expect(saved).toEqual(['payment-status-2026-11-27.csv']));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(toast.success).toHaveBeenCalledWith('Export ready', {
      description: '1,234 payment links exported.',
    });
  });
});

describe('Payment Status: Preview & send (issue 31)', () => {
  it('opens the single message preview for an open link, with the link’s details', async () => {
    mockLinks(2);
    const { user, address } = renderPage('/payments');
    const row = (await screen.findByText('Tenant 1')).closest('tr')!;
    await user.click(within(row).getByRole('link', { name: 'Preview & send to Tenant 1' }));
    const url = new URL(address(), 'http://localhost');
    expect(url.pathname).toBe('/message-preview');
    expect(JSON.parse(url.searchParams.get('tenant')!)).toEqual({
      name: 'Tenant 1',
      email: null,
      phone: null,
      address: 'Flat 1',
    });
    expect(url.searchParams.get('amount')).toBe('100.00');
    expect(url.searchParams.get('paymentUrl')).toBe('http://localhost:3000/payment/link-0');
    expect(url.searchParams.get('expiresAt')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('asks before renewing, and renews nothing when cancelled', async () => {
    const fetchMock = mockLinks(1);
    const { user } = renderPage('/payments');
    const row = (await screen.findByText('Tenant 1')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Renew' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Renew payment link?' });
    expect(
      await within(dialog).findByText('Send a new link for £100.00 to Tenant 1 by email?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
