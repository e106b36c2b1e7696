import { Users } from 'lucide-react';
import { Link } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { SameFlatAccount } from '../../../../shared/leaseholders';
import { formatPence } from '../../../../shared/money';

/**
 * While another account owes at this leaseholder's property: one leaseholder named two ways by
 * two sheets is asked twice until staff settle the duplicate.
 */
export function SameFlatBanner({ others }: { others: SameFlatAccount[] }) {
  return (
    <Alert variant="warning" data-testid="same-flat">
      <Users aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <AlertTitle>
          {others.length === 1
            ? 'Another account owes at this property'
            : `${others.length} other accounts owe at this property`}
        </AlertTitle>
        <AlertDescription className="text-foreground">
          <ul className="flex flex-col gap-0.5">
            {others.map((other) => (
              <li key={other.id}>
                <Link
                  href={`/leaseholders/${encodeURIComponent(other.id)}`}
                  className="font-medium text-primary underline underline-offset-4"
                >
                  {other.name}
                </Link>{' '}
                owes {formatPence(other.balancePence)}.
              </li>
            ))}
          </ul>
          <p className="mt-1">
            Joint leaseholders may have an account each. If it is this leaseholder under another
            name, correct the duplicate’s balance to £0.00, so they are asked to pay once.
          </p>
        </AlertDescription>
      </div>
    </Alert>
  );
}
