import { Check, Download, Loader2, Undo2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useMarkReplyRead } from '@/lib/mark-reply-read';
import { cn } from '@/lib/utils';
import { formatDateTime } from '../../../../shared/dates';
import type { TimelineEvent } from '../../../../shared/leaseholders';
import { balanceText, decimalStringToPence, formatPence } from '../../../../shared/money';
import { lookOf, statusLook, type Tone } from '../timeline-looks';

const TONES: Record<Tone, string> = {
  info: 'bg-info-soft text-info',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-warning',
  destructive: 'bg-destructive-soft text-destructive',
  muted: 'bg-muted text-muted-foreground',
  primary: 'bg-primary-soft text-primary',
};

function StatusBadge({ status }: { status: string }) {
  const look = statusLook(status);
  if (!look) return <Badge variant="outline">{status}</Badge>;
  const Icon = look.icon;
  return (
    <Badge variant={look.variant} title={look.hint}>
      <Icon aria-hidden="true" />
      {look.label}
    </Badge>
  );
}

/** A reply still on the dashboard, read here: off the dashboard, kept in the history. */
function MarkReadButton({ eventId }: { eventId: string }) {
  const markRead = useMarkReplyRead();
  return (
    <div className="mt-1">
      <Button
        variant="outline"
        size="sm"
        disabled={markRead.isPending}
        onClick={() => markRead.mutate(eventId)}
      >
        {markRead.isPending ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <Check aria-hidden="true" />
        )}
        Mark as read
      </Button>
    </div>
  );
}

/** The time of day in the UK: the day is the group's heading. */
function timeOfDay(at: string): string {
  return formatDateTime(at).slice(-5);
}

/**
 * One event: an icon for its kind, what happened, money in pounds, a status badge for a message
 * or payment, who did it, and a receipt for an offline payment.
 */
export function TimelineEventItem({
  event,
  isDownloading,
  onReceipt,
  onReverse,
}: {
  event: TimelineEvent;
  isDownloading: boolean;
  onReceipt: (paymentId: string) => void;
  onReverse: (payment: TimelineEvent) => void;
}) {
  const { icon: Icon, tone } = lookOf(event);
  const pence = event.amount === null ? null : decimalStringToPence(event.amount);
  // What a person wrote: staff's note, or the leaseholder's own reply.
  const isNote = event.kind === 'note' || event.kind === 'reply';
  return (
    <li className="relative flex gap-3 pb-5 last:pb-0">
      {/* The line joining one event's icon to the next. */}
      <span aria-hidden="true" className="absolute top-9 bottom-0 left-4 w-px bg-border" />
      <span
        className={cn(
          'relative flex size-8 shrink-0 items-center justify-center rounded-full',
          TONES[tone],
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1 pt-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <p className="font-medium leading-snug">{event.title}</p>
          {pence !== null ? (
            <p
              className={cn(
                'font-semibold tabular-nums',
                (event.kind === 'payment' || event.kind === 'offline_payment') &&
                  event.status !== 'failed' &&
                  event.status !== 'reversed' &&
                  'text-success',
              )}
            >
              {/* A balance set below nothing is a credit, said so rather than with a minus sign. */}
              {event.kind === 'balance_set' ? balanceText(pence) : formatPence(pence)}
            </p>
          ) : null}
        </div>
        {event.detail ? (
          <p
            className={cn(
              'wrap-anywhere text-sm',
              isNote
                ? 'whitespace-pre-wrap rounded-md border border-border bg-muted/50 px-3 py-2 text-foreground'
                : 'text-muted-foreground',
            )}
          >
            {event.detail}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <time dateTime={event.at} title={formatDateTime(event.at)}>
            {timeOfDay(event.at)}
          </time>
          {event.actor ? <span>by {event.actor}</span> : null}
          {event.status ? <StatusBadge status={event.status} /> : null}
        </div>
        {event.status === 'unread' && event.refId ? <MarkReadButton eventId={event.refId} /> : null}
        {event.kind === 'offline_payment' && event.refId && event.status !== 'reversed' ? (
          <div className="mt-1 flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              aria-disabled={isDownloading}
              onClick={() => {
                if (!isDownloading && event.refId) onReceipt(event.refId);
              }}
            >
              {isDownloading ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <Download aria-hidden="true" />
              )}
              Receipt (PDF)
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onReverse(event)}>
              <Undo2 aria-hidden="true" />
              Reverse
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
