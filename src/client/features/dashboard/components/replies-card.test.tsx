// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';
import type { LeaseholderReplies } from '../../../../shared/dashboard';
import { RepliesCard } from './replies-card';

const REPLY = {
  id: '41',
  kind: 'reply' as const,
  accountId: 'account-7',
  tenantName: 'Margaret Hughes',
  address: 'Flat 3, Riverside Court',
  phone: '07911 123456',
  channel: 'whatsapp' as const,
  text: 'I paid by bank transfer on Monday.\nReference FLAT3.',
  receivedAt: '2026-11-29T14:02:00.000Z',
};

/** The replies list as the server holds it: marking one read takes it off. */
function mockServer(replies: LeaseholderReplies) {
  let items = [...replies.items];
  let total = replies.total;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/dashboard/replies') {
      return new Response(JSON.stringify({ items, total }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    const read = /^\/api\/dashboard\/replies\/(\d+)\/read$/.exec(url);
    if (read && init?.method === 'POST') {
      items = items.filter((item) => item.id !== read[1]);
      total -= 1;
      return new Response(null, { status: 204 });
    }
    return new Response('', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={memoryLocation({ path: '/dashboard' }).hook}>
        <RepliesCard />
      </Router>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Replies from leaseholders', () => {
  it('is not shown when there is no unread reply', async () => {
    const fetchMock = mockServer({ items: [], total: 0 });
    renderCard();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('Replies from leaseholders')).not.toBeInTheDocument();
  });

  it('shows what each wrote, by which channel and when, with their account a click away', async () => {
    const stop = {
      ...REPLY,
      id: '42',
      kind: 'stop' as const,
      accountId: 'account-8',
      tenantName: 'Dafydd Jones',
      channel: 'sms' as const,
      text: 'STOP: no more WhatsApp or texts to their phone until they reply START. Reach them by email, phone or post.',
    };
    const unmatched = {
      ...REPLY,
      id: '01a2-u',
      kind: 'unmatched' as const,
      accountId: null,
      tenantName: null,
      address: null,
      phone: '07700 900999',
      text: "It's Margaret from flat 3, this is my new number",
    };
    mockServer({ items: [REPLY, stop, unmatched], total: 12 });
    renderCard();
    const card = await screen.findByRole('region', { name: /Replies from leaseholders/ });
    expect(within(card).getByText('12 unread')).toBeInTheDocument();
    const [row, stopped, stranger] = within(card).getAllByRole('listitem');
    expect(stranger).toHaveTextContent('07700 900999');
    expect(stranger).toHaveTextContent('A number on no account.');
    expect(stranger).toHaveTextContent("It's Margaret from flat 3, this is my new number");
    expect(
      within(stranger!).getByRole('button', { name: 'Mark as read' }),
    ).toHaveAccessibleDescription('07700 900999');
    expect(stopped).toHaveTextContent(
      'Replied STOP: no more WhatsApp or texts to their phone until they reply START.',
    );
    expect(stopped).toHaveTextContent('Text message from 07911 123456 · ');
    // An answer goes from their page, the text dialog open; a STOP is not answered.
    expect(within(row!).getByRole('link', { name: 'Reply' })).toHaveAttribute(
      'href',
      '/leaseholders/account-7?action=text',
    );
    expect(within(stopped!).queryByRole('link', { name: 'Reply' })).toBeNull();
    expect(within(row!).getByRole('link', { name: 'Margaret Hughes' })).toHaveAttribute(
      'href',
      '/leaseholders/account-7',
    );
    expect(row).toHaveTextContent('I paid by bank transfer on Monday. Reference FLAT3.');
    expect(row).toHaveTextContent('WhatsApp from 07911 123456 · ');
    expect(within(row!).getByRole('link', { name: '07911 123456' })).toHaveAttribute(
      'href',
      'tel:07911123456',
    );
    expect(row).toHaveTextContent('29 Nov 2026 at 14:02');
    expect(card).toHaveTextContent('Showing the newest 3 of 12 replies.');
  });

  it('takes a reply off once marked read, and the card with the last one', async () => {
    const fetchMock = mockServer({ items: [REPLY], total: 1 });
    const user = renderCard();
    const card = await screen.findByRole('region', { name: /Replies from leaseholders/ });
    await user.click(
      within(card).getByRole('button', { name: 'Mark as read', description: 'Margaret Hughes' }),
    );
    await vi.waitFor(() =>
      expect(screen.queryByText('Replies from leaseholders')).not.toBeInTheDocument(),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/dashboard/replies/41/read',
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
