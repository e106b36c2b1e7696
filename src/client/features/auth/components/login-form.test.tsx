// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { toast } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { LoginForm } from './login-form';

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

/** Answers like the server: the login call gets `loginAnswer`, the status call follows it. */
function mockServer(loginAnswer: () => Response | Promise<Response>) {
  let isSignedIn = false;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/login' && init?.method === 'POST') {
      const response = await loginAnswer();
      isSignedIn = response.ok;
      return response;
    }
    if (url === '/api/auth/status') {
      return json(200, {
        isAuthenticated: isSignedIn,
        loginTime: isSignedIn ? '2025-06-01T09:00:00.000Z' : null,
      });
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderLoginForm() {
  const queryClient = createQueryClient();
  const location = memoryLocation({ path: '/upload', record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        <LoginForm />
      </Router>
    </QueryClientProvider>,
  );
  return { queryClient, location, user: userEvent.setup() };
}

const passwordField = () => screen.getByLabelText('Administrator Password');
const signInButton = () => screen.getByRole('button', { name: /sign in/i });

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginForm', () => {
  it('shows the Admin Access card with its password field and GDPR note', () => {
    mockServer(() => json(200, { success: true, loginTime: '2025-06-01T09:00:00.000Z' }));
    renderLoginForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeInTheDocument();
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(signInButton()).toHaveTextContent('Sign In');
    expect(screen.getByText(/logged for GDPR compliance/)).toBeInTheDocument();
  });

  it('says the password is required and sends nothing when it is empty', async () => {
    const fetchMock = mockServer(() => json(200, { success: true, loginTime: 'x' }));
    const { user } = renderLoginForm();
    await user.click(signInButton());
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordField()).toHaveAccessibleDescription('Password is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides the password with the toggle button', async () => {
    mockServer(() => json(200, { success: true, loginTime: 'x' }));
    const { user } = renderLoginForm();
    await user.type(passwordField(), 'secret');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveTextContent('Hide');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveTextContent('Show');
  });

  it('reads Signing In... and is disabled while the sign-in is pending', async () => {
    let answer: (response: Response) => void = () => {};
    mockServer(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderLoginForm();
    await user.type(passwordField(), 'secret');
    await user.click(signInButton());

    const pending = await screen.findByRole('button', { name: 'Signing In...' });
    expect(pending).toBeDisabled();

    answer(json(401, { message: 'Invalid password' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('on success clears the cache, re-reads the status, toasts and opens /admin', async () => {
    const fetchMock = mockServer(() =>
      json(200, { success: true, loginTime: '2025-06-01T09:00:00.000Z' }),
    );
    const { user, queryClient, location } = renderLoginForm();
    queryClient.setQueryData(queryKeys.providerModes, { isDemo: true });

    await user.type(passwordField(), 'correct horse');
    await user.click(signInButton());

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Login Successful', {
        description: 'Welcome to the admin dashboard',
      }),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ password: 'correct horse' }),
      }),
    );
    expect(queryClient.getQueryData(queryKeys.providerModes)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.authStatus)).toMatchObject({ isAuthenticated: true });
    await waitFor(() => expect(location.history).toEqual(['/upload', '/admin']));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it.each([
    [401, { message: 'Invalid password' }, 'Invalid password'],
    [
      429,
      { message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' },
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    ],
    [500, {}, 'Invalid password'],
  ])('on a %i answer toasts Login Failed with %j', async (status, body, description) => {
    mockServer(() => json(status, body));
    const { user, location } = renderLoginForm();
    await user.type(passwordField(), 'wrong');
    await user.click(signInButton());

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Login Failed', { description }));
    expect(toast.success).not.toHaveBeenCalled();
    expect(location.history).toEqual(['/upload']);
    expect(passwordField()).toHaveFocus();
  });

  it('does not blame the password when the server cannot be reached', async () => {
    mockServer(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderLoginForm();
    await user.type(passwordField(), 'secret');
    await user.click(signInButton());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Login Failed', {
        description: 'Could not reach the server. Please check your connection and try again.',
      }),
    );
  });
});
