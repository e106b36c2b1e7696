import { cn } from '@/lib/utils';

/** A bar filled to `percent`, read out as a progress bar named by the element `labelledBy`. */
export function ProgressBar({
  percent,
  labelledBy,
  onMuted = false,
  className,
}: {
  percent: number;
  labelledBy: string;
  /** Set on a muted panel: the track takes the page's background to stand out. */
  onMuted?: boolean;
  /** Layout only (margins, widths). */
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      className={cn(
        'h-2.5 overflow-hidden rounded-full',
        onMuted ? 'bg-background' : 'bg-muted',
        className,
      )}
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-500"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
