import { ExternalLink, Loader2, MailCheck, RotateCw } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { messagePreviewHref } from '@/lib/message-preview-href';
import { timeRemaining } from '../../../../shared/expiry';
import { decimalStringToPence, formatPence } from '../../../../shared/money';
import type { PaymentLinkItem } from '../../../../shared/payment-links';
import { StatusBadge } from './status-badge';

/** Spec section 2: pending links show days, else hours, else minutes left, or 'Expired'. */
function linkExpires(link: PaymentLinkItem, now: number): string {
  if (link.status !== 'pending') return '-';
  return timeRemaining(Date.parse(link.expiresAt), now) ?? 'Expired';
}

/**
 * Renewal (spec section 4) is for pending or expired links, once, and not while one settles. A
 * link closed as replaced, cancelled or settled (issue 29) is done with: the leaseholder's page
 * sends a new one for what is owed now.
 */
function canRenew(link: PaymentLinkItem): boolean {
  return (
    (link.status === 'pending' || link.status === 'expired') &&
    !link.replacedBy &&
    !link.closedReason &&
    !link.isProcessing
  );
}

/** Only an open link can be sent (the preview's Send refuses any other). */
function canSend(link: PaymentLinkItem, now: number): boolean {
  return (
    link.status === 'pending' &&
    !link.replacedBy &&
    !link.closedReason &&
    !link.isProcessing &&
    Date.parse(link.expiresAt) > now
  );
}

/** A column's name over its value in the phone's card layout (the header row is hidden there). */
function PhoneLabel({ children }: { children: string }) {
  return <div className="text-xs font-medium text-muted-foreground md:hidden">{children}</div>;
}

export function PaymentLinkRow({
  link,
  now,
  isRenewing,
  onRenew,
}: {
  link: PaymentLinkItem;
  now: number;
  isRenewing: boolean;
  onRenew: (link: PaymentLinkItem) => void;
}) {
  // A part-paid link (issue 29) shows what has come in through it beside what it asked for.
  const paidPence = link.status === 'paid' ? 0 : decimalStringToPence(link.paidAmount);
  const returnedPence = decimalStringToPence(link.returnedAmount);
  return (
    <tr className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-border px-4 py-4 align-top md:table-row md:p-0">
      <td className="col-span-2 md:table-cell md:px-4 md:py-3">
        <Link
          href={`/leaseholders/${encodeURIComponent(link.tenant.accountId)}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {link.tenant.name}
        </Link>
        <div className="text-muted-foreground">{link.tenant.email ?? 'No email'}</div>
        <div className="text-muted-foreground">{link.tenant.address}</div>
      </td>
      <td className="font-medium tabular-nums md:table-cell md:px-4 md:py-3">
        <PhoneLabel>Amount</PhoneLabel>
        {formatPence(link.amountPence)}
        {paidPence > 0 ? (
          <div className="text-xs font-normal text-success">{formatPence(paidPence)} paid</div>
        ) : null}
        {/* Paid, then refunded or disputed: owed again, which the leaseholder's page explains. */}
        {returnedPence > 0 ? (
          <div className="text-xs font-normal text-warning">
            {formatPence(returnedPence)} given back
          </div>
        ) : null}
      </td>
      <td className="md:table-cell md:px-4 md:py-3">
        <PhoneLabel>Status</PhoneLabel>
        <StatusBadge link={link} />
      </td>
      <td className="whitespace-nowrap md:table-cell md:px-4 md:py-3">
        <PhoneLabel>Link Expires</PhoneLabel>
        {linkExpires(link, now)}
      </td>
      <td className="col-span-2 md:table-cell md:px-4 md:py-3">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={link.linkUrl} target="_blank" rel="noreferrer noopener">
              <ExternalLink aria-hidden="true" />
              View
            </a>
          </Button>
          {canSend(link, now) ? (
            <Button variant="outline" size="sm" asChild>
              <Link
                href={messagePreviewHref({
                  tenant: link.tenant,
                  amount: link.amount,
                  paymentUrl: link.linkUrl,
                  expiresAt: link.expiresAt,
                })}
                aria-label={`Preview & send to ${link.tenant.name}`}
              >
                <MailCheck aria-hidden="true" />
                Preview &amp; send
              </Link>
            </Button>
          ) : null}
          {canRenew(link) ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onRenew(link)}
              disabled={isRenewing}
            >
              {isRenewing ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <RotateCw aria-hidden="true" />
              )}
              Renew
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
