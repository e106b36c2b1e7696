import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card, CardContent } from '@/components/ui/card';

interface SectionCardProps {
  icon: LucideIcon;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  id?: string;
}

/** One of the landing page's cards: an icon, an h2 title (the page has one h1), then content. */
export function SectionCard({
  icon: Icon,
  title,
  description,
  children,
  className,
  id,
}: SectionCardProps) {
  const titleId = useId();
  return (
    <Card id={id} className={className} role="region" aria-labelledby={titleId}>
      <div className="flex items-start gap-4 p-5 sm:p-6">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-xl font-semibold leading-tight text-primary">
            {title}
          </h2>
          {description && <p className="text-base text-muted-foreground">{description}</p>}
        </div>
      </div>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
