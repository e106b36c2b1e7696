import { useId } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatDateTime } from '../../../../shared/dates';
import type { PreviewData } from '../../../../shared/messages';
import { formatAmount } from '../format-amount';
import { ChannelBadges } from './channel-badges';

const NOT_PROVIDED = 'Not provided';

function orNotProvided(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : NOT_PROVIDED;
}

/** Spec section 2: tenant, amount, email or 'Not provided', phone or 'Not provided', expiry. */
export function PaymentDetailsCard({ data }: { data: PreviewData }) {
  const headingId = useId();
  const expiresAt = Date.parse(data.expiresAt);
  const rows: [string, string][] = [
    ['Tenant', data.tenant.name],
    ['Amount', formatAmount(data.amount)],
    ['Email', orNotProvided(data.tenant.email)],
    ['Phone', orNotProvided(data.tenant.phone)],
    ...(data.tenant.address.trim() ? [['Property', data.tenant.address] as [string, string]] : []),
    ['Link expires', Number.isNaN(expiresAt) ? data.expiresAt : formatDateTime(expiresAt)],
  ];
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold leading-tight">
          Payment Details
        </h2>
        <ChannelBadges contact={data.tenant} />
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-3">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-col gap-0.5">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd
                className={
                  value === NOT_PROVIDED
                    ? 'italic text-muted-foreground'
                    : 'wrap-anywhere font-medium'
                }
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
