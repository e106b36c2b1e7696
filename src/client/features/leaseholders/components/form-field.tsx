import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/**
 * A label, the control, a hint and the field's error. The control is given its ids by the
 * caller (`describedBy` below) so that its error and hint are read with it.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes a control needs for its FormField's hint and error. */
export function fieldAria(id: string, options: { error?: string; hasHint?: boolean }) {
  const describedBy = [options.hasHint ? `${id}-hint` : '', options.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': options.error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}
