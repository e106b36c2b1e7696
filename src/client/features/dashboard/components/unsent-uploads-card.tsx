import { Send } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { uploadBatchHref } from '@/lib/batch-query';
import { plural } from '@/lib/plural';
import { useUnsentUploads } from '@/lib/unsent-uploads';
import { formatDate, formatDateTime } from '../../../../shared/dates';

/**
 * Uploads whose payment links were made but never sent, each with the way to send them. Shown
 * only when there is one: an upload left unsent is easy to miss (the clerk was called away, or
 * uploaded the sheet again and was told no new links were needed), and its leaseholders hear
 * nothing while their links run out.
 */
export function UnsentUploadsCard() {
  const uploads = useUnsentUploads();
  const titleId = useId();
  if (uploads.isPending || (uploads.isSuccess && uploads.data.length === 0)) return null;
  return (
    <Card role="region" aria-labelledby={titleId} className="border-warning/50">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Send aria-hidden="true" className="size-5 text-warning" />
          Uploads not sent yet
        </CardTitle>
        <CardDescription>
          These payment links were made but never sent: the leaseholders have not been told. Open
          the upload to preview and send them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {uploads.isError ? (
          <LoadErrorAlert
            title="Failed to load unsent uploads."
            onRetry={() => void uploads.refetch()}
            isRetrying={uploads.isFetching}
          />
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {uploads.data.map((upload) => (
              <li
                key={upload.batchId}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
              >
                <div className="min-w-0">
                  <p className="font-medium break-all">{upload.filename}</p>
                  <p className="text-sm text-muted-foreground">
                    Uploaded {formatDateTime(upload.uploadedAt)} ·{' '}
                    {plural(upload.unsentLinks, 'link')} not sent; the first expires on{' '}
                    {formatDate(upload.firstExpiresAt)}
                  </p>
                </div>
                <Button asChild size="sm">
                  <Link
                    href={uploadBatchHref(upload.batchId)}
                    aria-label={`Review and send ${upload.filename}`}
                  >
                    Review and send
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
