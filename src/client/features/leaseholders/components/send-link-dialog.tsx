import { Mail, MessageSquareText, Send, Smartphone } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmailPreview } from '@/components/message-preview/email-preview';
import { SmsPreview, WhatsAppPreview } from '@/components/message-preview/text-message-preview';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { getPublicConfig } from '@/lib/public-config';
import { formatDateTime, formatRelativeTime } from '../../../../shared/dates';
import { sociableTime } from '../../../../shared/expiry';
import type { LeaseholderDetail } from '../../../../shared/leaseholders';
import type { PreviewData } from '../../../../shared/messages';
import { formatPence } from '../../../../shared/money';
import { useNewLinkPreview } from '../api/get-new-link-preview';
import { useSendNewLink } from '../api/send-new-link';
import { channelsOf } from '../channels';
import { ActionButtons, ActionDialog, type ActionDialogProps, ActionError } from './action-dialog';

const DAY_MS = 86_400_000;

/**
 * What the single message preview is given for a link that does not exist yet: the account's
 * details and balance, a link address standing in for the one made on sending, and the expiry a
 * link made now would have.
 */
function previewDataOf(leaseholder: LeaseholderDetail, now: number): PreviewData {
  const { hasEmail, hasMobile } = channelsOf(leaseholder);
  const origin = leaseholder.openLink
    ? new URL(leaseholder.openLink.linkUrl).origin
    : window.location.origin;
  return {
    tenant: {
      name: leaseholder.name,
      email: hasEmail ? leaseholder.email : null,
      phone: hasMobile ? leaseholder.phone : null,
      address: leaseholder.address,
    },
    amount: leaseholder.balance,
    paymentUrl: `${origin}/payment/new-link`,
    expiresAt: new Date(
      sociableTime(now + getPublicConfig().linkLifetimeDays * DAY_MS),
    ).toISOString(),
  };
}

function Previews({ data, cc }: { data: PreviewData; cc: readonly string[] }) {
  const preview = useNewLinkPreview(data);
  const { email, phone } = data.tenant;
  const [tab, setTab] = useState<'email' | 'whatsapp' | 'sms'>(email ? 'email' : 'whatsapp');
  if (preview.isPending) {
    return (
      <div className="mt-4 flex flex-col gap-3">
        <span className="sr-only" role="status">
          Loading message preview
        </span>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  if (preview.isError) {
    return (
      <div className="mt-4">
        <LoadErrorAlert
          title="Failed to load message preview"
          description="The messages could not be generated. Try again, or check the templates."
          onRetry={() => void preview.refetch()}
          isRetrying={preview.isFetching}
        />
      </div>
    );
  }
  return (
    <Tabs value={tab} onValueChange={setTab} className="mt-4 flex min-w-0 flex-col gap-3">
      <TabsList aria-label="Messages" className="self-start">
        {email ? (
          <TabsTrigger value="email">
            <Mail aria-hidden="true" />
            Email
          </TabsTrigger>
        ) : null}
        {phone ? (
          <TabsTrigger value="whatsapp">
            <MessageSquareText aria-hidden="true" />
            WhatsApp
          </TabsTrigger>
        ) : null}
        {phone ? (
          <TabsTrigger value="sms">
            <Smartphone aria-hidden="true" />
            SMS
          </TabsTrigger>
        ) : null}
      </TabsList>
      <TabsContent value="email">
        <EmailPreview
          title={`Email to ${data.tenant.name}`}
          to={email}
          cc={cc}
          subject={preview.data.email.subject}
          body={preview.data.email.html}
        />
      </TabsContent>
      <TabsContent value="whatsapp">
        <WhatsAppPreview text={preview.data.whatsapp} />
      </TabsContent>
      <TabsContent value="sms">
        <p className="mb-2 text-sm text-muted-foreground">Used if WhatsApp fails</p>
        <SmsPreview text={preview.data.sms} />
      </TabsContent>
    </Tabs>
  );
}

/**
 * "Send a new link now", previewed first: the single message preview's own rendering (POST
 * /api/preview/generate and its email, WhatsApp and SMS views) of what a new link would send,
 * and only on confirming POST /api/leaseholders/{id}/links, which makes and sends the link.
 */
export function SendLinkDialog({ leaseholder, isOpen, onClose }: ActionDialogProps) {
  const send = useSendNewLink();
  // Made once per opening, so the preview's cache key (and its expiry) holds still.
  const data = useMemo(
    () => (isOpen ? previewDataOf(leaseholder, Date.now()) : null),
    [isOpen, leaseholder],
  );
  const { hasEmail, hasMobile } = channelsOf(leaseholder);
  const via = [
    hasEmail && leaseholder.email
      ? `email to ${leaseholder.email}${
          leaseholder.otherEmails.length > 0
            ? ` (copied to ${leaseholder.otherEmails.join(', ')})`
            : ''
        }`
      : null,
    hasMobile && leaseholder.phoneDisplay ? `WhatsApp to ${leaseholder.phoneDisplay}` : null,
  ].filter(Boolean);
  const finish = () => {
    send.reset();
    onClose();
  };
  const close = () => {
    if (!send.isPending) finish();
  };
  const open = leaseholder.openLink;

  return (
    <ActionDialog
      isOpen={isOpen}
      isBusy={send.isPending}
      onClose={close}
      isWide
      title={`Send a new link to ${leaseholder.name}?`}
      description={`A link for ${formatPence(leaseholder.balancePence)} goes now by ${via.join(' and ')}${hasMobile ? ' (SMS if WhatsApp fails)' : ''}.${leaseholder.textsStoppedAt && leaseholder.phoneDisplay ? ` No WhatsApp or text: ${leaseholder.phoneDisplay} replied STOP.` : ''}`}
    >
      <dl className="mt-4 grid gap-x-6 gap-y-2 rounded-lg bg-muted px-4 py-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Link expires</dt>
          <dd className="font-medium">{data ? formatDateTime(data.expiresAt) : '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Open link</dt>
          <dd className="font-medium">
            {open
              ? `Replaced: it was ${open.sentAt ? `sent ${formatRelativeTime(open.sentAt)}` : 'never sent'}`
              : 'None'}
          </dd>
        </div>
      </dl>
      {data ? <Previews data={data} cc={leaseholder.otherEmails} /> : null}
      <p className="mt-4 text-sm text-muted-foreground">
        The link’s own address is made when it is sent. Once sent, notifications cannot be recalled.
      </p>
      <ActionError
        message={send.isError ? errorMessage(send.error, 'The new link could not be sent.') : null}
      />
      <ActionButtons
        onCancel={close}
        isBusy={send.isPending}
        label="Send new link"
        busyLabel="Sending..."
        icon={Send}
        variant="accent"
        onConfirm={() => send.mutate(leaseholder.id, { onSuccess: finish })}
      />
    </ActionDialog>
  );
}
