import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

const STEPS = ['Upload File', 'Validate Data', 'Generate Links'] as const;

/** Spec section 2: 1 Upload File, 2 Validate Data, 3 Generate Links. */
export function StepIndicator({ step }: { step: 1 | 2 | 3 }) {
  return (
    <ol aria-label="Upload progress" className="mb-6 grid grid-cols-3 gap-2">
      {STEPS.map((label, index) => {
        const number = index + 1;
        const isDone = number < step || (step === 3 && number === 3);
        const isCurrent = number === step;
        return (
          <li
            key={label}
            aria-current={isCurrent ? 'step' : undefined}
            className={cn(
              'flex flex-col items-center gap-1 rounded-lg border border-border px-2 py-2 text-center text-xs sm:flex-row sm:gap-2 sm:px-3 sm:text-left sm:text-sm',
              isCurrent ? 'border-primary bg-primary-soft font-semibold text-primary' : 'bg-card',
            )}
          >
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border border-border text-xs font-bold',
                isDone || isCurrent
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'text-muted-foreground',
              )}
            >
              {isDone && !isCurrent ? <Check aria-hidden="true" className="size-4" /> : number}
            </span>
            <span className="min-w-0">
              <span className="sr-only">Step {number}: </span>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
