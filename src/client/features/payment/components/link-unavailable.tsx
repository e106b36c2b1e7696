import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import MailCheck from 'lucide-react/icons/mail-check';
import type { ReactNode } from 'react';
import { formatDate } from '../../../../shared/dates';
import type { FormAnswer } from '../../../../shared/page-data';
import type { LinkNotAvailable } from '../../../../shared/payment-page';
import { ResendLinkForm } from './resend-link-form';

/**
 * A link that cannot be paid, with a way on rather than a dead end (issue 29). A replaced link
 * says when the newer one was sent (never its amount or contact details) and offers to send it
 * again; one closed because nothing is owed says so, with no new link to ask for; any other
 * (unknown, expired, cancelled) keeps spec section 2's texts and offers a new link, where staff
 * allow it, and a call back.
 */
export function LinkUnavailable({
  linkId,
  answer,
  resendAnswer,
  callMeNow,
}: {
  linkId: string;
  answer: Partial<LinkNotAvailable>;
  resendAnswer?: FormAnswer;
  /** "Ask us to call me": the Call Me Now form, composed by the page's route. */
  callMeNow?: ReactNode;
}) {
  if (answer.state === 'replaced') {
    return (
      <section className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-card">
        <div className="text-center">
          <MailCheck aria-hidden="true" className="mx-auto size-12 text-info" />
          <h1 className="mt-3 text-2xl font-semibold tracking-tight">
            This Payment Link Has Been Replaced
          </h1>
          <p className="mt-2 text-base text-muted-foreground">
            {answer.replacedOn
              ? `We sent you a newer payment link on ${formatDate(answer.replacedOn)}.`
              : 'We have sent you a newer payment link.'}{' '}
            Please use the newest link we sent you. If you cannot find it, we can send it again.
          </p>
        </div>
        <ResendLinkForm
          linkId={linkId}
          label="Send me my current link"
          initialAnswer={resendAnswer}
        />
      </section>
    );
  }
  if (answer.state === 'settled') {
    return (
      <section className="rounded-xl border border-border bg-card p-6 text-center shadow-card">
        <CircleCheck aria-hidden="true" className="mx-auto size-12 text-success" />
        <h1 className="mt-3 text-2xl font-semibold tracking-tight">Nothing to Pay</h1>
        <p className="mt-2 text-base text-muted-foreground">
          {answer.settledOn
            ? `There was nothing left to pay on your account on ${formatDate(answer.settledOn)}, so this link was closed.`
            : 'There is nothing left to pay on your account.'}{' '}
          You do not need to do anything. If you think this is wrong, please contact us using the
          details below.
        </p>
      </section>
    );
  }
  return (
    <>
      <section className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-card">
        <div className="text-center">
          <Clock aria-hidden="true" className="mx-auto size-12 text-warning" />
          <h1 className="mt-3 text-2xl font-semibold tracking-tight">Payment Link Not Available</h1>
          <p className="mt-2 text-base text-muted-foreground">
            This payment link may have expired or is no longer valid. Please contact the provider
            for assistance.
          </p>
        </div>
        {answer.canRequestNewLink && (
          <ResendLinkForm linkId={linkId} label="Send me a new link" initialAnswer={resendAnswer} />
        )}
      </section>
      {callMeNow && (
        <section
          aria-labelledby="call-me-heading"
          className="rounded-xl border border-border bg-card p-5 shadow-card sm:p-6"
        >
          <h2 id="call-me-heading" className="text-lg font-semibold">
            Ask us to call me
          </h2>
          <p className="mt-1 mb-4 text-base text-muted-foreground">
            Leave your number and our team will call you back during office hours.
          </p>
          {callMeNow}
        </section>
      )}
    </>
  );
}
