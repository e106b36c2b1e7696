import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from './leaseholders.js';

describe('EMAIL_PATTERN', () => {
  it.each([
    'a@example.co.uk',
    "john.o'brien@example.com",
    'Nia.Evans@Example.co.uk',
    'a+arrears@x.io',
  ])('accepts %s', (address) => {
    expect(EMAIL_PATTERN.test(address)).toBe(true);
  });

  it.each([
    'a@example',
    'a@example.co.uk.',
    'a@.example.com',
    'a@example..com',
    'a b@example.com',
    'a@b@example.com',
    'Nia <nia@example.co.uk>',
  ])('refuses %j', (text) => {
    expect(EMAIL_PATTERN.test(text)).toBe(false);
  });

  it('refuses a spreadsheet cell at Excel’s length limit with no address in it', () => {
    expect(EMAIL_PATTERN.test(`a@${'.'.repeat(32_000)}@`)).toBe(false);
    expect(EMAIL_PATTERN.test(`a@${'b.'.repeat(16_000)}`)).toBe(false);
  });
});
