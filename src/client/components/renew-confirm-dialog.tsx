import { useRenewalPreview } from '@/lib/renewal-preview';
import { formatDateTime, formatRelativeTime } from '../../shared/dates';
import { formatPence } from '../../shared/money';
import type { RenewalPreview } from '../../shared/payment-links';
import { ConfirmSendDialog } from './ui/confirm-send-dialog';

function channelsText(channels: RenewalPreview['channels']): string {
  if (channels.length === 2) return 'by email and WhatsApp';
  if (channels[0] === 'email') return 'by email';
  return 'by WhatsApp (SMS if WhatsApp fails)';
}

/** The question: 'Send a new link for £X to NAME by email and WhatsApp?'. */
export function renewalQuestion(preview: RenewalPreview): string {
  if (preview.channels.length === 0) {
    return `Make a new link for ${formatPence(preview.amountPence)} for ${preview.tenantName}? They have no email or mobile number on record, so it cannot be sent to them.`;
  }
  return `Send a new link for ${formatPence(preview.amountPence)} to ${preview.tenantName} ${channelsText(preview.channels)}?`;
}

/** When the link being replaced went out: a link minutes old rarely needs renewing. */
export function currentLinkText(preview: RenewalPreview, now: number): string {
  if (preview.sentAt === null) {
    return `The current link was made ${formatRelativeTime(preview.createdAt, now)} (${formatDateTime(preview.createdAt)}) and has not been sent.`;
  }
  return `The current link was sent ${formatRelativeTime(preview.sentAt, now)} (${formatDateTime(preview.sentAt)}). Renewing replaces it: it will stop working.`;
}

/**
 * Renew asks first (issue 31): the amount, the leaseholder, the channels, and when the current
 * link was sent; nothing is sent until staff confirm.
 */
export function RenewConfirmDialog({
  linkId,
  isRenewing,
  onConfirm,
  onCancel,
}: {
  linkId: string | null;
  isRenewing: boolean;
  onConfirm: (linkId: string) => void;
  onCancel: () => void;
}) {
  const preview = useRenewalPreview(linkId);
  const description = preview.data
    ? renewalQuestion(preview.data)
    : preview.isError
      ? 'The link could not be read. Close this and try again.'
      : 'Checking the link…';
  return (
    <ConfirmSendDialog
      isOpen={linkId !== null}
      title="Renew payment link?"
      description={description}
      isSending={isRenewing}
      isConfirmDisabled={!preview.data}
      confirmLabel="Send New Link"
      onConfirm={() => {
        if (linkId) onConfirm(linkId);
      }}
      onCancel={onCancel}
    >
      {preview.data ? (
        <p className="mt-3 text-sm text-muted-foreground">
          {currentLinkText(preview.data, Date.now())}
        </p>
      ) : null}
    </ConfirmSendDialog>
  );
}
