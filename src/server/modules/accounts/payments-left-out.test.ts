import { describe, expect, it } from 'vitest';
import {
  leftOutNote,
  paymentsLeftOut,
  portalPaymentNote,
  type RecentPayment,
} from './payments-left-out.js';

const DAY_MS = 24 * 3_600_000;
const START = Date.UTC(2026, 10, 20, 12);
// Newest first, as recentPayments answers: £50 on the 22nd, £200 on the 20th.
const PAYMENTS: RecentPayment[] = [
  { amountPence: 5_000, at: START + 2 * DAY_MS, isPortal: false },
  { amountPence: 20_000, at: START, isPortal: true },
];

describe('payments a sheet leaves out', () => {
  it('finds the newest payments whose sum makes the sheet the balance before them', () => {
    // The balance is now £995.50, after both payments.
    expect(paymentsLeftOut(124_550, 99_550, PAYMENTS, null)).toEqual(PAYMENTS);
    // The sheet took in the £200 but not the £50 since.
    expect(paymentsLeftOut(104_550, 99_550, PAYMENTS, null)).toEqual([PAYMENTS[0]]);
    // A figure that is not the balance before any of them is the agent's own.
    expect(paymentsLeftOut(120_000, 99_550, PAYMENTS, null)).toBeNull();
    expect(paymentsLeftOut(99_550, 99_550, PAYMENTS, null)).toBeNull();
  });

  it('leaves alone the payments that an earlier sheet already agreed with', () => {
    const agreedAt = START + DAY_MS;
    expect(paymentsLeftOut(124_550, 99_550, PAYMENTS, agreedAt)).toBeNull();
    expect(paymentsLeftOut(104_550, 99_550, PAYMENTS, agreedAt)).toEqual([PAYMENTS[0]]);
  });

  it('says what was left out, when, and what the balance stays at', () => {
    expect(leftOutNote(124_550, 99_550, PAYMENTS)).toBe(
      "The sheet's £1,245.50 is from before £250.00 paid from 20/11/2026 to 22/11/2026: the balance stays £995.50, so nothing is asked for twice.",
    );
  });

  it('reads money Stripe gave back as owed again, and a sheet that agrees as leaving nothing out', () => {
    // £1,000 paid on the 20th, £300 of it refunded on the 22nd: the balance is £300.
    const refunded: RecentPayment[] = [
      { amountPence: -30_000, at: START + 2 * DAY_MS, isPortal: false },
      { amountPence: 100_000, at: START, isPortal: true },
    ];
    expect(paymentsLeftOut(0, 30_000, refunded, null)).toEqual([refunded[0]]);
    expect(paymentsLeftOut(100_000, 30_000, refunded, null)).toEqual(refunded);
    expect(paymentsLeftOut(30_000, 30_000, refunded, null)).toBeNull();
    expect(leftOutNote(0, 30_000, [refunded[0]!])).toBe(
      "The sheet's £0.00 is from before £300.00 refunded, disputed or reversed on 22/11/2026: the balance stays £300.00, as it is owed again.",
    );
    expect(leftOutNote(100_000, 30_000, refunded)).toBe(
      "The sheet's £1,000.00 is from before £1,000.00 paid and £300.00 refunded, disputed or reversed from 20/11/2026 to 22/11/2026: the balance stays £300.00, as it is owed again.",
    );
    // Only the £700 kept is left for the clerk to check; a payment refunded in full, nothing.
    expect(portalPaymentNote(refunded, null)).toBe(
      'Paid £700.00 through the portal on 20/11/2026 — check that this balance includes it.',
    );
    const whole = [{ ...refunded[0]!, amountPence: -100_000 }, refunded[1]!];
    expect(portalPaymentNote(whole, null)).toBeNull();
  });

  it('sums the portal payments no sheet has agreed with yet, for the clerk to check', () => {
    const parts: RecentPayment[] = [
      { amountPence: 2_500, at: START + 2 * DAY_MS, isPortal: true },
      ...PAYMENTS,
      { amountPence: 1_000, at: START - DAY_MS, isPortal: true },
    ];
    expect(portalPaymentNote(parts, null)).toBe(
      'Paid £235.00 through the portal in 3 payments from 19/11/2026 to 22/11/2026 — check that this balance includes them.',
    );
    // A sheet on the 21st agreed with the balance: only the £25 since is left to check.
    expect(portalPaymentNote(parts, START + DAY_MS)).toBe(
      'Paid £25.00 through the portal on 22/11/2026 — check that this balance includes it.',
    );
    expect(portalPaymentNote(parts, START + 3 * DAY_MS)).toBeNull();
    expect(portalPaymentNote([PAYMENTS[0]!], null)).toBeNull();
  });
});
