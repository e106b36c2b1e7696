import {
  Archive,
  Ban,
  CheckCheck,
  CircleX,
  Loader2,
  type LucideIcon,
  Mail,
  MessageSquareText,
  Send,
  Smartphone,
  Timer,
} from 'lucide-react';
import type { MessageLogItem } from '../../../shared/messages';
import type { MessageChannel, MessageStatus } from './api/get-messages';

type BadgeVariant = 'default' | 'success' | 'warning' | 'destructive' | 'info' | 'outline';

export const CHANNEL_LABELS: Record<MessageChannel, { label: string; icon: LucideIcon }> = {
  email: { label: 'Email', icon: Mail },
  whatsapp: { label: 'WhatsApp', icon: MessageSquareText },
  sms: { label: 'SMS', icon: Smartphone },
};

export const KIND_LABELS: Record<MessageLogItem['kind'], string> = {
  payment_link: 'Payment link',
  reminder_24h: '24-hour reminder',
  reminder_1h: '1-hour reminder',
  confirmation: 'Confirmation',
  staff_text: 'Text from staff',
};

/** How each status reads: colour by outcome (green arrived, red did not, amber kept locally). */
export const STATUS_LABELS: Record<
  MessageStatus,
  { label: string; variant: BadgeVariant; icon: LucideIcon; hint: string }
> = {
  queued: { label: 'Queued', variant: 'outline', icon: Timer, hint: 'Waiting to be sent' },
  sending: { label: 'Sending', variant: 'info', icon: Loader2, hint: 'Being handed over' },
  sent: { label: 'Sent', variant: 'info', icon: Send, hint: 'Accepted by the provider' },
  delivered: {
    label: 'Delivered',
    variant: 'success',
    icon: CheckCheck,
    hint: "Reached the leaseholder's phone or mail server",
  },
  read: { label: 'Read', variant: 'success', icon: CheckCheck, hint: 'Opened in WhatsApp' },
  failed: { label: 'Failed', variant: 'destructive', icon: CircleX, hint: 'Could not be sent' },
  undelivered: {
    label: 'Undelivered',
    variant: 'destructive',
    icon: CircleX,
    hint: 'Sent, but did not arrive',
  },
  captured: {
    label: 'Captured',
    variant: 'warning',
    icon: Archive,
    hint: 'Stored here, not sent: this channel is not set up (demo mode)',
  },
  cancelled: { label: 'Cancelled', variant: 'outline', icon: Ban, hint: 'No longer needed' },
};

/** A status from the timeline, which may be a provider word this page does not know. */
export function statusLabel(status: string): (typeof STATUS_LABELS)[MessageStatus] | undefined {
  return Object.hasOwn(STATUS_LABELS, status) ? STATUS_LABELS[status as MessageStatus] : undefined;
}
