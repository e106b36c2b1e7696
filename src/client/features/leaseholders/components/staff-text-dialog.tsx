import { MessageSquareText } from 'lucide-react';
import { useId, useState } from 'react';
import { Textarea } from '@/components/ui/textarea';
import { describeSmsSize, smsSize } from '@/lib/sms-segments';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';
import { STAFF_TEXT_MAX } from '../../../../shared/messages';
import { useSendStaffText } from '../api/send-staff-text';
import { ActionDialog, type ActionDialogProps, ActionForm } from './action-dialog';
import { FormField, fieldAria } from './form-field';

/** 128 random bits; getRandomValues works on plain http too, unlike randomUUID. */
const newRequestId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/**
 * Staff's own words to the leaseholder's mobile, usually an answer to their reply. WhatsApp takes
 * free text only within 24 hours of their last message to us; otherwise it goes as an SMS, so
 * the SMS size is shown. One id per opening: a retried request sends nothing twice.
 */
export function StaffTextDialog({
  leaseholder,
  isOpen,
  onClose,
}: ActionDialogProps<Pick<LeaseholderDetail, 'id' | 'name' | 'phoneDisplay'>>) {
  const id = useId();
  const text = useSendStaffText();
  const [body, setBody] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [error, setError] = useState<string>();
  const finish = () => {
    text.reset();
    setBody('');
    setError(undefined);
    setRequestId(newRequestId());
    onClose();
  };
  const close = () => {
    if (!text.isPending) finish();
  };
  const submit = () => {
    if (body.trim() === '') {
      setError('Write the message first');
      return;
    }
    setError(undefined);
    text.mutate({ id: leaseholder.id, text: body.trim(), requestId }, { onSuccess: finish });
  };
  const size = body.trim() === '' ? null : smsSize(body.trim());

  return (
    <ActionDialog
      isOpen={isOpen}
      isBusy={text.isPending}
      onClose={close}
      title={`Send a text to ${leaseholder.name}`}
      description={`By WhatsApp to ${leaseholder.phoneDisplay ?? 'their mobile'}, or as a text message if WhatsApp will not take it (it takes our own words only within 24 hours of their last message to us).`}
    >
      <ActionForm
        onSubmit={submit}
        onCancel={close}
        action={text}
        failure="The text could not be sent."
        label="Send text"
        busyLabel="Sending..."
        icon={MessageSquareText}
      >
        <FormField
          id={`${id}-text`}
          label="Message"
          hint={
            size
              ? `${describeSmsSize(size)} · at most ${STAFF_TEXT_MAX} characters`
              : `At most ${STAFF_TEXT_MAX} characters`
          }
          error={error}
        >
          <Textarea
            {...fieldAria(`${id}-text`, { error, hasHint: true })}
            rows={5}
            maxLength={STAFF_TEXT_MAX}
            placeholder="Thank you, we have found your payment. Your balance is now £0.00."
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        </FormField>
      </ActionForm>
    </ActionDialog>
  );
}
