import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** One channel's message: a titled card, or a plain note when the channel will not be used. */
export function ChannelPreviewCard({
  icon: Icon,
  title,
  description,
  unusedReason,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: string;
  /** Set when this leaseholder will not get this message, e.g. 'No email address'. */
  unusedReason?: string;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-base font-semibold leading-tight">
          <Icon aria-hidden="true" className="size-4 shrink-0 text-accent" />
          {title}
        </h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {unusedReason ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            {unusedReason}
          </p>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
