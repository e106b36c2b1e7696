import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { queryKeys } from '@/lib/query-keys';
import { useSystemOverview } from '../api/get-system-overview';
import { AuditLogCard } from './audit-log-card';
import { BackupCard } from './backup-card';
import { DeadJobsCard } from './dead-jobs-card';
import { ProviderModesCard } from './provider-modes-card';
import { QueueCard } from './queue-card';

/** Re-renders every minute so "5 minutes ago" stays true while the page is open. */
function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function OverviewSkeleton() {
  return (
    <Card aria-hidden="true" className="flex flex-col gap-3 p-6">
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-3/4" />
    </Card>
  );
}

/** /system: the queue, dead jobs (with Retry), backups, the services' modes and the audit log. */
export function SystemPage() {
  const queryClient = useQueryClient();
  const now = useNow();
  const overview = useSystemOverview();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.system.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.providerModes });
  };

  return (
    <>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">System</h1>
          <p className="text-muted-foreground">
            Background jobs, backups, outside services and the audit log.
          </p>
        </div>
        <Button variant="outline" onClick={refresh} disabled={overview.isFetching}>
          <RefreshCw
            aria-hidden="true"
            className={overview.isFetching ? 'animate-spin' : undefined}
          />
          Refresh
        </Button>
      </header>
      <div className="flex flex-col gap-6">
        {overview.isError ? (
          <LoadErrorAlert
            title="Failed to load the system overview."
            onRetry={() => void overview.refetch()}
            isRetrying={overview.isFetching}
          />
        ) : null}
        <div className="grid items-start gap-6 lg:grid-cols-2">
          {overview.data ? (
            <QueueCard overview={overview.data} now={now} />
          ) : overview.isPending ? (
            <OverviewSkeleton />
          ) : null}
          <div className="flex flex-col gap-6">
            {overview.data ? (
              <BackupCard overview={overview.data} now={now} />
            ) : overview.isPending ? (
              <OverviewSkeleton />
            ) : null}
            <ProviderModesCard />
          </div>
        </div>
        <DeadJobsCard />
        <AuditLogCard />
      </div>
    </>
  );
}
