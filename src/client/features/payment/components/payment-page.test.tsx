// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { PublicPaymentLink } from '../../../../shared/payment-page';
import { readLinkFirst } from '../api/payment-api';
import { PaymentPage } from './payment-page';

const LINK: PublicPaymentLink = {
  id: 'link123',
  amount: '1245.50',
  amountPence: 124_550,
  expiresAt: '2099-01-01T00:00:00.000Z',
  status: 'pending',
  tenant: { name: 'Margaret Hughes', address: 'Flat 3, 12 Riverside Court, London SE1 9AA' },
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: Mock<typeof fetch>;

/** Answers the link's reads with `links` in turn; the page's POST of its opening with 204. */
function serveLink(...links: { status: number; body: unknown }[]) {
  fetchMock.mockImplementation(async (_url, init) => {
    if (init?.method === 'POST') return new Response(null, { status: 204 });
    const next = links.length > 1 ? links.shift()! : links[0]!;
    return jsonResponse(next.status, next.body);
  });
}

/** The page's reads of its link (not its POST of the opening). */
function linkReads(): unknown[] {
  return fetchMock.mock.calls.filter(([, init]) => !init?.method).map(([url]) => url);
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/payment/link123');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Payment page', () => {
  it('renders the link read before its first render at once, with no placeholder', async () => {
    serveLink({ status: 200, body: LINK });
    await readLinkFirst('link123');

    render(<PaymentPage linkId="link123" />);
    expect(screen.getByRole('heading', { name: 'Margaret Hughes' })).toBeInTheDocument();
    expect(screen.getByText('£1,245.50', { exact: true })).toBeInTheDocument();
    expect(screen.queryByText('Loading your payment details...')).not.toBeInTheDocument();
    expect(linkReads()).toEqual(['/api/payment-link/link123']);
  });

  it('shows a link that was not available before its first render as not available', async () => {
    serveLink({ status: 404, body: { message: 'Payment link not available' } });
    await readLinkFirst('link123');

    render(<PaymentPage linkId="link123" />);
    expect(screen.getByRole('heading', { name: 'Payment Link Not Available' })).toBeInTheDocument();
    expect(linkReads()).toHaveLength(1);
  });

  it('uses the first read once: opened again (back from paying), it reads the link afresh', async () => {
    serveLink({ status: 200, body: LINK }, { status: 200, body: { ...LINK, status: 'paid' } });
    await readLinkFirst('link123');
    const first = render(<PaymentPage linkId="link123" />);
    expect(screen.getByRole('button', { name: 'Pay £1,245.50 Securely' })).toBeInTheDocument();
    first.unmount();

    render(<PaymentPage linkId="link123" />);
    expect(screen.getByText('Loading your payment details...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'This balance has been paid' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    expect(linkReads()).toHaveLength(2);
  });

  it('without a first read, shows the placeholder and then the link', async () => {
    serveLink({ status: 200, body: LINK });
    render(<PaymentPage linkId="link123" />);
    expect(screen.getByText('Loading your payment details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Margaret Hughes' })).toBeInTheDocument();
  });
});
