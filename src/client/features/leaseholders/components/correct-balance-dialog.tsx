import { Scale } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import {
  balanceSentence,
  formatPence,
  parsePounds,
  penceToDecimalString,
} from '../../../../shared/money';
import { useCorrectBalance } from '../api/correct-balance';
import { ActionDialog, type ActionDialogProps, ActionForm } from './action-dialog';
import { FilterChips } from './filter-chips';
import { FormField, fieldAria } from './form-field';
import { PoundsInput } from './pounds-input';

type Side = 'owed' | 'credit';

const SIDES = [
  { value: 'owed', label: 'Owed by them' },
  { value: 'credit', label: 'In credit' },
] as const;

/** What the correction does to the leaseholder's link, then what undoes it. */
function correctionHint(pence: number | null, hasOpenLink: boolean, was: string): string {
  const isOwed = pence === null || pence > 0;
  const link = hasOpenLink
    ? isOwed
      ? 'The open link asks for this from now on. '
      : 'Nothing owed: the open link closes, and its reminders stop. '
    : isOwed
      ? 'No link is open: send one afterwards if they should be asked to pay. '
      : '';
  return `${link}A later spreadsheet still showing ${was} keeps this; one with a new figure replaces it.`;
}

/**
 * Correct the balance no spreadsheet will: a duplicate account, a leaseholder who sold, a
 * write-off. A credit is chosen, never typed as a minus sign a clerk could miss.
 */
export function CorrectBalanceDialog({ leaseholder, isOpen, onClose }: ActionDialogProps) {
  const id = useId();
  const correct = useCorrectBalance();
  const start = () => ({
    amount: penceToDecimalString(Math.abs(leaseholder.balancePence)),
    side: (leaseholder.balancePence < 0 ? 'credit' : 'owed') as Side,
    reason: '',
  });
  const [form, setForm] = useState(start);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const close = () => {
    if (correct.isPending) return;
    correct.reset();
    setForm(start());
    setErrors({});
    onClose();
  };

  const pounds = parsePounds(form.amount);
  const pence = pounds === null ? null : form.side === 'credit' ? -pounds : pounds;
  const submit = () => {
    const found = {
      amount:
        pence === null
          ? 'Enter the balance in pounds, such as 120.00'
          : pence === leaseholder.balancePence
            ? 'That is the balance now: enter the corrected figure'
            : undefined,
      reason: form.reason.trim() === '' ? 'Give a reason for the correction' : undefined,
    };
    setErrors(found);
    if (pence === null || found.amount || found.reason) return;
    correct.mutate(
      {
        id: leaseholder.id,
        correction: {
          balance: penceToDecimalString(pence),
          reason: form.reason.trim(),
          wasPence: leaseholder.balancePence,
        },
      },
      { onSuccess: close },
    );
  };

  return (
    <ActionDialog
      isOpen={isOpen}
      isBusy={correct.isPending}
      onClose={close}
      title="Correct the balance"
      description={`Now ${balanceSentence(leaseholder.balancePence)}. For what no spreadsheet will put right: a duplicate account, a leaseholder who has sold, a write-off. Nothing is sent to ${leaseholder.name}.`}
    >
      <ActionForm
        onSubmit={submit}
        onCancel={close}
        action={correct}
        failure="The balance could not be corrected."
        label="Set balance"
        busyLabel="Saving..."
        icon={Scale}
      >
        <FormField
          id={`${id}-amount`}
          label="Correct balance"
          hint={correctionHint(
            pence,
            leaseholder.openLink !== null,
            formatPence(leaseholder.balancePence),
          )}
          error={errors.amount}
        >
          <PoundsInput
            {...fieldAria(`${id}-amount`, { error: errors.amount, hasHint: true })}
            value={form.amount}
            onChange={(event) => setForm({ ...form, amount: event.target.value })}
          />
        </FormField>
        <FilterChips
          legend="The balance is"
          name={`${id}-side`}
          options={SIDES}
          value={form.side}
          onChange={(side) => setForm({ ...form, side })}
        />
        <FormField id={`${id}-reason`} label="Reason" error={errors.reason}>
          <Input
            {...fieldAria(`${id}-reason`, { error: errors.reason })}
            maxLength={500}
            placeholder="Duplicate of RIV-F1, or sold on 12/10/2026"
            value={form.reason}
            onChange={(event) => setForm({ ...form, reason: event.target.value })}
          />
        </FormField>
      </ActionForm>
    </ActionDialog>
  );
}
