import { PauseCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { plural } from '@/lib/plural';
import { formatDate } from '../../../../shared/dates';
import { HOLD_REASONS } from '../../../../shared/leaseholders';
import { useHoldChasing } from '../api/hold-chasing';
import { addDays, ukToday } from '../balance';
import { ActionDialog, type ActionDialogProps, ActionForm } from './action-dialog';
import { FilterChips } from './filter-chips';
import { FormField, fieldAria } from './form-field';

const OTHER = 'other';
/** The server's limit; the date field offers no later day. */
const MAX_HOLD_DAYS = 400;

type ReasonChoice = (typeof HOLD_REASONS)[number] | typeof OTHER;

/** The chosen day in words, so a slip of the date picker shows before it is saved. */
function untilHint(today: string, until: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || until <= today)
    return 'The hold ends at the end of this day.';
  const days = Math.round((Date.parse(until) - Date.parse(today)) / 86_400_000);
  return `Chasing resumes after ${formatDate(`${until}T12:00:00Z`)}: ${plural(days, 'day')} from today.`;
}

/**
 * Hold chasing until a day, with why (Breathing Space, a dispute, a payment plan, or the clerk's
 * own words). While held no reminders or new links go out; payments are still taken; the hold
 * ends by itself at the end of that day.
 */
export function HoldDialog({ leaseholder, isOpen, onClose }: ActionDialogProps) {
  const id = useId();
  const hold = useHoldChasing();
  const [today] = useState(() => ukToday());
  const [until, setUntil] = useState(() => addDays(ukToday(), 30));
  const [choice, setChoice] = useState<ReasonChoice>(HOLD_REASONS[0]);
  const [otherReason, setOtherReason] = useState('');
  const [errors, setErrors] = useState<{ until?: string; reason?: string }>({});
  const reason = choice === OTHER ? otherReason.trim() : choice;

  const finish = () => {
    hold.reset();
    setErrors({});
    onClose();
  };
  const close = () => {
    if (!hold.isPending) finish();
  };
  const submit = () => {
    const found = {
      until: !/^\d{4}-\d{2}-\d{2}$/.test(until)
        ? 'Choose the day the hold ends'
        : until <= today
          ? 'Choose a date after today.'
          : undefined,
      reason: reason === '' ? 'Give a reason for the hold' : undefined,
    };
    setErrors(found);
    if (found.until || found.reason) return;
    hold.mutate({ id: leaseholder.id, hold: { until, reason } }, { onSuccess: finish });
  };

  return (
    <ActionDialog
      isOpen={isOpen}
      isBusy={hold.isPending}
      onClose={close}
      title="Hold chasing"
      description={`While held, ${leaseholder.name} gets no reminders and no new links; payments are still accepted. The hold ends by itself at the end of the day you choose.`}
    >
      <ActionForm
        onSubmit={submit}
        onCancel={close}
        action={hold}
        failure="The hold could not be started."
        label="Hold chasing"
        busyLabel="Holding..."
        icon={PauseCircle}
      >
        <FormField
          id={`${id}-until`}
          label="Hold until"
          hint={untilHint(today, until)}
          error={errors.until}
        >
          <Input
            {...fieldAria(`${id}-until`, { error: errors.until, hasHint: true })}
            type="date"
            min={addDays(today, 1)}
            max={addDays(today, MAX_HOLD_DAYS)}
            value={until}
            onChange={(event) => setUntil(event.target.value)}
          />
        </FormField>
        <FilterChips
          legend="Reason"
          name={`${id}-reason`}
          options={[
            ...HOLD_REASONS.map((value) => ({ value: value as ReasonChoice, label: value })),
            { value: OTHER, label: 'Another reason' },
          ]}
          value={choice}
          onChange={setChoice}
        />
        {choice === OTHER ? (
          <FormField id={`${id}-other`} label="The reason" error={errors.reason}>
            <Input
              {...fieldAria(`${id}-other`, { error: errors.reason })}
              maxLength={500}
              value={otherReason}
              onChange={(event) => setOtherReason(event.target.value)}
            />
          </FormField>
        ) : null}
      </ActionForm>
    </ActionDialog>
  );
}
