// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Batch } from '../../../../shared/upload';
import { BatchStatusCard } from './batch-status-card';

afterEach(cleanup);

function makeBatch(overrides: Partial<Batch> = {}): Batch {
  return {
    id: 'batch-1',
    filename: 'november-arrears.csv',
    status: 'completed',
    totalRecords: 3,
    successfulRecords: 3,
    failedRecords: 0,
    errorLog: '',
    errors: [],
    warnings: [],
    createdAt: '2026-11-22T12:00:00.000Z',
    notificationsSentAt: null,
    totalSent: 0,
    landlinePhones: 0,
    unsentLinks: 3,
    reconciliation: { new: 3, changed: 0, unchanged: 0, settled: 0, notOwed: 0 },
    sheet: null,
    columnsRead: null,
    ...overrides,
  } as Batch;
}

function renderCard(batch: Batch) {
  const noop = () => {};
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BatchStatusCard
        batch={batch}
        isSending={false}
        isDownloading={false}
        onPreview={noop}
        onSend={noop}
        onReport={noop}
        onUploadNew={noop}
      />
    </QueryClientProvider>,
  );
}

const ERRORS = [
  {
    row: 3,
    errors: ['Tenant Name is required'],
    issues: [{ field: 'Tenant Name', message: 'Tenant Name is required' }],
  },
  {
    row: 5,
    errors: ['Balance Due (£) "1.234" is not an amount in pounds'],
    issues: [
      { field: 'Balance Due (£)', message: 'Balance Due (£) "1.234" is not an amount in pounds' },
    ],
  },
];
const WARNING = {
  row: 7,
  field: 'Phone Number (for WhatsApp)',
  message: 'phone 07700 900123 is not a valid phone number — email only',
};

describe('BatchStatusCard', () => {
  it('says what a re-upload did to the accounts, counting only the links it made', () => {
    renderCard(
      makeBatch({
        totalRecords: 20,
        successfulRecords: 20,
        unsentLinks: 2,
        reconciliation: { new: 1, changed: 1, unchanged: 17, settled: 1, notOwed: 0 },
      }),
    );
    expect(screen.getByText(/Payment links were generated for 2 tenants\./)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Compared with your leaseholder accounts: 1 new leaseholder, 1 changed balance (old link replaced), 17 unchanged (no new link, nothing to send), 1 settled (link closed, no message).',
      ),
    ).toBeInTheDocument();
    const linksMade = screen.getByText('Links generated').nextElementSibling;
    expect(linksMade).toHaveTextContent('2');
  });

  it('says which headings each column was read from, and which were not used', () => {
    renderCard(
      makeBatch({
        columnsRead: {
          read: [
            { column: 'Tenant Name', headings: ['Lessee'] },
            { column: 'Property Address', headings: ['Flat', 'Block & Street'] },
            { column: 'Balance Due (£)', headings: ['O/S Balance'] },
          ],
          unread: ['Notes', 'Last Payment'],
        },
      }),
    );
    const summary = screen.getByRole('region', { name: 'Read from the sheet’s columns' });
    expect(within(summary).getByText('Address').nextSibling).toHaveTextContent(
      '“Flat” + “Block & Street”',
    );
    expect(within(summary).getByText('Name').nextSibling).toHaveTextContent('“Lessee”');
    expect(summary).toHaveTextContent('Not used: “Notes”, “Last Payment”');
  });

  it('marks the columns read as the clerk chose, and forgets the choice when asked', async () => {
    const layout = 'a'.repeat(64);
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      return new Response(null, { status: 204 });
    });
    renderCard(
      makeBatch({
        columnsRead: {
          read: [
            { column: 'Tenant Name', headings: ['Occupier'] },
            { column: 'Balance Due (£)', headings: ['Owed'] },
          ],
          unread: [],
          chosen: ['Balance Due (£)'],
          layout,
        },
      }),
    );
    const summary = screen.getByRole('region', { name: 'Read from the sheet’s columns' });
    expect(within(summary).getByText('Balance').nextSibling).toHaveTextContent(
      '“Owed” (your choice)',
    );
    expect(within(summary).getByText('Name').nextSibling).toHaveTextContent(/^“Occupier”$/);
    await userEvent
      .setup()
      .click(within(summary).getByRole('button', { name: 'Ask again next time' }));
    expect(
      await within(summary).findByText(
        'Forgotten: the next file with these headings will ask again, this one too if you upload it again.',
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([`DELETE /api/upload/column-choices/${layout}`]);
    vi.unstubAllGlobals();
  });

  it('names the sheet of a workbook the rows were read from, and none for a CSV file', () => {
    renderCard(makeBatch({ filename: 'arrears.xlsx', sheet: 'Arrears' }));
    expect(screen.getByText(/Uploaded/)).toHaveTextContent('read from the sheet “Arrears”');
    cleanup();
    renderCard(makeBatch());
    expect(screen.getByText(/Uploaded/)).not.toHaveTextContent('sheet');
  });

  it('says when a re-upload needed no new links, and offers nothing to send', () => {
    renderCard(
      makeBatch({
        totalRecords: 7,
        successfulRecords: 7,
        unsentLinks: 0,
        reconciliation: { new: 0, changed: 0, unchanged: 3, settled: 0, notOwed: 4 },
      }),
    );
    expect(screen.getByText(/No new payment links were needed/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Compared with your leaseholder accounts: 3 unchanged (no new link, nothing to send), 4 owing nothing and not on file (passed over, no account made).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Preview All Messages/ })).toBeDisabled();
  });

  it('shows one summary: status, counts, then the errors and warnings in one table', () => {
    renderCard(
      makeBatch({
        status: 'completed_with_errors',
        totalRecords: 4,
        successfulRecords: 2,
        failedRecords: 2,
        errorLog:
          'Row 3: Tenant Name is required\nRow 5: Balance Due (£) "1.234" is not an amount in pounds',
        errors: ERRORS,
        warnings: [WARNING],
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Processing completed with some errors.');
    // The error log is the table, once: not repeated as text in the status box.
    expect(screen.getByRole('alert')).not.toHaveTextContent('Tenant Name is required');
    const log = screen.getByRole('region', { name: 'Error log' });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Row 3ErrorTenant NameTenant Name is required',
      'Row 5ErrorBalance Due (£)Balance Due (£) "1.234" is not an amount in pounds',
      'Row 7WarningPhone Number (for WhatsApp)phone 07700 900123 is not a valid phone number — email only',
    ]);
    expect(
      screen.getByRole('heading', { name: '2 rows need fixing · 1 warning to check' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Warnings').nextSibling).toHaveTextContent('1');
    expect(screen.getAllByText(/Tenant Name is required/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Download error list' })).toBeEnabled();
  });

  it('shows the error log in the status when processing failed as a whole', () => {
    renderCard(
      makeBatch({ status: 'failed', successfulRecords: 0, failedRecords: 0, errorLog: 'Boom.' }),
    );
    const status = screen.getByRole('alert');
    expect(status).toHaveTextContent('Processing failed.');
    expect(status).toHaveTextContent('Boom.');
    expect(screen.queryByRole('region', { name: 'Error log' })).toBeNull();
  });

  it('shows no error log when every record was processed', () => {
    renderCard(makeBatch());
    expect(screen.getByRole('alert')).toHaveTextContent('All records processed successfully!');
    expect(screen.queryByRole('region', { name: 'Error log' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send All Notifications' })).toBeEnabled();
  });

  it('says when a batch was sent and to how many, and offers only what is unsent', () => {
    const sentAt = '2026-11-25T08:41:00.000Z';
    renderCard(makeBatch({ notificationsSentAt: sentAt, totalSent: 3, unsentLinks: 0 }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Notifications were sent to all tenants. Sent 25 Nov 2026 at 08:41 to 3 tenants.',
    );
    expect(screen.getByRole('button', { name: 'Notifications Sent' })).toBeDisabled();
    cleanup();
    renderCard(makeBatch({ notificationsSentAt: sentAt, totalSent: 2, unsentLinks: 1 }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sent 25 Nov 2026 at 08:41 to 2 tenants. 1 tenant has not been sent theirs yet.',
    );
    expect(screen.getByRole('button', { name: 'Send to 1 Unsent Tenant' })).toBeEnabled();
  });
});
