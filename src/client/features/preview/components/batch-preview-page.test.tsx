// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { toast } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import type { BatchPreview } from '../../../../shared/messages';
import { BATCH_REDIRECT_DELAY_MS, BatchPreviewPage } from './batch-preview-page';

vi.mock('@/components/ui/toaster', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
  Toaster: () => null,
}));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Entry = BatchPreview['tenants'][number];

function makeEntry(name: string, overrides: Partial<Entry['tenant']> = {}, isSent = false): Entry {
  return {
    isSent,
    tenant: {
      name,
      email: `${name.toLowerCase().replaceAll(' ', '.')}@example.co.uk`,
      otherEmails: [],
      phone: '+447700900123',
      address: `1 ${name} Road, London`,
      ...overrides,
    },
    amount: '1245.50',
    preview: {
      email: { subject: `Payment due for ${name}`, content: `<p>Dear ${name}</p>` },
      whatsapp: { content: `WhatsApp for ${name}` },
      sms: { content: `SMS for ${name}` },
    },
  };
}

interface ServerOptions {
  preview?: () => Response | Promise<Response>;
  batch?: Record<string, unknown>;
  send?: () => Response | Promise<Response>;
}

function mockServer(options: ServerOptions = {}) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const route = `${init?.method ?? 'GET'} ${url}`;
    calls.push(route);
    if (route === 'GET /api/upload/batch/batch-1/preview') {
      return options.preview
        ? options.preview()
        : json(200, { tenants: [makeEntry('Ann Lee'), makeEntry('Bob Stone')] });
    }
    if (route === 'GET /api/upload/batch/batch-1') {
      return json(200, { notificationsSentAt: null, totalSent: 0, ...options.batch });
    }
    if (route === 'POST /api/upload/batch/batch-1/send-notifications') {
      return options.send ? options.send() : json(200, { totalSent: 2 });
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

/** The page reads its query from the browser; navigation is recorded by the memory location. */
function renderPage(path: string) {
  window.history.replaceState(null, '', path);
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <BatchPreviewPage />
      </Router>
    </QueryClientProvider>,
  );
  return { location, user: userEvent.setup() };
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('batch message preview', () => {
  it.each([
    ['no batchId', '/message-preview-all'],
    ['an empty batchId', '/message-preview-all?batchId='],
  ])('with %s says so and opens the upload page', async (_name, path) => {
    const { calls } = mockServer();
    const { location } = renderPage(path);

    await waitFor(() => expect(location.history?.at(-1)).toBe('/upload'));
    expect(toast.error).toHaveBeenCalledWith('No batch ID provided', expect.any(Object));
    expect(calls.filter((call) => call.includes('/preview'))).toEqual([]);
  });

  it('toasts "Preview Error" with the status and opens the upload page when the fetch fails', async () => {
    mockServer({ preview: () => json(404, { message: 'Not found' }) });
    const { location } = renderPage('/message-preview-all?batchId=batch-1');

    await waitFor(() => expect(location.history?.at(-1)).toBe('/upload'));
    expect(toast.error).toHaveBeenCalledWith('Preview Error', {
      id: 'batch-preview-error',
      description: 'Failed to fetch preview data: 404 Not found',
    });
  });

  it('shows one card per tenant with its details and three previews', async () => {
    mockServer({
      preview: () =>
        json(200, {
          tenants: [
            makeEntry('Ann Lee', { otherEmails: ['tom.lee@example.org'] }),
            makeEntry('Bob Stone', { email: null }),
          ],
        }),
    });
    const { user } = renderPage('/message-preview-all?batchId=batch-1');

    expect(
      await screen.findByText('Review notifications for 2 tenants before sending'),
    ).toBeInTheDocument();
    const ann = screen
      .getByRole('heading', { name: 'Ann Lee' })
      .closest<HTMLElement>('.rounded-xl')!;
    expect(within(ann).getByText('£1,245.50')).toBeInTheDocument();
    expect(within(ann).getAllByText('ann.lee@example.co.uk')).not.toHaveLength(0);
    expect(within(ann).getByText('1 Ann Lee Road, London')).toBeInTheDocument();
    // A joint leaseholder copied in is named beside the email, and on the email itself.
    expect(within(ann).getByText('Copied to').nextElementSibling).toHaveTextContent(
      'tom.lee@example.org',
    );
    expect(within(ann).getByText('Cc').nextElementSibling).toHaveTextContent('tom.lee@example.org');
    const emailPreview = within(ann).getByTitle('Email to Ann Lee');
    expect(emailPreview).toHaveAttribute('sandbox', '');
    expect(emailPreview).toHaveAttribute('srcdoc', '<p>Dear Ann Lee</p>');
    await user.click(within(ann).getByRole('tab', { name: 'WhatsApp' }));
    expect(within(ann).getByText('WhatsApp for Ann Lee')).toBeVisible();
    await user.click(within(ann).getByRole('tab', { name: 'SMS Fallback' }));
    expect(within(ann).getByText('SMS for Ann Lee')).toBeVisible();
    expect(within(ann).getByText('Used if WhatsApp fails')).toBeVisible();

    const bob = screen
      .getByRole('heading', { name: 'Bob Stone' })
      .closest<HTMLElement>('.rounded-xl')!;
    expect(
      within(within(bob).getByRole('list', { name: 'Channels' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['WhatsApp', 'SMS Fallback']);
    expect(within(bob).getByText('Not provided')).toBeInTheDocument();
    // Without an email, the WhatsApp message is what is shown first.
    expect(within(bob).getByRole('tab', { name: 'WhatsApp' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('shows "No Preview Data" and disables sending when the batch has no tenants', async () => {
    mockServer({ preview: () => json(200, { tenants: [] }) });
    renderPage('/message-preview-all?batchId=batch-1');

    expect(await screen.findByRole('heading', { name: 'No Preview Data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Send to All/ })).toBeDisabled();
  });

  it('disables "Send to All" while the preview loads', async () => {
    mockServer({ preview: () => new Promise<Response>(() => {}) });
    renderPage('/message-preview-all?batchId=batch-1');

    expect(await screen.findByRole('button', { name: /^Send to All/ })).toBeDisabled();
  });

  it('sends after confirming, disabled while sending, then opens the upload page after 2 s', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = mockServer({
      send: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user, location } = renderPage('/message-preview-all?batchId=batch-1');

    const sendAll = await screen.findByRole('button', { name: 'Send to All 2 Tenants' });
    expect(sendAll).toBeEnabled();
    await user.click(sendAll);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to send these notifications to 2 tenants?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Now' }));

    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeInTheDocument();
    expect(sendAll).toBeDisabled();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/upload/batch/batch-1/send-notifications',
    ]);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => answer(json(200, { totalSent: 2 })));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Notifications Sent Successfully', {
        description: 'Payment notifications sent to 2 tenants via email, WhatsApp, and SMS.',
      }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sendAll).toBeDisabled();
    expect(location.history?.at(-1)).toBe('/message-preview-all?batchId=batch-1');

    await act(async () => vi.advanceTimersByTime(BATCH_REDIRECT_DELAY_MS));
    expect(location.history?.at(-1)).toBe('/upload');
  });

  it('toasts "Send Failed" and lets staff try again when sending fails', async () => {
    mockServer({ send: () => json(500, { message: 'Something went wrong' }) });
    const { user } = renderPage('/message-preview-all?batchId=batch-1');

    await user.click(await screen.findByRole('button', { name: 'Send to All 2 Tenants' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Send Now' }),
    );

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Send Failed', {
        description: 'Failed to send notifications',
      }),
    );
    expect(screen.getByRole('button', { name: 'Send to All 2 Tenants' })).toBeEnabled();
  });

  it('shows when an already-sent batch went and offers only its unsent tenants', async () => {
    mockServer({
      preview: () =>
        json(200, {
          tenants: [
            makeEntry('Ann Lee', {}, true),
            makeEntry('Bob Stone', {}, false),
            makeEntry('Cai Rees', {}, true),
          ],
        }),
      batch: { notificationsSentAt: '2026-11-25T08:41:00.000Z', totalSent: 2 },
    });
    const { user } = renderPage('/message-preview-all?batchId=batch-1');

    expect(
      await screen.findByText(
        'Notifications were sent on 25 Nov 2026 at 08:41 to 2 tenants. Review the 1 tenant not sent yet before sending.',
      ),
    ).toBeInTheDocument();
    const ann = screen.getByRole('region', { name: 'Ann Lee' });
    expect(within(ann).getByText('Sent')).toBeInTheDocument();
    const bob = screen.getByRole('region', { name: 'Bob Stone' });
    expect(within(bob).queryByText('Sent')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send to 1 Unsent Tenant' }));
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(
      'Are you sure you want to send these notifications to 1 tenant?',
    );
  });

  it('offers nothing to send when every tenant of the batch was sent', async () => {
    mockServer({
      preview: () =>
        json(200, { tenants: [makeEntry('Ann Lee', {}, true), makeEntry('Bob Stone', {}, true)] }),
      batch: { notificationsSentAt: '2026-11-25T08:41:00.000Z', totalSent: 2 },
    });
    renderPage('/message-preview-all?batchId=batch-1');

    expect(
      await screen.findByText(
        'Notifications were sent on 25 Nov 2026 at 08:41 to 2 tenants. Nothing is left to send.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All 2 Tenants Sent' })).toBeDisabled();
  });

  it('draws 20 cards at first and the rest on request', async () => {
    const tenants = Array.from({ length: 23 }, (_, index) => makeEntry(`Tenant ${index + 1}`));
    mockServer({ preview: () => json(200, { tenants }) });
    const { user } = renderPage('/message-preview-all?batchId=batch-1');

    expect(
      await screen.findByRole('button', { name: 'Send to All 23 Tenants' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('region')).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 23 tenants')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 3 more' }));
    expect(screen.getAllByRole('region')).toHaveLength(23);
  });
});
