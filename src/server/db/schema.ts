import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types shared by both engines (ARCHITECTURE section 2): ids are text, times are UTC epoch
 * milliseconds in bigint columns (parsed to number on PostgreSQL), JSON is stored as text.
 */

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface SessionsTable {
  /** HMAC of the cookie value: a leaked database does not hand out live sessions. */
  id: string;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface CallbackRequestsTable {
  id: string;
  /** E.164, e.g. +442079460123. */
  phone_number: string;
  /** What the visitor typed, for staff who want to see it as given. */
  phone_input: string;
  created_at: number;
  handled_at: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor: string;
  action: string;
  subject: string | null;
  /** JSON text; never secrets. */
  details: string | null;
}

/** Sliding-window counters shared by every app process (login failures, callback requests). */
export interface RateLimitEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  at: number;
}

export interface Database {
  settings: SettingsTable;
  sessions: SessionsTable;
  callback_requests: CallbackRequestsTable;
  audit_log: AuditLogTable;
  rate_limit_events: RateLimitEventsTable;
}

export type CallbackRequest = Selectable<CallbackRequestsTable>;
export type NewAuditEntry = Insertable<AuditLogTable>;
