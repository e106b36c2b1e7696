/** Public facts the pages need at start-up. Never secrets (ARCHITECTURE section 6). */
export interface PublicConfig {
  companyName: string;
  contactPhone: string;
  contactEmail: string;
  linkLifetimeDays: number;
  /** 'stripe': Pay redirects to Stripe Checkout. 'demo': the embedded simulated flow. */
  paymentProvider: 'demo' | 'stripe';
}

/**
 * Checked by hand rather than with zod: this runs on the landing page, whose bundle has no zod
 * (docs/decisions/0001).
 */
export function isPublicConfig(value: unknown): value is PublicConfig {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as Record<string, unknown>;
  return (
    typeof config.companyName === 'string' &&
    typeof config.contactPhone === 'string' &&
    typeof config.contactEmail === 'string' &&
    Number.isInteger(config.linkLifetimeDays) &&
    (config.paymentProvider === 'demo' || config.paymentProvider === 'stripe')
  );
}
