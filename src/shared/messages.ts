import { z } from 'zod';

export const MESSAGE_KINDS = [
  'payment_link',
  'reminder_24h',
  'reminder_1h',
  'confirmation',
  'staff_text',
] as const;
export const MESSAGE_CHANNELS = ['email', 'whatsapp', 'sms'] as const;
export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'undelivered',
  'captured',
  'cancelled',
] as const;

export const MessageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** The kinds written from the Template Manager's templates: all but staff's own texts. */
export type TemplatedKind = Exclude<MessageKind, 'staff_text'>;
export const TEMPLATED_KINDS = MESSAGE_KINDS.filter(
  (kind): kind is TemplatedKind => kind !== 'staff_text',
);
export const TemplatedKindSchema = z.enum([
  'payment_link',
  'reminder_24h',
  'reminder_1h',
  'confirmation',
]);
export const MessageChannelSchema = z.enum(MESSAGE_CHANNELS);
export const MessageStatusSchema = z.enum(MESSAGE_STATUSES);

export const MessageEventSchema = z.object({
  status: z.string(),
  at: z.string(),
  detail: z.string().nullable(),
});

/** One row of the Message Log (issue 3 item 5): a (link, kind, channel) message and its timeline. */
export const MessageLogItemSchema = z.object({
  id: z.string(),
  linkId: z.string(),
  tenantName: z.string(),
  kind: MessageKindSchema,
  channel: MessageChannelSchema,
  recipient: z.string(),
  /** An email's copies to joint leaseholders. */
  cc: z.array(z.string()),
  status: MessageStatusSchema,
  subject: z.string().nullable(),
  body: z.string(),
  html: z.string().nullable(),
  providerId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  events: z.array(MessageEventSchema),
});

export type MessageLogItem = z.infer<typeof MessageLogItemSchema>;

export const MessageLogQuerySchema = z.object({
  status: MessageStatusSchema.optional(),
  channel: MessageChannelSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export type MessageLogQuery = z.infer<typeof MessageLogQuerySchema>;

export const MessageLogPageSchema = z.object({
  items: z.array(MessageLogItemSchema),
  total: z.number().int(),
});

export type MessageLogPage = z.infer<typeof MessageLogPageSchema>;

/** Spec section 3 "Preview data (single)". */
export const PreviewDataSchema = z.object({
  tenant: z.object({
    name: z.string().min(1, 'Tenant name is required'),
    email: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
    address: z.string().default(''),
  }),
  amount: z.union([z.string(), z.number()]),
  paymentUrl: z.string().min(1, 'Payment URL is required'),
  expiresAt: z.string().min(1, 'Expiry is required'),
  hasEmail: z.boolean().optional(),
  hasPhone: z.boolean().optional(),
});

export type PreviewData = z.infer<typeof PreviewDataSchema>;

/** Spec section 3 "Preview result". */
export const PreviewResultSchema = z.object({
  email: z.object({ subject: z.string(), html: z.string() }),
  whatsapp: z.string(),
  sms: z.string(),
});

export type PreviewResult = z.infer<typeof PreviewResultSchema>;

/** Spec section 3 "Batch preview": one entry per tenant of an upload batch. */
export const BatchPreviewSchema = z.object({
  tenants: z.array(
    z.object({
      tenant: z.object({
        name: z.string(),
        email: z.string().nullable(),
        /** Joint leaseholders' addresses, copied on the email. */
        otherEmails: z.array(z.string()),
        phone: z.string().nullable(),
        address: z.string(),
      }),
      amount: z.string(),
      /** Its payment-link message went already (issue 31): shown as sent, not sent again. */
      isSent: z.boolean(),
      preview: z.object({
        email: z.object({ subject: z.string(), content: z.string() }),
        whatsapp: z.object({ content: z.string() }),
        sms: z.object({ content: z.string() }),
      }),
    }),
  ),
});

export type BatchPreview = z.infer<typeof BatchPreviewSchema>;

/** Long enough for an answer, short enough to stay a few texts (an SMS part is 153 characters). */
export const STAFF_TEXT_MAX = 640;

/** POST /api/leaseholders/{id}/texts: staff's own text to the leaseholder's mobile. */
export const StaffTextRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Write the message first')
    .max(STAFF_TEXT_MAX, `Keep it to ${STAFF_TEXT_MAX} characters`),
  /** The same id again (a retried request) sends nothing twice. */
  requestId: z.string().min(8).max(64).optional(),
});
export type StaffTextRequest = z.infer<typeof StaffTextRequestSchema>;
