import { Mail, MessageSquareText, Send, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { EmailPreview } from '@/components/message-preview/email-preview';
import { SmsPreview, WhatsAppPreview } from '@/components/message-preview/text-message-preview';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ConfirmSendDialog } from '@/components/ui/confirm-send-dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import type { PreviewData, PreviewResult } from '../../../../shared/messages';
import { useGeneratePreview } from '../api/generate-preview';
import { useSendPreview } from '../api/send-preview';
import { channelsFor } from '../channels';
import { useGoBack } from '../use-go-back';
import { ChannelPreviewCard } from './channel-preview-card';
import { PaymentDetailsCard } from './payment-details-card';
import { PreviewHeader } from './preview-header';

function PreviewsSkeleton() {
  return (
    <>
      <span className="sr-only" role="status">
        Loading message preview
      </span>
      {[
        { part: 'email', height: 520 },
        { part: 'whatsapp', height: 180 },
        { part: 'sms', height: 180 },
      ].map(({ part, height }) => (
        <Card key={part} aria-hidden="true">
          <CardHeader>
            <Skeleton className="h-5 w-40" />
          </CardHeader>
          <CardContent>
            <Skeleton className="w-full" style={{ height }} />
          </CardContent>
        </Card>
      ))}
    </>
  );
}

function Previews({ data, preview }: { data: PreviewData; preview: PreviewResult }) {
  const { hasEmail, hasPhone } = channelsFor(data.tenant);
  return (
    <>
      <ChannelPreviewCard
        icon={Mail}
        title="Email Preview"
        unusedReason={hasEmail ? undefined : 'No email address: no email will be sent.'}
      >
        <EmailPreview
          title={`Email to ${data.tenant.name}`}
          to={data.tenant.email}
          subject={preview.email.subject}
          body={preview.email.html}
        />
      </ChannelPreviewCard>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <ChannelPreviewCard
          icon={MessageSquareText}
          title="WhatsApp Preview"
          unusedReason={hasPhone ? undefined : 'No phone number: no WhatsApp message will be sent.'}
        >
          <WhatsAppPreview text={preview.whatsapp} />
        </ChannelPreviewCard>
        <ChannelPreviewCard
          icon={Smartphone}
          title="SMS Fallback Preview"
          description="Used if WhatsApp fails"
          unusedReason={hasPhone ? undefined : 'No phone number: no SMS will be sent.'}
        >
          <SmsPreview text={preview.sms} />
        </ChannelPreviewCard>
      </div>
    </>
  );
}

/** /message-preview once its data is known: the previews, then the confirmed send (spec 2, 4). */
export function SinglePreview({ data }: { data: PreviewData }) {
  const [, navigate] = useLocation();
  const goBack = useGoBack();
  const preview = useGeneratePreview(data);
  const send = useSendPreview();
  const [isConfirming, setIsConfirming] = useState(false);
  const { hasEmail, hasPhone } = channelsFor(data.tenant);
  const canSend = preview.isSuccess && (hasEmail || hasPhone);

  const sendNow = () =>
    send.mutate(data, {
      onSuccess: ({ queued }) => {
        if (queued === 0) {
          // One message per link, kind and channel: this link's were sent before.
          toast.info('Already Sent', {
            description:
              'These notifications were sent to the tenant before. See the Message Log for their status.',
          });
        } else {
          toast.success('Notifications Sent', {
            description: 'Payment notifications have been sent successfully to the tenant.',
          });
        }
        navigate('/admin');
      },
      onError: () => {
        setIsConfirming(false);
        toast.error('Send Failed', { description: 'Failed to send notifications' });
      },
    });

  return (
    <>
      <PreviewHeader
        title="Message Preview"
        description={`The messages ${data.tenant.name} will receive with their payment link.`}
      />
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className="lg:sticky lg:top-6">
          <PaymentDetailsCard data={data} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {preview.isPending ? (
            <PreviewsSkeleton />
          ) : preview.isError ? (
            <LoadErrorAlert
              title="Failed to load message preview"
              description="The messages could not be generated. Please try again, or check the templates if the problem persists."
              onRetry={() => void preview.refetch()}
              isRetrying={preview.isFetching}
            />
          ) : (
            <Previews data={data} preview={preview.data} />
          )}
        </div>
      </div>

      <footer className="mt-6 flex flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <p className="text-sm text-muted-foreground">
          Review the message previews above. Once sent, notifications cannot be recalled.
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:shrink-0">
          <Button variant="outline" onClick={goBack}>
            Cancel
          </Button>
          <Button variant="accent" disabled={!canSend} onClick={() => setIsConfirming(true)}>
            <Send aria-hidden="true" />
            Proceed to Send
          </Button>
        </div>
      </footer>

      <ConfirmSendDialog
        isOpen={isConfirming}
        title="Send notifications?"
        description={`Are you sure you want to send these notifications to ${data.tenant.name}?`}
        isSending={send.isPending}
        onConfirm={sendNow}
        onCancel={() => setIsConfirming(false)}
      />
    </>
  );
}
