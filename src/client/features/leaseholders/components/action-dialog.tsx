import { AlertCircle, Loader2, type LucideIcon } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';

/** What the leaseholder page gives each action's dialog. */
export interface ActionDialogProps<Leaseholder = LeaseholderDetail> {
  leaseholder: Leaseholder;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The frame of every action on the leaseholder page: a modal that asks before anything changes.
 * Focus goes back to the button that opened it; a click outside does not close it (a half-typed
 * payment is not lost); while the request runs it cannot be dismissed, so its outcome is seen.
 */
export function ActionDialog({
  isOpen,
  isBusy,
  onClose,
  title,
  description,
  isAlert = false,
  isWide = false,
  children,
}: {
  isOpen: boolean;
  isBusy: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** A yes/no question (cancel a link, end a hold) rather than a form. */
  isAlert?: boolean;
  /** Room for a message preview. */
  isWide?: boolean;
  children: ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open && !isBusy) onClose();
      }}
    >
      <DialogContent
        role={isAlert ? 'alertdialog' : 'dialog'}
        className={cn(
          'inset-x-4 bottom-4 mx-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-xl border border-border p-5 sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2 sm:p-6',
          isWide ? 'max-w-3xl' : 'max-w-lg',
        )}
        onOpenAutoFocus={() => {
          opener.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => {
          if (isBusy) event.preventDefault();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="mt-2">{description}</DialogDescription>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The server's refusal, in its own words, inside the dialog that asked. */
export function ActionError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" className="mt-4">
      <AlertCircle aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/**
 * Cancel and the action's button, kept in sight at the foot of a dialog that scrolls (a long
 * preview, a form under a phone's keyboard). The action is aria-disabled rather than disabled
 * while busy, so focus is not lost to the page; `type` submit when the dialog is a form.
 */
export function ActionButtons({
  onCancel,
  isBusy,
  label,
  busyLabel,
  icon: Icon,
  variant = 'default',
  isSubmit = false,
  isDisabled = false,
  onConfirm,
  cancelLabel = 'Cancel',
  className,
}: {
  onCancel: () => void;
  isBusy: boolean;
  label: string;
  busyLabel: string;
  icon: LucideIcon;
  variant?: 'default' | 'accent' | 'destructive';
  isSubmit?: boolean;
  isDisabled?: boolean;
  onConfirm?: () => void;
  cancelLabel?: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        // Sticky at the dialog's very foot: the negative bottom undoes its padding.
        'sticky -bottom-5 -mx-5 -mb-5 flex justify-end gap-3 border-t border-border bg-card px-5 py-4 *:flex-1 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6 sm:*:flex-none',
        className ?? 'mt-6',
      )}
    >
      <Button type="button" variant="outline" onClick={onCancel} disabled={isBusy}>
        {cancelLabel}
      </Button>
      <Button
        type={isSubmit ? 'submit' : 'button'}
        variant={variant}
        aria-disabled={isBusy || isDisabled}
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        onClick={(event) => {
          if (isBusy || isDisabled) {
            event.preventDefault();
            return;
          }
          onConfirm?.();
        }}
      >
        {isBusy ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <Icon aria-hidden="true" />
        )}
        {isBusy ? busyLabel : label}
      </Button>
    </div>
  );
}

/**
 * A dialog's form: its fields, then the server's refusal (`failure` when it gives no words) and
 * the buttons. Fields are checked by the caller's `onSubmit`; the browser's own checks are off so
 * every message reads the same.
 */
export function ActionForm({
  onSubmit,
  onCancel,
  action,
  failure,
  label,
  busyLabel,
  icon,
  variant,
  isDisabled,
  className = 'mt-5 gap-5',
  children,
}: {
  onSubmit: () => void;
  onCancel: () => void;
  /** The request's state, as a mutation has it. */
  action: { isPending: boolean; isError: boolean; error: unknown };
  failure: string;
  label: string;
  busyLabel: string;
  icon: LucideIcon;
  variant?: 'default' | 'accent' | 'destructive';
  isDisabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      className={cn('flex flex-col', className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <ActionError message={action.isError ? errorMessage(action.error, failure) : null} />
      <ActionButtons
        onCancel={onCancel}
        isBusy={action.isPending}
        isSubmit
        isDisabled={isDisabled}
        label={label}
        busyLabel={busyLabel}
        icon={icon}
        variant={variant}
        className="mt-1"
      />
    </form>
  );
}
