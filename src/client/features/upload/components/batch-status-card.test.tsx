// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
    createdAt: '2026-11-22T12:00:00.000Z',
    notificationsSentAt: null,
    totalSent: 0,
    landlinePhones: 0,
    ...overrides,
  };
}

function renderCard(batch: Batch) {
  const noop = () => {};
  render(
    <BatchStatusCard
      batch={batch}
      isSending={false}
      isDownloading={false}
      onPreview={noop}
      onSend={noop}
      onReport={noop}
      onUploadNew={noop}
    />,
  );
}

const ERROR_LOG = 'Row 3: Tenant Name is required\nRow 5: Balance Due (£) must be more than £0.00';

describe('BatchStatusCard', () => {
  it('shows the error log with "completed with some errors" (spec section 4)', () => {
    renderCard(
      makeBatch({
        status: 'completed_with_errors',
        successfulRecords: 1,
        failedRecords: 2,
        errorLog: ERROR_LOG,
      }),
    );
    const status = screen.getByRole('alert');
    expect(status).toHaveTextContent('Processing completed with some errors.');
    const log = within(status).getByRole('region', { name: 'Error log' });
    expect(log.textContent).toBe(ERROR_LOG);
  });

  it('shows the error log when processing failed', () => {
    renderCard(
      makeBatch({ status: 'failed', successfulRecords: 0, failedRecords: 3, errorLog: 'Boom.' }),
    );
    const status = screen.getByRole('alert');
    expect(status).toHaveTextContent('Processing failed.');
    expect(within(status).getByRole('region', { name: 'Error log' })).toHaveTextContent('Boom.');
  });

  it('shows no error log when every record was processed', () => {
    renderCard(makeBatch());
    expect(screen.getByRole('alert')).toHaveTextContent('All records processed successfully!');
    expect(screen.queryByRole('region', { name: 'Error log' })).toBeNull();
  });

  it('tells staff which tenants have a landline and will get email only', () => {
    renderCard(makeBatch({ landlinePhones: 2 }));
    expect(screen.getByRole('note')).toHaveTextContent(
      '2 tenants have a landline as their phone number',
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      'landlines cannot receive WhatsApp or SMS, so the payment link goes by email only',
    );
    cleanup();
    renderCard(makeBatch());
    expect(screen.queryByRole('note')).toBeNull();
  });
});
