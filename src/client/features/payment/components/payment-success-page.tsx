import CircleAlert from 'lucide-react/icons/circle-alert';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { buttonVariants } from '@/components/ui/button-variants';
import type { PaymentSuccessPageData } from '../../../../shared/page-data';
import type { PaymentResult } from '../../../../shared/payment-page';
import { fetchPaymentResult, PaymentApiError } from '../api/payment-api';
import { HelpContact } from './help-contact';
import { PaymentOutcome } from './payment-outcome';
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

/** The page's state for an answer of GET …/payment (the server's read, or a failed one). */
function stateOfAnswer(answer: PaymentSuccessPageData['result']): ResultState {
  if (!answer) return { kind: 'loading' };
  if (answer.status === 200) return { kind: 'ready', result: answer.body as PaymentResult };
  if (answer.status === 404) return { kind: 'missing' };
  return { kind: 'unchecked', isRateLimited: answer.status === 429 };
}

/**
 * /payment-success?link_id=…: the real payment for the link (spec section 2's layout). Stripe
 * returns the leaseholder with session_id too, which lets the server confirm the payment if its
 * webhook has not arrived yet. A bank payment still clearing shows a waiting state and is re-read
 * until it settles; a receipt still being sent is re-read for a while so 'Receipt Sent' appears.
 * Only a 404 means "no payment": after any other error the page says it could not check, since
 * someone who has paid and reads "not found" may pay again.
 */
export function PaymentSuccessPage({ initial }: { initial?: PaymentSuccessPageData }) {
  const params = new URLSearchParams(useSearch());
  const linkId = params.get('link_id') ?? '';
  const sessionId = params.get('session_id') ?? undefined;
  const fromServer = initial?.linkId === linkId ? initial : undefined;
  const [state, setState] = useState<ResultState>(() => stateOfAnswer(fromServer?.result));
  const [attempt, setAttempt] = useState(0);
  // The server read the payment for its rendering: the page starts from that read.
  const serverResult = useRef(fromServer?.result);

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
    const readAgainIfWaiting = (result: PaymentResult) => {
      const clearing = result.status === 'processing';
      const receiptQueued = result.receipt === 'sending' && receiptPolls++ < RECEIPT_POLLS;
      if (clearing || receiptQueued) timer = window.setTimeout(read, RESULT_POLL_MS);
    };
    const read = async () => {
      try {
        const result = await fetchPaymentResult(linkId, sessionId);
        if (stopped) return;
        shown = result;
        setState({ kind: 'ready', result });
        readAgainIfWaiting(result);
      } catch (error) {
        if (stopped) return;
        const status = error instanceof PaymentApiError ? error.status : 0;
        if (shown && status !== 404) {
          // A hiccup while re-reading: keep what is on screen and read again later.
          if (shown.status === 'processing') timer = window.setTimeout(read, RESULT_POLL_MS);
          return;
        }
        setState(stateOfAnswer({ status, body: { message: '' } }));
      }
    };
    const first = serverResult.current;
    serverResult.current = undefined;
    if (first?.status === 200) {
      shown = first.body as PaymentResult;
      readAgainIfWaiting(shown);
    } else if (!first) {
      setState({ kind: 'loading' });
      void read();
    }
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
      {/* Below a spinner shorter than the outcome, the help card would jump down when the
          payment appears: it comes with the answer instead. */}
      {state.kind !== 'loading' && <HelpContact />}
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
