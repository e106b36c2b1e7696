import {
  Ban,
  CheckCircle2,
  Clock,
  Hourglass,
  Replace,
  TimerOff,
  TriangleAlert,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { PaymentLinkItem } from '../../../../shared/payment-links';

const LOOKS = {
  pending: { label: 'Pending', variant: 'info', icon: Clock },
  paid: { label: 'Paid', variant: 'success', icon: CheckCircle2 },
  expired: { label: 'Expired', variant: 'outline', icon: TimerOff },
  failed: { label: 'Failed', variant: 'destructive', icon: TriangleAlert },
} as const;

/** Why a link closed unpaid (issue 29): its spec status stays expired, so the filter still works. */
const CLOSED = {
  replaced: { label: 'Replaced', variant: 'outline', icon: Replace },
  cancelled: { label: 'Cancelled', variant: 'outline', icon: Ban },
  settled: { label: 'Settled', variant: 'success', icon: CheckCircle2 },
} as const;

/**
 * Spec section 2: the status as a badge with an icon ('Processing' while one settles; Replaced,
 * Cancelled or Settled for a link closed unpaid).
 */
export function StatusBadge({
  link,
}: {
  link: Pick<PaymentLinkItem, 'status' | 'isProcessing' | 'closedReason'>;
}) {
  if (link.isProcessing && link.status === 'pending') {
    return (
      <Badge variant="warning">
        <Hourglass aria-hidden="true" />
        Processing
      </Badge>
    );
  }
  const look =
    link.status !== 'paid' && link.closedReason ? CLOSED[link.closedReason] : LOOKS[link.status];
  const Icon = look.icon;
  return (
    <Badge variant={look.variant}>
      <Icon aria-hidden="true" />
      {look.label}
    </Badge>
  );
}
