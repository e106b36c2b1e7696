import { UserX } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ERASE_CONFIRM_WORD, isEraseConfirmed } from '../../../../shared/data-protection';
import { useEraseLeaseholder } from '../api/erase-leaseholder';
import { ActionDialog, type ActionDialogProps, ActionForm } from './action-dialog';

/**
 * Erasure cannot be undone, so the clerk types the leaseholder's name (or ERASE) before the
 * button works. An alert dialog (action-dialog.tsx) whose focus starts in the box.
 */
export function EraseLeaseholderDialog({
  leaseholder,
  isOpen,
  onClose,
}: ActionDialogProps<{ id: string; name: string }>) {
  const eraser = useEraseLeaseholder();
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const isConfirmed = isEraseConfirmed(typed, leaseholder.name);
  const isBusy = eraser.isPending;

  const close = () => {
    if (isBusy) return;
    setTyped('');
    eraser.reset();
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
    <ActionDialog
      isAlert
      isOpen={isOpen}
      isBusy={isBusy}
      onClose={close}
      title={`Erase ${leaseholder.name}’s personal data?`}
      description="Their name, email, phone, address, notes and the contents of every message sent to them are erased, and call-back requests from their phone deleted. Amounts, dates, payments and the account reference stay for the financial record. They will never be messaged again. This cannot be undone."
    >
      <ActionForm
        onSubmit={erase}
        onCancel={close}
        action={eraser}
        failure="The leaseholder’s data could not be erased."
        label="Erase personal data"
        busyLabel="Erasing..."
        icon={UserX}
        variant="destructive"
        isDisabled={!isConfirmed}
        className="mt-5 gap-2"
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
      </ActionForm>
    </ActionDialog>
  );
}
