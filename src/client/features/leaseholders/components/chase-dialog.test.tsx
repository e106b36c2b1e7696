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
import type { ChasePreview, ChaseProgress } from '../../../../shared/chase';
import { formatDateTime } from '../../../../shared/dates';
import { json, makeLeaseholder, mockApi } from '../test-data';
import { LeaseholdersPage } from './leaseholders-page';

vi.mock('@/components/ui/toaster', () => ({
  toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
  Toaster: () => null,
}));

const CHASE: ChaseProgress = {
  id: 'chase-1',
  state: 'running',
  planned: 0,
  sent: 0,
  owedPence: 0,
  startedAt: new Date().toISOString(),
  sendsAt: new Date().toISOString(),
  finishedAt: null,
};

/**
 * The list, the chase's count, and the chase: started at once, then as `progress` says when
 * asked how far it has got (by default, finished with everyone counted reached).
 */
function mockServer(counts: Partial<ChasePreview>, progress?: Partial<ChaseProgress>) {
  const preview: ChasePreview = {
    accounts: 0,
    owedPence: 0,
    onHold: 0,
    noContact: 0,
    offSheets: 0,
    sameFlat: 0,
    sendsAt: new Date().toISOString(),
    running: null,
    ...counts,
  };
  const started = { ...CHASE, planned: preview.accounts, sendsAt: preview.sendsAt };
  return mockApi(({ method, url }) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/leaseholders/chase') {
      return method === 'POST' ? json(202, started) : json(200, preview);
    }
    if (pathname === `/api/leaseholders/chase/${CHASE.id}`) {
      return json(200, {
        ...started,
        state: 'finished',
        sent: preview.accounts,
        owedPence: preview.owedPence,
        finishedAt: new Date().toISOString(),
        ...progress,
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

async function openChase() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={memoryLocation({ path: '/leaseholders' }).hook}>
        <LeaseholdersPage />
      </Router>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Chase everyone owing' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('Chase everyone owing', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('counts who gets a link and who is left out, and sends only on confirming', async () => {
    const calls = mockServer({
      accounts: 37,
      owedPence: 2_431_050,
      onHold: 3,
      noContact: 1,
      offSheets: 4,
    });
    const { user, dialog } = await openChase();
    expect(await within(dialog).findByTestId('chase-count')).toHaveTextContent(
      '37 leaseholders · £24,310.50 owed in all',
    );
    expect(screen.getByRole('dialog', { name: 'Chase everyone owing?' })).toBe(dialog);
    const leftOut = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(leftOut).toEqual([
      '3 leaseholders on hold',
      '1 leaseholder with no email address or mobile number to message',
      '4 leaseholders on no sheet for 35 days (sold, or a duplicate?)',
    ]);
    expect(within(dialog).queryByTestId('chase-when')).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId('chase-same-flat')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Send 37 links' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/leaseholders/chase',
    ]);
    // Started, then followed until its job had reached everyone.
    expect(calls.map((call) => call.url)).toContain(`/api/leaseholders/chase/${CHASE.id}`);
    expect(toast.success).toHaveBeenCalledWith('New links sent', {
      description: 'A payment link went to 37 leaseholders, for £24,310.50 in all.',
    });
  });

  it('says the messages wait for the morning when it is night', async () => {
    const morning = new Date(Date.now() + 9 * 3_600_000).toISOString();
    mockServer({ accounts: 3, owedPence: 90_000, sendsAt: morning });
    const { user, dialog } = await openChase();
    expect(await within(dialog).findByTestId('chase-when')).toHaveTextContent(
      `It is outside 10:00–20:00: the links are made now, and their messages wait until ${formatDateTime(morning)}, so no phone buzzes at night.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send 3 links' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('New links sent', {
        description: `A payment link went to 3 leaseholders, for £900.00 in all. The messages go on ${formatDateTime(morning)}.`,
      }),
    );
  });

  it('lists everyone owing with no open link on the page, for a look first', async () => {
    const calls = mockServer({ accounts: 2, owedPence: 50_000 });
    const { user, dialog } = await openChase();
    await within(dialog).findByTestId('chase-count');
    await user.click(
      within(dialog).getByRole('button', { name: 'See who owes with no open link' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)!.url).toMatch(/^\/api\/leaseholders\?status=no_link&/));
    expect(screen.getByRole('radio', { name: 'Owing, no open link' })).toBeChecked();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('warns of those who share a flat with another account that owes, and lists them', async () => {
    const calls = mockServer({ accounts: 5, owedPence: 150_000, sameFlat: 2 });
    const { user, dialog } = await openChase();
    expect(await within(dialog).findByTestId('chase-same-flat')).toHaveTextContent(
      '2 of them share a flat with another account that owes. One leaseholder with two accounts would get two links: check them before sending. See who shares a flat',
    );
    await user.click(within(dialog).getByRole('button', { name: 'See who shares a flat' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.at(-1)!.url).toMatch(/^\/api\/leaseholders\?status=same_flat&/),
    );
    expect(screen.getByRole('radio', { name: 'Same flat, two accounts' })).toBeChecked();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says when there is nobody to chase, and offers no send', async () => {
    const calls = mockServer({});
    const { user, dialog } = await openChase();
    expect(await within(dialog).findByTestId('chase-count')).toHaveTextContent(
      'Nobody to chase: everyone who owes has an open link.',
    );
    const send = within(dialog).getByRole('button', { name: 'Send links' });
    expect(send).toHaveAttribute('aria-disabled', 'true');
    await user.click(send);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says nobody is left to chase but those left out, when all who remain are', async () => {
    mockServer({ onHold: 2 });
    const { dialog } = await openChase();
    expect(await within(dialog).findByTestId('chase-count')).toHaveTextContent(
      'Nobody to chase: everyone who owes has an open link, or is left out below.',
    );
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('2 leaseholders on hold');
  });

  it('follows a long chase, and lets the clerk close the window while it carries on', async () => {
    mockServer(
      { accounts: 5_000, owedPence: 250_000_000 },
      { state: 'running', sent: 1_200, owedPence: 60_000_000 },
    );
    const { user, dialog } = await openChase();
    await user.click(await within(dialog).findByRole('button', { name: 'Send 5,000 links' }));
    expect(await within(dialog).findByTestId('chase-progress')).toHaveTextContent(
      'Sending: 1,200 of 5,000 leaseholders have a new link so far',
    );
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '24');
    expect(within(dialog).queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toast.info).toHaveBeenCalledWith('Chasing carries on', {
      description:
        'New links are being sent: 1,200 of 5,000 leaseholders reached so far. Open Chase everyone owing to see how far it has got.',
    });
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows a chase already running instead of offering to start another', async () => {
    const running = { ...CHASE, planned: 800, sent: 300 };
    const calls = mockServer(
      { accounts: 500, owedPence: 90_000, running },
      { state: 'running', planned: 800, sent: 300 },
    );
    const { dialog } = await openChase();
    expect(await within(dialog).findByTestId('chase-progress')).toHaveTextContent(
      'Sending: 300 of 800 leaseholders have a new link so far',
    );
    expect(within(dialog).queryByTestId('chase-count')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Chasing everyone owing' })).toBe(dialog);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says the last chase stopped part-way, and offers to send again', async () => {
    mockServer({
      accounts: 40,
      owedPence: 90_000,
      running: { ...CHASE, state: 'stopped', planned: 100, sent: 60 },
    });
    const { dialog } = await openChase();
    expect(await within(dialog).findByTestId('chase-stopped')).toHaveTextContent(
      'The last chase stopped part-way: 60 of 100 leaseholders got a new link (System lists its failed job, with Retry). Sending again reaches the rest.',
    );
    expect(within(dialog).getByRole('button', { name: 'Send 40 links' })).toBeEnabled();
  });
});
