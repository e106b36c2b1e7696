import { ListChecks } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatRelativeTime } from '../../../../shared/dates';
import { JOB_STATES, type SystemOverview } from '../../../../shared/system-status';
import { jobKindLabel } from '../system-labels';

const STATE_LABELS = { queued: 'Waiting', running: 'Running', dead: 'Dead' } as const;

/** Jobs waiting, running and dead by kind, and how late the oldest waiting one is. */
export function QueueCard({ overview, now }: { overview: SystemOverview; now: number }) {
  const kinds = [...new Set(overview.queue.map((row) => row.kind))];
  const countOf = (kind: string, state: (typeof JOB_STATES)[number]) =>
    overview.queue.find((row) => row.kind === kind && row.state === state)?.count ?? 0;
  const oldest = overview.oldestDueJob;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ListChecks aria-hidden="true" className="size-5 text-primary" />
          Job queue
        </CardTitle>
        <CardDescription>
          Background work: sending messages, queuing reminders and chasing everyone owing.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {kinds.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing is waiting, running or dead.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Jobs by kind and state</caption>
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Kind
                </th>
                {JOB_STATES.map((state) => (
                  <th key={state} scope="col" className="px-2 py-2 text-right font-medium">
                    {STATE_LABELS[state]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {kinds.map((kind) => (
                <tr key={kind}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {jobKindLabel(kind)}
                  </th>
                  {JOB_STATES.map((state) => (
                    <td
                      key={state}
                      className={`px-2 py-2 text-right tabular-nums ${
                        state === 'dead' && countOf(kind, state) > 0
                          ? 'font-semibold text-destructive'
                          : ''
                      }`}
                    >
                      {countOf(kind, state)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="text-sm" data-testid="oldest-due-job">
          {oldest ? (
            <>
              <span className="font-medium">Oldest due job:</span> {jobKindLabel(oldest.kind)} (#
              {oldest.id}), due {formatRelativeTime(oldest.runAt, now)}{' '}
              <span className="text-muted-foreground">({formatDateTime(oldest.runAt)})</span>
            </>
          ) : (
            <span className="text-muted-foreground">No job is waiting past its time.</span>
          )}
        </p>
      </CardContent>
    </Card>
  );
}
