// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { PaymentPageData } from '../../../../shared/page-data';
import {
  type LinkNotAvailable,
  PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
  type PublicPaymentLink,
  RESEND_ANSWER_MESSAGE,
} from '../../../../shared/payment-page';
import { PaymentPage } from './payment-page';

const LINK: PublicPaymentLink = {
  id: 'link123',
  amount: '1245.50',
  amountPence: 124_550,
  expiresAt: '2099-01-01T00:00:00.000Z',
  status: 'pending',
  tenant: { name: 'Margaret Hughes', address: 'Flat 3, 12 Riverside Court, London SE1 9AA' },
  paidAmount: '0.00',
  paidPence: 0,
  minimumPence: 100,
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: Mock<typeof fetch>;

function serverData(
  link: PaymentPageData['link'],
  extra: Partial<PaymentPageData> = {},
): PaymentPageData {
  return { page: 'payment', linkId: 'link123', renderedAt: Date.now(), link, ...extra };
}

/** The page's calls other than its POST of the opening. */
function calls(): [string, string | undefined][] {
  return fetchMock.mock.calls
    .filter(([url]) => !String(url).endsWith('/opened'))
    .map(([url, init]) => [String(url), init?.body as string | undefined]);
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (_url, init) =>
    init?.method === 'POST' ? new Response(null, { status: 204 }) : jsonResponse(200, LINK),
  );
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/payment/link123');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Payment page', () => {
  it('renders the server’s read at once, without reading the link again', () => {
    render(<PaymentPage linkId="link123" initial={serverData({ status: 200, body: LINK })} />);
    expect(screen.getByRole('heading', { name: 'Margaret Hughes' })).toBeInTheDocument();
    expect(screen.getByText('£1,245.50', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay £1,245.50 Securely' })).toBeInTheDocument();
    expect(screen.getByText('Loading secure payment form...')).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  it('is a form that posts to the page itself, so it pays without JavaScript', () => {
    render(<PaymentPage linkId="link123" initial={serverData({ status: 200, body: LINK })} />);
    const form = screen.getByRole('form', { name: 'Payment' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/payment/link123');
    expect(screen.getByRole('radio', { name: /Debit\/Credit Card/ })).toHaveAttribute(
      'name',
      'method',
    );
  });

  it('without the server’s read, shows the placeholder and then the link', async () => {
    render(<PaymentPage linkId="link123" />);
    expect(screen.getByText('Loading your payment details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Margaret Hughes' })).toBeInTheDocument();
  });

  it('says what has been paid so far on a part-paid link', () => {
    const partPaid = { ...LINK, amount: '1045.50', amountPence: 104_550, paidPence: 20_000 };
    render(<PaymentPage linkId="link123" initial={serverData({ status: 200, body: partPaid })} />);
    expect(screen.getByText('£1,045.50', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('£200.00')).toBeInTheDocument();
    expect(screen.getByText(/you have paid/)).toHaveTextContent(
      'Thank you: you have paid £200.00 so far. The balance above is what is left to pay.',
    );
  });

  it('says to wait when the server refuses more payment attempts on the link', async () => {
    const user = userEvent.setup();
    const message =
      'Too many payment attempts on this link. Please wait a few minutes and try again.';
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/pay') ? jsonResponse(429, { message }) : jsonResponse(200, LINK),
    );
    render(<PaymentPage linkId="link123" initial={serverData({ status: 200, body: LINK })} />);
    await user.click(screen.getByRole('button', { name: 'Pay £1,245.50 Securely' }));

    expect(await screen.findByText(message, {}, { timeout: 5_000 })).toBeVisible();
    expect(screen.getByText('Please wait')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay £1,245.50 Securely' })).toBeEnabled();
  });

  it('pays a different amount: checked on the page, named on the button, sent to the server', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/pay')
        ? jsonResponse(409, { message: 'paid' })
        : jsonResponse(200, LINK),
    );
    render(<PaymentPage linkId="link123" initial={serverData({ status: 200, body: LINK })} />);
    await user.click(screen.getByText('Pay a different amount'));
    const field = screen.getByLabelText('Amount to pay');
    expect(field).toHaveAccessibleDescription(
      'Any amount from £1.00 up to your balance of £1,245.50.',
    );

    await user.click(screen.getByRole('button', { name: 'Pay £1,245.50 Securely' }));
    expect(screen.getByText('Enter the amount you want to pay, for example 50.00.')).toBeVisible();
    expect(field).toHaveFocus();
    expect(calls()).toEqual([]);

    await user.type(field, '2000');
    expect(
      screen.getByText('That is more than your balance of £1,245.50. Enter £1,245.50 or less.'),
    ).toBeVisible();
    await user.clear(field);
    await user.type(field, '200');
    expect(screen.queryByText(/more than your balance/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay £200.00 Securely' }));
    expect(calls()[0]).toEqual([
      '/api/payment-link/link123/pay',
      JSON.stringify({ method: 'card', amount: '200.00' }),
    ]);
  });

  it('shows the server’s refusal of a payment posted without JavaScript, with the amount kept', () => {
    const data = serverData(
      { status: 200, body: LINK },
      { payError: { message: 'The smallest amount you can pay online is £1.00.', amount: '0.50' } },
    );
    render(<PaymentPage linkId="link123" initial={data} />);
    expect(screen.getByLabelText('Amount to pay')).toHaveValue('0.50');
    expect(screen.getByText('The smallest amount you can pay online is £1.00.')).toBeVisible();
  });

  it('a replaced link says when the newer one was sent and sends it again on request', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(jsonResponse(202, { message: RESEND_ANSWER_MESSAGE }));
    const replaced: LinkNotAvailable = {
      message: PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
      state: 'replaced',
      replacedOn: '2026-11-24T10:00:00.000Z',
      canRequestNewLink: true,
    };
    render(<PaymentPage linkId="link123" initial={serverData({ status: 404, body: replaced })} />);
    expect(
      screen.getByRole('heading', { name: 'This Payment Link Has Been Replaced' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/We sent you a newer payment link on 24\/11\/2026\./)).toBeVisible();
    expect(screen.queryByText(/£/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send me my current link' }));
    expect(await screen.findByText(RESEND_ANSWER_MESSAGE)).toBeVisible();
    expect(calls()).toEqual([['/api/payment-link/link123/resend', undefined]]);
  });

  it('a link closed because nothing is owed says so, and asks for nothing', () => {
    const settled: LinkNotAvailable = {
      message: PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
      state: 'settled',
      settledOn: '2026-11-24T10:00:00.000Z',
      canRequestNewLink: true,
    };
    render(
      <PaymentPage
        linkId="link123"
        initial={serverData({ status: 404, body: settled })}
        callMeNow={<p>call me form</p>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Nothing to Pay' })).toBeVisible();
    expect(
      screen.getByText(/There was nothing left to pay on your account on 24\/11\/2026/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Send me/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('an unavailable link keeps the spec’s texts and offers a new link and a call', () => {
    const unavailable: LinkNotAvailable = {
      message: PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
      state: 'unavailable',
      canRequestNewLink: true,
    };
    render(
      <PaymentPage
        linkId="link123"
        initial={serverData({ status: 404, body: unavailable })}
        callMeNow={<p>call me form</p>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Payment Link Not Available' })).toBeVisible();
    expect(
      screen.getByText(
        'This payment link may have expired or is no longer valid. Please contact the provider for assistance.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Ask us to call me' })).toBeVisible();
    expect(screen.getByText('call me form')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('offers no new link where staff have turned that off, and shows a resend answer', () => {
    const unavailable: LinkNotAvailable = {
      message: PAYMENT_LINK_NOT_AVAILABLE_MESSAGE,
      state: 'unavailable',
      canRequestNewLink: false,
    };
    const { unmount } = render(
      <PaymentPage linkId="link123" initial={serverData({ status: 404, body: unavailable })} />,
    );
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).not.toBeInTheDocument();
    unmount();

    const answered = serverData(
      { status: 404, body: { ...unavailable, canRequestNewLink: true } },
      { resend: { success: true, message: RESEND_ANSWER_MESSAGE } },
    );
    render(<PaymentPage linkId="link123" initial={answered} />);
    expect(screen.getByRole('status')).toHaveTextContent(RESEND_ANSWER_MESSAGE);
  });

  it('re-reads the link when paying finds it paid meanwhile', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/pay')
        ? jsonResponse(409, { message: 'paid' })
        : jsonResponse(200, { ...LINK, status: 'paid' }),
    );
    render(<PaymentPage linkId="link123" initial={serverData({ status: 200, body: LINK })} />);
    await user.click(screen.getByRole('button', { name: 'Pay £1,245.50 Securely' }));
    expect(
      await screen.findByRole('heading', { name: 'This balance has been paid' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
