/** The delivery statuses we record for WhatsApp and SMS (a subset of the messages table's). */
export type DeliveryStatus = 'queued' | 'sent' | 'delivered' | 'read' | 'failed' | 'undelivered';

/**
 * Twilio's message statuses (https://www.twilio.com/docs/messaging/api/message-resource#message-status-values)
 * to ours. Twilio's in-between states (accepted, scheduled, sending) are all "not yet with the
 * carrier", so they count as queued. Statuses of inbound messages map to null: not ours to record.
 */
export function mapTwilioStatus(status: string): DeliveryStatus | null {
  switch (status) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
    case 'sending':
      return 'queued';
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'partially_delivered':
      return 'delivered';
    case 'read':
      return 'read';
    case 'failed':
    case 'canceled':
      return 'failed';
    case 'undelivered':
      return 'undelivered';
    default:
      return null;
  }
}

const RANK: Record<DeliveryStatus, number> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
  undelivered: 4,
};

/** Order of progress: queued < sent < delivered < read; failed and undelivered are terminal. */
export function deliveryStatusRank(status: DeliveryStatus): number {
  return RANK[status];
}

export function isTerminalDeliveryStatus(status: DeliveryStatus): boolean {
  return status === 'failed' || status === 'undelivered';
}

/**
 * Whether a callback saying `next` may replace `current`. Twilio does not promise callbacks in
 * order, so a late 'sent' must not undo 'delivered', and nothing changes a failure once recorded
 * (it may already have triggered the SMS fallback). A failure can still follow queued or sent,
 * but not delivered or read: the message reached the phone.
 */
export function canAdvanceDeliveryStatus(current: DeliveryStatus, next: DeliveryStatus): boolean {
  if (isTerminalDeliveryStatus(current)) return false;
  if (isTerminalDeliveryStatus(next)) return RANK[current] < RANK.delivered;
  return RANK[next] > RANK[current];
}
