/** A WhatsApp message as the leaseholder's phone shows it: an outgoing bubble. */
export function WhatsAppPreview({ text }: { text: string }) {
  return (
    <div className="rounded-lg bg-[#efeae2] p-3 sm:p-4">
      <div className="ml-auto max-w-[92%] rounded-lg rounded-tr-none bg-[#d9fdd3] px-3 py-2 text-[15px] leading-snug text-[#111b21] shadow-sm">
        <p className="whitespace-pre-wrap wrap-anywhere" data-testid="whatsapp-text">
          {text}
        </p>
      </div>
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
      <p className="mt-2 text-right text-xs text-muted-foreground">
        {text.length.toLocaleString('en-GB')} characters
      </p>
    </div>
  );
}
