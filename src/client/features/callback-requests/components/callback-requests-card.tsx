import { PhoneIncoming } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import type { CallbackRequestStatus } from '../../../../shared/callback-requests';
import { useCallbackRequests } from '../api/get-callback-requests';
import { CallbackRequestRow } from './callback-request-row';

type View = Extract<CallbackRequestStatus, 'waiting' | 'handled'>;

const VIEWS: { value: View; label: string }[] = [
  { value: 'waiting', label: 'Waiting' },
  { value: 'handled', label: 'Handled' },
];

const EMPTY: Record<View, { title: string; hint: string }> = {
  waiting: {
    title: 'No call-back requests waiting',
    hint: 'When someone asks to be called back from the home page, their number appears here.',
  },
  handled: {
    title: 'No handled call-back requests yet',
    hint: 'Requests you mark as called are listed here.',
  },
};

function LoadingRows() {
  return (
    <ul aria-hidden="true" className="divide-y divide-border">
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex items-center justify-between gap-4 py-4">
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-64 max-w-full" />
          </div>
          <Skeleton className="hidden h-11 w-36 sm:block" />
        </li>
      ))}
    </ul>
  );
}

/** ARCHITECTURE section 9: Call Me Now requests are stored and listed for staff to ring back. */
export function CallbackRequestsCard() {
  const [view, setView] = useState<View>('waiting');
  const headingId = useId();
  const now = useNow();
  const requests = useCallbackRequests(view);
  // The waiting count is worth showing while looking at handled ones too.
  const waiting = useCallbackRequests('waiting');
  const waitingCount = waiting.data?.waitingCount;

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-accent-soft text-accent">
                <PhoneIncoming aria-hidden="true" className="size-5" />
              </span>
              <h2 id={headingId} className="text-lg font-semibold leading-tight">
                Call-back requests
              </h2>
              {waitingCount !== undefined && waitingCount > 0 ? (
                <Badge variant="warning" className="whitespace-nowrap">
                  {waitingCount} waiting
                </Badge>
              ) : null}
            </div>
            <fieldset className="inline-flex rounded-lg border border-border bg-muted p-1">
              <legend className="sr-only">Show call-back requests</legend>
              {VIEWS.map(({ value, label }) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={view === value}
                  onClick={() => setView(value)}
                  className={cn(
                    'min-h-10 min-w-24 cursor-pointer rounded-md px-3 text-sm font-medium transition-colors',
                    view === value
                      ? 'bg-card text-foreground shadow-sm'
                      : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {label}
                </button>
              ))}
            </fieldset>
          </div>
          <CardDescription>
            Leaseholders who used Call Me Now on the home page. Ring them back, then mark each
            request as called.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {requests.isPending ? (
            <>
              <span className="sr-only" role="status">
                Loading call-back requests
              </span>
              <LoadingRows />
            </>
          ) : requests.isError ? (
            <LoadErrorAlert
              title="Failed to load call-back requests."
              onRetry={() => void requests.refetch()}
              isRetrying={requests.isFetching}
            />
          ) : requests.data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-1 rounded-lg border border-dashed border-border px-4 py-10 text-center">
              <p className="font-medium">{EMPTY[view].title}</p>
              <p className="text-sm text-muted-foreground">{EMPTY[view].hint}</p>
            </div>
          ) : (
            <>
              <ul className="divide-y divide-border">
                {requests.data.items.map((item) => (
                  <CallbackRequestRow key={item.id} item={item} now={now} />
                ))}
              </ul>
              {view === 'waiting' && requests.data.waitingCount > requests.data.items.length ? (
                <p className="mt-2 text-sm text-muted-foreground">
                  Showing the {requests.data.items.length} longest-waiting of{' '}
                  {requests.data.waitingCount} requests. Mark these as called to see the rest.
                </p>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
