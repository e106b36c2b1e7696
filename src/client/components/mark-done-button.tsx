import { Check, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * "Mark as called", "Mark as read": takes an item off a list of things for staff to do, busy
 * until the list has been read again. Full width on a phone, under the item it describes.
 */
export function MarkDoneButton({
  label,
  isPending,
  onClick,
  describedBy,
}: {
  label: string;
  isPending: boolean;
  onClick: () => void;
  /** The id of what it marks (the number to ring, the leaseholder's name). */
  describedBy: string;
}) {
  return (
    <Button
      variant="outline"
      className="w-full sm:w-auto"
      aria-describedby={describedBy}
      disabled={isPending}
      onClick={onClick}
    >
      {isPending ? (
        <Loader2 aria-hidden="true" className="animate-spin" />
      ) : (
        <Check aria-hidden="true" />
      )}
      {isPending ? 'Marking...' : label}
    </Button>
  );
}
