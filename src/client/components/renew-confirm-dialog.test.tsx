// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import type { RenewalPreview } from '../../shared/payment-links';
import { RenewConfirmDialog } from './renew-confirm-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FIVE_MINUTES_AGO = new Date(Date.now() - 5 * 60_000).toISOString();

function preview(overrides: Partial<RenewalPreview> = {}): RenewalPreview {
  return {
    id: 'link-1',
    tenantName: 'Nia Evans',
    amount: '1245.50',
    amountPence: 124_550,
    channels: ['email', 'whatsapp'],
    createdAt: FIVE_MINUTES_AGO,
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    sentAt: FIVE_MINUTES_AGO,
    ...overrides,
  };
}

function renderDialog(answer: RenewalPreview) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const onConfirm = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RenewConfirmDialog
        linkId="link-1"
        isRenewing={false}
        onConfirm={onConfirm}
        onCancel={() => {}}
      />
    </QueryClientProvider>,
  );
  return { fetchMock, onConfirm };
}

describe('RenewConfirmDialog', () => {
  it('asks with the amount, name and channels, and says when the current link was sent', async () => {
    const { fetchMock, onConfirm } = renderDialog(preview());
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Checking the link…');
    expect(
      await screen.findByText('Send a new link for £1,245.50 to Nia Evans by email and WhatsApp?'),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('The current link was sent 5 minutes ago');
    expect(fetchMock).toHaveBeenCalledWith('/api/payment-links/link-1/renewal', expect.anything());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send New Link' }));
    expect(onConfirm).toHaveBeenCalledWith('link-1');
  });

  it('says a link was never sent, and names the one channel there is', async () => {
    renderDialog(preview({ channels: ['email'], sentAt: null }));
    expect(
      await screen.findByText('Send a new link for £1,245.50 to Nia Evans by email?'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toHaveTextContent('and has not been sent.');
  });
});
