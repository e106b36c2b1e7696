import { Ban, PlayCircle } from 'lucide-react';
import type { OpenLink } from '../../../../shared/leaseholders';
import { balanceSentence, decimalStringToPence, formatPence } from '../../../../shared/money';
import { useCancelPaymentLink } from '../api/cancel-payment-link';
import { useEndHold } from '../api/end-hold';
import { ActionButtons, ActionDialog, type ActionDialogProps } from './action-dialog';

/** Cancel the open link: it stops taking payments and its reminders stop; the balance stays. */
export function CancelLinkDialog({
  leaseholder,
  link,
  isOpen,
  onClose,
}: ActionDialogProps & { link: OpenLink }) {
  const cancel = useCancelPaymentLink();
  return (
    <ActionDialog
      isAlert
      isOpen={isOpen}
      isBusy={cancel.isPending}
      onClose={onClose}
      title="Cancel the open link?"
      description={`The ${formatPence(decimalStringToPence(link.amount))} link stops working at once and its reminders stop. ${leaseholder.name} is not told. The balance stays ${balanceSentence(leaseholder.balancePence)}.`}
    >
      <ActionButtons
        onCancel={onClose}
        cancelLabel="Keep the link"
        isBusy={cancel.isPending}
        label="Cancel link"
        busyLabel="Cancelling..."
        icon={Ban}
        variant="destructive"
        onConfirm={() =>
          cancel.mutate({ linkId: link.id, accountId: leaseholder.id }, { onSuccess: onClose })
        }
      />
    </ActionDialog>
  );
}

/** End a hold before its day: chasing resumes now, and messages that waited go out. */
export function EndHoldDialog({ leaseholder, isOpen, onClose }: ActionDialogProps) {
  const end = useEndHold();
  return (
    <ActionDialog
      isAlert
      isOpen={isOpen}
      isBusy={end.isPending}
      onClose={onClose}
      title="End the hold?"
      description={`Chasing ${leaseholder.name} resumes now: reminders that waited for the hold go out, and new links can be sent.`}
    >
      <ActionButtons
        onCancel={onClose}
        cancelLabel="Keep the hold"
        isBusy={end.isPending}
        label="End hold"
        busyLabel="Ending..."
        icon={PlayCircle}
        onConfirm={() => end.mutate(leaseholder.id, { onSuccess: onClose })}
      />
    </ActionDialog>
  );
}
