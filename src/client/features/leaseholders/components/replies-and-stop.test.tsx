// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';
import { json, makeDetail, makeEvent, mockApi } from '../test-data';
import { LeaseholderPage } from './leaseholder-page';

vi.mock('@/components/ui/toaster', () => ({
  toast: { success: vi.fn(), error: vi.fn() },
  Toaster: () => null,
}));

function renderPage(start: LeaseholderDetail, path = '/leaseholders/acc-1') {
  let detail = start;
  const calls = mockApi(({ method, url }) => {
    if (url === '/api/preview/generate') {
      return json(200, {
        email: { subject: 'Payment due', html: '<p>Hi</p>' },
        whatsapp: 'Hi',
        sms: 'Hi',
      });
    }
    if (method === 'POST' && url.endsWith('/texts')) {
      return detail.textsStoppedAt
        ? json(409, { message: 'Not sent: 07911 123456 replied STOP on 12/11/2026.' })
        : json(201, detail);
    }
    if (method === 'POST' && url.endsWith('/read')) {
      // Read: the server's history no longer calls it unread.
      detail = {
        ...detail,
        timeline: detail.timeline.map((event) => ({ ...event, status: null })),
      };
      return new Response(null, { status: 204 });
    }
    return json(200, detail);
  });
  const location = memoryLocation({ path });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <LeaseholderPage id="acc-1" />
      </Router>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), calls };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STOPPED = '2026-11-12T10:30:00.000Z';

describe("a leaseholder's replies and STOP", () => {
  it('says their mobile replied STOP, and sends a new link by email alone', async () => {
    const { user } = renderPage(makeDetail({ textsStoppedAt: STOPPED }));
    const contact = await screen.findByRole('region', { name: 'Contact details' });
    expect(contact).toHaveTextContent(
      'Replied STOP on 12/11/2026: no WhatsApp or texts until they reply START',
    );
    expect(contact).not.toHaveTextContent('WhatsApp, and SMS if WhatsApp fails');
    await user.click(screen.getByRole('button', { name: 'Send a new link now' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('goes now by email to margaret@example.co.uk.');
    expect(dialog).toHaveTextContent('No WhatsApp or text: 07911 123456 replied STOP.');
    expect(within(dialog).queryByRole('tab', { name: /WhatsApp/ })).toBeNull();
  });

  it('offers no new link when STOP leaves no way to reach them, and says what to do', async () => {
    renderPage(makeDetail({ email: null, textsStoppedAt: STOPPED }));
    const send = await screen.findByRole('button', { name: 'Send a new link now' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(
      'No new link can be sent: their mobile replied STOP to our WhatsApp and texts, and there is no email address: call or write to them, or add an email address.',
    );
  });

  it('shows a reply in the history as they wrote it, and marks it read there', async () => {
    const { user, calls } = renderPage(
      makeDetail({}, [
        makeEvent({
          kind: 'reply',
          title: 'Replied by WhatsApp',
          detail: 'I paid by bank transfer on Monday',
          actor: 'leaseholder',
          status: 'unread',
          refId: '41',
        }),
      ]),
    );
    const history = await screen.findByRole('region', { name: 'History' });
    expect(within(history).getByText('Replied by WhatsApp')).toBeInTheDocument();
    expect(within(history).getByText('I paid by bank transfer on Monday')).toBeInTheDocument();
    expect(within(history).getByText('Unread')).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(within(history).queryByText('Unread')).toBeNull());
    expect(within(history).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(calls).toContainEqual({ method: 'POST', url: '/api/dashboard/replies/41/read' });
  });

  it('sends a text to their mobile, once, from the page or straight from the dashboard', async () => {
    const { user, calls } = renderPage(makeDetail());
    await user.click(await screen.findByRole('button', { name: 'Send a text' }));
    const dialog = screen.getByRole('dialog', { name: 'Send a text to Margaret Hughes' });
    expect(dialog).toHaveTextContent('By WhatsApp to 07911 123456, or as a text message');
    await user.click(within(dialog).getByRole('button', { name: 'Send text' }));
    expect(within(dialog).getByText('Write the message first')).toBeInTheDocument();
    const message = within(dialog).getByLabelText('Message');
    await user.type(message, 'Thank you, we have found your payment.');
    expect(dialog).toHaveTextContent('38 characters · 1 SMS part (GSM-7)');
    await user.click(within(dialog).getByRole('button', { name: 'Send text' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((call) => call.url.endsWith('/texts'));
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/leaseholders/acc-1/texts',
        body: { text: 'Thank you, we have found your payment.', requestId: expect.any(String) },
      },
    ]);
    cleanup();
    renderPage(makeDetail(), '/leaseholders/acc-1?action=text');
    expect(
      await screen.findByRole('dialog', { name: 'Send a text to Margaret Hughes' }),
    ).toBeInTheDocument();
  });

  it('offers no text to a mobile that said STOP, nor to a landline', async () => {
    renderPage(makeDetail({ textsStoppedAt: STOPPED }), '/leaseholders/acc-1?action=text');
    await screen.findByRole('region', { name: 'Contact details' });
    expect(screen.queryByRole('button', { name: 'Send a text' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    renderPage(makeDetail({ phoneKind: 'landline', phoneDisplay: '0113 496 0000' }));
    await screen.findByRole('region', { name: 'Contact details' });
    expect(screen.queryByRole('button', { name: 'Send a text' })).toBeNull();
  });
});
