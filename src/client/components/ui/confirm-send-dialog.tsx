import { Loader2, Send } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/**
 * The last question before messages go out (spec section 2: 'Send Now', 'Sending...'). An alert
 * dialog: focus starts on Cancel (sending cannot be undone), goes back to the button that asked,
 * and a click outside does not answer it. While sending it cannot be dismissed: the request is already on its way and closing would
 * hide its outcome.
 */
export function ConfirmSendDialog({
  isOpen,
  title,
  description,
  isSending,
  onConfirm,
  onCancel,
  confirmLabel = 'Send Now',
  isConfirmDisabled = false,
  children,
}: {
  isOpen: boolean;
  title: string;
  description: string;
  isSending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button's words (spec section 2's 'Send Now' by default). */
  confirmLabel?: string;
  /** While what is being confirmed is still loading. */
  isConfirmDisabled?: boolean;
  /** More to read under the question. */
  children?: ReactNode;
}) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  // The button that asked, to give focus back to: there is no Radix trigger to return to.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open && !isSending) onCancel();
      }}
    >
      <DialogContent
        role="alertdialog"
        className="inset-x-4 bottom-4 mx-auto max-w-md rounded-xl border border-border p-6 sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          opener.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
          cancelButton.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => {
          if (isSending) event.preventDefault();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="mt-2">{description}</DialogDescription>
        {children}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button ref={cancelButton} variant="outline" onClick={onCancel} disabled={isSending}>
            Cancel
          </Button>
          {/* aria-disabled rather than disabled while sending, so focus is not lost to the page. */}
          <Button
            variant="accent"
            aria-disabled={isSending || isConfirmDisabled}
            onClick={() => {
              if (!isSending && !isConfirmDisabled) onConfirm();
            }}
            className="aria-disabled:cursor-wait aria-disabled:opacity-60"
          >
            {isSending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {isSending ? 'Sending...' : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
