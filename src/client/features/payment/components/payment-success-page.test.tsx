// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { PAYMENT_NOT_FOUND_MESSAGE, type PaymentResult } from '../../../../shared/payment-page';
import { PaymentSuccessPage } from './payment-success-page';

const PAID: PaymentResult = {
  status: 'succeeded',
  tenant: { name: 'Margaret Hughes', address: 'Flat 3, 12 Riverside Court, London SE1 9AA' },
  amount: '1245.50',
  amountPence: 124_550,
  transactionId: 'cs_test_a1b2c3',
  method: 'card',
  paidAt: '2026-07-14T13:05:00.000Z',
  receipt: 'sent',
  receiptSent: true,
  failureReason: null,
  remainingAmount: '0.00',
  remainingPence: 0,
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/payment-success?link_id=link123&session_id=cs_test_a1');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOT_CHECKED = 'We Could Not Check Your Payment';

describe('Payment success page', () => {
  it('asks for the link’s payment with the Stripe session and shows it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, PAID));
    render(<PaymentSuccessPage />);
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    expect(screen.getByText('cs_test_a1b2c3')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/api/payment-link/link123/payment?session_id=cs_test_a1',
    );
  });

  it('shows the help card with the answer, not below the spinner, so nothing jumps', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, PAID));
    render(<PaymentSuccessPage />);
    expect(screen.getByText('Loading your payment...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Need help?' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Need help?' })).toBeInTheDocument();
  });

  it('says Payment Not Found only when there is no payment for the link (404)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { message: PAYMENT_NOT_FOUND_MESSAGE }));
    render(<PaymentSuccessPage />);
    expect(await screen.findByRole('heading', { name: 'Payment Not Found' })).toBeInTheDocument();
    expect(screen.queryByText(NOT_CHECKED)).not.toBeInTheDocument();
  });

  it.each([
    ['the payment provider is unreachable (502)', () => jsonResponse(502, { message: 'x' })],
    ['the server fails (500)', () => jsonResponse(500, { message: 'x' })],
    ['a proxy answers HTML (503)', () => new Response('<html>Bad gateway</html>', { status: 503 })],
  ])('does not say "not found" when %s, and Try Again reads again', async (_case, answer) => {
    fetchMock.mockResolvedValueOnce(answer()).mockResolvedValueOnce(jsonResponse(200, PAID));
    render(<PaymentSuccessPage />);
    expect(await screen.findByRole('heading', { name: NOT_CHECKED })).toBeInTheDocument();
    expect(
      screen.getByText(
        'We could not check your payment just now. This does not mean that your payment has failed.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Please do not pay again/)).toBeInTheDocument();
    expect(screen.queryByText('Payment Not Found')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says when there is no connection', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<PaymentSuccessPage />);
    expect(await screen.findByRole('heading', { name: NOT_CHECKED })).toBeInTheDocument();
  });

  it('asks to wait a few minutes after too many checks (429)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { message: 'Too many requests' }));
    render(<PaymentSuccessPage />);
    expect(await screen.findByRole('heading', { name: NOT_CHECKED })).toBeInTheDocument();
    expect(screen.getByText(/Please wait a few minutes, then try again/)).toBeInTheDocument();
  });

  it('keeps a clearing payment on screen when a re-read fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const clearing = { ...PAID, status: 'processing', paidAt: null, receipt: 'none' } as const;
      fetchMock
        .mockResolvedValueOnce(jsonResponse(200, clearing))
        .mockResolvedValueOnce(jsonResponse(502, { message: 'x' }))
        .mockResolvedValueOnce(jsonResponse(200, PAID));
      render(<PaymentSuccessPage />);
      expect(
        await screen.findByRole('heading', { name: 'Payment Processing' }),
      ).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(4000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('heading', { name: 'Payment Processing' })).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(4000);
      expect(
        await screen.findByRole('heading', { name: 'Payment Successful' }),
      ).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts from the server’s read without asking again, and shows what is left to pay', () => {
    const part = { ...PAID, amount: '200.00', amountPence: 20_000, remainingPence: 104_550 };
    render(
      <PaymentSuccessPage
        initial={{
          page: 'payment-success',
          linkId: 'link123',
          result: { status: 200, body: part },
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    expect(screen.getByText('£200.00')).toBeInTheDocument();
    expect(screen.getByText('£1,045.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay the rest (£1,045.50)' })).toHaveAttribute(
      'href',
      '/payment/link123',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers no “Pay the rest” once the balance is paid', () => {
    render(
      <PaymentSuccessPage
        initial={{
          page: 'payment-success',
          linkId: 'link123',
          result: { status: 200, body: PAID },
        }}
      />,
    );
    expect(screen.queryByRole('link', { name: /Pay the rest/ })).not.toBeInTheDocument();
  });
});
