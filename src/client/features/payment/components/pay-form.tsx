import Clock from 'lucide-react/icons/clock';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { buttonVariants } from '@/components/ui/button-variants';
import { usePublicConfig } from '@/lib/public-config';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { formatPence, penceToDecimalString } from '../../../../shared/money';
import type { PaymentPageData } from '../../../../shared/page-data';
import { checkPartAmount } from '../../../../shared/part-payment';
import {
  isPaymentMethod,
  type PaymentMethod,
  type PublicPaymentLink,
} from '../../../../shared/payment-page';
import { PaymentApiError, paymentPagePath, startPayment, successPath } from '../api/payment-api';
import { expiryNotice } from '../expiry-notice';
import { BalanceCard } from './balance-card';
import { MAIN_ACTION } from './main-action';
import { PartAmountField } from './part-amount-field';
import { PaymentMethodChooser } from './payment-method-chooser';
import { PaymentMethodDetails } from './payment-method-details';
import { PublicToast, type PublicToastMessage } from './public-toast';

/** Spec section 9: the form placeholder shows for 1.5 s; the simulated payment takes 3 s, then 1 s. */
export const FORM_LOADING_MS = 1500;
export const PROCESSING_MS = 3000;
export const NAVIGATE_AFTER_MS = 1000;

const PAYMENT_FAILED: PublicToastMessage = {
  title: 'Payment failed',
  description: 'There was an error processing your payment. Please try again.',
  tone: 'error',
};

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * The balance and the Pay form (spec sections 2 and 4), with "Pay a different amount" (issue 29).
 * A plain form that posts to the page's own address, so it pays without JavaScript too (the
 * server redirects to Stripe or records the demo payment); with JavaScript it pays in place, as
 * the spec's flow says.
 */
export function PayForm({
  link,
  renderedAt,
  payError,
  onStale,
}: {
  link: PublicPaymentLink;
  renderedAt?: number;
  /** The server refused a payment posted without JavaScript. */
  payError?: PaymentPageData['payError'];
  onStale: () => Promise<void>;
}) {
  const { paymentProvider } = usePublicConfig();
  const [, navigate] = useLocation();
  // The expiry notice counts down while the page is open.
  const now = useNow(30_000, renderedAt);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [formLoading, setFormLoading] = useState(true);
  const [processing, setProcessing] = useState(false);
  const [toast, setToast] = useState<PublicToastMessage | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const [isPartOpen, setPartOpen] = useState(payError?.amount !== undefined);
  const [partText, setPartText] = useState(payError?.amount ?? '');
  const [partProblem, setPartProblem] = useState(
    payError?.amount !== undefined ? payError.message : undefined,
  );
  // Checked from the first press of Pay on, then on every change, so nobody is told off while
  // still typing, and a correction clears the message at once.
  const [isChecking, setChecking] = useState(payError?.amount !== undefined);
  const amountRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setFormLoading(false), FORM_LOADING_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    // On a slow phone the server's form may be used before this script takes it over: start
    // from what it shows (the method chosen, the amount typed, "Pay a different amount" open).
    const form = formRef.current;
    if (!form) return;
    const fields = new FormData(form);
    const chosen = fields.get('method');
    if (isPaymentMethod(chosen)) setMethod(chosen);
    const typed = fields.get('amount');
    if (typeof typed === 'string' && typed !== '') setPartText(typed);
    if (form.querySelector('details')?.open) setPartOpen(true);
  }, []);

  const limits = { minimumPence: link.minimumPence, balancePence: link.amountPence };
  const partCheck = isPartOpen ? checkPartAmount(partText, limits) : null;
  const payPence = partCheck && 'pence' in partCheck ? partCheck.pence : link.amountPence;
  const expired = Date.parse(link.expiresAt) <= now;

  async function pay(amount: string | undefined) {
    setProcessing(true);
    setToast(null);
    try {
      if (paymentProvider === 'stripe') {
        const answer = await startPayment(link.id, method, amount);
        if (answer.kind === 'redirect') {
          // Stripe's hosted page takes over; 'Processing...' stays until the browser leaves.
          window.location.assign(answer.url);
          return;
        }
      } else {
        // Spec section 4: 'Processing...' for 3 s while the payment is made, then the toast.
        await Promise.all([startPayment(link.id, method, amount), wait(PROCESSING_MS)]);
      }
      setToast({
        title: 'Payment processing',
        description: 'Your payment has been received. Taking you to your confirmation...',
        tone: 'info',
      });
      await wait(NAVIGATE_AFTER_MS);
      navigate(successPath(link.id));
    } catch (error) {
      setProcessing(false);
      const status = error instanceof PaymentApiError ? error.status : 0;
      // Paid meanwhile (another tab) or no longer available: show the page as it now is.
      if (status === 409 || status === 404) {
        await onStale();
        return;
      }
      // The server's own check of the amount (the balance may have changed meanwhile).
      if (status === 400 && amount !== undefined && error instanceof PaymentApiError) {
        setPartProblem(error.serverMessage ?? PAYMENT_FAILED.description);
        amountRef.current?.focus();
        return;
      }
      // Too many attempts on this link: the server says how long to wait.
      if (status === 429 && error instanceof PaymentApiError && error.serverMessage) {
        setToast({ title: 'Please wait', description: error.serverMessage, tone: 'error' });
        return;
      }
      setToast(PAYMENT_FAILED);
    }
  }

  function submit() {
    if (processing || expired) return;
    if (!partCheck) return void pay(undefined);
    setChecking(true);
    if ('problem' in partCheck) {
      setPartProblem(partCheck.problem);
      amountRef.current?.focus();
      return;
    }
    const isWhole = partCheck.pence === link.amountPence;
    void pay(isWhole ? undefined : penceToDecimalString(partCheck.pence));
  }

  return (
    <>
      <PublicToast toast={toast} onDismiss={dismissToast} />
      <BalanceCard link={link} />
      {payError && payError.amount === undefined && (
        <p
          role="alert"
          className="rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-base text-destructive"
        >
          {payError.message}
        </p>
      )}
      <form
        ref={formRef}
        aria-label="Payment"
        method="post"
        action={paymentPagePath(link.id)}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-card sm:p-6"
      >
        <input type="hidden" name="intent" value="pay" />
        <PaymentMethodChooser value={method} onChange={setMethod} disabled={processing} />
        <div aria-live="polite">
          <PaymentMethodDetails method={method} loading={formLoading} provider={paymentProvider} />
        </div>
        <PartAmountField
          ref={amountRef}
          isOpen={isPartOpen}
          onOpenChange={(open) => {
            setPartOpen(open);
            if (!open) setPartProblem(undefined);
          }}
          value={partText}
          onChange={(text) => {
            setPartText(text);
            if (isChecking) {
              const check = checkPartAmount(text, limits);
              setPartProblem('problem' in check ? check.problem : undefined);
            }
          }}
          problem={partProblem}
          minimumPence={link.minimumPence}
          balancePence={link.amountPence}
          disabled={processing}
        />
        <button
          type="submit"
          name="payAmount"
          value={isPartOpen ? 'part' : 'full'}
          disabled={processing || expired}
          aria-disabled={processing || expired}
          className={buttonVariants({
            variant: 'accent',
            size: 'lg',
            className: MAIN_ACTION,
          })}
        >
          {processing ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin" />
              Processing...
            </>
          ) : (
            `Pay ${formatPence(payPence)} Securely`
          )}
        </button>
        <p
          className={cn(
            'flex items-center justify-center gap-2 text-center text-sm',
            expired ? 'font-semibold text-destructive' : 'text-muted-foreground',
          )}
        >
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {expiryNotice(link.expiresAt, now)}
        </p>
      </form>
    </>
  );
}
