import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { saveBlob } from '@/lib/download';
import { plural } from '@/lib/plural';
import type { RowError } from '../../../../shared/upload';
import { rowErrorsCsv } from '../upload-rules';

/** Shown rows at most; the downloadable list always has them all. */
const SHOWN = 200;

/** The rows to fix: spreadsheet row, column and problem, with the whole list as a CSV. */
export function RowErrorsTable({ errors, filename }: { errors: RowError[]; filename: string }) {
  const issues = errors.flatMap((error) =>
    (error.issues?.length
      ? error.issues
      : error.errors.map((message) => ({ field: '', message }))
    ).map((issue, index) => ({ key: `${error.row}-${index}`, row: error.row, ...issue })),
  );
  return (
    <section aria-labelledby="row-errors-heading" className="mt-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="row-errors-heading" className="font-semibold">
          {plural(errors.length, 'row needs', 'rows need')} fixing
        </h3>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            saveBlob(
              new Blob([rowErrorsCsv(errors)], { type: 'text/csv;charset=utf-8' }),
              `${filename.replace(/\.[^.]+$/, '')}-errors.csv`,
            )
          }
        >
          <Download aria-hidden="true" />
          Download error list
        </Button>
      </div>
      <div className="max-h-96 overflow-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Row
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Column
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Problem
              </th>
            </tr>
          </thead>
          <tbody>
            {issues.slice(0, SHOWN).map((issue) => (
              <tr key={issue.key} className="border-t border-border align-top">
                <td className="px-3 py-2 font-mono tabular-nums">{issue.row}</td>
                <td className="px-3 py-2 whitespace-nowrap">{issue.field || 'Whole row'}</td>
                <td className="px-3 py-2">{issue.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {issues.length > SHOWN ? (
        <p className="text-sm text-muted-foreground">
          Showing the first {SHOWN} of {issues.length} problems: download the list for all.
        </p>
      ) : null}
    </section>
  );
}
