import CircleCheck from 'lucide-react/icons/circle-check';
import Hourglass from 'lucide-react/icons/hourglass';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/utils';
import { formatPence } from '../../../../shared/money';
import type { PaymentPageData } from '../../../../shared/page-data';
import type { LinkNotAvailable, PublicPaymentLink } from '../../../../shared/payment-page';
import {
  fetchPaymentLink,
  type LinkAnswer,
  recordLinkOpened,
  successPath,
} from '../api/payment-api';
import { HelpContact } from './help-contact';
import { LinkUnavailable } from './link-unavailable';
import { PayForm } from './pay-form';
import { PaymentShell } from './payment-shell';

function linkOf(answer: LinkAnswer): PublicPaymentLink | null {
  return answer.status === 200 ? (answer.body as PublicPaymentLink) : null;
}

/**
 * /payment/{linkId}: the leaseholder's payment page (spec sections 2 and 4). The server renders
 * it with the link already read (`initial`), and the browser takes over from the same data;
 * without it (a page reached inside the app), it reads the link itself.
 */
export function PaymentPage({
  linkId,
  initial,
  callMeNow,
}: {
  linkId: string;
  initial?: PaymentPageData;
  /** "Ask us to call me" on a link that is not available (composed by the route). */
  callMeNow?: ReactNode;
}) {
  const [answer, setAnswer] = useState<LinkAnswer | null>(initial?.link ?? null);
  // Read again when the page is opened without the server's read, or to refresh after a refusal.
  const isFromServer = useRef(answer !== null);

  const load = useCallback(async () => {
    setAnswer(await fetchPaymentLink(linkId));
  }, [linkId]);

  useEffect(() => {
    if (isFromServer.current) {
      isFromServer.current = false;
      return;
    }
    void load();
  }, [load]);

  const link = answer ? linkOf(answer) : null;
  useEffect(() => {
    if (link?.status === 'pending') recordLinkOpened(linkId);
  }, [link?.status, linkId]);

  return (
    <PaymentShell>
      {!answer && <LoadingLink />}
      {link?.status === 'pending' && (
        <PayForm
          link={link}
          renderedAt={initial?.renderedAt}
          payError={initial?.payError}
          onStale={load}
        />
      )}
      {link && link.status !== 'pending' && <LinkSettled link={link} />}
      {answer && !link && (
        <LinkUnavailable
          linkId={linkId}
          answer={answer.body as Partial<LinkNotAvailable>}
          resendAnswer={initial?.resend}
          callMeNow={callMeNow}
        />
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
