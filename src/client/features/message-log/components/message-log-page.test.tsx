// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import type { MessageLogItem } from '../../../../shared/messages';
import { MESSAGE_LOG_PAGE_SIZE, MessageLogPage } from './message-log-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const MINUTE = 60_000;

let nextId = 1;
function makeMessage(overrides: Partial<MessageLogItem> = {}): MessageLogItem {
  const id = `msg-${nextId++}`;
  const updatedAt = new Date(Date.now() - 5 * MINUTE).toISOString();
  return {
    id,
    linkId: 'link-1',
    tenantName: 'Mrs Margaret Hughes',
    kind: 'payment_link',
    channel: 'whatsapp',
    recipient: '+447700900123',
    cc: [],
    status: 'delivered',
    subject: null,
    body: 'Dear Margaret, please pay £1,245.50',
    html: null,
    providerId: 'SM123',
    error: null,
    createdAt: updatedAt,
    updatedAt,
    events: [
      { status: 'queued', at: updatedAt, detail: null },
      { status: 'delivered', at: updatedAt, detail: 'Delivered to handset' },
    ],
    ...overrides,
  };
}

/** GET /api/messages and /api/messages/:id over an in-memory log, filtered and paged as the server does. */
function mockServer(messages: MessageLogItem[], options: { failList?: boolean } = {}) {
  const listQueries: URLSearchParams[] = [];
  const fetchMock = vi.fn(async (url: string) => {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname === '/api/messages') {
      listQueries.push(parsed.searchParams);
      if (options.failList) return new Response('', { status: 500, statusText: 'Server Error' });
      const status = parsed.searchParams.get('status');
      const channel = parsed.searchParams.get('channel');
      const limit = Number(parsed.searchParams.get('limit'));
      const offset = Number(parsed.searchParams.get('offset'));
      const matching = messages.filter(
        (message) =>
          (!status || message.status === status) && (!channel || message.channel === channel),
      );
      return json(200, { items: matching.slice(offset, offset + limit), total: matching.length });
    }
    const one = parsed.pathname.match(/^\/api\/messages\/([^/]+)$/);
    if (one) {
      const message = messages.find((candidate) => candidate.id === one[1]);
      return message ? json(200, message) : json(404, { message: 'Message not found.' });
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { listQueries };
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MessageLogPage />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const rows = () => screen.getAllByRole('row').slice(1);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Message Log', () => {
  it('lists messages with tenant, channel, kind, recipient, status and update time', async () => {
    mockServer([
      makeMessage({ tenantName: 'Ann Lee', channel: 'email', recipient: 'ann@example.co.uk' }),
      makeMessage({ tenantName: 'Bob Stone', status: 'failed', kind: 'reminder_24h' }),
    ]);
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Message Log' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Ann Lee' });
    const [ann, bob] = rows();
    expect(
      within(ann!).getByText('Payment link · ann@example.co.uk', { exact: false }),
    ).toBeInTheDocument();
    expect(within(ann!).getAllByText('Email')).not.toHaveLength(0);
    expect(within(ann!).getByText('Delivered')).toBeInTheDocument();
    expect(within(ann!).getAllByText('5 minutes ago')).not.toHaveLength(0);
    expect(within(bob!).getByText('24-hour reminder', { exact: false })).toBeInTheDocument();
    expect(within(bob!).getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('filters by status and by channel, from the first page', async () => {
    const { listQueries } = mockServer([
      makeMessage({ tenantName: 'Ann Lee', status: 'failed', channel: 'sms' }),
      makeMessage({ tenantName: 'Bob Stone', status: 'failed', channel: 'email' }),
      makeMessage({ tenantName: 'Cara Moss', status: 'delivered', channel: 'sms' }),
    ]);
    const user = renderPage();
    await screen.findByRole('button', { name: 'Ann Lee' });

    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Channel'), 'SMS');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Ann Lee' })).toBeInTheDocument();

    const last = listQueries.at(-1)!;
    expect(Object.fromEntries(last)).toEqual({
      status: 'failed',
      channel: 'sms',
      limit: String(MESSAGE_LOG_PAGE_SIZE),
      offset: '0',
    });
    expect(Object.fromEntries(listQueries[0]!)).toEqual({
      limit: String(MESSAGE_LOG_PAGE_SIZE),
      offset: '0',
    });
  });

  it('says when nothing matches the filters, and clears them', async () => {
    mockServer([makeMessage({ status: 'delivered' })]);
    const user = renderPage();
    await screen.findByRole('button', { name: 'Mrs Margaret Hughes' });

    await user.selectOptions(screen.getByLabelText('Status'), 'Undelivered');
    expect(await screen.findByText('No messages match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByRole('button', { name: 'Mrs Margaret Hughes' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('says "No messages yet" when nothing has been sent', async () => {
    mockServer([]);
    renderPage();

    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('pages with Previous and Next', async () => {
    const messages = Array.from({ length: MESSAGE_LOG_PAGE_SIZE + 3 }, (_, index) =>
      makeMessage({ tenantName: `Tenant ${index + 1}` }),
    );
    mockServer(messages);
    const user = renderPage();

    expect(await screen.findByText(`Showing 1–${MESSAGE_LOG_PAGE_SIZE} of 28`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Showing 26–28 of 28')).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText(`Showing 1–${MESSAGE_LOG_PAGE_SIZE} of 28`)).toBeInTheDocument();
  });

  it('opens a text message with its content and timeline, and closes it', async () => {
    mockServer([
      makeMessage({
        tenantName: 'Bob Stone',
        status: 'failed',
        error: 'Twilio 63016: outside the 24-hour window',
      }),
    ]);
    const user = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Bob Stone' }));

    const panel = screen.getByRole('region', { name: 'Message details' });
    expect(within(panel).getByRole('heading', { name: 'Message details' })).toHaveFocus();
    expect(within(panel).getByTestId('message-text')).toHaveTextContent(
      'Dear Margaret, please pay £1,245.50',
    );
    expect(within(panel).getByText('Twilio 63016: outside the 24-hour window')).toBeInTheDocument();
    const timeline = within(panel).getByRole('list');
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    expect(within(timeline).getByText('Queued')).toBeInTheDocument();
    expect(within(timeline).getByText('Delivered to handset')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Close message details' }));
    expect(screen.queryByRole('region', { name: 'Message details' })).not.toBeInTheDocument();
  });

  it('draws an email in a sandboxed emailPreview, never in the page', async () => {
    mockServer([
      makeMessage({
        channel: 'email',
        recipient: 'margaret@example.co.uk',
        cc: ['tom.hughes@example.org'],
        subject: 'Payment due: £1,245.50',
        html: '<p id="email-body">Dear Margaret</p><script>window.hacked = 1</script>',
        body: 'Dear Margaret (text part)',
      }),
    ]);
    const user = renderPage();

    // A joint leaseholder copied in is said in the list and named in the details.
    expect(await screen.findByText(/margaret@example.co.uk \(\+1 copied\)/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Mrs Margaret Hughes' }));

    const panel = screen.getByRole('region', { name: 'Message details' });
    expect(within(panel).getByText('Copied to').nextElementSibling).toHaveTextContent(
      'tom.hughes@example.org',
    );
    const emailPreview = within(panel).getByTitle('Email to Mrs Margaret Hughes');
    expect(emailPreview).toHaveAttribute('sandbox', '');
    expect(emailPreview.getAttribute('srcdoc')).toContain('<p id="email-body">');
    expect(document.getElementById('email-body')).toBeNull();
    expect(within(panel).getByText('Payment due: £1,245.50')).toBeInTheDocument();
    expect(within(panel).getByText('Dear Margaret (text part)')).toBeInTheDocument();
  });

  it('shows an error with Try again when the log cannot be read', async () => {
    mockServer([], { failList: true });
    renderPage();

    expect(await screen.findByText('Failed to load messages.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reads the log again on Refresh', async () => {
    const messages = [makeMessage({ tenantName: 'Ann Lee' })];
    const { listQueries } = mockServer(messages);
    const user = renderPage();
    await screen.findByRole('button', { name: 'Ann Lee' });

    messages.push(makeMessage({ tenantName: 'New Tenant' }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByRole('button', { name: 'New Tenant' })).toBeInTheDocument();
    expect(listQueries.length).toBeGreaterThanOrEqual(2);
  });
});
