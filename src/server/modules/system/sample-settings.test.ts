import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';

/** Issue 31: the admin banner says when the company details are still the sample ones. */
describe('sample company settings', () => {
  let t: TestContext | undefined;
  afterEach(() => t?.close());

  const modes = async (env: Record<string, string> = {}) => {
    t = await createTestContext({ env });
    const cookie = await signIn(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/system/modes',
      headers: { cookie },
    });
    return response.json();
  };

  it('names each company setting left at its sample value', async () => {
    expect((await modes()).sampleSettings).toEqual([
      'COMPANY_NAME',
      'CONTACT_PHONE',
      'CONTACT_EMAIL',
    ]);
  });

  it('names none once they are set', async () => {
    const answer = await modes({
      COMPANY_NAME: 'Castle Lettings',
      CONTACT_PHONE: '029 2018 0123',
      CONTACT_EMAIL: 'accounts@castle-lettings.example',
    });
    expect(answer.sampleSettings).toEqual([]);
  });
});
