import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const textareaVariants = cva(
  'flex w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-foreground shadow-xs placeholder:text-muted-foreground/80 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-1 aria-invalid:ring-destructive',
  {
    variants: {
      variant: {
        default: 'text-base leading-relaxed',
        /** Markup (HTML templates): monospaced, a little smaller so more of a line fits. */
        code: 'font-mono text-sm leading-normal',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** A multi-line Input: the same border, focus and invalid looks. */
export function Textarea({
  className,
  variant,
  ...props
}: ComponentProps<'textarea'> & VariantProps<typeof textareaVariants>) {
  return <textarea className={cn(textareaVariants({ variant }), className)} {...props} />;
}
