// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import type { ProviderModes } from '../../../../shared/system';
import type { AuditEntry, JobItem, SystemOverview } from '../../../../shared/system-status';
import { AUDIT_PAGE_SIZE } from './audit-log-card';
import { SystemPage } from './system-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function makeOverview(overrides: Partial<SystemOverview> = {}): SystemOverview {
  return {
    engine: 'sqlite',
    queue: [
      { kind: 'send-message', state: 'dead', count: 1 },
      { kind: 'send-message', state: 'queued', count: 4 },
      { kind: 'send-reminder', state: 'queued', count: 12 },
    ],
    oldestDueJob: { id: 41, kind: 'send-message', runAt: ago(5 * MINUTE) },
    backups: {
      isManaged: true,
      intervalHours: 24,
      keep: 14,
      latest: null,
      lastGood: {
        file: 'portal-20261125T031500Z-a1b2c3.sqlite',
        takenBy: 'schedule',
        status: 'ok',
        startedAt: ago(3 * 60 * MINUTE),
        finishedAt: ago(3 * 60 * MINUTE),
        sizeBytes: 5_347_738,
        error: null,
      },
    },
    ...overrides,
  };
}

function makeDeadJob(overrides: Partial<JobItem> = {}): JobItem {
  return {
    id: 7,
    kind: 'send-message',
    state: 'dead',
    attempts: 8,
    maxAttempts: 8,
    lastError: 'ChannelError: SMTP server refused the sender (550)',
    runAt: ago(60 * MINUTE),
    createdAt: ago(2 * 60 * MINUTE),
    updatedAt: ago(30 * MINUTE),
    ...overrides,
  };
}

const MODES: ProviderModes = {
  email: 'smtp',
  messaging: 'capture',
  payments: 'stripe',
  isDemo: true,
};

/** The System page's calls over an in-memory state, answering as the server does. */
function mockServer(
  options: {
    overview?: SystemOverview;
    deadJobs?: JobItem[];
    audit?: AuditEntry[];
    failOverview?: boolean;
    modes?: ProviderModes;
  } = {},
) {
  const overview = options.overview ?? makeOverview();
  const state = {
    deadJobs: options.deadJobs ?? [makeDeadJob()],
    audit: options.audit ?? [],
    retried: [] as number[],
    auditQueries: [] as URLSearchParams[],
  };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname;
    if (path === '/api/system/overview') {
      if (options.failOverview) return new Response('', { status: 500, statusText: 'Error' });
      return json(200, overview);
    }
    if (path === '/api/system/modes') return json(200, options.modes ?? MODES);
    if (path === '/api/system/jobs') {
      return json(200, { items: state.deadJobs, total: state.deadJobs.length });
    }
    const retry = path.match(/^\/api\/system\/jobs\/(\d+)\/retry$/);
    if (retry && init?.method === 'POST') {
      const id = Number(retry[1]);
      state.retried.push(id);
      state.deadJobs = state.deadJobs.filter((job) => job.id !== id);
      return json(200, { id, state: 'queued' });
    }
    if (path === '/api/system/audit') {
      state.auditQueries.push(parsed.searchParams);
      const search = parsed.searchParams.get('search')?.toLowerCase();
      const limit = Number(parsed.searchParams.get('limit'));
      const offset = Number(parsed.searchParams.get('offset'));
      const matching = state.audit.filter(
        (entry) =>
          !search ||
          entry.action.includes(search) ||
          (entry.subject ?? '').toLowerCase().includes(search),
      );
      return json(200, { items: matching.slice(offset, offset + limit), total: matching.length });
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return state;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SystemPage />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('System page', () => {
  it('shows the queue, the oldest due job, the last backup and the services', async () => {
    mockServer();
    renderPage();

    expect(await screen.findByRole('heading', { name: 'System', level: 1 })).toBeInTheDocument();
    const queue = await screen.findByRole('table', { name: 'Jobs by kind and state' });
    const sendRow = within(queue).getByRole('row', { name: /Send a message/ });
    expect(
      within(sendRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '0', '1']);
    expect(screen.getByTestId('oldest-due-job')).toHaveTextContent(
      'Oldest due job: Send a message (#41), due 5 minutes ago',
    );
    expect(screen.getByText('3 hours ago')).toBeInTheDocument();
    expect(screen.getByText('5.1 MB')).toBeInTheDocument();
    expect(screen.getByText('backups/portal-20261125T031500Z-a1b2c3.sqlite')).toBeInTheDocument();
    expect(screen.getByText(/Daily, the newest 14 kept/)).toBeInTheDocument();
    expect(await screen.findByText('SMTP')).toBeInTheDocument();
    expect(screen.getByText('Captured, not sent')).toBeInTheDocument();
    expect(screen.getByText('Stripe')).toBeInTheDocument();
  });

  it('says how many WhatsApp messages have an approved template, and why it matters', async () => {
    mockServer({ modes: { ...MODES, messaging: 'twilio', whatsappApproved: ['reminder_1h'] } });
    renderPage();
    expect(await screen.findByText('1 of 4 approved')).toBeInTheDocument();
    expect(
      screen.getByText(
        /reaches WhatsApp only if the leaseholder wrote to you in the last 24 hours/,
      ),
    ).toBeInTheDocument();
  });

  it('shows a dead job with its error, and retries it', async () => {
    const state = mockServer();
    const user = renderPage();

    const list = await screen.findByRole('list', { name: 'Dead jobs' });
    expect(within(list).getByText('Send a message')).toBeInTheDocument();
    expect(
      within(list).getByText('ChannelError: SMTP server refused the sender (550)'),
    ).toBeInTheDocument();
    expect(within(list).getByText(/after 8 of 8 attempts/)).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Retry job #7' }));

    expect(await screen.findByText(/No dead jobs/)).toBeInTheDocument();
    expect(state.retried).toEqual([7]);
  });

  it('searches the audit log on the server and pages it', async () => {
    const audit: AuditEntry[] = Array.from({ length: AUDIT_PAGE_SIZE + 2 }, (_, index) => ({
      id: 100 - index,
      at: ago(index * MINUTE),
      actor: 'admin',
      action: index === 3 ? 'job.retried' : 'auth.login',
      subject: index === 3 ? 'job 7' : null,
      details: index === 3 ? JSON.stringify({ kind: 'send-message', attempts: 8 }) : null,
    }));
    const state = mockServer({ audit });
    const user = renderPage();

    const entries = await screen.findByRole('list', { name: 'Audit log entries' });
    expect(within(entries).getAllByRole('listitem')).toHaveLength(AUDIT_PAGE_SIZE);
    expect(
      screen.getByText(`Showing 1–${AUDIT_PAGE_SIZE} of ${AUDIT_PAGE_SIZE + 2}`),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(`Showing 26–27 of 27`)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search action, subject or who'), 'retried');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Audit log entries' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(screen.getByText('job.retried')).toBeInTheDocument();
    // In staff's words, with the code it is searched by beside it.
    expect(screen.getByText('Dead job retried')).toBeInTheDocument();
    expect(screen.getByText('kind: send-message · attempts: 8')).toBeInTheDocument();
    expect(Object.fromEntries(state.auditQueries.at(-1)!)).toEqual({
      search: 'retried',
      limit: String(AUDIT_PAGE_SIZE),
      offset: '0',
    });

    await user.clear(screen.getByLabelText('Search action, subject or who'));
    await user.type(screen.getByLabelText('Search action, subject or who'), 'nothing-like-it');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Nothing in the audit log matches “nothing-like-it”.'),
    ).toBeInTheDocument();
  });

  it('says so when the latest backup failed, and points PostgreSQL to its own backups', async () => {
    const failed = makeOverview();
    failed.backups.latest = {
      ...failed.backups.lastGood!,
      status: 'failed',
      error: 'ENOSPC: no space left on device',
    };
    mockServer({ overview: failed });
    renderPage();
    expect(await screen.findByText('The latest backup failed')).toBeInTheDocument();
    expect(screen.getByText(/ENOSPC: no space left on device/)).toBeInTheDocument();
    cleanup();

    mockServer({
      overview: makeOverview({
        engine: 'postgres',
        backups: { isManaged: false, intervalHours: 24, keep: 14, latest: null, lastGood: null },
      }),
    });
    renderPage();
    expect(
      await screen.findByText(/PostgreSQL: back the database up with pg_dump/),
    ).toBeInTheDocument();
  });

  it('shows an error with Try again when the overview cannot be read', async () => {
    mockServer({ failOverview: true, deadJobs: [] });
    renderPage();
    expect(await screen.findByText('Failed to load the system overview.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
