import { Send } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { uploadBatchHref } from '@/lib/batch-query';
import { plural } from '@/lib/plural';
import { useUnsentUploads } from '@/lib/unsent-uploads';
import { formatDateTime } from '../../../../shared/dates';

/**
 * Earlier uploads whose links were never sent, beside the one in view. Uploading a sheet again
 * finds those links already made ("unchanged, nothing to send"), so without this a clerk would
 * believe the leaseholders had been asked when nobody had.
 */
export function EarlierUnsentAlert({ batchId }: { batchId: string | null }) {
  const uploads = useUnsentUploads();
  const titleId = useId();
  const earlier = (uploads.data ?? []).filter((upload) => upload.batchId !== batchId);
  if (earlier.length === 0) return null;
  return (
    // A standing notice, not news: a region, so it is neither announced nor another 'alert'.
    <Alert variant="warning" role="region" aria-labelledby={titleId}>
      <Send aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <AlertTitle id={titleId}>
          {earlier.length === 1
            ? 'An earlier upload has not been sent'
            : `${earlier.length} earlier uploads have not been sent`}
        </AlertTitle>
        <AlertDescription className="text-foreground">
          Their leaseholders have not been told; a new upload of the same sheet does not send their
          links again.
        </AlertDescription>
        <ul className="mt-1 flex flex-col gap-1 text-sm">
          {earlier.map((upload) => (
            <li key={upload.batchId} className="break-words">
              <Link
                href={uploadBatchHref(upload.batchId)}
                className="font-medium text-primary underline underline-offset-4"
              >
                {upload.filename}
              </Link>{' '}
              (uploaded {formatDateTime(upload.uploadedAt)}, {plural(upload.unsentLinks, 'link')}{' '}
              not sent)
            </li>
          ))}
        </ul>
      </div>
    </Alert>
  );
}
