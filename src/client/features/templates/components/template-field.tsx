import type { Editor } from '@tiptap/react';
import { lazy, type ReactNode, type Ref, Suspense, useCallback, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useProviderModes } from '@/lib/provider-modes';
import { describeSmsSize, smsSize } from '@/lib/sms-segments';
import { cn } from '@/lib/utils';
import {
  TEMPLATE_FIELD_INFO,
  type TemplateField,
  WHATSAPP_TEXT_FIELDS,
} from '../../../../shared/templates';

// Its own chunk: the editor's code loads when an email body is shown, never elsewhere.
const RichEmailEditor = lazy(() => import('../rich-text/rich-email-editor'));

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

type View = 'formatted' | 'html';

/** Whether WhatsApp sends Twilio's approved template for `field`'s message instead of its text. */
function useIsApproved(field: TemplateField): boolean {
  const { data: modes } = useProviderModes();
  return (modes?.whatsappApproved ?? []).some((kind) => WHATSAPP_TEXT_FIELDS[kind] === field);
}

function ViewSwitch({ view, onView }: { view: View; onView: (view: View) => void }) {
  const option = (value: View, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onView(value)}
      className={cn(
        'rounded px-2.5 py-1 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        view === value ? 'bg-card text-foreground shadow-xs' : 'text-muted-foreground',
      )}
    >
      {label}
    </button>
  );
  return (
    <fieldset className="inline-flex rounded-md bg-muted p-0.5">
      <legend className="sr-only">Edit as</legend>
      {option('formatted', 'Formatted')}
      {option('html', 'HTML')}
    </fieldset>
  );
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
  onHtmlChange,
  onEditor,
  isShown,
  children,
}: {
  field: TemplateField;
  value: string;
  error?: string;
  isUnsaved: boolean;
  registration: UseFormRegisterReturn<TemplateField>;
  inputRef: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
  onFocus: () => void;
  /** An HTML body written by the formatted editor. */
  onHtmlChange: (html: string) => void;
  onEditor: (editor: Editor | null) => void;
  /** Its tab is the one open: the formatted editor is only loaded and made for what is seen. */
  isShown: boolean;
  /** Shown under the field, e.g. its preview on a phone. */
  children?: ReactNode;
}) {
  const info = TEMPLATE_FIELD_INFO[field];
  const id = `template-${field}`;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  const [view, setView] = useState<View>(info.format === 'html' ? 'formatted' : 'html');
  const [isUnsupported, setIsUnsupported] = useState(false);
  const onUnsupported = useCallback(() => {
    setIsUnsupported(true);
    setView('html');
  }, []);
  const isFormatted = info.format === 'html' && view === 'formatted';
  const common = {
    id,
    ...registration,
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      registration.ref(element);
      inputRef(element);
    },
    onFocus,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    spellCheck: info.format !== 'html',
  };
  const isText = info.tab === 'whatsapp';
  const isApproved = useIsApproved(field);

  return (
    <div className="flex flex-col gap-2">
      <div className="flex min-h-6 flex-wrap items-center justify-between gap-2">
        <Label id={labelId} htmlFor={isFormatted ? undefined : id}>
          {info.label}
        </Label>
        <div className="flex items-center gap-2">
          {isApproved ? <Badge variant="info">Approved template on WhatsApp</Badge> : null}
          {isUnsaved ? <Badge variant="warning">Unsaved</Badge> : null}
          {info.format === 'html' && !isUnsupported ? (
            <ViewSwitch view={view} onView={setView} />
          ) : null}
        </div>
      </div>
      <p id={hintId} className="-mt-1 text-sm text-muted-foreground">
        {info.hint}
        {isUnsupported
          ? ' This email’s HTML has layout the formatted view could not keep unchanged, so it is edited as HTML.'
          : ''}
      </p>
      {info.format === 'subject' ? (
        <Input {...common} ref={common.ref as Ref<HTMLInputElement>} />
      ) : (
        <Textarea
          {...common}
          ref={common.ref as Ref<HTMLTextAreaElement>}
          rows={rowsFor(value)}
          variant={info.format === 'html' ? 'code' : 'default'}
          hidden={isFormatted}
        />
      )}
      {isFormatted && isShown ? (
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <RichEmailEditor
            value={value}
            labelId={labelId}
            describedBy={describedBy}
            isInvalid={Boolean(error)}
            onChange={onHtmlChange}
            onFocus={onFocus}
            onUnsupported={onUnsupported}
            onEditor={onEditor}
          />
        </Suspense>
      ) : null}
      {isText ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Template: {describeSmsSize(smsSize(value))}.{' '}
          {isApproved
            ? 'WhatsApp sends your approved template for this message, with the same details, instead of this text. This text is the SMS if WhatsApp fails.'
            : 'Sent as SMS if WhatsApp fails.'}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}
