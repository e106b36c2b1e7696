// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import type { CallbackRequestItem } from '../../../../shared/callback-requests';
import { CallbackRequestsCard } from './callback-requests-card';

vi.mock('@/components/ui/toaster', () => ({
  toast: { success: vi.fn(), error: vi.fn() },
  Toaster: () => null,
}));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const MINUTE = 60_000;

function makeRequest(overrides: Partial<CallbackRequestItem> = {}): CallbackRequestItem {
  return {
    id: 'req-1',
    phoneNumber: '+447700900123',
    phoneDisplay: '07700 900123',
    createdAt: new Date(Date.now() - 5 * MINUTE).toISOString(),
    handledAt: null,
    ...overrides,
  };
}

/** The callback-requests API over an in-memory list, answering as the server does. */
function mockServer(
  initial: CallbackRequestItem[],
  options: { failList?: boolean; failMark?: boolean } = {},
) {
  const requests = [...initial];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.startsWith('/api/callback-requests?')) {
      if (options.failList) return new Response('', { status: 500, statusText: 'Server Error' });
      const status = new URL(url, 'http://localhost').searchParams.get('status');
      const waiting = requests.filter((item) => item.handledAt === null);
      const items =
        status === 'waiting' ? waiting : requests.filter((item) => item.handledAt !== null);
      return json(200, { items, waitingCount: waiting.length });
    }
    const handled = url.match(/^\/api\/callback-requests\/([^/]+)\/handled$/);
    if (method === 'POST' && handled) {
      if (options.failMark) return json(404, { message: 'Callback request not found.' });
      const item = requests.find((candidate) => candidate.id === decodeURIComponent(handled[1]!));
      if (!item) return json(404, { message: 'Callback request not found.' });
      item.handledAt = new Date().toISOString();
      return json(200, item);
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CallbackRequestsCard />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const card = () => screen.getByRole('region', { name: 'Call-back requests' });

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CallbackRequestsCard', () => {
  it('shows skeleton rows while loading', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderCard();
    expect(within(card()).getAllByTestId('skeleton').length).toBeGreaterThan(0);
    expect(within(card()).getByRole('status')).toHaveTextContent('Loading call-back requests');
  });

  it('lists waiting requests with a tel: link and the time asked, in UK time', async () => {
    mockServer([makeRequest({ createdAt: '2025-07-14T23:30:00.000Z' })]);
    renderCard();
    const link = await screen.findByRole('link', { name: '07700 900123' });
    expect(link).toHaveAttribute('href', 'tel:+447700900123');
    const row = link.closest('li')!;
    expect(row).toHaveTextContent(/Requested \d+ days ago · 15 Jul 2025 at 00:30/);
    expect(within(row).getByRole('button', { name: 'Mark as called' })).toBeInTheDocument();
    expect(within(card()).getByText('1 waiting')).toBeInTheDocument();
  });

  it('shows how long ago in minutes for a recent request', async () => {
    mockServer([makeRequest()]);
    renderCard();
    const link = await screen.findByRole('link', { name: '07700 900123' });
    expect(link.closest('li')).toHaveTextContent('Requested 5 minutes ago');
  });

  it('marks a request as called, refreshes the list and says so', async () => {
    const fetchMock = mockServer([makeRequest()]);
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Mark as called' }));

    expect(await screen.findByText('No call-back requests waiting')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/callback-requests/req-1/handled',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(toast.success).toHaveBeenCalledWith('Marked as called', {
      description: '07700 900123 has been moved to handled requests.',
    });
  });

  it('says so when marking fails, and keeps the request', async () => {
    mockServer([makeRequest()], { failMark: true });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Mark as called' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not mark as called', {
        description: 'Callback request not found.',
      }),
    );
    expect(screen.getByRole('link', { name: '07700 900123' })).toBeInTheDocument();
  });

  it('shows an empty state with a hint when nobody is waiting', async () => {
    mockServer([]);
    renderCard();
    expect(await screen.findByText('No call-back requests waiting')).toBeInTheDocument();
    expect(screen.getByText(/asks to be called back from the home page/)).toBeInTheDocument();
  });

  it('shows handled requests on the Handled toggle', async () => {
    mockServer([
      makeRequest(),
      makeRequest({
        id: 'req-2',
        phoneNumber: '+442079460123',
        phoneDisplay: '020 7946 0123',
        handledAt: new Date(Date.now() - 2 * 60 * MINUTE).toISOString(),
      }),
    ]);
    const user = renderCard();
    await screen.findByRole('link', { name: '07700 900123' });
    expect(screen.queryByRole('link', { name: '020 7946 0123' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Handled' }));
    expect(screen.getByRole('button', { name: 'Handled' })).toHaveAttribute('aria-pressed', 'true');
    const link = await screen.findByRole('link', { name: '020 7946 0123' });
    expect(link.closest('li')).toHaveTextContent('Called 2 hours ago');
    expect(screen.queryByRole('button', { name: 'Mark as called' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '07700 900123' })).not.toBeInTheDocument();
  });

  it('shows an error alert with a retry when the list cannot be read', async () => {
    mockServer([], { failList: true });
    renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load call-back requests.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
