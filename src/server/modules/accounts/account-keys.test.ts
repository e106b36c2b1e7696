import { describe, expect, it } from 'vitest';
import { matchKeyOf, referenceKeyOf } from './account-keys.js';

describe('account keys', () => {
  it('match name and address whatever their case, spaces, punctuation and accents', () => {
    expect(matchKeyOf('  Siobhán  O’Neill ', 'Flat 3, Riverside Court, LONDON')).toBe(
      matchKeyOf('siobhan oneill', 'flat 3 riverside court london'),
    );
    expect(matchKeyOf('A Smith', 'Flat 3')).not.toBe(matchKeyOf('A Smith', 'Flat 4'));
  });

  it('treat a blank reference as none, and fold the rest', () => {
    expect(referenceKeyOf('')).toBeNull();
    expect(referenceKeyOf(' - ')).toBeNull();
    expect(referenceKeyOf(null)).toBeNull();
    expect(referenceKeyOf('RIV-F3')).toBe(referenceKeyOf('riv f3'));
  });
});
