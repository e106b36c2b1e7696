import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Download, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  OFFLINE_PAYMENT_METHOD_LABELS,
  OFFLINE_PAYMENT_METHODS,
  type OfflinePaymentMethod,
} from '../../../../shared/leaseholders';
import {
  balanceSentence,
  formatPence,
  parsePounds,
  penceToDecimalString,
} from '../../../../shared/money';
import { useDownloadReceipt } from '../api/download-receipt';
import { useRecordOfflinePayment } from '../api/record-offline-payment';
import { ukToday } from '../balance';
import { ActionDialog, type ActionDialogProps, ActionForm } from './action-dialog';
import { FilterChips } from './filter-chips';
import { FormField, fieldAria } from './form-field';
import { PoundsInput } from './pounds-input';

/** The form as typed; the server checks it all again (and that the day is not in the future). */
function paymentFormSchema(today: string) {
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, 'Enter the amount received')
      .refine((text) => (parsePounds(text) ?? 0) > 0, 'Enter the amount in pounds, such as 20.00'),
    method: z.enum(OFFLINE_PAYMENT_METHODS),
    reference: z.string().trim().max(100, 'Keep the reference to 100 characters'),
    paidOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the day it was paid')
      .refine((day) => day <= today, 'The payment date cannot be in the future.'),
  });
}
type PaymentForm = z.infer<ReturnType<typeof paymentFormSchema>>;

interface Recorded {
  method: OfflinePaymentMethod;
  pence: number;
  balancePence: number;
  /** The new offline payment's id, for its receipt. */
  paymentId: string | null;
}

/** After recording: what was recorded, the new balance, and its receipt. */
function RecordedView({
  recorded,
  accountId,
  onDone,
}: {
  recorded: Recorded;
  accountId: string;
  onDone: () => void;
}) {
  const receipt = useDownloadReceipt();
  return (
    <div className="mt-4 flex flex-col gap-4">
      <div className="flex gap-3 rounded-lg bg-success-soft p-4 text-success" role="status">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">
            {OFFLINE_PAYMENT_METHOD_LABELS[recorded.method]} of {formatPence(recorded.pence)}{' '}
            recorded
          </p>
          <p className="text-sm">Balance now {balanceSentence(recorded.balancePence)}.</p>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Done
        </Button>
        {recorded.paymentId ? (
          <Button
            aria-disabled={receipt.isPending}
            onClick={() => {
              if (!receipt.isPending && recorded.paymentId) {
                receipt.mutate({ accountId, paymentId: recorded.paymentId });
              }
            }}
          >
            {receipt.isPending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Download aria-hidden="true" />
            )}
            Download receipt
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Record an offline payment: amount, how it was paid, its reference and the day (today in the
 * UK unless changed). The balance falls at once; the receipt is offered afterwards.
 */
export function RecordPaymentDialog({ leaseholder, isOpen, onClose }: ActionDialogProps) {
  const id = useId();
  const record = useRecordOfflinePayment();
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const [today] = useState(() => ukToday());
  const form = useForm<PaymentForm>({
    resolver: zodResolver(paymentFormSchema(today)),
    defaultValues: { amount: '', method: 'bank_transfer', reference: '', paidOn: today },
  });
  const { errors } = form.formState;

  const close = () => {
    if (record.isPending) return;
    form.reset({ amount: '', method: 'bank_transfer', reference: '', paidOn: ukToday() });
    record.reset();
    setRecorded(null);
    onClose();
  };

  const submit = form.handleSubmit((values) => {
    const pence = parsePounds(values.amount)!;
    record.mutate(
      {
        id: leaseholder.id,
        payment: {
          amount: penceToDecimalString(pence),
          method: values.method,
          reference: values.reference,
          paidOn: values.paidOn,
        },
      },
      {
        onSuccess: (detail) =>
          setRecorded({
            method: values.method,
            pence,
            balancePence: detail.balancePence,
            paymentId:
              detail.timeline.find((event) => event.kind === 'offline_payment')?.refId ?? null,
          }),
      },
    );
  });

  return (
    <ActionDialog
      isOpen={isOpen}
      isBusy={record.isPending}
      onClose={close}
      title={recorded ? 'Payment recorded' : 'Record a payment'}
      description={
        recorded
          ? `${leaseholder.name}’s balance and history show it now.`
          : `A payment ${leaseholder.name} made outside the portal. Balance: ${balanceSentence(leaseholder.balancePence)}.`
      }
    >
      {recorded ? (
        <RecordedView recorded={recorded} accountId={leaseholder.id} onDone={close} />
      ) : (
        <ActionForm
          onSubmit={() => void submit()}
          onCancel={close}
          action={record}
          failure="The payment could not be recorded."
          label="Record payment"
          busyLabel="Recording..."
          icon={CheckCircle2}
        >
          <FormField id={`${id}-amount`} label="Amount received" error={errors.amount?.message}>
            <PoundsInput
              {...fieldAria(`${id}-amount`, { error: errors.amount?.message })}
              placeholder="0.00"
              {...form.register('amount')}
            />
          </FormField>
          <FilterChips
            legend="How it was paid"
            name={`${id}-method`}
            options={OFFLINE_PAYMENT_METHODS.map((method) => ({
              value: method,
              label: OFFLINE_PAYMENT_METHOD_LABELS[method],
            }))}
            value={form.watch('method')}
            onChange={(method) => form.setValue('method', method)}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              id={`${id}-reference`}
              label="Reference (optional)"
              error={errors.reference?.message}
            >
              <Input
                {...fieldAria(`${id}-reference`, { error: errors.reference?.message })}
                autoComplete="off"
                placeholder="Cheque number, bank reference"
                {...form.register('reference')}
              />
            </FormField>
            <FormField id={`${id}-paid-on`} label="Date paid" error={errors.paidOn?.message}>
              <Input
                {...fieldAria(`${id}-paid-on`, { error: errors.paidOn?.message })}
                type="date"
                max={today}
                {...form.register('paidOn')}
              />
            </FormField>
          </div>
        </ActionForm>
      )}
    </ActionDialog>
  );
}
