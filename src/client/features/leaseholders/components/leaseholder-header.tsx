import { Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { plural } from '@/lib/plural';
import { cn } from '@/lib/utils';
import { formatDate } from '../../../../shared/dates';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';
import { formatPence } from '../../../../shared/money';
import { LeaseholderBadges } from './leaseholder-badges';

function BalancePanel({
  leaseholder,
  onCorrect,
}: {
  leaseholder: LeaseholderDetail;
  onCorrect: () => void;
}) {
  const pence = leaseholder.balancePence;
  return (
    <div
      className={cn(
        'flex min-w-56 flex-col gap-1 rounded-xl border px-5 py-4',
        pence > 0 && 'border-border bg-card',
        pence < 0 && 'border-success/30 bg-success-soft',
        pence === 0 && 'border-border bg-muted',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">Balance</p>
        <Button
          variant="ghost"
          size="sm"
          className="-my-2 -mr-3"
          onClick={onCorrect}
          aria-label="Correct the balance"
        >
          <Pencil aria-hidden="true" />
          Correct
        </Button>
      </div>
      <p
        className={cn(
          'text-3xl font-semibold tracking-tight tabular-nums',
          pence < 0 && 'text-success',
        )}
        data-testid="balance"
      >
        {formatPence(Math.abs(pence))}
        <span className="ml-2 text-base font-medium">
          {pence < 0 ? 'in credit' : pence === 0 ? 'nothing owed' : 'owed'}
        </span>
      </p>
      {leaseholder.owingSince ? (
        <p className="text-sm text-muted-foreground">
          Owing since {formatDate(leaseholder.owingSince)}
          {leaseholder.daysOwing ? ` (${plural(leaseholder.daysOwing, 'day')})` : ''}
        </p>
      ) : null}
    </div>
  );
}

/** The page's heading: who, where, their reference, and what they owe. */
export function LeaseholderHeader({
  leaseholder,
  onCorrectBalance,
}: {
  leaseholder: LeaseholderDetail;
  onCorrectBalance: () => void;
}) {
  return (
    <header className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere sm:text-3xl">
            {leaseholder.name}
          </h1>
          {leaseholder.reference ? (
            <span className="rounded-md bg-primary-soft px-2 py-1 font-mono text-sm font-medium text-primary">
              <span className="sr-only">Account Reference </span>
              {leaseholder.reference}
            </span>
          ) : null}
        </div>
        <p className="text-muted-foreground wrap-anywhere">{leaseholder.address}</p>
        <LeaseholderBadges leaseholder={leaseholder} />
      </div>
      <BalancePanel leaseholder={leaseholder} onCorrect={onCorrectBalance} />
    </header>
  );
}
