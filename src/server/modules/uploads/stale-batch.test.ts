import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';
import { runHousekeeping } from '../../jobs/housekeeping.js';
import { HEARTBEAT_MS, THIS_PROCESS } from './batch-owner.js';
import { dedupeKeyOf } from './claim-batch.js';
import { INTERRUPTED_BATCH_MESSAGE, STALE_PROCESSING_MS } from './fail-stale-batch.js';

const FILE = csvOf([
  HEADER,
  ['Margaret Hughes', 'margaret@example.co.uk', '07911 123456', 'Flat 3, Riverside Court', '10'],
  ['Dafydd ap Gruffydd', 'dafydd@example.cymru', '', 'Fflat 7, Stryd y Castell', '20'],
]);

describe('a batch left processing by a server that died mid-upload', () => {
  let t: TestContext;
  let cookie: string;

  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(async () => {
    await t.close();
  });

  const getBatch = async (id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/upload/batch/${id}`, headers: { cookie } })
    ).json();

  /** What the crash leaves (decision 0004): the batch row, its transaction never committed. */
  async function crashedUpload(
    owner: { owner: string; heartbeat_at: number } | null = null,
  ): Promise<string> {
    const id = 'crashed-batch';
    await t.ctx.db
      .insertInto('upload_batches')
      .values({
        id,
        filename: 'arrears.csv',
        status: 'processing',
        total_records: 2,
        successful_records: 0,
        failed_records: 0,
        error_log: '',
        errors: '[]',
        dedupe_key: dedupeKeyOf(FILE, t.clock.now()),
        created_at: t.clock.now(),
        finished_at: null,
        notifications_sent_at: null,
        ...owner,
      })
      .execute();
    return id;
  }

  it('is still the answer to the same file while it could be running', async () => {
    const stuck = await crashedUpload();
    t.clock.advance(STALE_PROCESSING_MS - 1000);
    const response = await uploadFile(t.app, cookie, 'arrears.csv', FILE);
    expect(response.json()).toEqual({ batchId: stuck, totalRows: 2 });
    expect(await getBatch(stuck)).toMatchObject({ status: 'processing' });
  });

  it('reads as failed once it is older than any upload can take, and the file can be uploaded again', async () => {
    const stuck = await crashedUpload();
    t.clock.advance(STALE_PROCESSING_MS);

    expect(await getBatch(stuck)).toMatchObject({
      status: 'failed',
      successfulRecords: 0,
      failedRecords: 2,
      errorLog: INTERRUPTED_BATCH_MESSAGE,
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'subject'])
      .where('action', '=', 'upload.batch_interrupted')
      .execute();
    expect(audit).toEqual([{ action: 'upload.batch_interrupted', subject: stuck }]);

    const response = await uploadFile(t.app, cookie, 'arrears.csv', FILE);
    expect(response.statusCode, response.body).toBe(200);
    const { batchId } = response.json();
    expect(batchId).not.toBe(stuck);
    expect(await getBatch(batchId)).toMatchObject({ status: 'completed', successfulRecords: 2 });
    // Read again, the failed batch stays as it was.
    expect(await getBatch(stuck)).toMatchObject({ status: 'failed' });
  });

  it('is failed by the re-upload itself when nobody read it first', async () => {
    const stuck = await crashedUpload();
    t.clock.advance(STALE_PROCESSING_MS + 60_000);

    const [first, second] = await Promise.all([
      uploadFile(t.app, cookie, 'arrears.csv', FILE),
      uploadFile(t.app, cookie, 'arrears.csv', FILE),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    // Both answers name the one new batch: the stale one is failed once, the key taken once.
    expect(first.json().batchId).toBe(second.json().batchId);
    expect(first.json().batchId).not.toBe(stuck);
    const batches = await t.ctx.db
      .selectFrom('upload_batches')
      .select(['id', 'status'])
      .orderBy('created_at')
      .execute();
    expect(batches).toEqual([
      { id: stuck, status: 'failed' },
      { id: first.json().batchId, status: 'completed' },
    ]);
    expect(await t.ctx.db.selectFrom('payment_links').select('id').execute()).toHaveLength(2);
  });

  it('never commits links for a batch that was failed as stale while its upload ran', async () => {
    // Stands in for another request failing this batch between its links and its final status.
    if (t.ctx.engine === 'sqlite') {
      await sql`create trigger fail_batch after insert on payment_links
        begin update upload_batches set status = 'failed'; end`.execute(t.ctx.db);
    } else {
      await sql`create function fail_batch() returns trigger language plpgsql as $$
        begin update upload_batches set status = 'failed'; return new; end $$`.execute(t.ctx.db);
      await sql`create trigger fail_batch after insert on payment_links
        for each statement execute function fail_batch()`.execute(t.ctx.db);
    }
    const response = await uploadFile(t.app, cookie, 'arrears.csv', FILE);

    expect(response.statusCode).toBe(500);
    expect(await t.ctx.db.selectFrom('payment_links').select('id').execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('tenants').select('id').execute()).toEqual([]);
    const [batch] = await t.ctx.db.selectFrom('upload_batches').selectAll().execute();
    expect(batch).toMatchObject({ status: 'failed' });
  });

  describe('told by its owner process (issue 30, item 8)', () => {
    const machine = THIS_PROCESS.split('|')[0]!;

    /** The id of a process that has ended. */
    async function deadPid(): Promise<number> {
      const child = spawn(process.execPath, ['-e', '']);
      await once(child, 'exit');
      return child.pid!;
    }

    const reupload = () => uploadFile(t.app, cookie, 'arrears.csv', FILE);

    it('fails at once a batch whose process on this machine has died: the re-upload works', async () => {
      const stuck = await crashedUpload({
        owner: `${machine}|${await deadPid()}|gone`,
        heartbeat_at: t.clock.now(),
      });
      const response = await reupload();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().batchId).not.toBe(stuck);
      expect(await getBatch(response.json().batchId)).toMatchObject({ status: 'completed' });
      expect(await getBatch(stuck)).toMatchObject({ status: 'failed' });
    });

    it('leaves alone a batch whose process still runs', async () => {
      const stuck = await crashedUpload({
        owner: `${machine}|${process.ppid}|alive`,
        heartbeat_at: t.clock.now(),
      });
      expect((await reupload()).json()).toEqual({ batchId: stuck, totalRows: 2 });
      await runHousekeeping(t.ctx);
      expect(await getBatch(stuck)).toMatchObject({ status: 'processing' });
    });

    it('fails an earlier process’s batch that had this process’s id (a restarted container)', async () => {
      const stuck = await crashedUpload({
        owner: `${machine}|${process.pid}|before-the-restart`,
        heartbeat_at: t.clock.now(),
      });
      await runHousekeeping(t.ctx);
      expect(await getBatch(stuck)).toMatchObject({ status: 'failed' });
    });

    it('keeps another machine’s batch while it beats, and fails it at start-up after three missed beats', async () => {
      const stuck = await crashedUpload({
        owner: 'another-machine/boot|4242|elsewhere',
        heartbeat_at: t.clock.now(),
      });
      t.clock.advance(3 * HEARTBEAT_MS);
      await runHousekeeping(t.ctx);
      expect(await getBatch(stuck)).toMatchObject({ status: 'processing' });
      t.clock.advance(1);
      // Housekeeping runs when a process starts, then every minute.
      await runHousekeeping(t.ctx);
      expect(await getBatch(stuck)).toMatchObject({
        status: 'failed',
        errorLog: INTERRUPTED_BATCH_MESSAGE,
      });
      expect((await reupload()).statusCode).toBe(200);
    });
  });
});
