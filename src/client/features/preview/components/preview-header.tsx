import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useGoBack } from '../use-go-back';

/** Spec section 2: both preview pages open with a header and a Back button. */
export function PreviewHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const goBack = useGoBack();
  return (
    <header className="mb-6 flex flex-col gap-3">
      <Button variant="ghost" size="sm" className="-ml-3 self-start" onClick={goBack}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          {description ? <p className="text-muted-foreground">{description}</p> : null}
        </div>
        {actions}
      </div>
    </header>
  );
}
