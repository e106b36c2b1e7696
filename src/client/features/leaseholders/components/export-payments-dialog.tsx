import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useExportPayments } from '../api/export-payments';
import { addDays, ukToday } from '../balance';
import { ActionDialog, ActionForm } from './action-dialog';
import { FormField, fieldAria } from './form-field';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first and last day of this month so far, and of last month. */
function months(today: string) {
  const firstOfThis = `${today.slice(0, 8)}01`;
  const lastOfLast = addDays(firstOfThis, -1);
  return {
    thisMonth: { from: firstOfThis, to: today },
    lastMonth: { from: `${lastOfLast.slice(0, 8)}01`, to: lastOfLast },
  };
}

/**
 * "Payments received": every payment from one day to another, through the portal or recorded by
 * staff, as a CSV for the agent to post to their own ledger, so the next arrears sheet takes them
 * in. This month so far is offered first; last month is one click away.
 */
export function ExportPaymentsDialog({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const exporter = useExportPayments();
  const [today] = useState(() => ukToday());
  const choices = months(today);
  const [from, setFrom] = useState(choices.thisMonth.from);
  const [to, setTo] = useState(choices.thisMonth.to);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [records, setRecords] = useState(0);

  const close = () => {
    if (exporter.isPending) return;
    exporter.reset();
    setErrors({});
    onClose();
  };
  const choose = (range: { from: string; to: string }) => {
    setFrom(range.from);
    setTo(range.to);
    setErrors({});
  };
  const submit = () => {
    const found = {
      from: ISO_DAY.test(from) ? undefined : 'Choose the first day',
      to: !ISO_DAY.test(to)
        ? 'Choose the last day'
        : ISO_DAY.test(from) && to < from
          ? 'The last day must be on or after the first'
          : undefined,
    };
    setErrors(found);
    if (found.from || found.to) return;
    setRecords(0);
    exporter.mutate({ query: { from, to }, onRecords: setRecords }, { onSuccess: close });
  };
  // The first record is the header.
  const rows = Math.max(0, records - 1);

  return (
    <ActionDialog
      isOpen={isOpen}
      isBusy={exporter.isPending}
      onClose={close}
      title="Payments received"
      description="Every payment made through the portal or recorded by staff, and as minus lines any refunded, disputed or reversed, as a CSV to post to your ledger, so the next arrears spreadsheet includes them."
    >
      <ActionForm
        onSubmit={submit}
        onCancel={close}
        action={exporter}
        failure="The payments could not be exported."
        label="Export CSV"
        busyLabel={
          rows === 0 ? 'Exporting...' : `Exporting... ${rows.toLocaleString('en-GB')} rows`
        }
        icon={Download}
      >
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => choose(choices.thisMonth)}
          >
            This month
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => choose(choices.lastMonth)}
          >
            Last month
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-from`} label="From" error={errors.from}>
            <Input
              {...fieldAria(`${id}-from`, { error: errors.from })}
              type="date"
              max={today}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
          </FormField>
          <FormField id={`${id}-to`} label="To (included)" error={errors.to}>
            <Input
              {...fieldAria(`${id}-to`, { error: errors.to })}
              type="date"
              max={today}
              value={to}
              onChange={(event) => setTo(event.target.value)}
            />
          </FormField>
        </div>
      </ActionForm>
    </ActionDialog>
  );
}
