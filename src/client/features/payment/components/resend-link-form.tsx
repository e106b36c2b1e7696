import LoaderCircle from 'lucide-react/icons/loader-circle';
import Send from 'lucide-react/icons/send';
import { useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import type { FormAnswer } from '../../../../shared/page-data';
import { paymentPagePath, requestLinkResend } from '../api/payment-api';
import { MAIN_ACTION } from './main-action';

/**
 * "Send me my current link" / "Send me a new link" (issue 29): one press; the server sends only
 * to the contact details it holds and answers the same whatever the link's state, which is shown
 * as it says it. A plain form too, for a phone without JavaScript.
 */
export function ResendLinkForm({
  linkId,
  label,
  initialAnswer,
}: {
  linkId: string;
  label: string;
  /** The answer to a press made without JavaScript (the server rendered it). */
  initialAnswer?: FormAnswer;
}) {
  const [answer, setAnswer] = useState<FormAnswer | undefined>(initialAnswer);
  const [isSending, setIsSending] = useState(false);
  const answerRef = useRef<HTMLParagraphElement>(null);

  if (answer?.success) {
    return (
      <p
        ref={answerRef}
        role="status"
        tabIndex={-1}
        className="rounded-lg border border-success/30 bg-success-soft p-4 text-base text-foreground"
      >
        {answer.message}
      </p>
    );
  }
  return (
    <form
      method="post"
      action={paymentPagePath(linkId)}
      onSubmit={async (event) => {
        event.preventDefault();
        if (isSending) return;
        setIsSending(true);
        setAnswer(await requestLinkResend(linkId));
        setIsSending(false);
      }}
      className="flex flex-col gap-3"
    >
      <input type="hidden" name="intent" value="resend" />
      {answer && (
        <p role="alert" className="rounded-lg bg-destructive-soft p-3 text-base text-destructive">
          {answer.message}
        </p>
      )}
      <button
        type="submit"
        disabled={isSending}
        className={buttonVariants({ size: 'lg', className: MAIN_ACTION })}
      >
        {isSending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Send aria-hidden="true" />
        )}
        {isSending ? 'Sending...' : label}
      </button>
    </form>
  );
}
