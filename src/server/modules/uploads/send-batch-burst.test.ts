import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';

const ROWS = [
  ['Margaret Hughes', 'margaret@example.co.uk', '07911 123456', 'Flat 3, Riverside Court', '10'],
  ['Dafydd ap Gruffydd', 'dafydd@example.cymru', '07911 123789', 'Fflat 7, Stryd y Castell', '20'],
  ['Siobhán Ó Súilleabháin', '', '07911 123457', 'Flat 9, Quay Street', '30'],
];

describe('Send All pressed many times at once', () => {
  let t: TestContext;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  it('sends once and reports the truth; the other presses answer 0 and audit nothing', async () => {
    const { batchId } = (await uploadFile(t.app, cookie, 'a.csv', csvOf([HEADER, ...ROWS]))).json();
    const presses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/upload/batch/${batchId}/send-notifications`,
          headers: { cookie, origin: TEST_ORIGIN },
        }),
      ),
    );
    const sent = presses.map((press) => press.json().totalSent as number);
    expect(sent.sort((a, b) => a - b)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 3]);
    // Two leaseholders with email and phone, one with a phone only.
    expect(await t.ctx.db.selectFrom('messages').select('id').execute()).toHaveLength(5);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'upload.batch_sent')
      .execute();
    expect(audit).toEqual([{ details: JSON.stringify({ leaseholders: 3 }) }]);
  });
});
