import {
  CheckCircle2,
  Download,
  Eye,
  Loader2,
  Send,
  TriangleAlert,
  Upload,
  XCircle,
} from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { plural } from '@/lib/plural';
import { formatDateTime } from '../../../../shared/dates';
import type { Batch } from '../../../../shared/upload';
import { progressOf } from '../upload-rules';
import { ColumnsReadSummary } from './columns-read';
import { RowIssuesTable } from './row-issues-table';

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

/** What has been sent of the batch: nothing yet, all of it, or all but some links made since. */
function sendingText(batch: Batch): string {
  if (batch.notificationsSentAt === null) {
    return 'Notifications have not been sent yet: preview them, then send.';
  }
  const when = `Sent ${formatDateTime(batch.notificationsSentAt)} to ${plural(batch.totalSent, 'tenant')}.`;
  if (batch.unsentLinks === 0) return `Notifications were sent to all tenants. ${when}`;
  return `${when} ${plural(batch.unsentLinks, 'tenant has', 'tenants have')} not been sent theirs yet.`;
}

/** Links this upload made: new accounts and changed balances (older batches: every row). */
function linksMadeBy(batch: Batch): number {
  const { reconciliation: r } = batch;
  const isReconciled = r.new + r.changed + r.unchanged + r.settled + r.notOwed > 0;
  return isReconciled ? r.new + r.changed : batch.successfulRecords;
}

/** What the upload did to the leaseholder accounts, when it did more than add new ones. */
function reconciliationText(batch: Batch): string | null {
  const { reconciliation: r } = batch;
  if (r.changed + r.unchanged + r.settled + r.notOwed === 0) return null;
  const parts = [
    r.new > 0 ? `${plural(r.new, 'new leaseholder')}` : null,
    r.changed > 0 ? `${plural(r.changed, 'changed balance')} (old link replaced)` : null,
    r.unchanged > 0
      ? `${r.unchanged.toLocaleString('en-GB')} unchanged (no new link, nothing to send)`
      : null,
    r.settled > 0 ? `${r.settled.toLocaleString('en-GB')} settled (link closed, no message)` : null,
    r.notOwed > 0
      ? `${r.notOwed.toLocaleString('en-GB')} owing nothing and not on file (passed over, no account made)`
      : null,
  ].filter(Boolean);
  return `Compared with your leaseholder accounts: ${parts.join(', ')}.`;
}

/** The send button's words: spec's 'Send All Notifications' until a send; then only the rest. */
function sendLabel(batch: Batch, isSending: boolean): string {
  if (isSending) return 'Sending...';
  if (batch.notificationsSentAt === null) return 'Send All Notifications';
  if (batch.unsentLinks === 0) return 'Notifications Sent';
  return `Send to ${plural(batch.unsentLinks, 'Unsent Tenant')}`;
}

/**
 * Spec sections 2 and 4: the batch's status, counts, error log and what to do next, as one
 * summary (issue 31): the status, the counts, then one table of errors and warnings.
 */
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
  const linksMade = linksMadeBy(batch);
  const hasLinks = linksMade > 0;
  const reconciled = reconciliationText(batch);
  const hasIssues = batch.errors.length > 0 || batch.warnings.length > 0;
  // A failure of the batch as a whole has no row errors: its log is the message itself.
  const wholeBatchLog =
    (batch.status === 'completed_with_errors' || batch.status === 'failed') &&
    batch.errors.length === 0
      ? batch.errorLog
      : '';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          Batch: <span className="font-normal break-all">{batch.filename}</span>
        </CardTitle>
        <CardDescription>
          Uploaded {formatDateTime(batch.createdAt)}
          {batch.sheet ? (
            <>
              {' '}
              · read from the sheet{' '}
              <span className="font-medium break-all text-foreground">“{batch.sheet}”</span>
            </>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div>
          <div className="mb-1 flex justify-between text-sm">
            <span id="batch-progress-label">Progress</span>
            <span className="tabular-nums">{percent}%</span>
          </div>
          <ProgressBar percent={percent} labelledBy="batch-progress-label" />
        </div>

        <Alert variant={look.variant}>
          <Icon
            aria-hidden="true"
            className={batch.status === 'processing' ? 'animate-spin' : undefined}
          />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <AlertTitle>{look.text}</AlertTitle>
            {batch.status === 'completed' || batch.status === 'completed_with_errors' ? (
              <AlertDescription className="text-foreground">
                {hasLinks
                  ? `Payment links were generated for ${plural(linksMade, 'tenant')}. ${sendingText(batch)}`
                  : 'No new payment links were needed: every leaseholder in this file already has a link for this balance, or owes nothing.'}
                {reconciled ? <span className="mt-1 block">{reconciled}</span> : null}
              </AlertDescription>
            ) : null}
            {wholeBatchLog ? (
              <AlertDescription className="break-words whitespace-pre-wrap text-foreground">
                {wholeBatchLog}
              </AlertDescription>
            ) : null}
          </div>
        </Alert>

        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Count label="Total records" value={batch.totalRecords} />
          <Count label="Links generated" value={linksMade} tone="text-success" />
          <Count
            label="Warnings"
            value={batch.warnings.length}
            tone={batch.warnings.length > 0 ? 'text-warning' : undefined}
          />
          <Count
            label="Rows with errors"
            value={batch.failedRecords}
            tone={batch.failedRecords > 0 ? 'text-destructive' : undefined}
          />
        </dl>

        {isFinal && batch.columnsRead ? (
          <ColumnsReadSummary columnsRead={batch.columnsRead} />
        ) : null}

        {hasIssues ? (
          <RowIssuesTable
            errors={batch.errors}
            warnings={batch.warnings}
            filename={batch.filename}
          />
        ) : null}

        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button variant="outline" onClick={onPreview} disabled={!isFinal || !hasLinks}>
            <Eye aria-hidden="true" />
            Preview All Messages
          </Button>
          <Button
            onClick={onSend}
            disabled={!isFinal || !hasLinks || isSending || batch.unsentLinks === 0}
          >
            {isSending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {sendLabel(batch, isSending)}
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
