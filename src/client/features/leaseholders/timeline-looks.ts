import {
  Archive,
  Ban,
  Banknote,
  CheckCheck,
  CheckCircle2,
  CircleX,
  CreditCard,
  Eye,
  FileSpreadsheet,
  Hourglass,
  Link2,
  Loader2,
  type LucideIcon,
  Mail,
  MessageCircleReply,
  MessageSquareOff,
  MessageSquareText,
  PauseCircle,
  PhoneCall,
  PiggyBank,
  PlayCircle,
  Replace,
  Send,
  Smartphone,
  StickyNote,
  Timer,
  TimerOff,
  Undo2,
  UserPen,
} from 'lucide-react';
import type { TimelineEvent, TimelineKind } from '../../../shared/leaseholders';

export type Tone = 'info' | 'success' | 'warning' | 'destructive' | 'muted' | 'primary';
type BadgeVariant = 'default' | 'success' | 'warning' | 'destructive' | 'info' | 'outline';

/** The groups a clerk narrows a long history to. */
export const TIMELINE_GROUPS = ['all', 'money', 'messages', 'links', 'notes'] as const;
export type TimelineGroup = (typeof TIMELINE_GROUPS)[number];
export const TIMELINE_GROUP_LABELS: Record<TimelineGroup, string> = {
  all: 'All',
  money: 'Payments',
  messages: 'Messages',
  links: 'Links',
  notes: 'Notes and changes',
};

const KINDS: Record<TimelineKind, { icon: LucideIcon; tone: Tone; group: TimelineGroup }> = {
  link_created: { icon: Link2, tone: 'info', group: 'links' },
  link_opened: { icon: Eye, tone: 'info', group: 'links' },
  link_replaced: { icon: Replace, tone: 'muted', group: 'links' },
  link_expired: { icon: TimerOff, tone: 'warning', group: 'links' },
  link_cancelled: { icon: Ban, tone: 'muted', group: 'links' },
  link_settled: { icon: CheckCircle2, tone: 'success', group: 'links' },
  link_paid: { icon: CheckCircle2, tone: 'success', group: 'links' },
  message: { icon: Mail, tone: 'info', group: 'messages' },
  payment: { icon: CreditCard, tone: 'success', group: 'money' },
  payment_returned: { icon: Undo2, tone: 'warning', group: 'money' },
  offline_payment: { icon: Banknote, tone: 'success', group: 'money' },
  credit: { icon: PiggyBank, tone: 'success', group: 'money' },
  balance_set: { icon: FileSpreadsheet, tone: 'primary', group: 'money' },
  hold_started: { icon: PauseCircle, tone: 'warning', group: 'notes' },
  hold_ended: { icon: PlayCircle, tone: 'muted', group: 'notes' },
  note: { icon: StickyNote, tone: 'primary', group: 'notes' },
  contact_changed: { icon: UserPen, tone: 'muted', group: 'notes' },
  link_requested: { icon: Send, tone: 'info', group: 'messages' },
  callback: { icon: PhoneCall, tone: 'warning', group: 'messages' },
  reply: { icon: MessageCircleReply, tone: 'primary', group: 'messages' },
  texts_stopped: { icon: MessageSquareOff, tone: 'warning', group: 'messages' },
  texts_started: { icon: MessageSquareText, tone: 'muted', group: 'messages' },
};

/** A message's icon is its channel's (the server's title ends "by email", "by WhatsApp"…). */
function messageIcon(title: string): LucideIcon {
  if (/ by WhatsApp$/i.test(title)) return MessageSquareText;
  if (/ by SMS$/i.test(title)) return Smartphone;
  return Mail;
}

export function lookOf(event: TimelineEvent): { icon: LucideIcon; tone: Tone } {
  const look = KINDS[event.kind];
  if (event.kind === 'message') return { icon: messageIcon(event.title), tone: look.tone };
  if (event.kind === 'payment' && event.status === 'failed') {
    return { icon: look.icon, tone: 'destructive' };
  }
  // A dispute won gives the money back to the agent: good news, unlike the rest of its kind.
  if (event.kind === 'payment_returned' && /^Dispute (won|closed)/.test(event.title)) {
    return { icon: CheckCircle2, tone: 'success' };
  }
  return look;
}

export function isInGroup(event: TimelineEvent, group: TimelineGroup): boolean {
  return group === 'all' || KINDS[event.kind].group === group;
}

/** How a status reads: green arrived or paid, red did not, amber kept locally or waiting. */
const STATUSES: Record<
  string,
  { label: string; variant: BadgeVariant; icon: LucideIcon; hint?: string }
> = {
  queued: { label: 'Queued', variant: 'outline', icon: Timer, hint: 'Waiting to be sent' },
  sending: { label: 'Sending', variant: 'info', icon: Loader2 },
  sent: { label: 'Sent', variant: 'info', icon: Send, hint: 'Accepted by the provider' },
  delivered: { label: 'Delivered', variant: 'success', icon: CheckCheck },
  read: { label: 'Read', variant: 'success', icon: CheckCheck, hint: 'Opened in WhatsApp' },
  failed: { label: 'Failed', variant: 'destructive', icon: CircleX },
  undelivered: { label: 'Undelivered', variant: 'destructive', icon: CircleX },
  captured: {
    label: 'Captured',
    variant: 'warning',
    icon: Archive,
    hint: 'Stored here, not sent: this channel is not set up (demo mode)',
  },
  cancelled: { label: 'Cancelled', variant: 'outline', icon: Ban, hint: 'No longer needed' },
  succeeded: { label: 'Paid', variant: 'success', icon: CheckCircle2 },
  processing: { label: 'Settling', variant: 'warning', icon: Hourglass },
  reversed: { label: 'Reversed', variant: 'destructive', icon: Undo2, hint: 'No longer counts' },
  waiting: { label: 'Waiting for a call', variant: 'warning', icon: Hourglass },
  unread: { label: 'Unread', variant: 'info', icon: MessageCircleReply, hint: 'On the dashboard' },
  called: { label: 'Called back', variant: 'success', icon: CheckCircle2 },
};

/** A status the server sent, or undefined for a word this page does not know (shown as is). */
export function statusLook(status: string) {
  return Object.hasOwn(STATUSES, status) ? STATUSES[status] : undefined;
}
