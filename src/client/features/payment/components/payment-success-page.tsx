import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import Download from 'lucide-react/icons/download';
import Hourglass from 'lucide-react/icons/hourglass';
import Mail from 'lucide-react/icons/mail';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { buttonVariants } from '@/components/ui/button-variants';
import { formatDateTime } from '../../../../shared/dates';
import { formatPence } from '../../../../shared/money';
import { PAYMENT_METHOD_LABELS, type PaymentResult } from '../../../../shared/payment-page';
import { fetchPaymentResult, PaymentApiError, receiptUrl } from '../api/payment-api';
import { HelpContact } from './help-contact';
import { PaymentShell } from './payment-shell';

/** A clearing bank payment is re-read this often; a queued receipt too, for a while. */
export const RESULT_POLL_MS = 4000;
const RECEIPT_POLLS = 8;

type ResultState =
  | { kind: 'loading' }
  /** 404: there is no payment for this link (or no such link). */
  | { kind: 'missing' }
  /** Anything else (429, 502, no connection): we do not know, so we must not say "not found". */
  | { kind: 'unchecked'; isRateLimited: boolean }
  | { kind: 'ready'; result: PaymentResult };

/**
 * /payment-success?link_id=…: the real payment for the link (spec section 2's layout). Stripe
 * returns the leaseholder with session_id too, which lets the server confirm the payment if its
 * webhook has not arrived yet. A bank payment still clearing shows a waiting state and is re-read
 * until it settles; a receipt still being sent is re-read for a while so 'Receipt Sent' appears.
 * Only a 404 means "no payment": after any other error the page says it could not check, since
 * someone who has paid and reads "not found" may pay again.
 */
export function PaymentSuccessPage() {
  const params = new URLSearchParams(useSearch());
  const linkId = params.get('link_id') ?? '';
  const sessionId = params.get('session_id') ?? undefined;
  const [state, setState] = useState<ResultState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!linkId) {
      setState({ kind: 'missing' });
      return;
    }
    // Counts Try Again presses: a new attempt reads again from the start.
    void attempt;
    let stopped = false;
    let timer: number | undefined;
    let receiptPolls = 0;
    let shown: PaymentResult | undefined;
    const read = async () => {
      try {
        const result = await fetchPaymentResult(linkId, sessionId);
        if (stopped) return;
        shown = result;
        setState({ kind: 'ready', result });
        const clearing = result.status === 'processing';
        const receiptQueued = result.receipt === 'sending' && receiptPolls++ < RECEIPT_POLLS;
        if (clearing || receiptQueued) timer = window.setTimeout(read, RESULT_POLL_MS);
      } catch (error) {
        if (stopped) return;
        const status = error instanceof PaymentApiError ? error.status : 0;
        if (shown && status !== 404) {
          // A hiccup while re-reading: keep what is on screen and read again later.
          if (shown.status === 'processing') timer = window.setTimeout(read, RESULT_POLL_MS);
          return;
        }
        setState(
          status === 404
            ? { kind: 'missing' }
            : { kind: 'unchecked', isRateLimited: status === 429 },
        );
      }
    };
    setState({ kind: 'loading' });
    void read();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [linkId, sessionId, attempt]);

  return (
    <PaymentShell>
      {state.kind === 'loading' && (
        <div
          aria-busy="true"
          className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-xl border border-border bg-card p-6 shadow-card"
        >
          <span className="size-10 animate-spin rounded-full border-4 border-muted border-t-primary" />
          <p role="status" className="text-muted-foreground">
            Loading your payment...
          </p>
        </div>
      )}
      {state.kind === 'missing' && <PaymentNotFound />}
      {state.kind === 'unchecked' && (
        <PaymentNotChecked
          isRateLimited={state.isRateLimited}
          onTryAgain={() => setAttempt((count) => count + 1)}
        />
      )}
      {state.kind === 'ready' && <PaymentOutcome linkId={linkId} result={state.result} />}
      <HelpContact />
    </PaymentShell>
  );
}

function PaymentNotFound() {
  return (
    <section className="rounded-xl border border-border bg-card p-6 text-center shadow-card">
      <CircleAlert aria-hidden="true" className="mx-auto size-12 text-warning" />
      <h1 className="mt-3 text-2xl font-semibold tracking-tight">Payment Not Found</h1>
      <p className="mt-2 text-base text-muted-foreground">
        We could not find a payment for this link. If you have paid, please contact us and we will
        confirm it for you.
      </p>
    </section>
  );
}

/** Not a "not found": we could not ask (our server or the payment provider did not answer). */
function PaymentNotChecked({
  isRateLimited,
  onTryAgain,
}: {
  isRateLimited: boolean;
  onTryAgain: () => void;
}) {
  return (
    <section className="rounded-xl border border-border bg-card p-6 text-center shadow-card">
      <CircleAlert aria-hidden="true" className="mx-auto size-12 text-warning" />
      <h1 className="mt-3 text-2xl font-semibold tracking-tight">
        We Could Not Check Your Payment
      </h1>
      <p className="mt-2 text-base text-muted-foreground">
        {isRateLimited
          ? 'This page has been checked too many times in a short while. Please wait a few minutes, then try again.'
          : 'We could not check your payment just now. This does not mean that your payment has failed.'}
      </p>
      <p className="mt-2 text-base font-medium">
        Please do not pay again. If you are unsure, contact us and we will check it for you.
      </p>
      <button
        type="button"
        onClick={onTryAgain}
        className={buttonVariants({ size: 'lg', className: 'mt-5 w-full sm:w-auto' })}
      >
        <RefreshCw aria-hidden="true" />
        Try Again
      </button>
    </section>
  );
}

const HEADINGS = {
  succeeded: { title: 'Payment Successful', Icon: CircleCheck, tone: 'text-success' },
  processing: { title: 'Payment Processing', Icon: Hourglass, tone: 'text-info' },
  failed: { title: 'Payment Not Completed', Icon: CircleX, tone: 'text-destructive' },
} as const;

function PaymentOutcome({ linkId, result }: { linkId: string; result: PaymentResult }) {
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
