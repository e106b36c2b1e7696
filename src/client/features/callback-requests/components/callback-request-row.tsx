import { CheckCircle2, Phone } from 'lucide-react';
import { useId } from 'react';
import { MarkDoneButton } from '@/components/mark-done-button';
import { Badge } from '@/components/ui/badge';
import { toast } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import type { CallbackRequestItem } from '../../../../shared/callback-requests';
import { formatDateTime, formatRelativeTime } from '../../../../shared/dates';
import { useMarkCallbackHandled } from '../api/mark-callback-handled';

function When({ label, iso, now }: { label: string; iso: string; now: number }) {
  return (
    <p className="text-sm text-muted-foreground">
      {label}{' '}
      <time dateTime={iso}>
        {formatRelativeTime(iso, now)} <span aria-hidden="true">·</span> {formatDateTime(iso)}
      </time>
    </p>
  );
}

/** One request: the number to ring (a tel: link, so a phone dials it) and when it was asked. */
export function CallbackRequestRow({ item, now }: { item: CallbackRequestItem; now: number }) {
  const phoneId = useId();
  const markHandled = useMarkCallbackHandled();

  const onMarkHandled = () =>
    markHandled.mutate(item.id, {
      onSuccess: () =>
        toast.success('Marked as called', {
          description: `${item.phoneDisplay} has been moved to handled requests.`,
        }),
      onError: (error) =>
        toast.error('Could not mark as called', {
          description: errorMessage(error, 'Something went wrong. Please try again.'),
        }),
    });

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <a
          id={phoneId}
          href={`tel:${item.phoneNumber}`}
          className="inline-flex min-h-11 items-center gap-2 rounded-md text-base font-semibold text-primary underline-offset-4 hover:underline"
        >
          <Phone aria-hidden="true" className="size-4 shrink-0" />
          {item.phoneDisplay}
        </a>
        <When label="Requested" iso={item.createdAt} now={now} />
        {item.handledAt ? <When label="Called" iso={item.handledAt} now={now} /> : null}
      </div>
      {item.handledAt ? (
        <Badge variant="success" className="self-start sm:self-center">
          <CheckCircle2 aria-hidden="true" />
          Called
        </Badge>
      ) : (
        <MarkDoneButton
          label="Mark as called"
          isPending={markHandled.isPending}
          onClick={onMarkHandled}
          describedBy={phoneId}
        />
      )}
    </li>
  );
}
