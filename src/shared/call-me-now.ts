import { z } from 'zod';
import { findPhoneNumberProblem } from './call-me-now-rules.js';

/** The server's schema: the shared rules (call-me-now-rules.ts) with zod's error shape. */
export const CallMeNowSchema = z.object({
  phoneNumber: z
    .unknown()
    .superRefine((value, ctx) => {
      const problem = findPhoneNumberProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => String(value).trim()),
});

export type CallMeNow = z.infer<typeof CallMeNowSchema>;

export const CallMeNowResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});

export type CallMeNowResult = z.infer<typeof CallMeNowResultSchema>;
