import { Toaster as Sonner, toast } from 'sonner';

/** Spec section 9: one toast visible at a time, shown for 5 seconds. */
export const TOAST_DURATION_MS = 5000;

export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      position="top-right"
      closeButton
      richColors
      toastOptions={{ className: 'text-base' }}
    />
  );
}

export { toast };
