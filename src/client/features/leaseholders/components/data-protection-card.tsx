import { Download, ShieldCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '../../../../shared/dates';
import { useExportLeaseholder } from '../api/export-leaseholder';
import { EraseLeaseholderDialog } from './erase-leaseholder-dialog';

export interface DataProtectionSubject {
  id: string;
  name: string;
  isErased: boolean;
  /** When it was erased (ISO), if known: the account page knows only that it was. */
  erasedAt?: string | null;
}

/**
 * The leaseholder page's answer to a data-protection request (issue 32): a subject-access
 * export of everything held, and erasure after the clerk types the name or ERASE. An erased
 * account can still be exported: what is left is its financial record.
 */
export function DataProtectionCard({ leaseholder }: { leaseholder: DataProtectionSubject }) {
  const exporter = useExportLeaseholder();
  const [isErasing, setIsErasing] = useState(false);
  const { isErased, erasedAt } = leaseholder;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          Personal data
        </CardTitle>
        <CardDescription>
          {isErased
            ? 'Only the financial record is kept: amounts, dates and the account reference.'
            : 'For a subject-access request, export everything held about this leaseholder. Erasure removes their name, contact details, address and message contents, and keeps amounts, dates and the account reference for the financial record.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isErased ? (
          <Alert variant="info" role="status">
            <UserX aria-hidden="true" />
            <div className="flex min-w-0 flex-col gap-1">
              <AlertTitle>Personal data erased</AlertTitle>
              <AlertDescription>
                {erasedAt ? `${formatDateTime(erasedAt)}. ` : ''}This account is never messaged
                again.
              </AlertDescription>
            </div>
          </Alert>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button
            variant="outline"
            aria-disabled={exporter.isPending}
            onClick={() => {
              if (!exporter.isPending) exporter.mutate(leaseholder.id);
            }}
            className="aria-disabled:cursor-wait aria-disabled:opacity-60"
          >
            <Download aria-hidden="true" />
            {exporter.isPending ? 'Exporting...' : 'Export data (JSON)'}
          </Button>
          {isErased ? null : (
            <Button variant="destructive" onClick={() => setIsErasing(true)}>
              <UserX aria-hidden="true" />
              Erase personal data
            </Button>
          )}
        </div>
      </CardContent>
      <EraseLeaseholderDialog
        leaseholder={leaseholder}
        isOpen={isErasing}
        onClose={() => setIsErasing(false)}
      />
    </Card>
  );
}
