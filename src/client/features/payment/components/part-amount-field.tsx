import ChevronDown from 'lucide-react/icons/chevron-down';
import CircleAlert from 'lucide-react/icons/circle-alert';
import type { Ref } from 'react';
import { useId } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { formatPence } from '../../../../shared/money';

/**
 * "Pay a different amount" (issue 29): a native disclosure, so it opens without JavaScript too,
 * holding a pounds field. With JavaScript the page's Pay button then names the amount; without
 * it, this part has its own button, since the page cannot change the main button's words.
 */
export function PartAmountField({
  ref,
  isOpen,
  onOpenChange,
  value,
  onChange,
  problem,
  minimumPence,
  balancePence,
  disabled,
}: {
  ref: Ref<HTMLInputElement>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
  minimumPence: number;
  balancePence: number;
  disabled: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  return (
    <details
      open={isOpen}
      onToggle={(event) => onOpenChange(event.currentTarget.open)}
      className="group rounded-lg border-2 border-border bg-card open:border-primary"
    >
      <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-3 px-4 text-base font-semibold text-primary underline-offset-4 hover:underline [&::-webkit-details-marker]:hidden">
        Pay a different amount
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="flex flex-col gap-2 px-4 pb-4">
        <label htmlFor={inputId} className="text-base font-semibold">
          Amount to pay
        </label>
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="text-xl font-semibold">
            £
          </span>
          <input
            ref={ref}
            id={inputId}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            readOnly={disabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
            className="h-12 w-full max-w-48 rounded-md border border-input bg-card px-3 text-lg tabular-nums aria-invalid:border-destructive aria-invalid:ring-1 aria-invalid:ring-destructive"
          />
        </div>
        <p id={hintId} className="text-sm text-muted-foreground">
          Any amount from {formatPence(minimumPence)} up to your balance of{' '}
          {formatPence(balancePence)}.
        </p>
        <div aria-live="polite">
          {problem && (
            <p id={problemId} className="flex items-start gap-1.5 font-medium text-destructive">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              {problem}
            </p>
          )}
        </div>
        <div className="hidden noscript:block">
          <button
            type="submit"
            name="payAmount"
            value="part"
            className={buttonVariants({ variant: 'accent', size: 'lg', className: 'w-full' })}
          >
            Pay this amount securely
          </button>
        </div>
      </div>
    </details>
  );
}
