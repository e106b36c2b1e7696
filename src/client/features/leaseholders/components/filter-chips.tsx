import { cn } from '@/lib/utils';

/**
 * One of several filters, drawn as chips: radio buttons underneath, so arrow keys move between
 * them and a screen reader says which is chosen.
 */
export function FilterChips<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  isLegendHidden = false,
  isSmall = false,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string; hint?: string }[];
  value: T;
  onChange: (value: T) => void;
  isLegendHidden?: boolean;
  isSmall?: boolean;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className={cn('mb-2 text-sm font-medium', isLegendHidden && 'sr-only')}>
        {legend}
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} title={option.hint}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'inline-flex cursor-pointer items-center rounded-full border text-sm font-medium transition-colors',
                isSmall ? 'min-h-9 px-3' : 'min-h-10 px-4',
                'border-input bg-card text-foreground hover:bg-muted',
                // The chosen chip keeps its colour under the pointer, or its white words vanish.
                'peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-checked:hover:bg-primary/90',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
              )}
            >
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
