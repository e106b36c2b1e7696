// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { NOT_A_UK_NUMBER_MESSAGE } from '../../../../shared/call-me-now-rules';
import { CallMeNow } from './call-me-now';

const FAILED = 'Sorry, there was an error processing your request. Please try again.';
const HINT = 'Valid UK numbers start with 01, 02, 03, 075, 077, 078 or 079.';

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
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function field() {
  return screen.getByLabelText('Your phone number');
}

async function submitNumber(value: string) {
  const user = userEvent.setup();
  render(<CallMeNow />);
  if (value) await user.type(field(), value);
  await user.click(screen.getByRole('button', { name: 'Call Me Now' }));
  return user;
}

describe('Call Me Now form', () => {
  it('is a labelled phone field with the UK hint under it', () => {
    render(<CallMeNow />);
    const input = field();
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('inputmode', 'tel');
    expect(input).toHaveAttribute('autocomplete', 'tel');
    expect(input).toHaveAccessibleDescription(HINT);
    expect(input).not.toHaveFocus();
  });

  it.each([
    ['', 'Phone number is required'],
    ['   ', 'Phone number is required'],
    ['call me please', 'Please enter a valid phone number'],
    ['0123 456', 'Phone number must be at least 8 digits'],
    ['0123 4567 8901 2345', 'Phone number must be no more than 15 digits'],
    ['1234 5678 90', NOT_A_UK_NUMBER_MESSAGE],
  ])('refuses %j with "%s" and sends nothing', async (value, message) => {
    await submitNumber(value);
    const input = field();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(`${message} ${HINT}`);
    expect(input).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks again on every change once submitted, and not before', async () => {
    const user = userEvent.setup();
    render(<CallMeNow />);
    await user.type(field(), 'abc');
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Call Me Now' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();

    await user.clear(field());
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    await user.type(field(), '07700 9');
    expect(screen.getByText('Phone number must be at least 8 digits')).toBeInTheDocument();
    await user.type(field(), '00123');
    expect(screen.queryByText(/Phone number/)).not.toBeInTheDocument();
    expect(field()).not.toHaveAttribute('aria-invalid');
  });

  it('sends the number, shows the answer, and Try Again returns to an empty form', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = await submitNumber(' 07700 900123 ');

    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/call-me-now');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ phoneNumber: '07700 900123' });

    const message = 'Thank you. We will call you back on 07700 900123 during office hours.';
    answer(jsonResponse(200, { success: true, message }));

    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent(message);
    expect(result).toHaveTextContent('Request received');
    await waitFor(() => expect(result).toHaveFocus());
    expect(screen.queryByLabelText('Your phone number')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(field()).toHaveValue('');
    await waitFor(() => expect(field()).toHaveFocus());
    expect(screen.queryByText('Phone number is required')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Call Me Now' })).toBeEnabled();
  });

  it('keeps a number typed into the server’s page before the script took it over', async () => {
    // A slow phone: the page is on screen and typed into before its JavaScript arrives.
    const container = document.createElement('div');
    container.innerHTML = renderToString(<CallMeNow />);
    document.body.append(container);
    container.querySelector<HTMLInputElement>('input[name="phoneNumber"]')!.value = '0770 09';
    render(<CallMeNow />, { container, hydrate: true });
    const user = userEvent.setup();

    await waitFor(() => expect(field()).toHaveValue('0770 09'));
    await user.click(screen.getByRole('button', { name: 'Call Me Now' }));
    expect(screen.getByText('Phone number must be at least 8 digits')).toBeInTheDocument();
    await user.type(field(), '00123');
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, message: 'Thank you.' }));
    await user.click(screen.getByRole('button', { name: 'Call Me Now' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      phoneNumber: '0770 0900123',
    });
  });

  it("shows the server's own message for a refusal, and keeps the number to correct", async () => {
    const message =
      'You have asked for several callbacks in the last hour, so we cannot take another one just now.';
    fetchMock.mockResolvedValue(jsonResponse(429, { success: false, message }));
    const user = await submitNumber('020 7946 0123');

    const result = await screen.findByRole('alert');
    expect(result).toHaveTextContent(message);
    expect(result).toHaveTextContent('Request not sent');
    await waitFor(() => expect(result).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(field()).toHaveValue('020 7946 0123');
  });

  it('shows the standard apology when the connection fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await submitNumber('07700 900123');
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
  });

  it('shows the standard apology for a 5xx without a message', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad Gateway</html>', {
        status: 502,
        headers: { 'Content-Type': 'text/html' },
      }),
    );
    await submitNumber('07700 900123');
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
  });
});
