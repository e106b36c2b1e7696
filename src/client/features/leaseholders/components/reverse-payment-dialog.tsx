import { Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import type { TimelineEvent } from '../../../../shared/leaseholders';
import { decimalStringToPence, formatPence } from '../../../../shared/money';
import { useReversePayment } from '../api/reverse-payment';
import { ActionDialog, ActionForm } from './action-dialog';
import { FilterChips } from './filter-chips';
import { FormField, fieldAria } from './form-field';

/** Why a recorded payment did not count after all, as clerks say it. */
const REASONS = [
  { value: 'Cheque bounced', label: 'Cheque bounced' },
  { value: 'Recorded on the wrong leaseholder', label: 'Wrong leaseholder' },
  { value: 'Recorded in error', label: 'Recorded in error' },
  { value: '', label: 'Other' },
] as const;

/**
 * Reverse an offline payment: a bounced cheque, a payment recorded in error. The amount goes
 * back on the balance; its receipt is withdrawn; the payments export lists it as given back.
 */
export function ReversePaymentDialog({
  accountId,
  payment,
  onClose,
}: {
  accountId: string;
  /** The offline payment's line of history; null when the dialog is closed. */
  payment: TimelineEvent | null;
  onClose: () => void;
}) {
  const id = useId();
  const reverse = useReversePayment();
  const [choice, setChoice] = useState<string>(REASONS[0].value);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    if (reverse.isPending) return;
    reverse.reset();
    setChoice(REASONS[0].value);
    setOther('');
    setError(undefined);
    onClose();
  };
  const reason = choice === '' ? other.trim() : choice;
  const amount = payment?.amount ? formatPence(decimalStringToPence(payment.amount)) : '';
  const submit = () => {
    if (!payment?.refId) return;
    if (reason === '') {
      setError('Give a reason for the reversal');
      return;
    }
    reverse.mutate(
      { accountId, paymentId: payment.refId, reversal: { reason } },
      { onSuccess: close },
    );
  };

  return (
    <ActionDialog
      isOpen={payment !== null}
      isBusy={reverse.isPending}
      onClose={close}
      title={`Reverse this ${payment?.title.replace(/ recorded$/, '').toLowerCase() ?? 'payment'}?`}
      description={`${amount} goes back on the balance and its receipt is withdrawn. The payments export lists it as given back today. Nothing is sent to the leaseholder.`}
    >
      <ActionForm
        onSubmit={submit}
        onCancel={close}
        action={reverse}
        failure="The payment could not be reversed."
        label={`Reverse ${amount}`}
        busyLabel="Reversing..."
        icon={Undo2}
        variant="destructive"
      >
        <FilterChips
          legend="Why"
          name={`${id}-reason`}
          options={REASONS}
          value={choice}
          onChange={(next) => {
            setChoice(next);
            setError(undefined);
          }}
        />
        {choice === '' ? (
          <FormField id={`${id}-other`} label="Reason" error={error}>
            <Input
              {...fieldAria(`${id}-other`, { error })}
              maxLength={500}
              placeholder="Stopped by the bank"
              value={other}
              onChange={(event) => setOther(event.target.value)}
            />
          </FormField>
        ) : null}
      </ActionForm>
    </ActionDialog>
  );
}
