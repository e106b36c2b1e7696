import type { Generated, Selectable } from 'kysely';

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

export interface TenantsTable {
  id: string;
  name: string;
  email: string | null;
  /** Joint leaseholders' other addresses, ', '-separated: each email is copied to them. */
  other_emails: Generated<string | null>;
  /** E.164. */
  phone: string | null;
  /** 'landline' numbers are kept for the record and never sent WhatsApp or SMS. */
  phone_kind: 'mobile' | 'landline' | null;
  address: string;
  /** Name, email and address lower-cased, for Payment Status searches (tenantSearchText). */
  search_text: string | null;
  created_at: number;
  /** The agent's own ledger reference (e.g. RIV-F3), as typed; optional. */
  reference: Generated<string | null>;
  /** referenceKeyOf(reference): unique when present; an upload row matches on it first. */
  reference_key: Generated<string | null>;
  /** matchKeyOf(name, address): how a row without a reference finds its account. */
  match_key: string;
  /**
   * What is owed, in pence: the balance of the latest upload that named this account, less the
   * payments recorded since (portal and offline). Negative is a credit. A link's expiry never
   * changes it.
   */
  balance_pence: Generated<number>;
  /** When the balance last went from settled to owing (sorts "days since first unpaid link"). */
  owing_since: Generated<number | null>;
  /** Chasing is held until this time (no reminders, no new-link messages); payments still work. */
  hold_until: Generated<number | null>;
  hold_reason: Generated<string | null>;
  updated_at: Generated<number | null>;
  /** Set when the leaseholder's personal data was erased (issue 32): never messaged again. */
  erased_at: Generated<number | null>;
  /** When an upload's balance last became or matched this one after payments (migration 0021). */
  sheet_agreed_at: Generated<number | null>;
  /** When an upload last named this account (migration 0023). */
  last_sheet_at: Generated<number | null>;
  /**
   * The balance staff corrected away from (correct-balance.ts), until an upload sets another: a
   * sheet still showing it is from before the correction, which stands.
   */
  corrected_from_pence: Generated<number | null>;
}

/**
 * An account's own history beside its links, messages and payments: notes, holds, contact
 * changes (old values in details), balances set by uploads, links cancelled or closed.
 */
export interface AccountEventsTable {
  id: Generated<number>;
  tenant_id: string;
  at: number;
  kind: string;
  actor: string;
  /** What a person wrote (a note, a hold's reason); shown as typed. */
  text: string | null;
  /** JSON text. */
  details: string | null;
  /** A leaseholder's reply: when staff marked it read (null: on the dashboard still). */
  read_at: Generated<number | null>;
}

export type BatchStatus = 'processing' | 'completed' | 'completed_with_errors' | 'failed';

export interface UploadBatchesTable {
  id: string;
  filename: string;
  status: BatchStatus;
  total_records: number;
  successful_records: number;
  failed_records: number;
  error_log: string;
  /** JSON: RowError[] (src/shared/upload.ts). */
  errors: string;
  dedupe_key: string;
  created_at: number;
  finished_at: number | null;
  notifications_sent_at: number | null;
  total_sent: Generated<number>;
  /** JSON {new, changed, unchanged, settled, notOwed}: what the upload did to the accounts. */
  reconciliation: Generated<string | null>;
  /** JSON RowWarning[]: rows kept with something for the clerk to check. */
  warnings: Generated<string | null>;
  /** The process writing the batch: `<host key>|<pid>|<instance id>` (batch-owner.ts). */
  owner: Generated<string | null>;
  /** Written by the owner while it writes (PostgreSQL). */
  heartbeat_at: Generated<number | null>;
  /** The workbook sheet the rows were read from, when it had several. */
  sheet_name: Generated<string | null>;
  /** JSON ColumnsRead: the headings each column was read from, and those left unread. */
  columns_read: Generated<string | null>;
}

export type PaymentLinkStatus = 'pending' | 'paid' | 'expired' | 'failed';

export interface PaymentLinksTable {
  /** 128+ random bits, base64url: the secret in the leaseholder's URL. */
  id: string;
  tenant_id: string;
  batch_id: string | null;
  /** The spreadsheet row the link came from (header = row 1); null for renewals. */
  batch_row: number | null;
  amount_pence: number;
  status: PaymentLinkStatus;
  expires_at: number;
  created_at: number;
  paid_at: number | null;
  /** The link that replaced this one when it was renewed. */
  replaced_by: string | null;
  /** First opening of the payment page, recorded by the page's own POST (never by a GET). */
  opened_at: number | null;
  /**
   * Set while an asynchronous payment (Bacs Direct Debit, open banking) is settling: the link
   * shows as processing, does not expire and gets no reminders until it settles.
   */
  processing_since: number | null;
  /** Why the payment failed, when status is failed. */
  failure_reason: string | null;
  /**
   * The leaseholder's search text (tenants.search_text), copied by the database when an insert
   * leaves it out (migration 0009): Payment Status searches and sorts by name on this table.
   */
  search_text: Generated<string | null>;
  /** Paid on this link so far (part payments), less what was given back (refunds, disputes). */
  paid_pence: Generated<number>;
  /** Given back by Stripe of what was paid through it (migration 0024). */
  returned_pence: Generated<number>;
  /** Why a link closed unpaid: replaced by a newer link, settled by the balance, cancelled. */
  closed_reason: Generated<LinkClosedReason | null>;
  closed_at: Generated<number | null>;
}

export type LinkClosedReason = 'replaced' | 'settled' | 'cancelled';

/** One row, id 'default': the 11 template fields as JSON (spec section 3). */
export interface TemplatesTable {
  id: string;
  content: string;
  updated_at: number;
}

export type BackupStatus = 'running' | 'ok' | 'failed';

/** One SQLite backup attempt (modules/backups); the file is in DATA_DIR/backups. */
export interface BackupsTable {
  id: string;
  /** The file's name inside the backups folder. */
  file: string;
  /** 'schedule' (housekeeping) or 'command' (npm run backup). */
  taken_by: string;
  status: BackupStatus;
  started_at: number;
  finished_at: number | null;
  size_bytes: number | null;
  /** Why it failed: the error, or what integrity_check reported. */
  error: string | null;
}

/** Balance changes above £0, appended by triggers (migration 0016): Total Outstanding's sum. */
export interface OwedDeltasTable {
  id: Generated<number>;
  pence: number;
}

/** One "Chase everyone owing" (migration 0026), worked through by its job (chase-owing.ts). */
export interface ChasesTable {
  id: string;
  started_at: number;
  /** When its messages go: at once, or 10:00 UK time when pressed at night. */
  sends_at: number;
  /** How many the preview counted when it started; `sent` is how many it reached. */
  planned: number;
  sent: number;
  owed_pence: number;
  /** The last account id done, so the next slice goes on from there. */
  after_id: string;
  finished_at: number | null;
}

import type { OfflinePaymentsTable, PaymentEventsTable, PaymentsTable } from './payment-tables.js';

export type {
  OfflinePaymentMethod,
  OfflinePaymentsTable,
  PaymentEventsTable,
  PaymentMethod,
  PaymentProvider,
  PaymentStatus,
  PaymentsTable,
} from './payment-tables.js';

import type {
  ChannelPaceTable,
  JobsTable,
  MessageContentsTable,
  MessageEventsTable,
  MessagesTable,
  TextOptOutsTable,
  UnmatchedRepliesTable,
} from './messaging-tables.js';

export type {
  ChannelPaceTable,
  JobStatus,
  JobsTable,
  MessageChannel,
  MessageContentsTable,
  MessageEventsTable,
  MessageKind,
  MessageStatus,
  MessagesTable,
} from './messaging-tables.js';

export interface Database {
  settings: SettingsTable;
  sessions: SessionsTable;
  callback_requests: CallbackRequestsTable;
  audit_log: AuditLogTable;
  rate_limit_events: RateLimitEventsTable;
  tenants: TenantsTable;
  payment_links: PaymentLinksTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  templates: TemplatesTable;
  upload_batches: UploadBatchesTable;
  messages: MessagesTable;
  message_contents: MessageContentsTable;
  message_events: MessageEventsTable;
  jobs: JobsTable;
  backups: BackupsTable;
  channel_pace: ChannelPaceTable;
  offline_payments: OfflinePaymentsTable;
  owed_deltas: OwedDeltasTable;
  account_events: AccountEventsTable;
  chases: ChasesTable;
  text_opt_outs: TextOptOutsTable;
  unmatched_replies: UnmatchedRepliesTable;
}

export type CallbackRequest = Selectable<CallbackRequestsTable>;
