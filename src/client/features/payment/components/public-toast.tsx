import X from 'lucide-react/icons/x';
import { useEffect } from 'react';
import { cn } from '@/lib/utils';

/** Spec section 9: a toast shows for 5 seconds, one at a time. */
export const PUBLIC_TOAST_MS = 5000;

export interface PublicToastMessage {
  title: string;
  description: string;
  tone: 'info' | 'error';
}

/**
 * The leaseholder's pages' one toast. Not the admin's toast library (sonner): it would add about
 * 10 KB gzip to a phone's download for two messages (ARCHITECTURE section 8). Errors are
 * announced at once (role=alert), news politely (role=status).
 */
export function PublicToast({
  toast,
  onDismiss,
}: {
  toast: PublicToastMessage | null;
  onDismiss: () => void;
}) {
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(onDismiss, PUBLIC_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);

  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center p-3 sm:justify-end sm:p-4">
      <div role={toast?.tone === 'error' ? 'alert' : 'status'} className="w-full max-w-sm">
        {toast && (
          <div
            className={cn(
              'pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg',
              toast.tone === 'error'
                ? 'border-destructive/30 bg-destructive-soft text-destructive'
                : 'border-success/30 bg-success-soft text-success',
            )}
          >
            <div className="flex-1">
              <p className="font-semibold">{toast.title}</p>
              <p className="mt-0.5 text-sm text-foreground">{toast.description}</p>
            </div>
            <button
              type="button"
              onClick={onDismiss}
              className="-m-1 flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md hover:bg-black/5"
            >
              <X aria-hidden="true" className="size-4" />
              <span className="sr-only">Dismiss</span>
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
