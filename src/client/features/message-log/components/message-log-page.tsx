import { useQueryClient } from '@tanstack/react-query';
import { Inbox, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { queryKeys } from '@/lib/query-keys';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { type MessageChannel, type MessageStatus, useMessages } from '../api/get-messages';
import { MessageDetailPanel } from './message-detail-panel';
import { MessageLogFilters } from './message-log-filters';
import { MessageLogTable } from './message-log-table';

export const MESSAGE_LOG_PAGE_SIZE = 25;

function LoadingRows() {
  return (
    <div aria-hidden="true" className="flex flex-col divide-y divide-border">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="flex items-center gap-4 px-4 py-4">
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-4 w-72 max-w-full" />
          </div>
          <Skeleton className="h-6 w-24" />
          <Skeleton className="hidden h-8 w-32 sm:block" />
        </div>
      ))}
    </div>
  );
}

function EmptyState({ hasFilters, onClear }: { hasFilters: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
      <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">
        {hasFilters ? 'No messages match these filters' : 'No messages yet'}
      </p>
      <p className="max-w-md text-sm text-muted-foreground">
        {hasFilters
          ? 'Try another status or channel.'
          : 'Payment links, reminders and confirmations appear here once they are sent to leaseholders.'}
      </p>
      {hasFilters ? (
        <Button variant="outline" className="mt-2" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

/** /messages (issue 3 item 5): every message to leaseholders, its content and its delivery. */
export function MessageLogPage() {
  const queryClient = useQueryClient();
  const now = useNow();
  const [status, setStatus] = useState<MessageStatus | undefined>();
  const [channel, setChannel] = useState<MessageChannel | undefined>();
  const [offset, setOffset] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const messages = useMessages({ status, channel, limit: MESSAGE_LOG_PAGE_SIZE, offset });

  const hasFilters = status !== undefined || channel !== undefined;
  const items = messages.data?.items ?? [];
  const total = messages.data?.total ?? 0;
  const selected = items.find((item) => item.id === selectedId);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.messages.all });

  return (
    <>
      <PageHeader
        title="Message Log"
        description="Every email, WhatsApp and SMS sent to leaseholders, with its delivery status."
      />

      <div className="mb-4 flex flex-wrap items-end gap-3">
        <MessageLogFilters
          status={status}
          channel={channel}
          onStatusChange={(next) => {
            setStatus(next);
            setOffset(0);
          }}
          onChannelChange={(next) => {
            setChannel(next);
            setOffset(0);
          }}
        />
        <Button
          variant="outline"
          onClick={refresh}
          disabled={messages.isFetching}
          className="sm:ml-auto"
        >
          <RefreshCw
            aria-hidden="true"
            className={messages.isFetching ? 'animate-spin' : undefined}
          />
          Refresh
        </Button>
      </div>

      <div
        className={cn(
          'grid items-start gap-6',
          selectedId && 'xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]',
        )}
      >
        {/* Below xl the chosen message takes the list's place, with Close to come back. */}
        <Card className={cn('min-w-0 overflow-hidden', selectedId && 'hidden xl:block')}>
          {messages.isPending ? (
            <>
              <span className="sr-only" role="status">
                Loading messages
              </span>
              <LoadingRows />
            </>
          ) : messages.isError ? (
            <div className="p-4">
              <LoadErrorAlert
                title="Failed to load messages."
                onRetry={() => void messages.refetch()}
                isRetrying={messages.isFetching}
              />
            </div>
          ) : items.length === 0 ? (
            <EmptyState
              hasFilters={hasFilters}
              onClear={() => {
                setStatus(undefined);
                setChannel(undefined);
                setOffset(0);
              }}
            />
          ) : (
            <>
              <MessageLogTable
                items={items}
                selectedId={selectedId}
                now={now}
                onSelect={(item) => setSelectedId(item.id)}
              />
              <Pager
                offset={offset}
                shown={items.length}
                total={total}
                pageSize={MESSAGE_LOG_PAGE_SIZE}
                isBusy={messages.isFetching}
                onOffsetChange={setOffset}
                className="px-4 py-3"
              />
            </>
          )}
        </Card>
        {selectedId ? (
          <div className="min-w-0 xl:sticky xl:top-6">
            <MessageDetailPanel
              key={selectedId}
              id={selectedId}
              fromList={selected}
              now={now}
              onClose={() => {
                setSelectedId(null);
                // Back to the row it was opened from, which is on show again below xl.
                requestAnimationFrame(() =>
                  document
                    .querySelector<HTMLElement>(`[data-message-id="${CSS.escape(selectedId)}"]`)
                    ?.focus(),
                );
              }}
            />
          </div>
        ) : null}
      </div>
    </>
  );
}
