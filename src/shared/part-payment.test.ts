import { describe, expect, it } from 'vitest';
import { checkPartAmount } from './part-payment.js';

const LIMITS = { minimumPence: 100, balancePence: 124_550 };

describe('checking a part payment on the page', () => {
  it.each([
    ['50', 5_000],
    ['£50.00', 5_000],
    [' 1,000.5 ', 100_050],
    ['1', 100],
    ['1245.50', 124_550],
  ])('takes %s as %i pence', (typed, pence) => {
    expect(checkPartAmount(typed, LIMITS)).toEqual({ pence });
  });

  it.each([
    ['', 'Enter the amount you want to pay, for example 50.00.'],
    ['fifty', 'Enter an amount in pounds and pence, for example 50.00.'],
    ['12.345', 'Enter an amount in pounds and pence, for example 50.00.'],
    ['-5', 'Enter an amount in pounds and pence, for example 50.00.'],
    ['0.99', 'The smallest amount you can pay online is £1.00.'],
    ['1245.51', 'That is more than your balance of £1,245.50. Enter £1,245.50 or less.'],
  ])('refuses %j: %s', (typed, problem) => {
    expect(checkPartAmount(typed, LIMITS)).toEqual({ problem });
  });
});
