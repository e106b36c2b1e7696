import { formatPence, parsePounds } from './money.js';

export type PartAmountCheck = { pence: number } | { problem: string };

/**
 * "Pay a different amount" (issue 29): what the leaseholder typed, checked with a message that
 * says what to do: on the page, and again by the server against the balance at that moment.
 */
export function checkPartAmount(
  typed: string,
  limits: { minimumPence: number; balancePence: number },
): PartAmountCheck {
  const text = typed.trim();
  if (text === '') {
    return { problem: 'Enter the amount you want to pay, for example 50.00.' };
  }
  const pence = parsePounds(text);
  if (pence === null) {
    return { problem: 'Enter an amount in pounds and pence, for example 50.00.' };
  }
  if (pence < limits.minimumPence) {
    return {
      problem: `The smallest amount you can pay online is ${formatPence(limits.minimumPence)}.`,
    };
  }
  if (pence > limits.balancePence) {
    const balance = formatPence(limits.balancePence);
    return { problem: `That is more than your balance of ${balance}. Enter ${balance} or less.` };
  }
  return { pence };
}
