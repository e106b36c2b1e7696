import { z } from 'zod';

/** Public facts the client needs at start-up. Never secrets (ARCHITECTURE section 6). */
export const PublicConfigSchema = z.object({
  companyName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  linkLifetimeDays: z.number().int(),
});

export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** Which providers are real. Admin-only: shown as the demo-mode banner. */
export const ProviderModesSchema = z.object({
  email: z.enum(['smtp', 'capture']),
  messaging: z.enum(['twilio', 'capture']),
  payments: z.enum(['stripe', 'demo']),
  isDemo: z.boolean(),
});

export type ProviderModes = z.infer<typeof ProviderModesSchema>;
