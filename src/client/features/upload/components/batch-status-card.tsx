import {
  CheckCircle2,
  Download,
  Eye,
  Loader2,
  PhoneOff,
  Send,
  TriangleAlert,
  Upload,
  XCircle,
} from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Batch } from '../../../../shared/upload';
import { progressOf } from '../upload-rules';
import { RowErrorsTable } from './row-errors-table';

const PRESENTATION = {
  processing: {
    variant: 'info',
    icon: Loader2,
    text: 'Processing tenant data and generating payment links...',
  },
  completed: {
    variant: 'success',
    icon: CheckCircle2,
    text: 'All records processed successfully!',
  },
  completed_with_errors: {
    variant: 'warning',
    icon: TriangleAlert,
    text: 'Processing completed with some errors.',
  },
  failed: { variant: 'destructive', icon: XCircle, text: 'Processing failed.' },
} as const;

function Count({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-lg border border-border bg-card px-4 py-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={`text-2xl font-semibold tabular-nums ${tone ?? ''}`}>
        {value.toLocaleString('en-GB')}
      </dd>
    </div>
  );
}

/**
 * Spec section 4: the error log shown with 'completed with some errors' and 'failed'. It has a
 * line per rejected row (thousands, in a big file), so it scrolls within a bounded box.
 */
function ErrorLog({ text }: { text: string }) {
  return (
    <section
      aria-label="Error log"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
      tabIndex={0}
      className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-words focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {text}
    </section>
  );
}

/** Spec sections 2 and 4: the batch's status, counts, error log and what to do next. */
export function BatchStatusCard({
  batch,
  isSending,
  isDownloading,
  onPreview,
  onSend,
  onReport,
  onUploadNew,
}: {
  batch: Batch;
  isSending: boolean;
  isDownloading: boolean;
  onPreview: () => void;
  onSend: () => void;
  onReport: () => void;
  onUploadNew: () => void;
}) {
  const look = PRESENTATION[batch.status];
  const Icon = look.icon;
  const percent = progressOf(batch.status);
  const isFinal = batch.status !== 'processing';
  const hasLinks = batch.successfulRecords > 0;
  const isSent = batch.notificationsSentAt !== null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
          Batch: <span className="font-normal break-all">{batch.filename}</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div>
          <div className="mb-1 flex justify-between text-sm">
            <span id="batch-progress-label">Progress</span>
            <span className="tabular-nums">{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="batch-progress-label"
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            className="h-2.5 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-500"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>

        <Alert variant={look.variant}>
          <Icon
            aria-hidden="true"
            className={batch.status === 'processing' ? 'animate-spin' : undefined}
          />
          <AlertTitle>{look.text}</AlertTitle>
          {batch.status === 'completed' || batch.status === 'completed_with_errors' ? (
            <AlertDescription>
              Payment links were generated for {batch.successfulRecords.toLocaleString('en-GB')}{' '}
              {batch.successfulRecords === 1 ? 'tenant' : 'tenants'}.{' '}
              {isSent
                ? 'Notifications were sent to all tenants.'
                : 'Notifications have not been sent yet: preview them, then send.'}
            </AlertDescription>
          ) : null}
          {(batch.status === 'completed_with_errors' || batch.status === 'failed') &&
          batch.errorLog ? (
            <AlertDescription>
              <ErrorLog text={batch.errorLog} />
            </AlertDescription>
          ) : null}
        </Alert>

        {batch.landlinePhones > 0 ? (
          <Alert variant="default" role="note">
            <PhoneOff aria-hidden="true" />
            <AlertDescription>
              {batch.landlinePhones.toLocaleString('en-GB')}{' '}
              {batch.landlinePhones === 1 ? 'tenant has' : 'tenants have'} a landline as their phone
              number: {batch.landlinePhones === 1 ? 'it is' : 'they are'} kept for the record, but
              landlines cannot receive WhatsApp or SMS, so the payment link goes by email only. The
              report marks them in its Phone Type column.
            </AlertDescription>
          </Alert>
        ) : null}

        <dl className="grid grid-cols-3 gap-3">
          <Count label="Total records" value={batch.totalRecords} />
          <Count label="Links generated" value={batch.successfulRecords} tone="text-success" />
          <Count
            label="Rows with errors"
            value={batch.failedRecords}
            tone={batch.failedRecords > 0 ? 'text-warning' : undefined}
          />
        </dl>

        {batch.errors.length > 0 ? (
          <RowErrorsTable errors={batch.errors} filename={batch.filename} />
        ) : null}

        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onPreview} disabled={!isFinal || !hasLinks}>
            <Eye aria-hidden="true" />
            Preview All Messages
          </Button>
          <Button onClick={onSend} disabled={!isFinal || !hasLinks || isSending || isSent}>
            {isSending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {isSent ? 'Notifications Sent' : isSending ? 'Sending...' : 'Send All Notifications'}
          </Button>
          <Button variant="outline" onClick={onReport} disabled={!isFinal || isDownloading}>
            <Download aria-hidden="true" />
            Download Report
          </Button>
          {isFinal ? (
            <Button variant="ghost" onClick={onUploadNew}>
              <Upload aria-hidden="true" />
              Upload New File
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
