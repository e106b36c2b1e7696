import type { ReactNode } from 'react';

/** The page's heading, with the page-wide actions (Save All) beside it on a wide screen. */
export function TemplatesHeading({ actions }: { actions?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Message Templates</h1>
        <p className="text-muted-foreground">
          The wording of the payment link, reminder and confirmation messages sent to leaseholders.
        </p>
      </div>
      {actions}
    </header>
  );
}
