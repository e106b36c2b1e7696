import { Download } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { saveBlob } from '@/lib/download';
import { plural } from '@/lib/plural';
import type { RowError, RowWarning } from '../../../../shared/upload';
import { rowIssuesCsv, rowIssuesOf } from '../upload-rules';

/** Shown rows at most; the downloadable list always has them all. */
const SHOWN = 200;

function summaryOf(errors: number, warnings: number): string {
  const parts: string[] = [];
  if (errors > 0) parts.push(`${plural(errors, 'row needs', 'rows need')} fixing`);
  if (warnings > 0) parts.push(`${plural(warnings, 'warning')} to check`);
  return parts.join(' · ');
}

/**
 * The upload's error log (spec section 4) and its warnings in one table: spreadsheet row, error
 * or warning, column and problem, with the whole list as a CSV. A table on a desktop; on a phone
 * each problem stacks as a block, so nothing runs off the card.
 */
export function RowIssuesTable({
  errors,
  warnings = [],
  filename,
}: {
  errors: RowError[];
  warnings?: RowWarning[];
  filename: string;
}) {
  const issues = rowIssuesOf(errors, warnings);
  return (
    <section aria-labelledby="row-issues-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="row-issues-heading" className="font-semibold">
          {summaryOf(errors.length, warnings.length)}
        </h3>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            saveBlob(
              new Blob([rowIssuesCsv(errors, warnings)], { type: 'text/csv;charset=utf-8' }),
              `${filename.replace(/\.[^.]+$/, '')}-errors.csv`,
            )
          }
        >
          <Download aria-hidden="true" />
          Download error list
        </Button>
      </div>
      <section
        aria-label="Error log"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
        tabIndex={0}
        className="rounded-lg border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:max-h-96 sm:overflow-auto"
      >
        <table className="w-full text-left text-sm max-sm:block">
          <thead className="sticky top-0 bg-muted text-muted-foreground max-sm:sr-only">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Row
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Type
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Column
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Problem
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {issues.slice(0, SHOWN).map((issue) => (
              <tr
                key={issue.key}
                className="border-t border-border align-top first:border-t-0 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2 max-sm:gap-y-1 max-sm:px-3 max-sm:py-2.5 sm:first:border-t"
              >
                <td className="px-3 py-2 font-mono tabular-nums max-sm:p-0 max-sm:font-sans max-sm:font-semibold">
                  <span className="sm:hidden">Row </span>
                  {issue.row}
                </td>
                <td className="px-3 py-2 max-sm:p-0">
                  <Badge variant={issue.kind === 'error' ? 'destructive' : 'warning'}>
                    {issue.kind === 'error' ? 'Error' : 'Warning'}
                  </Badge>
                </td>
                <td className="px-3 py-2 max-sm:p-0 max-sm:text-muted-foreground sm:whitespace-nowrap">
                  {issue.field || 'Whole row'}
                </td>
                <td className="px-3 py-2 break-words max-sm:basis-full max-sm:p-0">
                  {issue.message}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {issues.length > SHOWN ? (
        <p className="text-sm text-muted-foreground">
          Showing the first {SHOWN} of {issues.length} problems: download the list for all.
        </p>
      ) : null}
    </section>
  );
}
