import { z } from 'zod';
import { TemplatedKindSchema } from './messages.js';

/** Which providers are real. Admin-only: shown as the demo-mode banner. */
export const ProviderModesSchema = z.object({
  email: z.enum(['smtp', 'capture']),
  messaging: z.enum(['twilio', 'capture']),
  payments: z.enum(['stripe', 'demo']),
  isDemo: z.boolean(),
  /**
   * The company settings still holding the sample values shipped for the demo (issue 31): the
   * public pages, receipts and messages would show a made-up company.
   */
  sampleSettings: z.array(z.enum(['COMPANY_NAME', 'CONTACT_PHONE', 'CONTACT_EMAIL'])).optional(),
  /** With Twilio: the messages whose WhatsApp goes as an approved template (decision 0017). */
  whatsappApproved: z.array(TemplatedKindSchema).optional(),
});

export type ProviderModes = z.infer<typeof ProviderModesSchema>;

/** The sample company the embedded default shows until COMPANY_NAME and the rest are set. */
export const SAMPLE_COMPANY = {
  COMPANY_NAME: 'Riverside Estate Management',
  CONTACT_PHONE: '020 7946 0123',
  CONTACT_EMAIL: 'enquiries@riverside-estates.example',
} as const;
