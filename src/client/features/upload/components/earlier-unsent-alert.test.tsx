// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';
import type { UnsentUpload } from '../../../../shared/dashboard';
import { EarlierUnsentAlert } from './earlier-unsent-alert';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const october: UnsentUpload = {
  batchId: 'batch-oct',
  filename: 'october-arrears.xlsx',
  uploadedAt: '2026-10-28T09:15:00.000Z',
  unsentLinks: 214,
  firstExpiresAt: '2026-11-04T10:00:00.000Z',
};
const november: UnsentUpload = { ...october, batchId: 'batch-nov', filename: 'november.csv' };

function renderAlert(answer: UnsentUpload[], batchId: string | null) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={memoryLocation({ path: '/upload' }).hook}>
        <EarlierUnsentAlert batchId={batchId} />
      </Router>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('EarlierUnsentAlert', () => {
  it('names an earlier upload never sent, beside the one in view, and opens it', async () => {
    renderAlert([november, october], 'batch-nov');
    const notice = await screen.findByRole('region', {
      name: 'An earlier upload has not been sent',
    });
    expect(notice).toHaveTextContent(
      'october-arrears.xlsx (uploaded 28 Oct 2026 at 09:15, 214 links not sent)',
    );
    expect(notice).not.toHaveTextContent('november.csv');
    expect(within(notice).getByRole('link', { name: 'october-arrears.xlsx' })).toHaveAttribute(
      'href',
      '/upload?batchId=batch-oct',
    );
  });

  it('says nothing when the only unsent upload is the one in view', async () => {
    const fetchMock = renderAlert([november], 'batch-nov');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
