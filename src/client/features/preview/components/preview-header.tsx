import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useGoBack } from '../use-go-back';

/** Spec section 2: both preview pages open with a header and a Back button. */
export function PreviewHeader(props: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const goBack = useGoBack();
  return (
    <div className="flex flex-col gap-3">
      <Button variant="ghost" size="sm" className="-ml-3 self-start" onClick={goBack}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      <PageHeader {...props} />
    </div>
  );
}
