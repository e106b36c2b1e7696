import examples from 'libphonenumber-js/examples.mobile.json';
import {
  type CountryCode,
  getCountryCallingCode,
  type NumberType,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { type ParsedPhone, parsePhone } from './parse-phone.js';
import { classifyPhoneNumber } from './phone-number-type.js';

/** parsePhone as it was, on the library's own isValid() and getType(). */
function referenceParsePhone(input: string): ParsedPhone {
  const parsed = parsePhoneNumberFromString(input, 'GB');
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  const isMobile = type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
  return { e164: parsed.number, kind: isMobile ? 'mobile' : 'landline' };
}

/** mulberry32: a small deterministic PRNG, so any failure is reproducible. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateInputs(seed: number): string[] {
  const random = prng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => String(int(10))).join('');

  /** A UK number without its trunk 0 (e.g. '7911123456'), written the ways people write it. */
  const ukForms = (significant: string): string[] => {
    const head = significant.slice(0, 4);
    const tail = significant.slice(4);
    return [
      `0${significant}`,
      `0${head} ${tail}`,
      `(0${head}) ${tail}`,
      `0${head}-${tail.slice(0, 3)}-${tail.slice(3)}`,
      `+44${significant}`,
      `+44 ${head} ${tail}`,
      `+44 (0)${head} ${tail}`,
      `0044 ${head} ${tail}`,
      `0044${significant}`,
      `44${significant}`,
      ` 0${head}  ${tail} `,
      // Punctuation the quick path for plainly written UK numbers (parse-phone.ts) removes.
      `+44-${head}-${tail}`,
      `0${head}.${tail.slice(0, 3)}.${tail.slice(3)}`,
      `+ 44 ${head} ${tail}`,
      `(+44) ${head} ${tail}`,
      `\u00a00${head}\u00a0${tail}`,
      `0${head}\t${tail}`,
      `+44 (${head}) ${tail}`,
      `00 44 ${head} ${tail}`,
    ];
  };
  /** One random written form, plus sometimes a digit too few or too many. */
  const ukInput = (significant: string): string => {
    const r = random();
    const adjusted =
      r < 0.1
        ? significant.slice(0, -1 - int(3))
        : r < 0.2
          ? significant + digits(1 + int(3))
          : significant;
    return pick(ukForms(adjusted));
  };

  const inputs: string[] = [];
  for (let i = 0; i < 1500; i++) inputs.push(ukInput(`7${int(10)}${digits(8)}`)); // 070–079
  for (let i = 0; i < 200; i++) inputs.push(ukInput(`70${digits(8)}`)); // personal numbers
  for (let i = 0; i < 200; i++) inputs.push(ukInput(`76${digits(8)}`)); // pagers
  for (let i = 0; i < 100; i++)
    inputs.push(ukInput(`7${pick(['624', '781', '839', '797', '700'])}${digits(6)}`)); // IM/GG/JE
  for (let i = 0; i < 600; i++) inputs.push(ukInput(`1${digits(8 + int(2))}`)); // 01 landlines
  for (let i = 0; i < 400; i++) inputs.push(ukInput(`2${digits(9)}`)); // 02 landlines
  for (let i = 0; i < 200; i++) inputs.push(ukInput(`3${digits(9)}`)); // 03
  for (let i = 0; i < 200; i++) inputs.push(ukInput(`80${int(10)}${digits(5 + int(3))}`)); // 080x
  for (let i = 0; i < 150; i++) inputs.push(ukInput(`84${int(10)}${digits(5 + int(3))}`)); // 084x
  for (let i = 0; i < 150; i++) inputs.push(ukInput(`87${int(10)}${digits(5 + int(3))}`)); // 087x
  for (let i = 0; i < 200; i++) inputs.push(ukInput(`9${int(10)}${digits(8)}`)); // 09x premium
  for (let i = 0; i < 150; i++) inputs.push(ukInput(`5${int(10)}${digits(8)}`)); // 05 (VoIP etc.)
  for (let i = 0; i < 100; i++) inputs.push(ukInput(`${int(10)}${digits(int(12))}`)); // any length
  for (let i = 0; i < 100; i++) inputs.push(ukInput(`180020${digits(4)}`)); // a prefix GB strips
  for (let i = 0; i < 150; i++) {
    const chars = '0123456789+()- .abcxyz#*/';
    inputs.push(Array.from({ length: int(16) }, () => pick([...chars])).join(''));
  }
  for (let i = 0; i < 200; i++)
    inputs.push(`+1 ${pick(['212', '415', '684', '876', '800', '905'])} ${digits(7)}`);
  for (let i = 0; i < 150; i++)
    inputs.push(`+353 ${pick(['1', '21', '83', '85', '87'])} ${digits(7)}`);
  for (let i = 0; i < 150; i++) inputs.push(`+33 ${1 + int(9)} ${digits(8)}`);
  for (let i = 0; i < 150; i++) inputs.push(`+91 ${6 + int(4)}${digits(9)}`);
  for (let i = 0; i < 50; i++) inputs.push(`00353 ${pick(['1', '87'])} ${digits(7)}`);
  // Every other numbering plan, from its example mobile number with the last digits changed.
  for (const [country, example] of Object.entries(examples)) {
    const callingCode = getCountryCallingCode(country as CountryCode);
    for (let i = 0; i < 4; i++) {
      const keep = Math.max(1, example.length - 1 - int(4));
      inputs.push(`+${callingCode}${example.slice(0, keep)}${digits(example.length - keep)}`);
    }
  }
  return inputs;
}

describe('parsePhone', () => {
  it('reads UK mobiles, landlines and rejects what is not a number', () => {
    expect(parsePhone('07911 123456')).toEqual({ e164: '+447911123456', kind: 'mobile' });
    expect(parsePhone('+44 (0)7911 123456')).toEqual({ e164: '+447911123456', kind: 'mobile' });
    expect(parsePhone('0044 7911 123456')).toEqual({ e164: '+447911123456', kind: 'mobile' });
    expect(parsePhone('020 7946 0123')).toEqual({ e164: '+442079460123', kind: 'landline' });
    expect(parsePhone('0161 496 0000')).toEqual({ e164: '+441614960000', kind: 'landline' });
    expect(parsePhone('0800 123 4567')).toEqual({ e164: '+448001234567', kind: 'landline' });
    expect(parsePhone('07911 12345')).toBeNull();
    expect(parsePhone('abc')).toBeNull();
    expect(parsePhone('')).toBeNull();
  });

  it('gives the same result as the library’s isValid() and getType() for generated numbers', () => {
    const inputs = generateInputs(20240611);
    const mismatches: { input: string; actual: unknown; expected: unknown }[] = [];
    const typesSeen = new Set<NumberType | 'invalid'>();
    const kinds = { mobile: 0, landline: 0, null: 0 };

    for (const input of inputs) {
      const expected = referenceParsePhone(input);
      const actual = parsePhone(input);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        mismatches.push({ input, actual, expected });
      }
      kinds[expected?.kind ?? 'null']++;

      // The classification itself, not only the mobile/landline it is reduced to.
      const parsed = parsePhoneNumberFromString(input, 'GB');
      if (parsed) {
        const libraryType = { valid: parsed.isValid(), type: parsed.getType() };
        const ours = classifyPhoneNumber(parsed);
        if (ours.valid !== libraryType.valid || ours.type !== libraryType.type) {
          mismatches.push({ input, actual: ours, expected: libraryType });
        }
        typesSeen.add(libraryType.valid ? libraryType.type : 'invalid');
      }
    }

    expect(mismatches).toEqual([]);
    // The generated numbers reach every kind of answer, so the comparison is not vacuous.
    expect(inputs.length).toBeGreaterThan(5000);
    expect(kinds.mobile).toBeGreaterThan(1000);
    expect(kinds.landline).toBeGreaterThan(500);
    expect(kinds.null).toBeGreaterThan(500);
    for (const type of [
      'MOBILE',
      'FIXED_LINE',
      'FIXED_LINE_OR_MOBILE',
      'PERSONAL_NUMBER',
      'PAGER',
      'TOLL_FREE',
      'PREMIUM_RATE',
      'UAN',
      'VOIP',
      'invalid',
    ] as const) {
      expect(typesSeen, type).toContain(type);
    }
  });
});
