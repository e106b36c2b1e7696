import { StickyNote } from 'lucide-react';
import { useId, useState } from 'react';
import { Textarea } from '@/components/ui/textarea';
import { useAddNote } from '../api/add-note';
import { ActionDialog, type ActionDialogProps, ActionForm } from './action-dialog';
import { FormField, fieldAria } from './form-field';

const MAX_NOTE = 2000;

/** A staff note (a call, a promise to pay) at the top of the leaseholder's history. */
export function AddNoteDialog({
  leaseholder,
  isOpen,
  onClose,
}: ActionDialogProps<{ id: string; name: string }>) {
  const id = useId();
  const note = useAddNote();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const finish = () => {
    note.reset();
    setText('');
    setError(undefined);
    onClose();
  };
  const close = () => {
    if (!note.isPending) finish();
  };
  const submit = () => {
    if (text.trim() === '') {
      setError('Write the note first');
      return;
    }
    setError(undefined);
    note.mutate({ id: leaseholder.id, text: text.trim() }, { onSuccess: finish });
  };

  return (
    <ActionDialog
      isOpen={isOpen}
      isBusy={note.isPending}
      onClose={close}
      title="Add a note"
      description={`For staff only: ${leaseholder.name} never sees it.`}
    >
      <ActionForm
        onSubmit={submit}
        onCancel={close}
        action={note}
        failure="The note could not be saved."
        label="Add note"
        busyLabel="Adding..."
        icon={StickyNote}
      >
        <FormField
          id={`${id}-text`}
          label="Note"
          hint={`${text.length.toLocaleString('en-GB')} of ${MAX_NOTE.toLocaleString('en-GB')} characters`}
          error={error}
        >
          <Textarea
            {...fieldAria(`${id}-text`, { error, hasHint: true })}
            rows={5}
            maxLength={MAX_NOTE}
            placeholder="Called: will pay £200 on Friday."
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </FormField>
      </ActionForm>
    </ActionDialog>
  );
}
