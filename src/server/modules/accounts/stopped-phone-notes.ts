import type { Selectable } from 'kysely';
import { formatDate } from '../../../shared/dates.js';
import type { RowWarning } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import type { TenantsTable } from '../../db/schema.js';
import { formatPhoneForDisplay } from '../callback-requests/phone-display.js';
import { stoppedAmong } from '../messages/text-opt-outs.js';
import type { ValidRow } from '../uploads/validate-rows.js';

/**
 * Notes for an upload's rows that owe and whose mobile (the sheet's, else the one on file)
 * replied STOP: their link goes by email alone, or, without one, reaches no one. The clerk learns
 * it before pressing Send, not from a failed message afterwards.
 */
export async function stoppedPhoneNotes(
  ctx: AppContext,
  known: readonly (readonly [ValidRow, Selectable<TenantsTable>])[],
  fresh: readonly ValidRow[],
): Promise<RowWarning[]> {
  const asked = [...known, ...fresh.map((row) => [row, undefined] as const)]
    .filter(([row]) => row.amountPence > 0 && row.phoneKind !== 'landline')
    .map(([row, account]) => ({
      row: row.row,
      phone: row.phone ?? account?.phone ?? null,
      email: row.email ?? account?.email ?? null,
    }));
  const stoppedAt = await stoppedAmong(
    ctx,
    asked.flatMap((row) => row.phone ?? []),
  );
  return asked.flatMap(({ row, phone, email }) => {
    const at = phone && stoppedAt.get(phone);
    if (!phone || !at) return [];
    const when = `${formatPhoneForDisplay(phone)} replied STOP to our WhatsApp and texts on ${formatDate(at)}`;
    const message = email
      ? `${when}: this leaseholder is sent their link by email only.`
      : `${when}, and there is no email address: no message can reach them. Call or write to them.`;
    return [{ row, field: 'Phone Number (for WhatsApp)', message }];
  });
}
