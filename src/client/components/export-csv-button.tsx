import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Export CSV for a list. An export of a large estate takes a minute, so while it downloads the
 * button counts the rows that have arrived. `onExport` gets the listener for downloadFile.
 */
export function ExportCsvButton({
  isExporting,
  disabled,
  onExport,
  className,
}: {
  isExporting: boolean;
  disabled: boolean;
  onExport: (onRecords: (records: number) => void) => void;
  className?: string;
}) {
  const [records, setRecords] = useState(0);
  // The first record is the header.
  const rows = Math.max(0, records - 1);
  return (
    <Button
      variant="outline"
      className={className}
      disabled={disabled || isExporting}
      onClick={() => {
        setRecords(0);
        onExport(setRecords);
      }}
    >
      <Download aria-hidden="true" />
      {!isExporting
        ? 'Export CSV'
        : rows === 0
          ? 'Exporting...'
          : `Exporting... ${rows.toLocaleString('en-GB')} rows`}
    </Button>
  );
}
