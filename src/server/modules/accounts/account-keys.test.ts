import { describe, expect, it } from 'vitest';
import { leavesOutAccents, matchKeyOf, referenceKeyOf, samePlace } from './account-keys.js';

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

  it("match an address whatever its 'Flat', abbreviations and postcode", () => {
    const flat = matchKeyOf('Nia Evans', 'Flat 3, Riverside Court, London');
    for (const written of [
      '3 Riverside Court, London',
      'Apartment 3, Riverside Ct., London',
      'FLAT 3 RIVERSIDE CT LONDON SW1A 1AA',
      'Flat 3, Riverside Court, London, sw1a1aa',
      'Apt. 3, Riverside Crt, London',
      'Riverside Court, Flat 3, London',
    ]) {
      expect(matchKeyOf('Nia Evans', written), written).toBe(flat);
    }
    expect(matchKeyOf('A Smith', '12 St. John’s Rd')).toBe(
      matchKeyOf('A Smith', '12 St Johns Road'),
    );
    // Numbers stay apart: flat 3 of number 12 is not flat 31 of number 2, nor another street's.
    expect(matchKeyOf('A Smith', '12 High Street, Flat 3')).toBe(
      matchKeyOf('A Smith', 'Flat 3, 12 High St'),
    );
    expect(matchKeyOf('A Smith', 'Flat 3, 12 High St')).not.toBe(
      matchKeyOf('A Smith', 'Flat 31, 2 High St'),
    );
    expect(matchKeyOf('A Smith', '3 Riverside Court')).not.toBe(
      matchKeyOf('A Smith', '3 Riverside Close'),
    );
    // An address that is only a postcode, or only 'Flat', is kept as it is.
    expect(matchKeyOf('A Smith', 'SW1A 1AA')).not.toBe(matchKeyOf('A Smith', 'M1 1AE'));
    expect(matchKeyOf('A Smith', 'Flat')).toBe('asmith|flat');
  });

  it('tell one place written with and without its town from two places', () => {
    expect(samePlace('Flat 3, Riverside Court, London SE1 9AA', '3 Riverside Ct')).toBe(true);
    expect(samePlace('3 Riverside Court', 'Flat 3 Riverside Court, Southwark, London')).toBe(true);
    // Another flat, another street, or a place with no number to pin it: not the same.
    expect(samePlace('Flat 3, Riverside Court, London', 'Flat 31, Riverside Court')).toBe(false);
    expect(samePlace('3 Riverside Court, London', '3 Riverside Close')).toBe(false);
    expect(samePlace('Rose Cottage, Bath', 'Rose Cottage')).toBe(false);
    expect(samePlace('London', 'Flat 3, London')).toBe(false);
  });

  it('tell a name written without its accents from another name', () => {
    expect(leavesOutAccents('Siân Evans', 'EVANS, Sian')).toBe(true);
    expect(leavesOutAccents('Sian Evans', 'Siân Evans')).toBe(false);
    expect(leavesOutAccents('Siân Evans', 'Sian Evans-Jones')).toBe(false);
  });

  it('treat a blank reference as none, and fold the rest', () => {
    expect(referenceKeyOf('')).toBeNull();
    expect(referenceKeyOf(' - ')).toBeNull();
    expect(referenceKeyOf(null)).toBeNull();
    expect(referenceKeyOf('RIV-F3')).toBe(referenceKeyOf('riv f3'));
  });
});
