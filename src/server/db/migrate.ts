import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Engine } from './engine.js';
import { foundation } from './migrations/0001-foundation.js';
import { messaging } from './migrations/0002-messaging.js';
import { payments } from './migrations/0003-payments.js';
import { uploads } from './migrations/0004-uploads.js';
import { tracking } from './migrations/0005-tracking.js';
import { tenantSearch } from './migrations/0006-tenant-search.js';
import { messageContents } from './migrations/0007-message-contents.js';
import { paymentEvents } from './migrations/0008-payment-events.js';
import { linkSearch } from './migrations/0009-link-search.js';
import { dashboardIndexes } from './migrations/0010-dashboard-indexes.js';
import { statusAmountOrder } from './migrations/0011-status-amount-order.js';
import { deferredLinkSearch } from './migrations/0012-deferred-link-search.js';
import { backups } from './migrations/0013-backups.js';
import { accounts } from './migrations/0014-accounts.js';
import { hardening } from './migrations/0015-hardening.js';
import { dashboardTotals } from './migrations/0016-dashboard-totals.js';
import { rangeFirstIndexes } from './migrations/0017-range-first-indexes.js';
import { batchSheet } from './migrations/0018-batch-sheet.js';
import { accountListIndexes } from './migrations/0019-account-list-indexes.js';
import { fullStatistics } from './migrations/0020-full-statistics.js';
import { sheetAgreedAt } from './migrations/0021-sheet-agreed-at.js';
import { nameKeys } from './migrations/0022-name-keys.js';
import { sheetTracking } from './migrations/0023-sheet-tracking.js';
import { paymentReturns } from './migrations/0024-payment-returns.js';
import { failedRefunds } from './migrations/0025-failed-refunds.js';
import { chases } from './migrations/0026-chases.js';
import { whatsappVariables } from './migrations/0027-whatsapp-variables.js';
import { propertyKey } from './migrations/0028-property-key.js';
import { columnsRead } from './migrations/0029-columns-read.js';
import { nameKey } from './migrations/0031-name-key.js';
import { jointEmails } from './migrations/0032-joint-emails.js';
import { textsStopped } from './migrations/0033-texts-stopped.js';
import type { Database } from './schema.js';

/**
 * Migrations are code, listed here in order, so they ship inside the compiled server and run the
 * same under Vitest. Kysely's migrator takes a lock, so several processes starting at once on
 * PostgreSQL migrate once.
 */
function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '0001-foundation': foundation(engine),
    '0002-messaging': messaging(engine),
    '0003-payments': payments(engine),
    '0004-uploads': uploads(engine),
    '0005-tracking': tracking(engine),
    '0006-tenant-search': tenantSearch(engine),
    '0007-message-contents': messageContents(engine),
    '0008-payment-events': paymentEvents(engine),
    '0009-link-search': linkSearch(engine),
    '0010-dashboard-indexes': dashboardIndexes(engine),
    '0011-status-amount-order': statusAmountOrder(engine),
    '0012-deferred-link-search': deferredLinkSearch(engine),
    '0013-backups': backups(engine),
    '0014-accounts': accounts(engine),
    '0015-hardening': hardening(engine),
    '0016-dashboard-totals': dashboardTotals(engine),
    '0017-range-first-indexes': rangeFirstIndexes(engine),
    '0018-batch-sheet': batchSheet(engine),
    '0019-account-list-indexes': accountListIndexes(engine),
    '0020-full-statistics': fullStatistics(engine),
    '0021-sheet-agreed-at': sheetAgreedAt(engine),
    '0022-name-keys': nameKeys(engine),
    '0023-sheet-tracking': sheetTracking(engine),
    '0024-payment-returns': paymentReturns(engine),
    '0025-failed-refunds': failedRefunds(engine),
    '0026-chases': chases(engine),
    '0027-whatsapp-variables': whatsappVariables(engine),
    '0028-property-key': propertyKey(engine),
    '0029-columns-read': columnsRead(engine),
    // The same rekeying, now that an address's 'Flat', abbreviations and postcode do not count.
    '0030-address-keys': nameKeys(engine),
    '0031-name-key': nameKey(engine),
    '0032-joint-emails': jointEmails(engine),
    '0033-texts-stopped': textsStopped(engine),
  };
}

export async function migrateToLatest(db: Kysely<Database>, engine: Engine): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(engine) };
  // On PostgreSQL, name the schema: otherwise Kysely looks for its bookkeeping tables by name in
  // every schema and is misled by another schema's copies (tests, or a neighbouring app).
  const migrationTableSchema =
    engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const { error, results } = await new Migrator({
    db,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}
