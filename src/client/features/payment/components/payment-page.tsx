import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import Hourglass from 'lucide-react/icons/hourglass';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { buttonVariants } from '@/components/ui/button-variants';
import { getPublicConfig } from '@/lib/public-config';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { formatPence } from '../../../../shared/money';
import type { PaymentMethod, PublicPaymentLink } from '../../../../shared/payment-page';
import {
  type FirstRead,
  fetchPaymentLink,
  PaymentApiError,
  recordLinkOpened,
  startPayment,
  takeFirstRead,
} from '../api/payment-api';
import { expiryNotice } from '../expiry-notice';
import { HelpContact } from './help-contact';
import { PaymentMethodChooser } from './payment-method-chooser';
import { PaymentMethodDetails } from './payment-method-details';
import { PaymentShell } from './payment-shell';
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

type LoadState =
  | { kind: 'loading' }
  | { kind: 'unavailable' }
  | { kind: 'ready'; link: PublicPaymentLink };

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

function successPath(linkId: string): string {
  return `/payment-success?link_id=${encodeURIComponent(linkId)}`;
}

function stateOf(read: FirstRead | undefined): LoadState {
  if (!read) return { kind: 'loading' };
  return read.link ? { kind: 'ready', link: read.link } : { kind: 'unavailable' };
}

/** /payment/{linkId}: the leaseholder's payment page (spec sections 2 and 4). */
export function PaymentPage({ linkId }: { linkId: string }) {
  // The link as read before the first render (readLinkFirst), when it was: then the page shows
  // it at once. Taken once, so the page opened again (back from the success page) reads afresh.
  const [state, setState] = useState<LoadState>(() => stateOf(takeFirstRead(linkId)));
  const isShownFromFirstRead = useRef(state.kind !== 'loading');

  const load = useCallback(async () => {
    try {
      setState({ kind: 'ready', link: await fetchPaymentLink(linkId) });
    } catch {
      setState({ kind: 'unavailable' });
    }
  }, [linkId]);

  useEffect(() => {
    if (isShownFromFirstRead.current) {
      isShownFromFirstRead.current = false;
      return;
    }
    void load();
  }, [load]);

  useEffect(() => {
    if (state.kind === 'ready' && state.link.status === 'pending') recordLinkOpened(linkId);
  }, [state, linkId]);

  return (
    <PaymentShell>
      {state.kind === 'loading' && <LoadingLink />}
      {state.kind === 'unavailable' && <LinkNotAvailable />}
      {state.kind === 'ready' && state.link.status === 'pending' && (
        <PayForm link={state.link} onStale={load} />
      )}
      {state.kind === 'ready' && state.link.status !== 'pending' && (
        <LinkSettled link={state.link} />
      )}
      <HelpContact />
    </PaymentShell>
  );
}

function LoadingLink() {
  return (
    <div
      aria-busy="true"
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-card"
    >
      <span className="sr-only" role="status">
        Loading your payment details...
      </span>
      <div className="h-6 w-2/3 animate-pulse rounded bg-muted" />
      <div className="h-4 w-full animate-pulse rounded bg-muted" />
      <div className="h-20 w-full animate-pulse rounded-lg bg-muted" />
      <div className="h-12 w-full animate-pulse rounded-md bg-muted" />
    </div>
  );
}

/** Spec section 2: the load-error state. The same for unknown, expired and replaced links. */
function LinkNotAvailable() {
  return (
    <section className="rounded-xl border border-border bg-card p-6 text-center shadow-card">
      <Clock aria-hidden="true" className="mx-auto size-12 text-warning" />
      <h1 className="mt-3 text-2xl font-semibold tracking-tight">Payment Link Not Available</h1>
      <p className="mt-2 text-base text-muted-foreground">
        This payment link may have expired or is no longer valid. Please contact the provider for
        assistance.
      </p>
    </section>
  );
}

/** A link already paid, or whose bank payment is still clearing: nothing more to pay. */
function LinkSettled({ link }: { link: PublicPaymentLink }) {
  const paid = link.status === 'paid';
  const Icon = paid ? CircleCheck : Hourglass;
  return (
    <section className="rounded-xl border border-border bg-card p-6 text-center shadow-card">
      <Icon
        aria-hidden="true"
        className={cn('mx-auto size-12', paid ? 'text-success' : 'text-info')}
      />
      <h1 className="mt-3 text-2xl font-semibold tracking-tight">
        {paid ? 'This balance has been paid' : 'Your payment is being processed'}
      </h1>
      <p className="mt-2 text-base text-muted-foreground">
        {paid
          ? `Thank you, ${link.tenant.name}. The ${formatPence(link.amountPence)} balance for ${link.tenant.address} is paid; there is nothing more to pay on this link.`
          : `Your bank is still clearing the ${formatPence(link.amountPence)} payment for ${link.tenant.address}. There is nothing more to pay while it does.`}
      </p>
      <a
        href={successPath(link.id)}
        className={buttonVariants({ size: 'lg', className: 'mt-5 w-full sm:w-auto' })}
      >
        {paid ? 'View payment and receipt' : 'Check payment status'}
      </a>
    </section>
  );
}

function PayForm({ link, onStale }: { link: PublicPaymentLink; onStale: () => Promise<void> }) {
  const { paymentProvider } = getPublicConfig();
  const [, navigate] = useLocation();
  // The expiry notice counts down while the page is open.
  const now = useNow(30_000);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [formLoading, setFormLoading] = useState(true);
  const [processing, setProcessing] = useState(false);
  const [toast, setToast] = useState<PublicToastMessage | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);

  useEffect(() => {
    const timer = window.setTimeout(() => setFormLoading(false), FORM_LOADING_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const amount = formatPence(link.amountPence);
  const expired = Date.parse(link.expiresAt) <= now;

  async function pay() {
    setProcessing(true);
    setToast(null);
    try {
      if (paymentProvider === 'stripe') {
        const answer = await startPayment(link.id, method);
        if (answer.kind === 'redirect') {
          // Stripe's hosted page takes over; 'Processing...' stays until the browser leaves.
          window.location.assign(answer.url);
          return;
        }
      } else {
        // Spec section 4: 'Processing...' for 3 s while the payment is made, then the toast.
        await Promise.all([startPayment(link.id, method), wait(PROCESSING_MS)]);
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
      // Paid meanwhile (another tab) or no longer available: show the page as it now is.
      if (error instanceof PaymentApiError && (error.status === 409 || error.status === 404)) {
        await onStale();
        return;
      }
      setToast(PAYMENT_FAILED);
    }
  }

  return (
    <>
      <PublicToast toast={toast} onDismiss={dismissToast} />
      <section
        aria-labelledby="balance-heading"
        className="rounded-xl border border-border bg-card p-5 shadow-card sm:p-6"
      >
        <p className="text-sm font-medium text-muted-foreground">Payment for</p>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{link.tenant.name}</h1>
        <p className="mt-1 text-base text-muted-foreground break-words">{link.tenant.address}</p>

        <div className="mt-5 flex flex-wrap items-end justify-between gap-3 rounded-lg bg-primary-soft p-4">
          <div>
            <h2 id="balance-heading" className="text-sm font-medium text-primary">
              Outstanding Balance
            </h2>
            <p className="text-4xl font-bold tracking-tight text-primary tabular-nums">{amount}</p>
          </div>
          <span className="rounded-full bg-destructive-soft px-3 py-1 text-sm font-semibold text-destructive">
            Overdue
          </span>
        </div>

        <p className="mt-4 flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <span>
            Your payment is secure. It is encrypted from end to end, and your card and bank details
            are never stored on our servers.
          </span>
        </p>
      </section>

      <form
        aria-label="Payment"
        onSubmit={(event) => {
          event.preventDefault();
          if (!processing && !expired) void pay();
        }}
        className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-card sm:p-6"
      >
        <PaymentMethodChooser value={method} onChange={setMethod} disabled={processing} />
        <div aria-live="polite">
          <PaymentMethodDetails method={method} loading={formLoading} provider={paymentProvider} />
        </div>
        <button
          type="submit"
          disabled={processing || expired}
          aria-disabled={processing || expired}
          className={buttonVariants({
            variant: 'accent',
            size: 'lg',
            className: 'h-14 w-full text-lg',
          })}
        >
          {processing ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin" />
              Processing...
            </>
          ) : (
            `Pay ${amount} Securely`
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
