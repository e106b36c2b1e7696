import type { ReactNode, Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { TEMPLATE_FIELD_INFO, type TemplateField } from '../../../../shared/templates';

/** About how many characters fit on a line of the editor on a desktop. */
const CHARACTERS_PER_ROW = 70;

/**
 * Spec section 2: text areas 4 to 15 rows. They grow with the text between the two, counting
 * long lines as the several rows they wrap to, so a short template needs no scrolling.
 */
function rowsFor(value: string): number {
  const rows = value
    .split('\n')
    .reduce((total, line) => total + Math.max(1, Math.ceil(line.length / CHARACTERS_PER_ROW)), 0);
  return Math.min(15, Math.max(4, rows + 1));
}

/** One template: label, when it is sent, the editor, and its error. */
export function TemplateFieldEditor({
  field,
  value,
  error,
  isUnsaved,
  registration,
  inputRef,
  onFocus,
  children,
}: {
  field: TemplateField;
  value: string;
  error?: string;
  isUnsaved: boolean;
  registration: UseFormRegisterReturn<TemplateField>;
  inputRef: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
  onFocus: () => void;
  /** Shown under the field, e.g. its preview on a phone. */
  children?: ReactNode;
}) {
  const info = TEMPLATE_FIELD_INFO[field];
  const id = `template-${field}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const common = {
    id,
    ...registration,
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      registration.ref(element);
      inputRef(element);
    },
    onFocus,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${hintId} ${errorId}` : hintId,
    spellCheck: info.format !== 'html',
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex min-h-6 flex-wrap items-center justify-between gap-2">
        <Label htmlFor={id}>{info.label}</Label>
        {isUnsaved ? <Badge variant="warning">Unsaved</Badge> : null}
      </div>
      <p id={hintId} className="-mt-1 text-sm text-muted-foreground">
        {info.hint}
      </p>
      {info.format === 'subject' ? (
        <Input {...common} ref={common.ref as Ref<HTMLInputElement>} />
      ) : (
        <Textarea
          {...common}
          ref={common.ref as Ref<HTMLTextAreaElement>}
          rows={rowsFor(value)}
          variant={info.format === 'html' ? 'code' : 'default'}
        />
      )}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}
