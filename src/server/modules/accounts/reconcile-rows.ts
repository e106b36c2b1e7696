import { setImmediate } from 'node:timers/promises';
import { type Selectable, sql } from 'kysely';
import { formatPence } from '../../../shared/money.js';
import type { Reconciliation, RowError, RowWarning } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import type { TenantsTable } from '../../db/schema.js';
import { NO_CONTACT_MESSAGE } from '../uploads/check-contact.js';
import { toRowError, type ValidRow } from '../uploads/validate-rows.js';
import {
  type AccountEvent,
  accountsWithLiveLinks,
  addAccountEvents,
  closeOpenLinks,
  setBalances,
} from './account-ledger.js';
import { insertNewAccounts } from './insert-new-accounts.js';
import { issueLinks, type NewLink } from './issue-link.js';
import {
  leftOutNote,
  paymentsLeftOut,
  portalPaymentNote,
  recentPayments,
} from './payments-left-out.js';
import { type SamePropertyAccount, samePropertyAccounts } from './same-property.js';
import { accountsByShorterAddress } from './shorter-address.js';
import { stoppedPhoneNotes } from './stopped-phone-notes.js';
import { updateContacts } from './update-contact.js';

export type { Reconciliation };

export interface ReconciledSlice {
  counts: Reconciliation;
  /** Rows refused: an erased account, a second row for one account, no way to reach a debtor. */
  errors: RowError[];
  /** Rows kept with something for the clerk to check (a recent portal payment). */
  notes: RowWarning[];
  /** Rows passed over, counted as `counts.notOwed`: their warnings are nobody's concern. */
  passedOver: number[];
  /** New accounts beside an owing one at their property: noted once the upload has ended. */
  sameProperty: SamePropertyAccount[];
}

type Account = Selectable<TenantsTable>;

/** Rows per statement: small enough that other requests are served between statements. */
const ROWS_PER_STATEMENT = 500;

/**
 * What an upload row does to the leaseholder's account (issue 29). Each row finds its account by
 * Account Reference, else by name and property address; then, against the account's open link:
 * new (no account: an account and a link), unchanged (the same balance with an open link: nothing
 * is made or sent), changed (another balance, or none open: a new link replaces the open one),
 * settled (nothing owed: the open link closes, no message). A figure that is the balance before
 * payments of the last 14 days is read as the balance it is now. Uploading the same file twice,
 * or an older one after a payment, therefore asks for nothing twice. `taken` holds the accounts
 * earlier rows of the upload found or made, by row: a second row for one of them is refused. Runs in the
 * upload's transaction, a slice of rows at a time in a few statements each.
 */
export async function reconcileRows(
  ctx: AppContext,
  batchId: string,
  rows: readonly ValidRow[],
  taken: Map<string, number>,
): Promise<ReconciledSlice> {
  const result: ReconciledSlice = {
    counts: { new: 0, changed: 0, unchanged: 0, settled: 0, notOwed: 0 },
    errors: [],
    notes: [],
    passedOver: [],
    sameProperty: [],
  };
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const slice = rows.slice(start, start + ROWS_PER_STATEMENT);
    const { accounts, namesakes } = await findAccounts(ctx, slice);
    const known: [ValidRow, Account][] = [];
    const fresh: ValidRow[] = [];
    for (const row of slice) {
      const account = accounts.get(row);
      const first = account && taken.get(account.id);
      if (account?.erased_at != null) {
        result.errors.push(rowError(row.row, 'Account Reference', ERASED_MESSAGE));
      } else if (first) {
        // Found by reference on one row and by name and address on another: one leaseholder.
        result.errors.push(rowError(row.row, 'Account Reference', sameAccountMessage(first)));
      } else if (!account && row.amountPence <= 0) {
        // A full ledger export lists everyone; a leaseholder who owes nothing has nothing to ask.
        result.passedOver.push(row.row);
      } else if (row.hasNoContact && !(account && canBeReached(account, row))) {
        result.errors.push(rowError(row.row, '', NO_CONTACT_MESSAGE));
      } else if (account) {
        taken.set(account.id, row.row);
        known.push([row, account]);
      } else {
        fresh.push(row);
        const namesake = namesakes.get(row);
        if (namesake) result.notes.push(namesakeNote(row, namesake));
      }
    }
    await reconcileKnown(ctx, batchId, known, result);
    result.sameProperty.push(...(await samePropertyAccounts(ctx, batchId, fresh)));
    const made = await insertNewAccounts(ctx, batchId, fresh);
    for (const [index, id] of made.entries()) taken.set(id, fresh[index]!.row);
    result.counts.new += fresh.length;
    result.notes.push(...(await stoppedPhoneNotes(ctx, known, fresh)));
    // SQLite answers synchronously: give other requests a turn between statements.
    await setImmediate();
  }
  result.counts.notOwed = result.passedOver.length;
  return result;
}

/** A row without contact details asks through those on file; settling one asks nothing. */
function canBeReached(account: Account, row: ValidRow): boolean {
  return row.amountPence <= 0 || account.email !== null || account.phone_kind === 'mobile';
}

const ERASED_MESSAGE =
  'This Account Reference belongs to a leaseholder whose personal data was erased: use a new reference.';

function correctionKeptNote(sheetPence: number, balancePence: number): string {
  return `Staff corrected this balance to ${formatPence(balancePence)}: the sheet's ${formatPence(sheetPence)} is from before that, so the correction stands.`;
}

/**
 * A new reference beside an account of the same name and address under another: a second
 * account of one leaseholder's (ground rent beside service charge), or the agent's references
 * changed, when sending would ask twice.
 */
function namesakeNote(row: ValidRow, namesake: Account): RowWarning {
  return {
    row: row.row,
    field: 'Account Reference',
    message: `Same name and address as the account ${namesake.reference}: ${row.reference} was made as a second account. If the reference changed, before sending: set this new account's balance to £0.00 as a duplicate, remove its reference, and give ${namesake.reference} the new one.`,
  };
}

function sameAccountMessage(firstRow: number): string {
  return `Duplicate of row ${firstRow}: both rows are the same leaseholder's account`;
}

function rowError(row: number, field: string, message: string): RowError {
  return toRowError(row, [{ field, message }]);
}

/**
 * Known accounts, one row each, in a few statements for them all: their payments and open links
 * are read at once, then each row is decided, then the balances, history, closed and new links
 * are written together.
 */
async function reconcileKnown(
  ctx: AppContext,
  batchId: string,
  known: readonly [ValidRow, Account][],
  result: ReconciledSlice,
): Promise<void> {
  if (known.length === 0) return;
  await updateContacts(
    ctx,
    known.map(([row, account]) => ({ account, next: row })),
    'upload',
  );
  const ids = known.map(([, account]) => account.id);
  const paymentsOf = await recentPayments(ctx, ids);
  const live = await accountsWithLiveLinks(ctx, ids);
  const events: AccountEvent[] = [];
  const agreed: string[] = [];
  /** Corrected by staff, and named by this sheet with another figure: the sheet is newer. */
  const uncorrected: string[] = [];
  const balances: { tenantId: string; balancePence: number }[] = [];
  const settled: { tenantId: string }[] = [];
  const links: NewLink[] = [];

  for (const [row, account] of known) {
    const tenantId = account.id;
    const from = account.balance_pence;
    // A sheet still showing what staff corrected the balance away from predates the correction.
    const isBeforeCorrection =
      account.corrected_from_pence !== null && account.corrected_from_pence === row.amountPence;
    if (account.corrected_from_pence !== null && !isBeforeCorrection) uncorrected.push(tenantId);
    // A sheet exported before a payment must not ask for that payment again: its figure is then
    // read as the balance it had, and the account keeps its own.
    const payments = paymentsOf.get(tenantId) ?? [];
    const leftOut = isBeforeCorrection
      ? null
      : paymentsLeftOut(row.amountPence, from, payments, account.sheet_agreed_at);
    const amount = leftOut || isBeforeCorrection ? from : row.amountPence;
    const note = isBeforeCorrection
      ? correctionKeptNote(row.amountPence, from)
      : leftOut
        ? leftOutNote(row.amountPence, from, leftOut)
        : portalPaymentNote(payments, account.sheet_agreed_at);
    if (note) result.notes.push({ row: row.row, field: 'Balance Due (£)', message: note });

    if (leftOut || isBeforeCorrection) {
      const details = { from, to: from, sheet: row.amountPence, batchId };
      const kept = isBeforeCorrection ? { ...details, correction: true } : details;
      events.push({ tenantId, kind: 'balance_set', actor: 'upload', details: kept });
    } else if (payments.some((payment) => payment.at > (account.sheet_agreed_at ?? 0))) {
      // This sheet took in the payments so far: a later one cannot be from before them.
      agreed.push(tenantId);
    }
    if (amount !== from) {
      balances.push({ tenantId, balancePence: amount });
      const details = { from, to: amount, batchId };
      events.push({ tenantId, kind: 'balance_set', actor: 'upload', details });
    }
    if (amount <= 0) {
      settled.push({ tenantId });
      result.counts.settled += 1;
    } else if (amount === from && live.has(tenantId)) {
      result.counts.unchanged += 1;
    } else {
      links.push({ tenantId, amountPence: amount, batchId, batchRow: row.row });
      result.counts.changed += 1;
    }
  }

  await addAccountEvents(ctx, events);
  // Every account the sheet names is on it now; those it agreed with after payments, agreed now.
  const now = ctx.clock.now();
  const among = (some: string[]) =>
    some.length > 0 ? sql<boolean>`id in (${sql.join(some)})` : sql.lit(false);
  await ctx.db
    .updateTable('tenants')
    .set({
      last_sheet_at: now,
      sheet_agreed_at: sql`case when ${among(agreed)} then ${now} else sheet_agreed_at end`,
      corrected_from_pence: sql`case when ${among(uncorrected)} then null else corrected_from_pence end`,
    })
    .where('id', 'in', ids)
    .execute();
  await setBalances(ctx, balances);
  await closeOpenLinks(ctx, 'settled', settled);
  await issueLinks(ctx, links);
}

/**
 * The accounts of a slice of rows, found in one query. A reference names one account; a row
 * with a reference that is new to us may still be a known leaseholder without one (the agent has
 * started using references), matched by name and address and given the reference.
 */
async function findAccounts(
  ctx: AppContext,
  rows: readonly ValidRow[],
): Promise<{ accounts: Map<ValidRow, Account>; namesakes: Map<ValidRow, Account> }> {
  const referenceKeys = rows.flatMap((row) => row.referenceKey ?? []);
  const matchKeys = rows.flatMap((row) =>
    row.formerMatchKey ? [row.matchKey, row.formerMatchKey] : [row.matchKey],
  );
  const candidates = await ctx.db
    .selectFrom('tenants')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('match_key', 'in', matchKeys),
        ...(referenceKeys.length > 0 ? [eb('reference_key', 'in', referenceKeys)] : []),
      ]),
    )
    .orderBy('created_at', 'desc')
    // A payment committing between this read and the row's writes would be reconciled against a
    // balance that no longer is (a link for what was just paid): it waits for the upload instead.
    // SQLite's one writer already gives that order.
    .$if(ctx.engine === 'postgres', (query) => query.forUpdate())
    .execute();
  const byReference = new Map<string, Account>();
  const byMatch = new Map<string, Account>();
  for (const account of candidates) {
    if (account.reference_key) byReference.set(account.reference_key, account);
    // Newest first: the first account seen for a key is the one rows match.
    if (!byMatch.has(account.match_key)) byMatch.set(account.match_key, account);
  }
  const keyed = new Map<ValidRow, Account | undefined>();
  for (const row of rows) {
    let byKey = byMatch.get(row.matchKey);
    // By the address as earlier uploads read it, for one row only: two flats of one name in
    // different blocks read the same that way. The account then takes the address read now.
    if (!byKey && row.formerMatchKey) {
      byKey = byMatch.get(row.formerMatchKey);
      byMatch.delete(row.formerMatchKey);
    }
    keyed.set(row, byKey);
  }
  const lost = rows.filter(
    (row) => !keyed.get(row) && !(row.referenceKey && byReference.has(row.referenceKey)),
  );
  const nearby = await accountsByShorterAddress(ctx, lost);
  const found = new Map<ValidRow, Account>();
  const namesakes = new Map<ValidRow, Account>();
  for (const row of rows) {
    const byKey = keyed.get(row) ?? nearby.get(row);
    const account = row.referenceKey
      ? (byReference.get(row.referenceKey) ?? (byKey?.reference_key ? undefined : byKey))
      : byKey;
    if (account) found.set(row, account);
    else if (byKey) namesakes.set(row, byKey);
  }
  return { accounts: found, namesakes };
}
