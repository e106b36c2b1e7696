import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { batchOf, csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';

const ADDRESS = 'Flat 6, Riverside Court, London SE1 9AA';

/** Joint leaseholders: one account, the first address sent to and the others copied in. */
describe("joint leaseholders' email addresses", () => {
  let t: TestContext;
  let cookie: string;

  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  const api = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });
  const upload = async (emailCell: string, phoneCell = '', balance = '300') => {
    const bytes = csvOf([HEADER, ['Ann Smith', emailCell, phoneCell, ADDRESS, balance]]);
    const response = await uploadFile(t.app, cookie, 's.csv', bytes);
    expect((await batchOf(t.app, cookie, response)).errorLog).toBe('');
    return response.json().batchId as string;
  };
  const account = async () => {
    const [item] = (await api('GET', '/api/leaseholders?search=ann%20smith')).json().items;
    return (await api('GET', `/api/leaseholders/${item.id}`)).json();
  };
  const edit = async (contact: object) => {
    const { id } = await account();
    return api('PATCH', `/api/leaseholders/${id}`, {
      name: 'Ann Smith',
      email: 'ann@example.co.uk',
      phone: null,
      address: ADDRESS,
      reference: null,
      ...contact,
    });
  };

  it('keeps the cell as the whole list from upload to upload; a blank cell keeps them', async () => {
    const batchId = await upload('ann@example.co.uk; bob.smith@example.co.uk');
    expect(await account()).toMatchObject({
      email: 'ann@example.co.uk',
      otherEmails: ['bob.smith@example.co.uk'],
    });
    // The clerk sees who will be copied in before sending.
    const preview = await api('GET', `/api/upload/batch/${batchId}/preview`);
    expect(preview.json().tenants[0].tenant).toMatchObject({
      email: 'ann@example.co.uk',
      otherEmails: ['bob.smith@example.co.uk'],
    });
    const report = await api('GET', `/api/upload/batch/${batchId}/report`);
    expect(report.body).toContain('"Ann Smith","ann@example.co.uk; bob.smith@example.co.uk",');

    await upload('', '07911 123456', '250');
    expect(await account()).toMatchObject({
      email: 'ann@example.co.uk',
      otherEmails: ['bob.smith@example.co.uk'],
      balancePence: 25_000,
    });

    await upload('ann@example.co.uk', '', '200');
    const after = await account();
    expect(after.otherEmails).toEqual([]);
    expect(after.timeline).toContainEqual(
      expect.objectContaining({
        kind: 'contact_changed',
        detail: 'Copied to: bob.smith@example.co.uk → (none)',
      }),
    );
  });

  it('says in the history who each message went to, the copies included', async () => {
    await upload('ann@example.co.uk; bob.smith@example.co.uk', '07911 123456');
    const { id } = await account();
    expect((await api('POST', `/api/leaseholders/${id}/links`)).statusCode).toBe(201);
    const messages = (await account()).timeline.filter(
      (event: { kind: string }) => event.kind === 'message',
    );
    expect(messages.map((event: { detail: string }) => event.detail).sort()).toEqual([
      'Sent by staff from the leaseholder page · To 07911 123456',
      'Sent by staff from the leaseholder page · To ann@example.co.uk, copied to bob.smith@example.co.uk',
    ]);
  });

  it('lets staff add, keep and remove them, refusing what could not be sent to', async () => {
    await upload('ann@example.co.uk');
    const added = await edit({ otherEmails: 'Bob.Smith@example.co.uk; cat@example.org' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().otherEmails).toEqual(['bob.smith@example.co.uk', 'cat@example.org']);

    // A client that does not know the field leaves them as they are.
    const kept = await edit({ phone: '07911 123456' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().otherEmails).toEqual(['bob.smith@example.co.uk', 'cat@example.org']);
    // …and one of them made the main address is no longer copied in as well.
    const promoted = await edit({ email: 'cat@example.org', phone: '07911 123456' });
    expect(promoted.json()).toMatchObject({
      email: 'cat@example.org',
      otherEmails: ['bob.smith@example.co.uk'],
    });
    await edit({ otherEmails: 'bob.smith@example.co.uk, cat@example.org' });

    const refusals: [object, string][] = [
      [{ otherEmails: 'bob.smith@' }, '"bob.smith@" is not a valid email address.'],
      [
        { otherEmails: 'a@x.co.uk b@x.co.uk c@x.co.uk d@x.co.uk e@x.co.uk' },
        'At most 4 other email addresses can be copied in.',
      ],
      [
        { email: null, phone: '07911 123456', otherEmails: 'bob.smith@example.co.uk' },
        'Enter the email address first: the other addresses are copied on its emails.',
      ],
    ];
    for (const [contact, message] of refusals) {
      const refused = await edit(contact);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }

    const csv = (await api('GET', '/api/leaseholders/export.csv')).body;
    expect(csv).toContain('ann@example.co.uk; bob.smith@example.co.uk; cat@example.org');

    const removed = await edit({ otherEmails: '' });
    expect(removed.json().otherEmails).toEqual([]);
  });
});
