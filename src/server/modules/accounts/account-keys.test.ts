import { describe, expect, it } from 'vitest';
import { matchKeyOf, referenceKeyOf } from './account-keys.js';

describe('account keys', () => {
  it('match name and address whatever their case, spaces, punctuation and accents', () => {
    expect(matchKeyOf('  Siobhán  O’Neill ', 'Flat 3, Riverside Court, LONDON')).toBe(
      matchKeyOf('siobhan oneill', 'flat 3 riverside court london'),
    );
    expect(matchKeyOf('A Smith', 'Flat 3')).not.toBe(matchKeyOf('A Smith', 'Flat 4'));
  });

  it('match a name whatever its titles and word order, as ledgers write it', () => {
    const margaret = matchKeyOf('Margaret Hughes', 'Flat 1, Riverside Court');
    for (const written of [
      'Mrs Margaret Hughes',
      'HUGHES, Margaret (Mrs)',
      'Hughes, Mrs Margaret',
      'Mrs. Margaret Hughes',
    ]) {
      expect(matchKeyOf(written, 'Flat 1, Riverside Court'), written).toBe(margaret);
    }
    expect(matchKeyOf('Mr & Mrs O’Brien', 'Flat 4')).toBe(
      matchKeyOf('Mr and Mrs OBrien', 'Flat 4'),
    );
    // Other people, and a name that is only a title, stay apart.
    expect(matchKeyOf('Margaret Hughes-Smith', 'Flat 1')).not.toBe(
      matchKeyOf('Margaret Hughes', 'Flat 1'),
    );
    expect(matchKeyOf('Mr', 'Flat 1')).not.toBe(matchKeyOf('Mrs', 'Flat 1'));
  });

  it('treat a blank reference as none, and fold the rest', () => {
    expect(referenceKeyOf('')).toBeNull();
    expect(referenceKeyOf(' - ')).toBeNull();
    expect(referenceKeyOf(null)).toBeNull();
    expect(referenceKeyOf('RIV-F3')).toBe(referenceKeyOf('riv f3'));
  });
});
