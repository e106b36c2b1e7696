import { describeSmsSize, smsSize } from '@/lib/sms-segments';

/** Its length and what it costs as SMS (issue 31): GSM-7 or UCS-2, and how many parts. */
function Length({ text, suffix = '' }: { text: string; suffix?: string }) {
  return (
    <p className="mt-2 text-right text-xs text-muted-foreground">
      {describeSmsSize(smsSize(text))}
      {suffix}
    </p>
  );
}

/**
 * A WhatsApp message as the leaseholder's phone shows it: an outgoing bubble. `lengthSuffix`,
 * when given, adds the message's length under it (a template being edited).
 */
export function WhatsAppPreview({ text, lengthSuffix }: { text: string; lengthSuffix?: string }) {
  return (
    <div className="rounded-lg bg-[#efeae2] p-3 sm:p-4">
      {text.trim() === '' ? (
        <p className="py-4 text-center text-sm text-muted-foreground">
          Nothing to preview: this template is empty.
        </p>
      ) : (
        <div className="ml-auto max-w-[92%] rounded-lg rounded-tr-none bg-[#d9fdd3] px-3 py-2 text-[15px] leading-snug text-[#111b21] shadow-sm">
          <p className="whitespace-pre-wrap wrap-anywhere" data-testid="whatsapp-text">
            {text}
          </p>
        </div>
      )}
      {lengthSuffix !== undefined ? <Length text={text} suffix={lengthSuffix} /> : null}
    </div>
  );
}

/** The SMS sent in WhatsApp's place when WhatsApp fails: the same text, in a plain bubble. */
export function SmsPreview({ text }: { text: string }) {
  return (
    <div className="rounded-lg bg-muted p-3 sm:p-4">
      <div className="mr-auto max-w-[92%] rounded-2xl rounded-bl-sm bg-card px-3 py-2 text-[15px] leading-snug shadow-sm">
        <p className="whitespace-pre-wrap wrap-anywhere" data-testid="sms-text">
          {text}
        </p>
      </div>
      <Length text={text} />
    </div>
  );
}
