import { Badge } from '@/components/ui/badge';
import { statusLabel } from '../message-labels';

/** A message status as a coloured badge with an icon, so colour is never the only cue. */
export function MessageStatusBadge({ status }: { status: string }) {
  const info = statusLabel(status);
  if (!info) return <Badge variant="outline">{status}</Badge>;
  const Icon = info.icon;
  return (
    <Badge variant={info.variant} title={info.hint}>
      <Icon aria-hidden="true" />
      {info.label}
    </Badge>
  );
}
