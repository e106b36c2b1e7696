import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * "Showing 1–25 of 80" with Previous and Next, for a list paged on the server at a fixed page
 * size (the message log, the System page's lists; ListPager when staff choose the size).
 */
export function Pager({
  offset,
  shown,
  total,
  pageSize,
  isBusy,
  onOffsetChange,
  className,
}: {
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  isBusy: boolean;
  onOffsetChange: (offset: number) => void;
  className?: string;
}) {
  return (
    <nav
      aria-label="Pages"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3',
        className,
      )}
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {offset + 1}–{offset + shown} of {total}
      </p>
      <PageButtons
        className="flex gap-2"
        canGoBack={offset > 0 && !isBusy}
        canGoForward={offset + shown < total && !isBusy}
        onPrevious={() => onOffsetChange(Math.max(0, offset - pageSize))}
        onNext={() => onOffsetChange(offset + pageSize)}
      />
    </nav>
  );
}

/** Previous and Next, as every paged list in the admin area shows them. */
export function PageButtons({
  canGoBack,
  canGoForward,
  onPrevious,
  onNext,
  className,
  children,
}: {
  canGoBack: boolean;
  canGoForward: boolean;
  onPrevious: () => void;
  onNext: () => void;
  className?: string;
  /** Shown before the buttons (ListPager's page size). */
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      {children}
      {/* Previous and Next wrap as a pair on a narrow screen, never one without the other. */}
      <span className="flex gap-2">
        <Button variant="outline" size="sm" disabled={!canGoBack} onClick={onPrevious}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!canGoForward} onClick={onNext}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </span>
    </div>
  );
}
