import { PauseCircle, PlayCircle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDate } from '../../../../shared/dates';

/** While chasing is held: until when, why, what that means, and a way to end it early. */
export function HoldBanner({
  holdUntil,
  holdReason,
  onEnd,
}: {
  holdUntil: string;
  holdReason: string | null;
  onEnd: () => void;
}) {
  return (
    <Alert variant="warning" role="status">
      <PauseCircle aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <AlertTitle>Chasing on hold until {formatDate(holdUntil)}</AlertTitle>
          <AlertDescription className="text-foreground">
            {holdReason ? <span className="font-medium">{holdReason}. </span> : null}
            No reminders or new links are sent; payments are still accepted. The hold ends by itself
            at the end of that day.
          </AlertDescription>
        </div>
        <Button variant="outline" className="shrink-0 self-start sm:self-center" onClick={onEnd}>
          <PlayCircle aria-hidden="true" />
          End hold
        </Button>
      </div>
    </Alert>
  );
}
