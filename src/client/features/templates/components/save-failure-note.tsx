import { AlertCircle } from 'lucide-react';
import { SAVE_TEXT, type SaveScope } from '../save-scopes';

/** Spec section 8's save failure, beside the button that failed, with what to do about it. */
export function SaveFailureNote({ scope, detail }: { scope: SaveScope; detail?: string }) {
  return (
    <p className="flex items-start gap-2 text-sm font-medium text-destructive">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {SAVE_TEXT[scope].failure}.{' '}
        <span className="font-normal">{detail ?? 'Please correct the highlighted field.'}</span>
      </span>
    </p>
  );
}
