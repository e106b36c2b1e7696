// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';
import type { LeaseholderItem } from '../../../../shared/leaseholders';
import { json, makeLeaseholder, mockApi } from '../test-data';
import { LeaseholdersPage } from './leaseholders-page';

vi.mock('@/components/ui/toaster', () => ({
  toast: { success: vi.fn(), error: vi.fn() },
  Toaster: () => null,
}));

const MARGARET = makeLeaseholder({ otherEmails: ['tom.hughes@example.org'] });
const DAFYDD = makeLeaseholder({
  id: 'acc-2',
  reference: null,
  name: 'Dafydd Jones',
  balance: '-25.00',
  balancePence: -2_500,
  owingSince: null,
  daysOwing: null,
  openLink: null,
  holdUntil: '2026-12-01T23:59:59.999Z',
  holdReason: 'Dispute',
});

/**
 * GET /api/leaseholders answering `items` (paged as the server pages, counted up to `cap`), or
 * `status` if set.
 */
function mockList(items: LeaseholderItem[], options: { status?: number; cap?: number } = {}) {
  return mockApi(({ url }) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (options.status) return json(options.status, { message: 'boom' });
    if (pathname === '/api/leaseholders/export.csv') {
      // The header and a row for every account, as the server writes them.
      const rows = items.map((item) => `"${item.name}"\r\n`).join('');
      return new Response(`"Reference"\r\n${rows}`, {
        headers: { 'content-disposition': 'attachment; filename="leaseholders.csv"' },
      });
    }
    const limit = Number(searchParams.get('limit') ?? 25);
    const offset = Number(searchParams.get('offset') ?? 0);
    return json(200, {
      items: items.slice(offset, offset + limit),
      total: Math.min(items.length, options.cap ?? items.length),
      isTotalCapped: items.length > (options.cap ?? items.length),
      limit,
      offset,
    });
  });
}

function renderPage(path = '/leaseholders') {
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <LeaseholdersPage />
      </Router>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), address: () => location.history!.at(-1)! };
}

const listUrls = (calls: { url: string }[]) =>
  calls.map((call) => call.url).filter((url) => url.startsWith('/api/leaseholders?'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Leaseholders list', () => {
  it('shows each account: reference, balance (a credit as a credit), hold, link, and opens it', async () => {
    mockList([MARGARET, DAFYDD]);
    const { user, address } = renderPage();
    const margaret = (await screen.findByRole('link', { name: 'Margaret Hughes' })).closest('tr')!;
    expect(within(margaret).getByText('RIV-F3')).toBeInTheDocument();
    expect(within(margaret).getByText('£1,200.00')).toBeInTheDocument();
    expect(within(margaret).getByText('31 days')).toBeInTheDocument();
    expect(within(margaret).getByText('07911 123456')).toBeInTheDocument();
    expect(within(margaret).getByTitle('Copied to tom.hughes@example.org')).toHaveTextContent(
      '(+1 copied)',
    );
    const dafydd = screen.getByRole('link', { name: 'Dafydd Jones' }).closest('tr')!;
    expect(within(dafydd).getByText('£25.00 in credit')).toBeInTheDocument();
    expect(within(dafydd).getByText('On hold until 01/12/2026')).toBeInTheDocument();
    expect(within(dafydd).getByText('Not owing')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Margaret Hughes' }));
    expect(address()).toBe('/leaseholders/acc-1');
  });

  it('searches, filters and sorts on the server, keeping the view in the address', async () => {
    const calls = mockList([MARGARET]);
    const { user, address } = renderPage('/leaseholders?offset=25');
    await user.type(screen.getByLabelText('Search'), 'RIV-F3');
    await waitFor(() => expect(address()).toBe('/leaseholders?search=RIV-F3'));
    await user.click(screen.getByRole('radio', { name: 'On hold' }));
    expect(address()).toBe('/leaseholders?search=RIV-F3&status=on_hold');
    // Balance sorts largest first by default; its header turns it round, Owing for starts longest.
    await user.click(screen.getByRole('button', { name: 'Balance' }));
    expect(address()).toContain('sort=balance&direction=asc');
    await user.click(screen.getByRole('button', { name: 'Owing for' }));
    expect(address()).toContain('sort=daysOwing&direction=desc');
    await waitFor(() =>
      expect(listUrls(calls).at(-1)).toBe(
        '/api/leaseholders?search=RIV-F3&status=on_hold&sort=daysOwing&direction=desc&limit=25&offset=0',
      ),
    );
  });

  it('reads the filter from the address', async () => {
    const calls = mockList([DAFYDD]);
    renderPage('/leaseholders?status=in_credit');
    expect(await screen.findByText('Dafydd Jones')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'In credit' })).toBeChecked();
    expect(listUrls(calls)[0]).toContain('status=in_credit');
  });

  it('lists those on no recent sheet, saying what that means and what to do', async () => {
    const calls = mockList([{ ...DAFYDD, offSheetsSince: '2026-09-01T09:00:00.000Z' }]);
    renderPage('/leaseholders?status=off_sheets');
    expect(await screen.findByText('On no sheet since 01/09/2026')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Not on recent sheets' })).toBeChecked();
    expect(
      screen.getByText(
        'Owing, and named by no spreadsheet uploaded in the last 35 days: sold, or a duplicate account? Open one to correct its balance.',
      ),
    ).toBeInTheDocument();
    expect(listUrls(calls)[0]).toContain('status=off_sheets');
  });

  it('lists two owing accounts at one flat, saying what to do about a duplicate', async () => {
    const calls = mockList([DAFYDD]);
    const { user } = renderPage();
    await screen.findByText(DAFYDD.name);
    await user.click(screen.getByRole('radio', { name: 'Same flat, two accounts' }));
    expect(
      await screen.findByText(
        'Owing, beside another owing account at the same property (listed flat by flat): joint leaseholders, or one leaseholder named two ways and asked twice? Open the duplicate to correct its balance to £0.00.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(listUrls(calls).at(-1)).toContain('status=same_flat'));
  });

  it('pages on the server', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      makeLeaseholder({ id: `acc-${index}`, name: `Leaseholder ${index + 1}` }),
    );
    mockList(many);
    const { user, address } = renderPage();
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(address()).toBe('/leaseholders?offset=25');
    expect(await screen.findByText('Leaseholder 30')).toBeInTheDocument();
  });

  it('says when more match than were counted, pages on, and exports them all, counted', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      makeLeaseholder({ id: `acc-${index}`, name: `Leaseholder ${index + 1}` }),
    );
    mockList(many, { cap: 25 });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderPage();
    expect(await screen.findByText('1–25 of 25+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const { toast } = await import('@/components/ui/toaster');
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Export ready', {
        description: '30 leaseholders exported.',
      }),
    );
  });

  it('says when there are no leaseholders at all, and points to the upload', async () => {
    mockList([]);
    renderPage();
    expect(await screen.findByText('No leaseholders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a spreadsheet' })).toHaveAttribute(
      'href',
      '/upload',
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('says when a search finds nobody, and clears it', async () => {
    mockList([]);
    const { user, address } = renderPage('/leaseholders?search=nobody&status=owing');
    expect(await screen.findByText('No leaseholders match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(address()).toBe('/leaseholders');
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('says the list failed to load, never that it is empty', async () => {
    mockList([], { status: 500 });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load leaseholders.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('No leaseholders yet')).toBeNull();
  });

  it('exports the whole filtered list as CSV', async () => {
    const calls = mockList([MARGARET]);
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user } = renderPage('/leaseholders?status=owing&offset=0');
    await screen.findByText('Margaret Hughes');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['leaseholders.csv']));
    expect(calls.map((call) => call.url).filter((url) => url.includes('export.csv'))).toEqual([
      '/api/leaseholders/export.csv?status=owing&sort=balance&direction=desc',
    ]);
  });
});
