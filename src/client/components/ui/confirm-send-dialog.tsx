import { Loader2, Send } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The last question before messages go out (spec section 2: 'Send Now', 'Sending...'). A WAI-ARIA
 * alert dialog: focus starts on Cancel (sending cannot be undone), stays inside, Escape closes,
 * and focus goes back to the button that opened it. While sending it cannot be dismissed: the
 * request is already on its way and closing would hide its outcome.
 */
export function ConfirmSendDialog({
  isOpen,
  title,
  description,
  isSending,
  onConfirm,
  onCancel,
}: {
  isOpen: boolean;
  title: string;
  description: ReactNode;
  isSending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelButton.current?.focus();
    // The page behind is out of reach for pointer, keyboard and screen reader alike.
    const appRoot = document.getElementById('root');
    appRoot?.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      appRoot?.removeAttribute('inert');
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [isOpen]);

  if (!isOpen) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!isSending) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div aria-hidden="true" className="absolute inset-0 bg-foreground/50" />
      <div
        ref={panel}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onKeyDown={onKeyDown}
        className="relative w-full max-w-md rounded-xl border border-border bg-card p-6 text-card-foreground shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-semibold leading-tight">
          {title}
        </h2>
        <div id={descriptionId} className="mt-2 text-muted-foreground">
          {description}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button ref={cancelButton} variant="outline" onClick={onCancel} disabled={isSending}>
            Cancel
          </Button>
          {/* aria-disabled rather than disabled while sending, so focus is not lost to the page. */}
          <Button
            variant="accent"
            aria-disabled={isSending}
            onClick={() => {
              if (!isSending) onConfirm();
            }}
            className="aria-disabled:cursor-wait aria-disabled:opacity-60"
          >
            {isSending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {isSending ? 'Sending...' : 'Send Now'}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
