import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { plural } from '@/lib/plural';

/** Asks before a link leaves the Template Manager with edits not saved (issue 31). */
export function LeaveUnsavedDialog({
  isOpen,
  unsavedCount,
  onStay,
  onLeave,
}: {
  isOpen: boolean;
  unsavedCount: number;
  onStay: () => void;
  onLeave: () => void;
}) {
  const stayButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) onStay();
      }}
    >
      <DialogContent
        role="alertdialog"
        className="inset-x-4 bottom-4 mx-auto max-w-md rounded-xl border border-border p-6 sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          stayButton.current?.focus();
        }}
      >
        <DialogTitle>Leave without saving?</DialogTitle>
        <DialogDescription className="mt-2">
          You have {plural(unsavedCount, 'unsaved change')} to the templates. If you leave this page
          now, {unsavedCount === 1 ? 'it' : 'they'} will be lost.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button ref={stayButton} variant="outline" onClick={onStay}>
            Stay and keep editing
          </Button>
          <Button variant="destructive" onClick={onLeave}>
            Leave without saving
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
