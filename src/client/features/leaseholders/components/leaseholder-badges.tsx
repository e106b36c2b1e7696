import { FileQuestion, PauseCircle, UserX } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '../../../../shared/dates';
import type { LeaseholderItem } from '../../../../shared/leaseholders';

/**
 * What sets an account apart at a glance: chasing held, personal data erased, owing but named by
 * no recent spreadsheet.
 */
export function LeaseholderBadges({
  leaseholder,
}: {
  leaseholder: Pick<LeaseholderItem, 'holdUntil' | 'isErased' | 'offSheetsSince'>;
}) {
  if (!leaseholder.holdUntil && !leaseholder.isErased && !leaseholder.offSheetsSince) return null;
  return (
    <span className="flex flex-wrap gap-1.5">
      {leaseholder.holdUntil ? (
        <Badge variant="warning">
          <PauseCircle aria-hidden="true" />
          On hold until {formatDate(leaseholder.holdUntil)}
        </Badge>
      ) : null}
      {leaseholder.offSheetsSince ? (
        <Badge variant="outline">
          <FileQuestion aria-hidden="true" />
          On no sheet since {formatDate(leaseholder.offSheetsSince)}
        </Badge>
      ) : null}
      {leaseholder.isErased ? (
        <Badge variant="outline">
          <UserX aria-hidden="true" />
          Personal data erased
        </Badge>
      ) : null}
    </span>
  );
}
