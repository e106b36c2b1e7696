import ShieldCheck from 'lucide-react/icons/shield-check';
import { formatPence } from '../../../../shared/money';
import type { PublicPaymentLink } from '../../../../shared/payment-page';

/**
 * Who is paying, for which property, and the balance (spec section 2), with what has been paid
 * through this link so far after a part payment (issue 29): the balance is then what remains.
 */
export function BalanceCard({ link }: { link: PublicPaymentLink }) {
  const isPartPaid = link.paidPence > 0;
  return (
    <section
      aria-labelledby="balance-heading"
      className="rounded-xl border border-border bg-card p-5 shadow-card sm:p-6"
    >
      <p className="text-sm font-medium text-muted-foreground">Payment for</p>
      <h1 className="text-2xl font-semibold tracking-tight break-words">{link.tenant.name}</h1>
      <p className="mt-1 text-base text-muted-foreground break-words">{link.tenant.address}</p>

      <div className="@container mt-5 flex flex-wrap items-end justify-between gap-3 rounded-lg bg-primary-soft p-4">
        <div>
          <h2 id="balance-heading" className="text-sm font-medium text-primary">
            Outstanding Balance
          </h2>
          {/* As large as text-4xl, and never wider than its box, however large the phone's text. */}
          <p className="text-[length:min(2.25rem,15cqi)] leading-tight font-bold tracking-tight text-primary tabular-nums">
            {formatPence(link.amountPence)}
          </p>
        </div>
        <span className="rounded-full bg-destructive-soft px-3 py-1 text-sm font-semibold text-destructive">
          Overdue
        </span>
      </div>
      {isPartPaid && (
        <p className="mt-3 rounded-lg border border-success/30 bg-success-soft p-3 text-base text-foreground">
          Thank you: you have paid <strong>{formatPence(link.paidPence)}</strong> so far. The
          balance above is what is left to pay.
        </p>
      )}

      <p className="mt-4 flex items-start gap-2 text-sm text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <span>
          Your payment is secure. It is encrypted from end to end, and your card and bank details
          are never stored on our servers.
        </span>
      </p>
    </section>
  );
}
