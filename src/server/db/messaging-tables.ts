import type { Generated } from 'kysely';

// The messaging and job-queue tables of schema.ts (which re-exports them), kept apart so that
// each file stays readable.

/** 'staff_text': what staff wrote to the leaseholder's phone (a reply to theirs), no template. */
export type MessageKind =
  | 'payment_link'
  | 'reminder_24h'
  | 'reminder_1h'
  | 'confirmation'
  | 'staff_text';
export type MessageChannel = 'email' | 'whatsapp' | 'sms';
export type MessageStatus =
  | 'queued'
  | 'sending'
  | 'sent'
  | 'delivered'
  | 'read'
  | 'failed'
  | 'undelivered'
  | 'captured'
  | 'cancelled';

export interface MessagesTable {
  id: string;
  link_id: string;
  kind: MessageKind;
  channel: MessageChannel;
  recipient: string;
  /** An email's copies to joint leaseholders, ', '-separated; null for none and for texts. */
  cc: Generated<string | null>;
  status: MessageStatus;
  provider_id: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
  /**
   * Which occasion of its kind this is: '' for the first, else the payment it confirms or the
   * day it was sent again on request. Unique with link, kind and channel.
   */
  occasion: Generated<string>;
}

/** What a message says, rendered once when it is queued; kept apart from its hot status row. */
export interface MessageContentsTable {
  message_id: string;
  subject: string | null;
  /** The rendered text (email text part, WhatsApp or SMS body). */
  body: string;
  html: string | null;
  /** WhatsApp: the placeholder values (JSON) an approved template is filled with (migration 0027). */
  variables: string | null;
}

export interface MessageEventsTable {
  id: Generated<number>;
  message_id: string;
  status: string;
  at: number;
  detail: string | null;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'dead' | 'cancelled';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON text. */
  payload: string;
  status: JobStatus;
  run_at: number;
  attempts: Generated<number>;
  max_attempts: number;
  locked_until: number | null;
  locked_by: string | null;
  last_error: string | null;
  idempotency_key: string | null;
  /** Jobs sharing a cancel key are cancelled together (e.g. a link's reminders). */
  cancel_key: string | null;
  created_at: number;
  updated_at: number;
}

/** One row per sending channel: the next free send slot and a provider's pause (issue 30). */
export interface ChannelPaceTable {
  channel: 'email' | 'whatsapp' | 'sms';
  next_at: number;
  paused_until: number;
}

/** A number that replied STOP: no WhatsApp or text goes to it until it replies START. */
export interface TextOptOutsTable {
  /** E.164, as tenants.phone holds it. */
  phone: string;
  stopped_at: number;
  /** 'reply': their STOP reached our webhook; 'twilio': Twilio refused a text to it (21610). */
  source: 'reply' | 'twilio';
}

/** A reply by WhatsApp or text from a number on no account, for staff to place. */
export interface UnmatchedRepliesTable {
  id: string;
  /** E.164. */
  phone: string;
  channel: 'whatsapp' | 'sms';
  body: string;
  received_at: number;
  read_at: number | null;
}
