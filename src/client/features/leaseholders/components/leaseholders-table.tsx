import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { EmailAddress } from '@/components/email-address';
import { SortHeader } from '@/components/sort-header';
import { Skeleton } from '@/components/ui/skeleton';
import { plural } from '@/lib/plural';
import { cn } from '@/lib/utils';
import { formatDate, formatRelativeTime } from '../../../../shared/dates';
import type {
  LeaseholderItem,
  LeaseholderListQuery,
  LeaseholderSort,
} from '../../../../shared/leaseholders';
import { balanceText, decimalStringToPence, formatPence } from '../../../../shared/money';
import { LeaseholderBadges } from './leaseholder-badges';

function OwingFor({ leaseholder }: { leaseholder: LeaseholderItem }) {
  if (leaseholder.daysOwing === null || leaseholder.owingSince === null) {
    return <span className="text-muted-foreground">Not owing</span>;
  }
  const days = leaseholder.daysOwing;
  return (
    <span title={`Owing since ${formatDate(leaseholder.owingSince)}`}>
      {days === 0 ? '< 1 day' : plural(days, 'day')}
    </span>
  );
}

function OpenLinkSummary({ leaseholder, now }: { leaseholder: LeaseholderItem; now: number }) {
  const link = leaseholder.openLink;
  if (!link) {
    return (
      <span className="text-muted-foreground">
        {leaseholder.balancePence > 0 ? 'No open link' : '—'}
      </span>
    );
  }
  const paidPence = decimalStringToPence(link.paidAmount);
  return (
    <span className="flex flex-col">
      <span>Link open, expires {formatRelativeTime(link.expiresAt, now)}</span>
      {paidPence > 0 ? (
        <span className="text-muted-foreground">{formatPence(paidPence)} paid so far</span>
      ) : null}
    </span>
  );
}

/** A column's name before its value in the phone's card layout (the header row is hidden). */
function PhoneLabel({ children }: { children: string }) {
  return <span className="text-muted-foreground md:hidden">{children} </span>;
}

function LeaseholderRow({ leaseholder, now }: { leaseholder: LeaseholderItem; now: number }) {
  const pence = leaseholder.balancePence;
  return (
    <tr className="relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 border-t border-border px-4 py-4 align-top hover:bg-muted/60 md:table-row md:p-0">
      <td className="min-w-0 md:table-cell md:px-4 md:py-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {/* The link covers the whole row (after:), so a tap anywhere on a card opens it. */}
          <Link
            href={`/leaseholders/${encodeURIComponent(leaseholder.id)}`}
            className="font-medium text-primary underline-offset-4 after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {leaseholder.name}
          </Link>
          {leaseholder.reference ? (
            <span className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground">
              {leaseholder.reference}
            </span>
          ) : null}
        </div>
        <div className="text-muted-foreground">{leaseholder.address}</div>
        <div className="mt-1">
          <LeaseholderBadges leaseholder={leaseholder} />
        </div>
      </td>
      <td className="hidden min-w-0 text-muted-foreground lg:table-cell lg:px-4 lg:py-3">
        <div>
          {leaseholder.email ? <EmailAddress address={leaseholder.email} /> : 'No email'}
          {leaseholder.otherEmails.length > 0 ? (
            <span title={`Copied to ${leaseholder.otherEmails.join(', ')}`}>
              {` (+${leaseholder.otherEmails.length} copied)`}
            </span>
          ) : null}
        </div>
        <div>{leaseholder.phoneDisplay ?? 'No phone'}</div>
      </td>
      <td
        className={cn(
          'text-right tabular-nums whitespace-nowrap md:table-cell md:px-4 md:py-3',
          pence > 0 && 'font-semibold',
          pence < 0 && 'font-medium text-success',
          pence === 0 && 'text-muted-foreground',
        )}
      >
        {balanceText(pence)}
      </td>
      <td className="col-span-2 md:table-cell md:px-4 md:py-3 md:whitespace-nowrap">
        <PhoneLabel>Owing for</PhoneLabel>
        <OwingFor leaseholder={leaseholder} />
      </td>
      <td className="col-span-2 flex items-start justify-between gap-2 md:table-cell md:px-4 md:py-3">
        <OpenLinkSummary leaseholder={leaseholder} now={now} />
        <ChevronRight
          aria-hidden="true"
          className="size-5 shrink-0 text-muted-foreground md:hidden"
        />
      </td>
    </tr>
  );
}

/**
 * The accounts: name (with reference and address), contact, balance, how long owing, and the
 * open link; skeleton rows while `leaseholders` is undefined. Below md each row is a card, so a
 * phone never scrolls sideways; the whole row opens the leaseholder.
 */
export function LeaseholdersTable({
  leaseholders,
  query,
  now,
  onSort,
}: {
  leaseholders: LeaseholderItem[] | undefined;
  query: LeaseholderListQuery;
  now: number;
  onSort: (key: LeaseholderSort) => void;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Leaseholders</caption>
      <thead className="hidden bg-muted text-muted-foreground md:table-header-group">
        <tr>
          <SortHeader
            label="Leaseholder"
            sortKey="name"
            sort={query.sort}
            direction={query.direction}
            onSort={onSort}
          />
          <th scope="col" className="hidden px-4 py-3 font-medium lg:table-cell">
            Contact
          </th>
          <SortHeader
            label="Balance"
            sortKey="balance"
            sort={query.sort}
            direction={query.direction}
            onSort={onSort}
            className="text-right"
          />
          <SortHeader
            label="Owing for"
            sortKey="daysOwing"
            sort={query.sort}
            direction={query.direction}
            onSort={onSort}
          />
          <th scope="col" className="px-4 py-3 font-medium">
            Payment link
          </th>
        </tr>
      </thead>
      <tbody>
        {leaseholders === undefined
          ? [0, 1, 2, 3, 4].map((row) => (
              <tr key={row} className="block border-t border-border md:table-row">
                <td className="block px-4 py-3 md:table-cell" colSpan={5}>
                  <Skeleton className="h-12 w-full" data-testid="leaseholder-skeleton" />
                </td>
              </tr>
            ))
          : leaseholders.map((leaseholder) => (
              <LeaseholderRow key={leaseholder.id} leaseholder={leaseholder} now={now} />
            ))}
      </tbody>
    </table>
  );
}
