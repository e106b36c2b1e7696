// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { DataProtectionCard, type DataProtectionSubject } from './data-protection-card';

const MARGARET: DataProtectionSubject = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  name: 'Margaret Hughes',
  isErased: false,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The two calls, answered as the server does; records what was asked. */
function mockServer(options: { eraseStatus?: number } = {}) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.endsWith('/export')) {
      return new Response('{"account":{}}', {
        status: 200,
        headers: {
          'content-type': 'application/json',
          'content-disposition': 'attachment; filename="leaseholder-RIV-F3-data.json"',
        },
      });
    }
    if (options.eraseStatus === 409) {
      return json(409, { message: "This leaseholder's personal data has already been erased." });
    }
    return json(200, {
      id: MARGARET.id,
      reference: 'RIV-F3',
      erasedAt: new Date().toISOString(),
      messages: 2,
      callbackRequests: 1,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderCard(leaseholder: DataProtectionSubject = MARGARET) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DataProtectionCard leaseholder={leaseholder} />
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DataProtectionCard', () => {
  it('downloads the export under the server’s file name', async () => {
    const calls = mockServer();
    const saved: string[] = [];
    // jsdom has no object URLs; the file itself is the browser's business.
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const user = renderCard();

    await user.click(screen.getByRole('button', { name: 'Export data (JSON)' }));
    expect(await screen.findByText('Export ready')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'GET', url: `/api/leaseholders/${MARGARET.id}/export` }]);
    expect(saved).toEqual(['leaseholder-RIV-F3-data.json']);
    click.mockRestore();
  });

  it('erases only once the clerk has typed the name or ERASE', async () => {
    const calls = mockServer();
    const user = renderCard();

    await user.click(screen.getByRole('button', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Erase Margaret Hughes’s personal data?',
    });
    const confirm = within(dialog).getByRole('button', { name: 'Erase personal data' });
    const box = within(dialog).getByLabelText(/to confirm/);
    expect(box).toHaveFocus();
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await user.click(confirm);
    await user.type(box, 'Margaret{Enter}');
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await user.type(box, ' hughes');
    expect(confirm).toHaveAttribute('aria-disabled', 'false');
    await user.click(confirm);

    expect(await screen.findByText('Personal data erased')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `/api/leaseholders/${MARGARET.id}/erase`,
        body: { confirm: 'Margaret hughes' },
      },
    ]);
  });

  it('accepts ERASE, and shows the server’s refusal', async () => {
    mockServer({ eraseStatus: 409 });
    const user = renderCard();
    await user.click(screen.getByRole('button', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText(/to confirm/), 'ERASE{Enter}');
    // In the dialog that asked, as well as in a toast.
    expect(
      await within(dialog).findByText("This leaseholder's personal data has already been erased."),
    ).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('offers only the export for an erased account, and says so', () => {
    mockServer();
    renderCard({
      ...MARGARET,
      name: 'Erased leaseholder',
      isErased: true,
      erasedAt: '2026-03-02T10:15:00.000Z',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Personal data erased');
    expect(screen.getByRole('status')).toHaveTextContent('never messaged again');
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export data (JSON)' })).toBeInTheDocument();
  });
});
