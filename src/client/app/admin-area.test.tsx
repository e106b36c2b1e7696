// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { toast } from '@/components/ui/toaster';
import { queryKeys } from '@/lib/query-keys';
import AdminArea from './admin-area';
import { queryClient } from './query-client';

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

interface ServerOptions {
  isSignedIn: boolean;
  isDemo?: boolean;
  logoutStatus?: number;
  /** Never answer the status call, to see the loading state. */
  isStatusSlow?: boolean;
  /** Call Me Now requests waiting to be rung back. */
  waitingCount?: number;
}

/** A stand-in for the API, answering with the server's shapes and messages. */
function mockServer(options: ServerOptions) {
  let isSignedIn = options.isSignedIn;
  const signedOut = () => json(401, { message: 'Please sign in to continue.' });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const route = `${init?.method ?? 'GET'} ${url}`;
    if (route === 'GET /api/auth/status') {
      if (options.isStatusSlow) return new Promise<Response>(() => {});
      return json(200, { isAuthenticated: isSignedIn, loginTime: isSignedIn ? 'x' : null });
    }
    if (route === 'POST /api/auth/login') {
      isSignedIn = true;
      return json(200, { success: true, loginTime: '2025-06-01T09:00:00.000Z' });
    }
    if (route === 'POST /api/auth/logout') {
      const status = options.logoutStatus ?? 200;
      if (status === 200) isSignedIn = false;
      return status === 200 ? json(200, { success: true }) : json(status, {});
    }
    if (!isSignedIn) return signedOut();
    if (route === 'GET /api/system/modes') {
      return json(200, {
        email: options.isDemo ? 'capture' : 'smtp',
        messaging: options.isDemo ? 'capture' : 'twilio',
        payments: options.isDemo ? 'demo' : 'stripe',
        isDemo: options.isDemo === true,
      });
    }
    if (url.startsWith('/api/callback-requests')) {
      return json(200, { items: [], waitingCount: options.waitingCount ?? 0 });
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <AdminArea />
    </Router>,
  );
  return { location, user: userEvent.setup() };
}

const adminNav = () => screen.queryByRole('navigation', { name: 'Admin' });

beforeEach(() => {
  queryClient.clear();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('protected admin pages', () => {
  it('show a spinner while the sign-in status loads', () => {
    mockServer({ isSignedIn: false, isStatusSlow: true });
    renderAt('/admin');
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
    expect(adminNav()).not.toBeInTheDocument();
  });

  it('show the login form, and no sidebar, to a signed-out visitor', async () => {
    mockServer({ isSignedIn: false });
    renderAt('/upload');
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
    expect(adminNav()).not.toBeInTheDocument();
    expect(screen.queryByText('Secure admin session')).not.toBeInTheDocument();
  });

  it('show the page, with the sidebar, to signed-in staff', async () => {
    mockServer({ isSignedIn: true });
    renderAt('/upload');
    expect(await screen.findByRole('heading', { name: 'Bulk Upload' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Template' })).toBeInTheDocument();
    const nav = adminNav();
    expect(nav).toBeInTheDocument();
    const links = within(nav!).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Bulk Upload', '/upload'],
      ['Payment Status', '/payments'],
      ['Leaseholders', '/leaseholders'],
      ['Templates', '/templates'],
      ['Message Log', '/messages'],
      ['System', '/system'],
    ]);
    expect(within(nav!).getByRole('link', { name: 'Bulk Upload' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav!).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByText('Secure admin session')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('swap the login form for the page after signing in, on the same path', async () => {
    mockServer({ isSignedIn: false });
    const { user, location } = renderAt('/admin');
    await user.type(await screen.findByLabelText('Administrator Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(adminNav()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Access' })).not.toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Login Successful', {
      description: 'Welcome to the admin dashboard',
    });
    await waitFor(() => expect(location.history).toEqual(['/admin', '/admin']));
  });

  it('show the dashboard on /dashboard too, with Dashboard highlighted', async () => {
    mockServer({ isSignedIn: true });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(adminNav()!).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('the sidebar on other pages', () => {
  it('is shown on the 404 page to signed-in staff', async () => {
    mockServer({ isSignedIn: true });
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    await waitFor(() => expect(adminNav()).toBeInTheDocument());
  });

  it('is not shown on the 404 page to a signed-out visitor', async () => {
    mockServer({ isSignedIn: false });
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(screen.queryByTestId('page-spinner')).not.toBeInTheDocument());
    expect(adminNav()).not.toBeInTheDocument();
  });

  it('is not shown on a path containing /payment, even when signed in', async () => {
    const fetchMock = mockServer({ isSignedIn: true });
    renderAt('/payment');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/auth/status', expect.anything()),
    );
    await screen.findByRole('link', { name: 'Go to dashboard' });
    expect(adminNav()).not.toBeInTheDocument();
  });
});

describe('staff screens without traps (issue 31)', () => {
  it('badge the Dashboard item with the call-back requests waiting', async () => {
    mockServer({ isSignedIn: true, waitingCount: 3 });
    renderAt('/upload');
    const nav = await waitFor(() => {
      const found = adminNav();
      if (!found) throw new Error('no sidebar yet');
      return found;
    });
    expect(
      await within(nav).findByRole('link', {
        name: /^Dashboard ?\(3 call-back requests waiting\)$/,
      }),
    ).toHaveAttribute('href', '/admin');
  });

  it('start each page at the top, but keep the place on Back', async () => {
    mockServer({ isSignedIn: true });
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { user } = renderAt('/upload');
    await screen.findByRole('heading', { name: 'Bulk Upload' });
    scrollTo.mockClear();
    await user.click(within(adminNav()!).getByRole('link', { name: 'Payment Status' }));
    await screen.findByRole('heading', { name: 'Payment Status' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    scrollTo.mockClear();
    window.history.replaceState(null, '', '/upload');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await user.click(within(adminNav()!).getByRole('link', { name: 'Bulk Upload' }));
    await screen.findByRole('heading', { name: 'Bulk Upload' });
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('the phone menu', () => {
  it('opens the sidebar as a labelled dialog that Escape closes, giving focus back', async () => {
    mockServer({ isSignedIn: true });
    const { user } = renderAt('/upload');
    const menuButton = await screen.findByRole('button', { name: 'Open menu' });

    await user.click(menuButton);
    const drawer = screen.getByRole('dialog', { name: 'Admin menu' });
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(within(drawer).getByRole('link', { name: 'Payment Status' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(menuButton).toHaveFocus());
  });

  it('closes once an item is chosen', async () => {
    mockServer({ isSignedIn: true });
    const { user, location } = renderAt('/upload');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));

    const drawer = screen.getByRole('dialog', { name: 'Admin menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Templates' }));
    expect(location.history).toEqual(['/upload', '/templates']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the demo-mode banner', () => {
  it('names what is captured and simulated when the server is in demo mode', async () => {
    mockServer({ isSignedIn: true, isDemo: true });
    renderAt('/admin');
    expect(
      await screen.findByText(
        'Demo mode: emails and WhatsApp/SMS messages are captured, not sent, and payments are simulated.',
      ),
    ).toBeInTheDocument();
  });

  it('is absent when every service is real', async () => {
    const fetchMock = mockServer({ isSignedIn: true, isDemo: false });
    renderAt('/admin');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/system/modes', expect.anything()),
    );
    expect(screen.queryByText(/Demo mode/)).not.toBeInTheDocument();
  });
});

describe('Sign Out', () => {
  it('signs out, clears the cache and goes to the home page', async () => {
    const fetchMock = mockServer({ isSignedIn: true, isDemo: true });
    const { user, location } = renderAt('/upload');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(location.history).toEqual(['/upload', '/']));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(queryClient.getQueryData(queryKeys.providerModes)).toBeUndefined();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says Logout failed and stays put when the server refuses', async () => {
    mockServer({ isSignedIn: true, logoutStatus: 500 });
    const { user, location } = renderAt('/upload');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Logout failed', expect.anything()),
    );
    expect(location.history).toEqual(['/upload']);
    expect(adminNav()).toBeInTheDocument();
  });
});

describe('an expired session', () => {
  it('brings back the login form when an admin call answers 401', async () => {
    let isSessionLive = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/auth/status') {
          return json(200, { isAuthenticated: isSessionLive, loginTime: null });
        }
        if (url === '/api/system/modes') {
          return json(200, {
            email: 'smtp',
            messaging: 'twilio',
            payments: 'stripe',
            isDemo: false,
          });
        }
        // The session ends on the server between the status check and the first data read.
        isSessionLive = false;
        return json(401, { message: 'Please sign in to continue.' });
      }),
    );
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
    expect(adminNav()).not.toBeInTheDocument();
  });
});
