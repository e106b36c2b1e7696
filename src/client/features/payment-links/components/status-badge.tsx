import { CheckCircle2, Clock, Hourglass, TimerOff, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { PaymentLinkItem } from '../../../../shared/payment-links';

const LOOKS = {
  pending: { label: 'Pending', variant: 'info', icon: Clock },
  paid: { label: 'Paid', variant: 'success', icon: CheckCircle2 },
  expired: { label: 'Expired', variant: 'outline', icon: TimerOff },
  failed: { label: 'Failed', variant: 'destructive', icon: TriangleAlert },
} as const;

/** Spec section 2: the status as a badge with an icon (and 'Processing' while one settles). */
export function StatusBadge({ link }: { link: Pick<PaymentLinkItem, 'status' | 'isProcessing'> }) {
  if (link.isProcessing && link.status === 'pending') {
    return (
      <Badge variant="warning">
        <Hourglass aria-hidden="true" />
        Processing
      </Badge>
    );
  }
  const look = LOOKS[link.status];
  const Icon = look.icon;
  return (
    <Badge variant={look.variant}>
      <Icon aria-hidden="true" />
      {look.label}
    </Badge>
  );
}
