import { ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { formatDate } from '../../../../shared/dates';
import { decimalStringToPence, formatPence } from '../../../../shared/money';
import { useDisputes } from '../api/get-disputes';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Payments a leaseholder's bank disputes (a chargeback, a Direct Debit claim) that still wait for
 * the agent's evidence in Stripe, soonest due first. Shown only when there is one: most days
 * there is none, and an empty card would be noise on the first page staff see.
 */
export function DisputesCard() {
  const disputes = useDisputes();
  const now = useNow();
  const titleId = useId();
  if (disputes.isPending || (disputes.isSuccess && disputes.data.length === 0)) return null;
  return (
    <Card role="region" aria-labelledby={titleId} className="border-destructive/40">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <ShieldAlert aria-hidden="true" className="size-5 text-destructive" />
          Disputed payments to answer
        </CardTitle>
        <CardDescription>
          The leaseholder's bank has taken these payments back. Send Stripe your evidence by the
          date, or the money stays taken back and is owed again.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {disputes.isError ? (
          <LoadErrorAlert
            title="Failed to load disputed payments."
            onRetry={() => void disputes.refetch()}
            isRetrying={disputes.isFetching}
          />
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {disputes.data.map((dispute) => {
              const due = dispute.respondBy === null ? null : Date.parse(dispute.respondBy);
              const isSoon = due !== null && due - now < 3 * DAY_MS;
              return (
                <li
                  key={dispute.id}
                  className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3"
                >
                  <div className="min-w-0">
                    <Link
                      href={`/leaseholders/${encodeURIComponent(dispute.accountId)}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {dispute.tenantName}
                    </Link>
                    <p className="text-sm text-muted-foreground">{dispute.address}</p>
                    <p className="wrap-anywhere font-mono text-xs text-muted-foreground">
                      {dispute.reference}
                    </p>
                  </div>
                  {/* A phone's width: the amount and the date on one line under the name. */}
                  <div className="flex w-full items-baseline justify-between gap-3 sm:w-auto sm:flex-col sm:items-end sm:gap-0">
                    <p className="font-semibold tabular-nums">
                      {formatPence(decimalStringToPence(dispute.amount))}
                    </p>
                    <p
                      className={cn(
                        'text-sm',
                        isSoon ? 'font-medium text-destructive' : 'text-muted-foreground',
                      )}
                    >
                      {due === null ? 'Answer in Stripe' : `Answer by ${formatDate(due)}`}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
