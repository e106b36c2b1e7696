import { AlertCircle, DatabaseBackup } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatRelativeTime } from '../../../../shared/dates';
import type { SystemOverview } from '../../../../shared/system-status';
import { formatBytes } from '../system-labels';

function schedule(backups: SystemOverview['backups']): string {
  if (backups.intervalHours === 0) return 'Automatic backups are off (BACKUP_INTERVAL_HOURS=0).';
  const every = backups.intervalHours === 24 ? 'Daily' : `Every ${backups.intervalHours} hours`;
  return `${every}, the newest ${backups.keep} kept, each checked after it is written.`;
}

/** "3 hours ago", or "just now" where the shared wording says "now". */
function sinceThen(at: string, now: number): string {
  const relative = formatRelativeTime(at, now);
  return relative === 'now' ? 'just now' : relative;
}

/** The newest good backup, and the newest attempt when that one failed. */
export function BackupCard({ overview, now }: { overview: SystemOverview; now: number }) {
  const { backups } = overview;
  const lastGood = backups.lastGood;
  const failed = backups.latest?.status === 'failed' ? backups.latest : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <DatabaseBackup aria-hidden="true" className="size-5 text-primary" />
          Backups
        </CardTitle>
        <CardDescription>
          {backups.isManaged
            ? schedule(backups)
            : 'PostgreSQL: back the database up with pg_dump or your provider’s managed backups (see the README).'}
        </CardDescription>
      </CardHeader>
      {backups.isManaged ? (
        <CardContent className="flex flex-col gap-3 text-sm">
          {lastGood?.finishedAt ? (
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">Last backup</dt>
              <dd>
                {sinceThen(lastGood.finishedAt, now)}{' '}
                <span className="text-muted-foreground">
                  ({formatDateTime(lastGood.finishedAt)})
                </span>
              </dd>
              <dt className="text-muted-foreground">Size</dt>
              <dd>{formatBytes(lastGood.sizeBytes ?? 0)}</dd>
              <dt className="text-muted-foreground">File</dt>
              <dd className="truncate font-mono text-xs leading-5" title={lastGood.file}>
                backups/{lastGood.file}
              </dd>
            </dl>
          ) : (
            <p className="text-muted-foreground">No backup has been taken yet.</p>
          )}
          {failed ? (
            <Alert variant="destructive">
              <AlertCircle aria-hidden="true" />
              <div className="flex min-w-0 flex-col gap-1">
                <AlertTitle>The latest backup failed</AlertTitle>
                <AlertDescription className="break-words">
                  {formatDateTime(failed.startedAt)}: {failed.error ?? 'no reason was recorded'}
                </AlertDescription>
              </div>
            </Alert>
          ) : null}
        </CardContent>
      ) : null}
    </Card>
  );
}
