import { Columns3, Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ColumnMapping, RequiredColumn } from '../../../../shared/upload';

const BALANCE: RequiredColumn = 'Balance Due (£)';

const selectClass =
  'h-11 w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs aria-invalid:border-destructive';

/** What each column is for, so the clerk can recognise it under their own system's name. */
const COLUMN_HINTS: Record<RequiredColumn, string> = {
  'Tenant Name': 'The leaseholder’s name',
  'Email Address': 'Where the payment link is emailed',
  'Phone Number (for WhatsApp)': 'The mobile for WhatsApp and SMS',
  'Property Address': 'The flat or house the balance is for',
  'Balance Due (£)': 'The amount owed, in pounds',
};

/**
 * Step 2, Validate Data (issue 31): the file's headings did not name every required column, so
 * the clerk says which heading holds each one. The choice is sent with the file again and
 * remembered on the server for the next file with the same headings.
 */
export function ColumnMappingCard({
  filename,
  headings,
  missing,
  balanceChoices = null,
  codesNotNames = null,
  examples = [],
  sheet,
  isUploading,
  onSubmit,
  onCancel,
}: {
  filename: string;
  headings: string[];
  missing: RequiredColumn[];
  /** Headings that could each be the balance: Balance Due (£) is among `missing`, to choose. */
  balanceChoices?: string[] | null;
  /** The heading read as the name whose cells are codes: Tenant Name is among `missing`. */
  codesNotNames?: string | null;
  /** The first row's cell under each of `headings`, shown beside it. */
  examples?: string[];
  /** The workbook sheet the headings are from, when it has several. */
  sheet?: string | null;
  isUploading: boolean;
  onSubmit: (mapping: ColumnMapping) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = useState<Partial<Record<RequiredColumn, string>>>({});
  const [isChecked, setIsChecked] = useState(false);
  const usedTwice = (column: RequiredColumn) =>
    chosen[column] !== undefined &&
    missing.some((other) => other !== column && chosen[other] === chosen[column]);
  const problemOf = (column: RequiredColumn) => {
    if (!isChecked) return null;
    if (!chosen[column]) return `Choose the heading that holds ${column}.`;
    if (usedTwice(column)) return 'This heading is chosen for another column too.';
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsChecked(true);
    if (missing.some((column) => !chosen[column] || usedTwice(column))) return;
    onSubmit(Object.fromEntries(missing.map((column) => [column, chosen[column]!])));
  };

  const isBalanceOnly = balanceChoices !== null && missing.length === 1;
  const isNameOnly = codesNotNames !== null && missing.length === 1;
  const file = <span className="font-medium break-all text-foreground">{filename}</span>;
  const exampleOf = new Map<string, string>();
  headings.forEach((heading, index) => {
    if (examples[index] && !exampleOf.has(heading)) exampleOf.set(heading, examples[index]);
  });
  const optionsFor = (column: RequiredColumn) => {
    const options = (list: string[]) =>
      list.map((heading, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a file may repeat a heading
        <option key={index} value={heading}>
          {exampleOf.has(heading) ? `${heading} — e.g. ${exampleOf.get(heading)}` : heading}
        </option>
      ));
    if (column !== BALANCE || !balanceChoices) return options(headings);
    const others = headings.filter((heading) => !balanceChoices.includes(heading));
    return (
      <>
        {options(balanceChoices)}
        {others.length > 0 ? <optgroup label="Other headings">{options(others)}</optgroup> : null}
      </>
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Columns3 aria-hidden="true" className="size-5 text-primary" />
          {isBalanceOnly
            ? 'Which column is the balance?'
            : isNameOnly
              ? 'Which column is the name?'
              : 'Match your columns'}
        </CardTitle>
        <CardDescription>
          {isBalanceOnly ? (
            <>
              More than one column in {file} could be the balance. Choose the one that holds the
              amount each leaseholder is asked to pay
            </>
          ) : isNameOnly ? (
            <>
              The column “{codesNotNames}” in {file} holds codes, not names. Choose the one that
              holds each leaseholder’s name, as their messages greet them by it
            </>
          ) : (
            <>
              We could not find {missing.length === 1 ? 'this column' : 'these columns'} in {file}.
              Choose which of your headings holds each one
            </>
          )}
          ; we will remember your choice for the next file with the same headings.
          {sheet ? (
            <>
              {' '}
              The headings are from the sheet{' '}
              <span className="font-medium break-all text-foreground">“{sheet}”</span>, the one most
              like a leaseholder list; if yours is on another sheet, save that sheet on its own and
              upload it.
            </>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-5">
          <div className="grid gap-4 sm:grid-cols-2">
            {missing.map((column) => {
              const id = `map-${column.replace(/[^a-z]+/gi, '-').toLowerCase()}`;
              const problem = problemOf(column);
              return (
                <div key={column} className="flex flex-col gap-1.5">
                  <label htmlFor={id} className="text-sm font-medium">
                    {column}
                  </label>
                  <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                    {column === BALANCE && balanceChoices
                      ? `The amount owed, in pounds: it could be ${balanceChoices.map((heading) => `“${heading}”`).join(' or ')}.`
                      : COLUMN_HINTS[column]}
                  </p>
                  <select
                    id={id}
                    className={selectClass}
                    value={chosen[column] ?? ''}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
                    onChange={(event) =>
                      setChosen((current) => ({
                        ...current,
                        [column]: event.target.value || undefined,
                      }))
                    }
                  >
                    <option value="">Choose a heading…</option>
                    {optionsFor(column)}
                  </select>
                  {problem ? (
                    <p id={`${id}-problem`} className="text-sm font-medium text-destructive">
                      {problem}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onCancel} disabled={isUploading}>
              Choose another file
            </Button>
            <Button type="submit" disabled={isUploading}>
              {isUploading ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {isUploading
                ? 'Checking every row…'
                : missing.length === 1
                  ? 'Use this column'
                  : 'Use these columns'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
