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
import type { PreviewData, PreviewResult } from '../../../../shared/messages';
import { PREVIEW_STORAGE_KEY } from '../preview-data';
import { MessagePreviewPage } from './message-preview-page';

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

type Tenant = PreviewData['tenant'];

function makeTenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    name: 'Mrs Margaret Hughes',
    email: 'margaret@example.co.uk',
    phone: '+447700900123',
    address: 'Flat 4, Riverside Court, London SE1 9PG',
    ...overrides,
  };
}

const PAYMENT_URL = 'https://pay.example.co.uk/payment/abc123';
const EXPIRES_AT = '2026-06-30T23:30:00.000Z';

function previewQuery(tenant: Tenant | string = makeTenant()): string {
  return new URLSearchParams({
    tenant: typeof tenant === 'string' ? tenant : JSON.stringify(tenant),
    amount: '1245.50',
    paymentUrl: PAYMENT_URL,
    expiresAt: EXPIRES_AT,
  }).toString();
}

const RESULT: PreviewResult = {
  email: {
    subject: 'Payment due: £1,245.50 for Flat 4',
    html: '<p id="email-body">Dear &lt;script&gt;Margaret</p><script>window.hacked = true</script>',
  },
  whatsapp: 'Dear Margaret, please pay £1,245.50 at https://pay.example.co.uk/payment/abc123',
  sms: 'Dear Margaret, please pay £1,245.50 at https://pay.example.co.uk/payment/abc123',
};

interface ServerOptions {
  generate?: () => Response | Promise<Response>;
  send?: () => Response | Promise<Response>;
}

/** POST /api/preview/generate and /send, answering with the server's shapes. */
function mockServer(options: ServerOptions = {}) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    if (url === '/api/preview/generate' && init?.method === 'POST') {
      return options.generate ? options.generate() : json(200, RESULT);
    }
    if (url === '/api/preview/send' && init?.method === 'POST') {
      return options.send ? options.send() : json(200, { success: true, queued: 2 });
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
        <MessagePreviewPage />
      </Router>
    </QueryClientProvider>,
  );
  return { location, user: userEvent.setup() };
}

const badges = () => within(screen.getByRole('list', { name: 'Channels' }));

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.info).mockClear();
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('single message preview: where the data comes from', () => {
  it('uses the query parameters and posts them to generate', async () => {
    const { calls } = mockServer();
    renderPage(`/message-preview?${previewQuery()}`);

    expect(await screen.findByTestId('whatsapp-text')).toHaveTextContent(RESULT.whatsapp);
    expect(calls[0]).toEqual({
      url: '/api/preview/generate',
      body: {
        tenant: makeTenant(),
        amount: '1245.50',
        paymentUrl: PAYMENT_URL,
        expiresAt: EXPIRES_AT,
      },
    });
  });

  it('uses the saved preview data when the query is incomplete, then removes it', async () => {
    const saved: PreviewData = {
      tenant: makeTenant({ name: 'Mr Saved Tenant' }),
      amount: 80,
      paymentUrl: PAYMENT_URL,
      expiresAt: EXPIRES_AT,
    };
    window.sessionStorage.setItem(PREVIEW_STORAGE_KEY, JSON.stringify(saved));
    const { calls } = mockServer();
    renderPage('/message-preview?amount=10');

    expect(await screen.findByText('Mr Saved Tenant')).toBeInTheDocument();
    expect(screen.getByText('£80.00')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(PREVIEW_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ tenant: { name: 'Mr Saved Tenant' }, amount: 80 });
  });

  it('opens the upload page when there is no preview data at all', async () => {
    const { calls } = mockServer();
    const { location } = renderPage('/message-preview');

    await waitFor(() => expect(location.history).toEqual(['/upload']));
    expect(calls).toEqual([]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says the data is invalid and opens the upload page when the tenant is not JSON', async () => {
    mockServer();
    const { location } = renderPage(`/message-preview?${previewQuery('{not json')}`);

    await waitFor(() => expect(location.history).toEqual(['/upload']));
    expect(toast.error).toHaveBeenCalledWith(
      'Invalid Preview Data',
      expect.objectContaining({
        description: 'Unable to load preview data. Redirecting to upload page.',
      }),
    );
  });

  it('shows the generate failure as "Failed to load message preview"', async () => {
    mockServer({ generate: () => json(500, { message: 'Something went wrong' }) });
    renderPage(`/message-preview?${previewQuery()}`);

    expect(await screen.findByText('Failed to load message preview')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Send' })).toBeDisabled();
  });
});

describe('single message preview: what it shows', () => {
  it('shows the payment details, and "Not provided" for a missing email', async () => {
    mockServer();
    renderPage(`/message-preview?${previewQuery(makeTenant({ email: null }))}`);

    const details = within(await screen.findByRole('region', { name: 'Payment Details' }));
    expect(details.getByText('Mrs Margaret Hughes')).toBeInTheDocument();
    expect(details.getByText('£1,245.50')).toBeInTheDocument();
    expect(details.getByText('Not provided')).toBeInTheDocument();
    expect(details.getByText('+447700900123')).toBeInTheDocument();
    // 23:30 UTC in summer is 00:30 the next day in the UK.
    expect(details.getByText('1 Jul 2026 at 00:30')).toBeInTheDocument();
  });

  it.each([
    ['email and phone', makeTenant(), ['Email', 'WhatsApp', 'SMS Fallback']],
    ['email only', makeTenant({ phone: null }), ['Email']],
    ['phone only', makeTenant({ email: '' }), ['WhatsApp', 'SMS Fallback']],
    ['a blank email', makeTenant({ email: '   ' }), ['WhatsApp', 'SMS Fallback']],
    ['a blank phone', makeTenant({ phone: ' ' }), ['Email']],
  ])('badges a tenant with %s', async (_name, tenant, expected) => {
    mockServer();
    renderPage(`/message-preview?${previewQuery(tenant)}`);

    await screen.findByRole('heading', { name: 'Payment Details' });
    expect(
      badges()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(expected);
  });

  it('says nothing can be sent, and will not send, with neither email nor phone', async () => {
    mockServer();
    renderPage(`/message-preview?${previewQuery(makeTenant({ email: null, phone: '' }))}`);

    expect(await screen.findByText('No email or phone: nothing can be sent')).toBeInTheDocument();
    await screen.findByText('No email address: no email will be sent.');
    expect(screen.getByRole('button', { name: 'Proceed to Send' })).toBeDisabled();
  });

  it('draws the email in a sandboxed emailPreview, never in the page, and shows both texts', async () => {
    mockServer();
    renderPage(`/message-preview?${previewQuery()}`);

    const emailPreview = await screen.findByTitle('Email to Mrs Margaret Hughes');
    expect(emailPreview.tagName).toBe('IFRAME');
    expect(emailPreview).toHaveAttribute('sandbox', '');
    expect(emailPreview).toHaveAttribute('srcdoc', RESULT.email.html);
    expect(document.getElementById('email-body')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByTestId('email-subject')).toHaveTextContent(RESULT.email.subject);
    expect(screen.getByTestId('whatsapp-text')).toHaveTextContent(RESULT.whatsapp);
    expect(screen.getByTestId('sms-text')).toHaveTextContent(RESULT.sms);
    expect(screen.getByText('Used if WhatsApp fails')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Review the message previews above. Once sent, notifications cannot be recalled.',
      ),
    ).toBeInTheDocument();
  });
});

describe('single message preview: sending', () => {
  async function openDialog(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Proceed to Send' }));
    return screen.getByRole('alertdialog');
  }

  it('asks first; Cancel and Escape close the question without sending', async () => {
    const { calls } = mockServer();
    const { user } = renderPage(`/message-preview?${previewQuery()}`);

    const dialog = await openDialog(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to send these notifications to Mrs Margaret Hughes?',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Send' })).toHaveFocus();

    await openDialog(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/preview/send')).toEqual([]);
  });

  it('keeps focus inside the question while tabbing', async () => {
    mockServer();
    const { user } = renderPage(`/message-preview?${previewQuery()}`);

    const dialog = await openDialog(user);
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const sendNow = within(dialog).getByRole('button', { name: 'Send Now' });
    await user.tab();
    expect(sendNow).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(sendNow).toHaveFocus();
  });

  it('sends, shows "Sending...", then toasts success and opens the dashboard', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = mockServer({
      send: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user, location } = renderPage(`/message-preview?${previewQuery()}`);

    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send Now' }));

    const sending = await within(dialog).findByRole('button', { name: 'Sending...' });
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.click(sending);
    expect(calls.filter((call) => call.url === '/api/preview/send')).toHaveLength(1);

    answer(json(200, { success: true, queued: 2 }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin'));
    expect(toast.success).toHaveBeenCalledWith('Notifications Sent', {
      description: 'Payment notifications have been sent successfully to the tenant.',
    });
    expect(calls.find((call) => call.url === '/api/preview/send')!.body).toMatchObject({
      paymentUrl: PAYMENT_URL,
      tenant: { name: 'Mrs Margaret Hughes' },
    });
  });

  it('toasts "Send Failed" and stays on the page when sending fails', async () => {
    mockServer({ send: () => json(404, { message: 'Payment link not found.' }) });
    const { user, location } = renderPage(`/message-preview?${previewQuery()}`);

    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send Now' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Send Failed', {
        description: 'Failed to send notifications',
      }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(location.history).toHaveLength(1);
  });

  it('says so when the link had been sent before (nothing new queued)', async () => {
    mockServer({ send: () => json(200, { success: true, queued: 0 }) });
    const { user, location } = renderPage(`/message-preview?${previewQuery()}`);

    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send Now' }));

    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin'));
    expect(toast.info).toHaveBeenCalledWith('Already Sent', expect.any(Object));
    expect(toast.success).not.toHaveBeenCalled();
  });
});
