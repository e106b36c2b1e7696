// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';
import { useSendBatchNotifications } from './send-batch-notifications';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useSendBatchNotifications', () => {
  it('marks the cached batch stale, so /upload?batchId= reads it again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ totalSent: 2 }), { status: 200 })),
    );
    const queryClient = createQueryClient();
    // As the upload page left it: read before sending, cached indefinitely.
    queryClient.setQueryData(queryKeys.uploadBatch('batch-1'), { notificationsSentAt: null });
    queryClient.setQueryData(queryKeys.uploadBatch('batch-2'), { notificationsSentAt: null });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSendBatchNotifications(), { wrapper });

    await act(() => result.current.mutateAsync('batch-1'));

    expect(queryClient.getQueryState(queryKeys.uploadBatch('batch-1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.uploadBatch('batch-2'))?.isInvalidated).toBe(false);
  });
});
