import { Fragment } from 'react';
import { Button } from '@/components/ui/button';
import type { ColumnsRead, UploadColumn } from '../../../../shared/upload';
import { useForgetColumnChoices } from '../api/forget-column-choices';

const LABELS: Record<UploadColumn, string> = {
  'Tenant Name': 'Name',
  'Email Address': 'Email',
  'Phone Number (for WhatsApp)': 'Phone',
  'Property Address': 'Address',
  'Balance Due (£)': 'Balance',
  'Account Reference': 'Reference',
  'Other Email Addresses': 'Other emails',
};

const quoted = (heading: string) => `“${heading}”`;

/**
 * Which of the sheet's headings each column was read from, and the headings left unread: a
 * clerk sees at a glance that the address came from 'Flat' and 'Block & Street', or that a
 * column they meant us to read was not. Columns read as the clerk once chose are marked, and the
 * choice can be forgotten: a wrong one would otherwise be read again every month.
 */
export function ColumnsReadSummary({ columnsRead }: { columnsRead: ColumnsRead }) {
  const forget = useForgetColumnChoices();
  const chosen = new Set<string>(columnsRead.chosen ?? []);
  const { layout } = columnsRead;
  return (
    <section
      aria-labelledby="columns-read-title"
      className="rounded-lg border border-border bg-muted/40 px-4 py-3 text-sm"
    >
      <h3 id="columns-read-title" className="font-medium">
        Read from the sheet’s columns
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {columnsRead.read.map(({ column, headings }) => (
          <Fragment key={column}>
            <dt className="text-muted-foreground">{LABELS[column]}</dt>
            <dd className="min-w-0 break-words">
              {headings.map(quoted).join(' + ')}
              {chosen.has(column) ? (
                <span className="text-muted-foreground"> (your choice)</span>
              ) : null}
            </dd>
          </Fragment>
        ))}
      </dl>
      {columnsRead.unread.length > 0 ? (
        <p className="mt-2 break-words text-muted-foreground">
          Not used: {columnsRead.unread.map(quoted).join(', ')}
        </p>
      ) : null}
      {layout ? (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted-foreground">
            {forget.isSuccess
              ? 'Forgotten: the next file with these headings will ask again, this one too if you upload it again.'
              : 'Your choices are remembered for files with these headings.'}
          </p>
          {forget.isSuccess ? null : (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={forget.isPending}
              onClick={() => forget.mutate(layout)}
            >
              Ask again next time
            </Button>
          )}
        </div>
      ) : null}
    </section>
  );
}
