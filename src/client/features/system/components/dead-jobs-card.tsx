import { CircleCheck, RotateCcw, Skull } from 'lucide-react';
import { useState } from 'react';
import { Pager } from '@/components/pager';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '../../../../shared/dates';
import type { JobItem } from '../../../../shared/system-status';
import { useDeadJobs } from '../api/get-dead-jobs';
import { useRetryJob } from '../api/retry-job';
import { jobKindLabel } from '../system-labels';

export const DEAD_JOBS_PAGE_SIZE = 10;

function DeadJobRow({ job }: { job: JobItem }) {
  const retry = useRetryJob();
  const isRetrying = retry.isPending;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium">
          {jobKindLabel(job.kind)} <span className="text-muted-foreground">#{job.id}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          Gave up {formatDateTime(job.updatedAt)} after {job.attempts} of {job.maxAttempts} attempts
        </p>
        <p className="break-words rounded-md bg-destructive-soft px-3 py-2 font-mono text-xs text-destructive">
          {job.lastError ?? 'No error was recorded.'}
        </p>
      </div>
      <Button
        variant="outline"
        className="shrink-0 self-start"
        disabled={isRetrying}
        aria-label={`Retry job #${job.id}`}
        onClick={() => retry.mutate(job.id)}
      >
        <RotateCcw aria-hidden="true" className={isRetrying ? 'animate-spin' : undefined} />
        {isRetrying ? 'Retrying...' : 'Retry'}
      </Button>
    </li>
  );
}

/** Jobs that used up their attempts: what failed and why, and a Retry once the cause is fixed. */
export function DeadJobsCard() {
  const [offset, setOffset] = useState(0);
  const jobs = useDeadJobs({ limit: DEAD_JOBS_PAGE_SIZE, offset });
  const items = jobs.data?.items ?? [];
  const total = jobs.data?.total ?? 0;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle className="flex items-center gap-2">
            <Skull aria-hidden="true" className="size-5 text-destructive" />
            Dead jobs
          </CardTitle>
          {total > 0 ? <Badge variant="destructive">{total}</Badge> : null}
        </div>
        <CardDescription>
          Jobs that failed every attempt. Fix the cause (a provider setting, say), then retry.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {jobs.isPending ? (
          <div aria-hidden="true" className="flex flex-col gap-3">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : jobs.isError ? (
          <LoadErrorAlert
            title="Failed to load dead jobs."
            onRetry={() => void jobs.refetch()}
            isRetrying={jobs.isFetching}
          />
        ) : items.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CircleCheck aria-hidden="true" className="size-5 text-success" />
            No dead jobs: everything ran or is still being retried.
          </p>
        ) : (
          <>
            <ul aria-label="Dead jobs" className="flex flex-col divide-y divide-border">
              {items.map((job) => (
                <DeadJobRow key={job.id} job={job} />
              ))}
            </ul>
            {total > DEAD_JOBS_PAGE_SIZE ? (
              <Pager
                offset={offset}
                shown={items.length}
                total={total}
                pageSize={DEAD_JOBS_PAGE_SIZE}
                isBusy={jobs.isFetching}
                onOffsetChange={setOffset}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
