import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { AppContext } from '../../context.js';

/** Process ids can be compared only between processes of one machine, as booted now. */
function machineKey(): string {
  let bootId = '';
  try {
    bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    // Not Linux: the host name alone.
  }
  return `${hostname()}/${bootId}`;
}

const MACHINE = machineKey();

/** This process, as a batch's `owner`: `<machine>|<pid>|<instance>`. */
export const THIS_PROCESS = `${MACHINE}|${process.pid}|${randomUUID()}`;

/** How often an owner on PostgreSQL marks its batch alive; three missed beats and it is gone. */
export const HEARTBEAT_MS = 10_000;

/**
 * Whether the process that is writing a batch still runs (issue 30): this process; on the same
 * machine, a process with that id (not an earlier process that had our own id, as a restarted
 * container's does); elsewhere (PostgreSQL), one that has marked the batch in the last three
 * heartbeats. A batch without an owner is from before owners were kept.
 */
export function isOwnerAlive(
  batch: { owner: string | null; heartbeat_at: number | null },
  now: number,
): boolean {
  if (batch.owner === null || batch.owner === THIS_PROCESS) return true;
  const [machine, pidText] = batch.owner.split('|');
  if (machine !== MACHINE) {
    return batch.heartbeat_at !== null && batch.heartbeat_at >= now - 3 * HEARTBEAT_MS;
  }
  const pid = Number(pidText);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Marks the batch alive every HEARTBEAT_MS while it is 'processing', for processes on other
 * machines to see (PostgreSQL). SQLite's processes share one machine and check the process id;
 * there the write would only queue behind the upload's own transaction.
 */
export function keepBatchAlive(ctx: AppContext, batchId: string): void {
  if (ctx.engine !== 'postgres') return;
  const timer = setInterval(() => {
    ctx.db
      .updateTable('upload_batches')
      .set({ heartbeat_at: ctx.clock.now() })
      .where('id', '=', batchId)
      .where('status', '=', 'processing')
      .executeTakeFirst()
      .then((result) => {
        if (Number(result.numUpdatedRows) === 0) clearInterval(timer);
      })
      .catch(() => clearInterval(timer));
  }, HEARTBEAT_MS);
  timer.unref();
}
