import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';

/** The page's heading, with the page-wide actions (Save All) beside it on a wide screen. */
export function TemplatesHeading({ actions }: { actions?: ReactNode }) {
  return (
    <PageHeader
      title="Message Templates"
      description="The wording of the payment link, reminder and confirmation messages sent to leaseholders."
      actions={actions}
    />
  );
}
