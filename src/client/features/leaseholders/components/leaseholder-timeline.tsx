import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { plural } from '@/lib/plural';
import { formatDateTime } from '../../../../shared/dates';
import type { TimelineEvent } from '../../../../shared/leaseholders';
import { useDownloadReceipt } from '../api/download-receipt';
import {
  isInGroup,
  TIMELINE_GROUP_LABELS,
  TIMELINE_GROUPS,
  type TimelineGroup,
} from '../timeline-looks';
import { FilterChips } from './filter-chips';
import { ReversePaymentDialog } from './reverse-payment-dialog';
import { TimelineEventItem } from './timeline-event';

/** A long history opens on its newest events; Show more adds as many again. */
export const TIMELINE_STEP = 50;

/** The UK day an event fell on ('2 Nov 2026'), its group's heading. */
function dayOf(at: string): string {
  return formatDateTime(at).replace(/ at \d\d:\d\d$/, '');
}

/** Consecutive events of one UK day, in the order given (newest first). */
function byDay(events: TimelineEvent[]): { day: string; events: TimelineEvent[] }[] {
  const days: { day: string; events: TimelineEvent[] }[] = [];
  for (const event of events) {
    const day = dayOf(event.at);
    const last = days.at(-1);
    if (last?.day === day) last.events.push(event);
    else days.push({ day, events: [event] });
  }
  return days;
}

/**
 * The leaseholder's history, newest first, by day: links, messages with their delivery status,
 * payments online and offline (with receipts; an offline one can be reversed), holds, notes and
 * changes. Narrowed by kind, and
 * shown 50 at a time so a history of years stays quick to read.
 */
export function LeaseholderTimeline({
  accountId,
  timeline,
}: {
  accountId: string;
  timeline: TimelineEvent[];
}) {
  const [group, setGroup] = useState<TimelineGroup>('all');
  const [shownCount, setShownCount] = useState(TIMELINE_STEP);
  const receipt = useDownloadReceipt();
  const [reversing, setReversing] = useState<TimelineEvent | null>(null);
  const events = timeline.filter((event) => isInGroup(event, group));
  const shown = events.slice(0, shownCount);
  const remaining = events.length - shown.length;
  const downloadingId = receipt.isPending ? receipt.variables.paymentId : null;

  return (
    <Card role="region" aria-labelledby="history-heading">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle id="history-heading" className="flex items-center gap-2">
            <History aria-hidden="true" className="size-5 text-primary" />
            History
          </CardTitle>
          <p className="text-sm text-muted-foreground">{plural(timeline.length, 'event')}</p>
        </div>
        <FilterChips
          legend="Show in the history"
          name="timeline-group"
          isLegendHidden
          isSmall
          options={TIMELINE_GROUPS.map((value) => ({
            value,
            label: TIMELINE_GROUP_LABELS[value],
          }))}
          value={group}
          onChange={(next) => {
            setGroup(next);
            setShownCount(TIMELINE_STEP);
          }}
        />
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
            {timeline.length === 0
              ? 'Nothing has happened on this account yet.'
              : 'None of these yet.'}
          </p>
        ) : (
          <div className="flex flex-col gap-6">
            {byDay(shown).map(({ day, events: dayEvents }) => (
              <section key={`${day}-${dayEvents[0]!.at}`} aria-label={day}>
                <h3 className="mb-3 text-sm font-semibold text-muted-foreground">{day}</h3>
                <ol className="flex flex-col">
                  {dayEvents.map((event, index) => (
                    <TimelineEventItem
                      // Events have no id of their own; time, kind and place are unique enough.
                      key={`${event.at}-${event.kind}-${event.refId ?? event.linkId ?? index}`}
                      event={event}
                      isDownloading={downloadingId !== null && downloadingId === event.refId}
                      onReceipt={(paymentId) => receipt.mutate({ accountId, paymentId })}
                      onReverse={setReversing}
                    />
                  ))}
                </ol>
              </section>
            ))}
            {remaining > 0 ? (
              <div className="flex flex-col items-center gap-2 border-t border-border pt-4">
                <p className="text-sm text-muted-foreground" aria-live="polite">
                  Showing {shown.length} of {events.length}
                </p>
                <Button
                  variant="outline"
                  onClick={() => setShownCount((count) => count + TIMELINE_STEP)}
                >
                  Show {Math.min(remaining, TIMELINE_STEP)} more
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </CardContent>
      <ReversePaymentDialog
        accountId={accountId}
        payment={reversing}
        onClose={() => setReversing(null)}
      />
    </Card>
  );
}
