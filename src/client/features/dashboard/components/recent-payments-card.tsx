import { Receipt } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatRelativeTime } from '../../../../shared/dates';
import { decimalStringToPence, formatPence } from '../../../../shared/money';
import { useRecentPayments } from '../api/get-recent-payments';

/**
 * Spec section 2: the latest payments (3 skeleton rows while loading; 'No recent payments').
 * A failed read shows an error, never the empty state. Money since given back (a refund or a
 * chargeback) is said under the amount, so the list never reads as money still in hand.
 */
export function RecentPaymentsCard() {
  const payments = useRecentPayments();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Payments</CardTitle>
      </CardHeader>
      <CardContent>
        {payments.isPending ? (
          <ul aria-label="Loading recent payments" className="flex flex-col gap-3">
            {[0, 1, 2].map((row) => (
              <li key={row}>
                <Skeleton className="h-12 w-full" data-testid="payment-skeleton" />
              </li>
            ))}
          </ul>
        ) : payments.isError ? (
          <LoadErrorAlert
            title="Failed to load recent payments."
            onRetry={() => void payments.refetch()}
            isRetrying={payments.isFetching}
          />
        ) : payments.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground">
            <Receipt aria-hidden="true" className="size-8" />
            <p>No recent payments</p>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {payments.data.map((payment) => (
              <li key={payment.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <Link
                    href={`/leaseholders/${encodeURIComponent(payment.accountId)}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {payment.tenantName}
                  </Link>
                  <p className="text-sm text-muted-foreground">{payment.address}</p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="font-semibold tabular-nums text-success">
                    {formatPence(decimalStringToPence(payment.amount))}
                  </p>
                  {payment.givenBack !== undefined && (
                    <p className="text-xs font-medium text-destructive">
                      {formatPence(decimalStringToPence(payment.givenBack))} given back
                    </p>
                  )}
                  <p
                    className="text-xs text-muted-foreground"
                    title={formatDateTime(payment.paidAt)}
                  >
                    {formatRelativeTime(payment.paidAt)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
