import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import Download from 'lucide-react/icons/download';
import Hourglass from 'lucide-react/icons/hourglass';
import Mail from 'lucide-react/icons/mail';
import { type ReactNode, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { formatDateTime } from '../../../../shared/dates';
import { formatPence } from '../../../../shared/money';
import { PAYMENT_METHOD_LABELS, type PaymentResult } from '../../../../shared/payment-page';
import { paymentPagePath, receiptUrl } from '../api/payment-api';

const HEADINGS = {
  succeeded: { title: 'Payment Successful', Icon: CircleCheck, tone: 'text-success' },
  processing: { title: 'Payment Processing', Icon: Hourglass, tone: 'text-info' },
  failed: { title: 'Payment Not Completed', Icon: CircleX, tone: 'text-destructive' },
} as const;

/** The payment behind /payment-success (spec section 2's layout), with what is left to pay. */
export function PaymentOutcome({ linkId, result }: { linkId: string; result: PaymentResult }) {
  const { title, Icon, tone } = HEADINGS[result.status];
  return (
    <section
      aria-labelledby="outcome-heading"
      className="rounded-xl border border-border bg-card p-5 shadow-card sm:p-6"
    >
      <div className="text-center">
        <Icon aria-hidden="true" className={`mx-auto size-14 ${tone}`} />
        <h1 id="outcome-heading" className="mt-3 text-2xl font-semibold tracking-tight">
          {title}
        </h1>
        <p className="mt-1 text-base text-muted-foreground">
          {result.status === 'succeeded' && 'Thank you. Your payment has been received.'}
          {result.status === 'processing' &&
            `Your ${PAYMENT_METHOD_LABELS[result.method]} payment has been authorised and your bank is clearing it. This can take up to 3 working days; this page updates by itself, and we will confirm by message when it has cleared.`}
          {result.status === 'failed' &&
            (result.failureReason ?? 'Your bank did not complete this payment.')}
        </p>
      </div>

      <dl className="mt-5 divide-y divide-border rounded-lg border border-border">
        <Row label="Name">{result.tenant.name}</Row>
        <Row label="Property">{result.tenant.address}</Row>
        <Row label={result.status === 'succeeded' ? 'Amount Paid' : 'Amount'}>
          <span className="text-lg font-bold tabular-nums">{formatPence(result.amountPence)}</span>
        </Row>
        <Row label="Transaction ID">
          <span className="font-mono text-sm break-all">{result.transactionId}</span>
        </Row>
        <Row label="Payment Method">{PAYMENT_METHOD_LABELS[result.method]}</Row>
        {result.paidAt && <Row label="Date & Time">{formatDateTime(result.paidAt)}</Row>}
      </dl>

      {result.status === 'succeeded' && (
        <>
          <LeftToPay linkId={linkId} remainingPence={result.remainingPence ?? 0} />
          {result.receiptSent ? (
            <p className="mt-4 flex items-start gap-2 rounded-lg bg-success-soft p-3 text-sm text-success">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <span className="font-semibold">Receipt Sent</span>: a confirmation has been sent to
                your email or phone.
              </span>
            </p>
          ) : result.receipt === 'sending' ? (
            <p className="mt-4 rounded-lg bg-muted p-3 text-sm text-muted-foreground">
              We are sending your confirmation now.
            </p>
          ) : null}
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <a
              href={receiptUrl(linkId)}
              download
              className={buttonVariants({ size: 'lg', className: 'w-full sm:flex-1' })}
            >
              <Download aria-hidden="true" />
              Download Receipt
            </a>
            <CloseWindowButton />
          </div>
        </>
      )}
      {result.status !== 'succeeded' && (
        <div className="mt-5">
          <CloseWindowButton />
        </div>
      )}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words sm:text-right">{children}</dd>
    </div>
  );
}

/**
 * Close Window: browsers only let a page close a window that a script opened, and a payment
 * link opened from an email is not one. When closing does nothing, say so instead of failing
 * silently.
 */
function CloseWindowButton() {
  const [blocked, setBlocked] = useState(false);
  return (
    <div className="flex w-full flex-col gap-2 sm:flex-1">
      <button
        type="button"
        onClick={() => {
          window.close();
          window.setTimeout(() => setBlocked(!window.closed), 300);
        }}
        className={buttonVariants({ variant: 'outline', size: 'lg', className: 'w-full' })}
      >
        Close Window
      </button>
      {blocked && (
        <p role="status" className="text-center text-sm text-muted-foreground">
          You can now close this tab or window.
        </p>
      )}
    </div>
  );
}

/** After a part payment (issue 29): what is still owed, and the way back to pay it. */
function LeftToPay({ linkId, remainingPence }: { linkId: string; remainingPence: number }) {
  if (remainingPence <= 0) return null;
  return (
    <div className="mt-4 flex flex-col gap-3 rounded-lg border border-primary/30 bg-primary-soft p-4">
      <p className="text-base">
        <span className="font-semibold">Still to pay: </span>
        <span className="text-lg font-bold tabular-nums">{formatPence(remainingPence)}</span>
      </p>
      <p className="text-sm text-muted-foreground">
        You can pay the rest now, or later with the same link until it expires.
      </p>
      <a
        href={paymentPagePath(linkId)}
        className={buttonVariants({ variant: 'accent', size: 'lg', className: 'w-full' })}
      >
        Pay the rest ({formatPence(remainingPence)})
      </a>
    </div>
  );
}
