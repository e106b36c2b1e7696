import { FileSpreadsheet, Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * Spec section 2: drag-and-drop or click to browse; .csv, .xlsx, .xls; only the first dropped
 * file is used. The whole zone is one native button, so a click anywhere on it, Enter or Space
 * opens the file picker, and there is no second control nested inside it.
 */
export function FileDropZone({
  isDisabled,
  onFile,
}: {
  isDisabled: boolean;
  onFile: (file: File) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const chooseId = useId();
  const hintId = useId();
  const [isOver, setIsOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !isDisabled) onFile(file);
  };

  return (
    // The drop handlers are on the section: a disabled button gets no events, and a file dropped
    // while an upload runs must still not make the browser open it.
    <section
      aria-label="Upload a spreadsheet"
      onDragOver={(event) => {
        event.preventDefault();
        if (!isDisabled) setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
    >
      <button
        type="button"
        disabled={isDisabled}
        aria-labelledby={`${titleId} ${chooseId}`}
        aria-describedby={hintId}
        onClick={() => inputRef.current?.click()}
        className={cn(
          'group flex w-full cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors hover:border-primary/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed',
          isOver ? 'border-primary bg-primary-soft' : 'border-border bg-muted/30',
          isDisabled && 'opacity-60',
        )}
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
          {isOver ? (
            <FileSpreadsheet aria-hidden="true" className="size-7" />
          ) : (
            <Upload aria-hidden="true" className="size-7" />
          )}
        </span>
        <span id={titleId} className="text-lg font-semibold">
          Drop your spreadsheet here
        </span>
        <span id={hintId} className="max-w-md text-sm text-muted-foreground">
          CSV or Excel (.csv, .xlsx, .xls), up to 5 MB, one row per leaseholder with the columns of
          the template.
        </span>
        {/* Looks like a button; the whole zone is the button. */}
        <span
          id={chooseId}
          className="mt-1 inline-flex min-h-11 items-center gap-2 rounded-md bg-primary px-5 text-sm font-semibold text-primary-foreground shadow-sm group-hover:bg-primary/90"
        >
          Choose a file
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept=".csv,.xlsx,.xls,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="sr-only"
        tabIndex={-1}
        aria-label="Spreadsheet file"
        data-testid="upload-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </section>
  );
}
