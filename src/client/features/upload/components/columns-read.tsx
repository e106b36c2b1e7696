import { Fragment } from 'react';
import type { ColumnsRead, UploadColumn } from '../../../../shared/upload';

const LABELS: Record<UploadColumn, string> = {
  'Tenant Name': 'Name',
  'Email Address': 'Email',
  'Phone Number (for WhatsApp)': 'Phone',
  'Property Address': 'Address',
  'Balance Due (£)': 'Balance',
  'Account Reference': 'Reference',
};

const quoted = (heading: string) => `“${heading}”`;

/**
 * Which of the sheet's headings each column was read from, and the headings left unread: a
 * clerk sees at a glance that the address came from 'Flat' and 'Block & Street', or that a
 * column they meant us to read was not.
 */
export function ColumnsReadSummary({ columnsRead }: { columnsRead: ColumnsRead }) {
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
            <dd className="min-w-0 break-words">{headings.map(quoted).join(' + ')}</dd>
          </Fragment>
        ))}
      </dl>
      {columnsRead.unread.length > 0 ? (
        <p className="mt-2 break-words text-muted-foreground">
          Not used: {columnsRead.unread.map(quoted).join(', ')}
        </p>
      ) : null}
    </section>
  );
}
