import { CheckCircle2, Inbox, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ConfirmSendDialog } from '@/components/ui/confirm-send-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useBatch } from '@/lib/batch-query';
import { plural } from '@/lib/plural';
import { useSendBatchNotifications } from '@/lib/send-batch-notifications';
import { formatDateTime } from '../../../../shared/dates';
import { useBatchPreview } from '../api/get-batch-preview';
import { currentSearchParams } from '../search-params';
import { BatchTenantCard } from './batch-tenant-card';
import { PreviewHeader } from './preview-header';

/** Spec sections 4 and 9: the upload page opens 2 s after a batch is sent. */
export const BATCH_REDIRECT_DELAY_MS = 2000;

/** Cards drawn at a time: a batch can hold thousands of tenants, each with an email frame. */
const CARDS_PER_STEP = 20;

/** Spec section 8: 'Failed to fetch preview data: {status} {text}'. */
function describeFetchError(error: Error): string {
  const detail =
    error instanceof ApiError
      ? `${error.status} ${error.serverMessage ?? error.text}`
      : error.message;
  return `Failed to fetch preview data: ${detail}`;
}

/** Spec section 2's 'Send to All N Tenants' while nothing is sent; then only the unsent. */
function sendButtonLabel(count: number, unsent: number): string {
  if (count === 0) return 'Send to All Tenants';
  if (unsent === count) return `Send to All ${plural(count, 'Tenant')}`;
  if (unsent === 0) return `All ${plural(count, 'Tenant')} Sent`;
  return `Send to ${plural(unsent, 'Unsent Tenant')}`;
}

/** Spec section 2's 'Review notifications for N tenants before sending', or what was sent. */
function previewDescription(
  count: number,
  unsent: number,
  sentAt: string | null,
  totalSent: number,
): string {
  if (unsent === count) return `Review notifications for ${plural(count, 'tenant')} before sending`;
  const when = sentAt ? ` on ${formatDateTime(sentAt)}` : '';
  const sent = `Notifications were sent${when} to ${plural(totalSent, 'tenant')}.`;
  if (unsent === 0) return `${sent} Nothing is left to send.`;
  return `${sent} Review the ${plural(unsent, 'tenant')} not sent yet before sending.`;
}

function LoadingCards() {
  return (
    <>
      <span className="sr-only" role="status">
        Loading preview data
      </span>
      {[0, 1].map((card) => (
        <Card key={card} aria-hidden="true">
          <CardHeader>
            <Skeleton className="h-6 w-56" />
            <Skeleton className="h-5 w-48" />
          </CardHeader>
          <CardContent className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
            <div className="flex flex-col gap-3">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
            <Skeleton className="h-64 w-full" />
          </CardContent>
        </Card>
      ))}
    </>
  );
}

function BatchPreview({ batchId }: { batchId: string }) {
  const [, navigate] = useLocation();
  const preview = useBatchPreview(batchId);
  const send = useSendBatchNotifications();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSent, setIsSent] = useState(false);
  const [shownCount, setShownCount] = useState(CARDS_PER_STEP);

  useEffect(() => {
    if (!preview.isError) return;
    toast.error('Preview Error', {
      id: 'batch-preview-error',
      description: describeFetchError(preview.error),
    });
    navigate('/upload', { replace: true });
  }, [preview.isError, preview.error, navigate]);

  useEffect(() => {
    if (!isSent) return undefined;
    const timer = setTimeout(() => navigate('/upload'), BATCH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isSent, navigate]);

  const batch = useBatch(batchId);
  const list = preview.data?.tenants ?? [];
  const count = list.length;
  // Issue 31: a batch sent before offers only what it has not sent, with that true count.
  const unsent = list.filter((entry) => !entry.isSent).length;
  const sentAt = batch.data?.notificationsSentAt ?? null;
  const isSendDisabled = unsent === 0 || send.isPending || isSent;

  const sendNow = () =>
    send.mutate(batchId, {
      onSuccess: ({ totalSent }) => {
        setIsConfirming(false);
        setIsSent(true);
        toast.success('Notifications Sent Successfully', {
          description: `Payment notifications sent to ${totalSent} tenants via email, WhatsApp, and SMS.`,
        });
      },
      onError: () => {
        setIsConfirming(false);
        toast.error('Send Failed', { description: 'Failed to send notifications' });
      },
    });

  const sendButton = (
    <Button
      variant="accent"
      size="lg"
      disabled={isSendDisabled}
      onClick={() => setIsConfirming(true)}
      className="sm:self-end"
    >
      {count > 0 && unsent === 0 ? (
        <CheckCircle2 aria-hidden="true" />
      ) : (
        <Send aria-hidden="true" />
      )}
      {sendButtonLabel(count, unsent)}
    </Button>
  );

  return (
    <>
      <PreviewHeader
        title="Batch Preview"
        description={
          preview.isSuccess
            ? previewDescription(count, unsent, sentAt, batch.data?.totalSent ?? count - unsent)
            : 'Loading the messages for this upload…'
        }
        actions={sendButton}
      />
      <div className="flex flex-col gap-6">
        {preview.isPending || preview.isError ? (
          <LoadingCards />
        ) : count === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-card px-4 py-12 text-center">
            <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
            <h2 className="text-lg font-semibold">No Preview Data</h2>
            <p className="max-w-md text-sm text-muted-foreground">
              This upload has no tenants with payment links to preview.
            </p>
            <Button variant="outline" className="mt-2" onClick={() => navigate('/upload')}>
              Go to Bulk Upload
            </Button>
          </div>
        ) : (
          <>
            {list.slice(0, shownCount).map((entry, index) => (
              // Tenants carry no id in this answer; the order is the upload's and does not change.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <BatchTenantCard key={index} entry={entry} />
            ))}
            {shownCount < count ? (
              <div className="flex flex-col items-center gap-2 text-center">
                <p className="text-sm text-muted-foreground">
                  Showing {shownCount} of {plural(count, 'tenant')}
                </p>
                <Button
                  variant="outline"
                  onClick={() => setShownCount((shown) => shown + CARDS_PER_STEP)}
                >
                  Show {Math.min(CARDS_PER_STEP, count - shownCount)} more
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>

      <ConfirmSendDialog
        isOpen={isConfirming}
        title="Send notifications?"
        description={`Are you sure you want to send these notifications to ${plural(unsent, 'tenant')}?`}
        isSending={send.isPending}
        onConfirm={sendNow}
        onCancel={() => setIsConfirming(false)}
      />
    </>
  );
}

/** /message-preview-all?batchId=… (spec sections 2, 4, 5 and 8). */
export function BatchPreviewPage() {
  const [, navigate] = useLocation();
  const [batchId] = useState(() => currentSearchParams().get('batchId')?.trim() ?? '');

  useEffect(() => {
    if (batchId) return;
    toast.error('No batch ID provided', { id: 'no-batch-id' });
    navigate('/upload', { replace: true });
  }, [batchId, navigate]);

  if (!batchId) return <PageSpinner label="Opening the upload page" />;
  return <BatchPreview batchId={batchId} />;
}
