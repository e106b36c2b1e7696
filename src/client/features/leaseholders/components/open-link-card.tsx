import { Ban, ExternalLink, Link2, Link2Off } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatRelativeTime } from '../../../../shared/dates';
import type { OpenLink } from '../../../../shared/leaseholders';
import { decimalStringToPence, formatPence } from '../../../../shared/money';

function Row({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">
        {value}
        {note ? (
          <span className="block text-sm font-normal text-muted-foreground">{note}</span>
        ) : null}
      </dd>
    </div>
  );
}

/**
 * The link the leaseholder can pay through now: what it asks, what has been paid through it,
 * when it expires and when it was sent, with View and Cancel.
 */
export function OpenLinkCard({
  link,
  balancePence,
  now,
  onCancel,
}: {
  link: OpenLink | null;
  /** The payment page asks for the balance as it is now, which payments may have changed. */
  balancePence: number;
  now: number;
  onCancel: () => void;
}) {
  const paid = link ? decimalStringToPence(link.paidAmount) : 0;
  const amount = link ? decimalStringToPence(link.amount) : 0;
  const isOwing = balancePence > 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 aria-hidden="true" className="size-5 text-primary" />
          Open payment link
        </CardTitle>
      </CardHeader>
      <CardContent>
        {link ? (
          <div className="flex flex-col gap-4">
            <dl className="grid grid-cols-2 gap-4">
              <Row label="Sent for" value={formatPence(amount)} />
              <Row label="Paid online" value={formatPence(paid)} />
              <Row
                label="Expires"
                value={formatRelativeTime(link.expiresAt, now)}
                note={formatDateTime(link.expiresAt)}
              />
              <Row
                label="Sent"
                value={link.sentAt ? formatRelativeTime(link.sentAt, now) : 'Not sent'}
                note={link.sentAt ? formatDateTime(link.sentAt) : undefined}
              />
            </dl>
            {balancePence !== amount - paid ? (
              <p className="rounded-md bg-muted px-3 py-2 text-sm">
                Its page now asks for {formatPence(Math.max(0, balancePence))}, the balance.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" asChild>
                <a
                  href={link.linkUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                  aria-label="View the payment page (opens in a new tab)"
                >
                  <ExternalLink aria-hidden="true" />
                  View
                </a>
              </Button>
              <Button variant="outline" size="sm" onClick={onCancel}>
                <Ban aria-hidden="true" />
                Cancel link
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex gap-3 text-sm text-muted-foreground">
            <Link2Off aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>
              {isOwing
                ? 'No link is asking them to pay at the moment. Send a new link when you are ready.'
                : 'No open link: nothing is owed.'}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
