import { z } from 'zod';

/** Which providers are real. Admin-only: shown as the demo-mode banner. */
export const ProviderModesSchema = z.object({
  email: z.enum(['smtp', 'capture']),
  messaging: z.enum(['twilio', 'capture']),
  payments: z.enum(['stripe', 'demo']),
  isDemo: z.boolean(),
});

export type ProviderModes = z.infer<typeof ProviderModesSchema>;
