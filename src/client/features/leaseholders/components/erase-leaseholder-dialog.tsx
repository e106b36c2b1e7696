import { Loader2, UserX } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ERASE_CONFIRM_WORD, isEraseConfirmed } from '../../../../shared/data-protection';
import { useEraseLeaseholder } from '../api/erase-leaseholder';

/**
 * Erasure cannot be undone, so the clerk types the leaseholder's name (or ERASE) before the
 * button works. An alert dialog: focus starts in the box,
 * a click outside does not close it, and while the request runs it cannot be dismissed.
 */
export function EraseLeaseholderDialog({
  leaseholder,
  isOpen,
  onClose,
}: {
  leaseholder: { id: string; name: string };
  isOpen: boolean;
  onClose: () => void;
}) {
  const eraser = useEraseLeaseholder();
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const opener = useRef<HTMLElement | null>(null);
  const isConfirmed = isEraseConfirmed(typed, leaseholder.name);
  const isBusy = eraser.isPending;

  const close = () => {
    if (isBusy) return;
    setTyped('');
    onClose();
  };
  const erase = () => {
    if (!isConfirmed || isBusy) return;
    eraser.mutate(
      { id: leaseholder.id, confirm: typed },
      {
        onSuccess: () => {
          setTyped('');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        role="alertdialog"
        className="inset-x-4 bottom-4 mx-auto max-w-md rounded-xl border border-border p-6 sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2"
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
        <DialogTitle>Erase {leaseholder.name}’s personal data?</DialogTitle>
        <DialogDescription className="mt-2">
          Their name, email, phone, address, notes and the contents of every message sent to them
          are erased, and call-back requests from their phone deleted. Amounts, dates, payments and
          the account reference stay for the financial record. They will never be messaged again.
          This cannot be undone.
        </DialogDescription>
        <form
          className="mt-5 flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            erase();
          }}
        >
          <Label htmlFor={inputId}>
            Type <span className="font-semibold">{leaseholder.name}</span> or{' '}
            <span className="font-mono font-semibold">{ERASE_CONFIRM_WORD}</span> to confirm
          </Label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            readOnly={isBusy}
          />
          <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={close} disabled={isBusy}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={!isConfirmed}
              aria-disabled={isBusy}
              className="aria-disabled:cursor-wait aria-disabled:opacity-60"
            >
              {isBusy ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <UserX aria-hidden="true" />
              )}
              {isBusy ? 'Erasing...' : 'Erase personal data'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
