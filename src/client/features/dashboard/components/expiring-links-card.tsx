import { CheckCircle2, Clock, Loader2, RotateCw, TimerOff } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { formatDateTime, formatRelativeTime } from '../../../../shared/dates';
import { useExpiringLinks } from '../api/get-expiring-links';

/**
 * Spec sections 2 and 4: links expiring soon (amber) or expired (red: expiresAt now or
 * earlier), each with Renew; 2 skeleton rows while loading; 'No expiring links'. A failed read
 * says so: 'All payment links are current' would be a claim nobody checked.
 */
export function ExpiringLinksCard({
  renewingId,
  onRenew,
}: {
  renewingId: string | null;
  onRenew: (id: string) => void;
}) {
  const links = useExpiringLinks();
  const now = useNow();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Link Expiration Alerts</CardTitle>
      </CardHeader>
      <CardContent>
        {links.isPending ? (
          <ul aria-label="Loading expiring links" className="flex flex-col gap-3">
            {[0, 1].map((row) => (
              <li key={row}>
                <Skeleton className="h-14 w-full" data-testid="alert-skeleton" />
              </li>
            ))}
          </ul>
        ) : links.isError ? (
          <LoadErrorAlert
            title="Failed to load expiring links."
            onRetry={() => void links.refetch()}
            isRetrying={links.isFetching}
          />
        ) : links.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <CheckCircle2 aria-hidden="true" className="size-8 text-success" />
            <p className="font-medium">No expiring links</p>
            <p className="text-sm text-muted-foreground">All payment links are current</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-3">
            {links.data.map((link) => {
              const isExpired = Date.parse(link.expiresAt) <= now;
              const Icon = isExpired ? TimerOff : Clock;
              return (
                <li
                  key={link.id}
                  className={cn(
                    'flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3',
                    isExpired
                      ? 'border-destructive/30 bg-destructive-soft'
                      : 'border-warning/30 bg-warning-soft',
                  )}
                >
                  <div className="flex min-w-0 items-start gap-2">
                    <Icon
                      aria-hidden="true"
                      className={cn(
                        'mt-0.5 size-5 shrink-0',
                        isExpired ? 'text-destructive' : 'text-warning',
                      )}
                    />
                    <div className="min-w-0">
                      <Link
                        href={`/leaseholders/${encodeURIComponent(link.accountId)}`}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {link.tenantName}
                      </Link>
                      <p className="text-sm text-muted-foreground">{link.address}</p>
                      <p
                        className={cn(
                          'text-sm font-medium',
                          isExpired ? 'text-destructive' : 'text-warning',
                        )}
                        title={formatDateTime(link.expiresAt)}
                      >
                        {isExpired ? 'Expired' : 'Expires'}{' '}
                        {formatRelativeTime(link.expiresAt, now)}
                      </p>
                    </div>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onRenew(link.id)}
                    disabled={renewingId === link.id}
                  >
                    {renewingId === link.id ? (
                      <Loader2 aria-hidden="true" className="animate-spin" />
                    ) : (
                      <RotateCw aria-hidden="true" />
                    )}
                    Renew
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
