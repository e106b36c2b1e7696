import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withLongCell, withSharedStrings } from '../../../../tests/helpers/hostile-workbooks.js';
import {
  createTestContext,
  signIn,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';
import { UNPACKS_TOO_LARGE_MESSAGE } from './check-xlsx-zip.js';
import { BUSY_MESSAGE, readSpreadsheet } from './read-spreadsheet.js';
import {
  LONG_CELL_MESSAGE,
  MAX_SHARED_STRINGS,
  TOO_MANY_STRINGS_MESSAGE,
} from './scan-xlsx-parts.js';

// Issue 30, item 7: small workbooks that would cost SheetJS hundreds of MB are refused with a
// clear 400 before it reads them, and spreadsheets are read one at a time per process. The
// memory this keeps a real server under is measured by bench/hostile-uploads.mjs.
describe('spreadsheets that would cost too much memory', () => {
  let t: TestContext;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  const expectRefused = async (bytes: Buffer, message: string) => {
    expect(bytes.length).toBeLessThan(5 * 1024 * 1024);
    const response = await uploadFile(t.app, cookie, 'arrears.xlsx', bytes);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await t.ctx.db.selectFrom('upload_batches').select('id').execute()).toEqual([]);
  };

  it('refuses issue 30’s 9 million shared strings in a 1.4 MB file', async () => {
    await expectRefused(withSharedStrings(9_000_000), UNPACKS_TOO_LARGE_MESSAGE);
  }, 60_000);

  it('refuses more shared strings than a list needs, however small they unpack', async () => {
    await expectRefused(withSharedStrings(MAX_SHARED_STRINGS + 1), TOO_MANY_STRINGS_MESSAGE);
  }, 60_000);

  it('refuses a cell longer than Excel allows, and issue 30’s 150 MB cell', async () => {
    await expectRefused(withLongCell(1024 * 1024), LONG_CELL_MESSAGE);
    await expectRefused(withLongCell(150 * 1024 * 1024), UNPACKS_TOO_LARGE_MESSAGE);
  }, 60_000);
});

describe('one spreadsheet read at a time', () => {
  it('lets three wait their turn and refuses a fifth with 429 while one is read', async () => {
    const csv = csvOf([HEADER, ['Ann Hughes', 'ann@example.co.uk', '', 'Flat 1', '10']]);
    const reads = Array.from({ length: 5 }, () => readSpreadsheet('csv', csv));
    // All five ask for their turn before the first worker can have started.
    const firsts = await Promise.allSettled(reads.map((read) => read.next()));
    const refused = firsts.filter((first) => first.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      reason: { code: 'LIMIT_EXCEEDED', message: BUSY_MESSAGE, headers: { 'Retry-After': '30' } },
    });
    // The four that waited were each read in turn.
    const read = firsts.filter((first) => first.status === 'fulfilled');
    expect(read.map((first) => first.value.value?.kind)).toEqual([
      'columns',
      'columns',
      'columns',
      'columns',
    ]);
    for (const reader of reads) await reader.return();
  }, 60_000);
});
