import { describe, expect, it } from 'vitest';
import * as shared from '../../../../shared/call-me-now';
import { CALL_ME_NOW_ERROR_MESSAGE, CALL_ME_NOW_HINT } from './texts';

describe('Call Me Now texts', () => {
  it('match the shared module the server answers with', () => {
    expect(CALL_ME_NOW_HINT).toBe(shared.CALL_ME_NOW_HINT);
    expect(CALL_ME_NOW_ERROR_MESSAGE).toBe(shared.CALL_ME_NOW_ERROR_MESSAGE);
  });
});
