import { PauseCircle, UserX } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '../../../../shared/dates';
import type { LeaseholderItem } from '../../../../shared/leaseholders';

/** What sets an account apart at a glance: chasing held, personal data erased. */
export function LeaseholderBadges({
  leaseholder,
}: {
  leaseholder: Pick<LeaseholderItem, 'holdUntil' | 'isErased'>;
}) {
  if (!leaseholder.holdUntil && !leaseholder.isErased) return null;
  return (
    <span className="flex flex-wrap gap-1.5">
      {leaseholder.holdUntil ? (
        <Badge variant="warning">
          <PauseCircle aria-hidden="true" />
          On hold until {formatDate(leaseholder.holdUntil)}
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
