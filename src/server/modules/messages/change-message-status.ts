import type { AppContext } from '../../context.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { MessageStatus } from '../../db/schema.js';
import { withTransaction } from './with-transaction.js';

export interface StatusChange {
  status: MessageStatus;
  /** Shown on the timeline event (an error, "attempt 2", a Twilio error code). */
  detail?: string | null;
  /** Replaces messages.error when given (null clears it). */
  error?: string | null;
  providerId?: string;
}

/**
 * Moves a message to a new status and appends the event to its timeline, together. With
 * `expected`, only while the row still has that status (compare-and-set): a caller that lost a
 * race to another worker or callback changes nothing and gets false.
 */
export function changeMessageStatus(
  ctx: AppContext,
  messageId: string,
  change: StatusChange,
  expected?: MessageStatus,
): Promise<boolean> {
  return withTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const update = updateQueryFor({
      setsError: change.error !== undefined,
      setsProviderId: change.providerId !== undefined,
      expectsStatus: expected !== undefined,
    });
    const result = await update(tx, {
      id: messageId,
      status: change.status,
      now,
      error: change.error ?? null,
      providerId: change.providerId ?? null,
      expected: expected ?? null,
    });
    if ((result.numAffectedRows ?? 0n) === 0n) return false;
    await insertEventQuery(tx, {
      messageId,
      status: change.status,
      now,
      detail: change.detail ?? null,
    });
    return true;
  });
}

interface UpdateArgs {
  id: string;
  status: MessageStatus;
  now: number;
  error: string | null;
  providerId: string | null;
  expected: MessageStatus | null;
}

/** The status update, prepared once for each combination of the columns it sets. */
const updateQueries = new Map<string, ReturnType<typeof prepareUpdate>>();

function updateQueryFor(shape: {
  setsError: boolean;
  setsProviderId: boolean;
  expectsStatus: boolean;
}) {
  const key = `${shape.setsError}:${shape.setsProviderId}:${shape.expectsStatus}`;
  let query = updateQueries.get(key);
  if (!query) {
    query = prepareUpdate(shape);
    updateQueries.set(key, query);
  }
  return query;
}

function prepareUpdate(shape: {
  setsError: boolean;
  setsProviderId: boolean;
  expectsStatus: boolean;
}) {
  return preparedQuery((db, args: UpdateArgs) =>
    db
      .updateTable('messages')
      .set({
        status: args.status,
        updated_at: args.now,
        ...(shape.setsError ? { error: args.error } : {}),
        ...(shape.setsProviderId ? { provider_id: args.providerId } : {}),
      })
      .where('id', '=', args.id)
      .$if(shape.expectsStatus, (query) => query.where('status', '=', args.expected!)),
  );
}

const insertEventQuery = preparedQuery(
  (db, args: { messageId: string; status: MessageStatus; now: number; detail: string | null }) =>
    db.insertInto('message_events').values({
      message_id: args.messageId,
      status: args.status,
      at: args.now,
      detail: args.detail,
    }),
);
