import Building2 from 'lucide-react/icons/building-2';
import Lock from 'lucide-react/icons/lock';
import type { ReactNode } from 'react';
import { usePublicConfig } from '@/lib/public-config';

/**
 * The frame of the leaseholder's pages: the company they are paying, a plain "secure" mark, and
 * one narrow column that reads well on a phone and stays centred on a desktop.
 */
export function PaymentShell({ children }: { children: ReactNode }) {
  const { companyName } = usePublicConfig();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border bg-card">
        {/* With a phone's larger text there is no room for both: the mark goes under the name. */}
        <div className="mx-auto flex min-h-16 w-full max-w-xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2">
          <span className="flex min-w-0 flex-[1_1_12rem] items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Building2 aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0 text-base leading-tight font-bold break-words hyphens-auto text-primary">
              {companyName}
            </span>
          </span>
          <span className="flex shrink-0 items-center gap-1.5 text-sm font-medium text-success">
            <Lock aria-hidden="true" className="size-4" />
            Secure payment
          </span>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-4 px-4 py-5 sm:py-8">
        {children}
      </main>
    </div>
  );
}
