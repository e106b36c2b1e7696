import { z } from 'zod';
import { isPlaceholderName, type PlaceholderName } from '../shared/templates.js';
import { parseTrustProxy, TRUST_PROXY_FORMS } from './http/trust-proxy.js';

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().trim().optional());

const booleanFlag = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
      .optional()
      .transform((value) =>
        value === undefined ? fallback : ['true', '1', 'yes'].includes(value),
      ),
  );

const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );

/** A WhatsApp message approved by Meta, as a Twilio Content Template, and what fills it in. */
export interface WhatsAppTemplate {
  /** The Content Template's SID (HX…). */
  sid: string;
  /** The placeholders its variables {{1}}, {{2}}, … stand for, in that order. */
  variables: PlaceholderName[];
}

/**
 * 'HX…: tenantName, amount, paymentUrl': a Content Template's SID, then the placeholders its
 * {{1}}, {{2}}, … are filled with. WhatsApp refuses a business's free text outside a 24-hour
 * window after the leaseholder last wrote, so first contact needs an approved template.
 */
const whatsappTemplate = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .transform((value, ctx): WhatsAppTemplate => {
      const [sid = '', names = ''] = value.split(':').map((part) => part.trim());
      if (!/^HX[0-9a-fA-F]{32}$/.test(sid)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must start with a Content SID: HX and 32 hex digits',
        });
      }
      const variables = names
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      for (const name of variables) {
        if (!isPlaceholderName(name)) {
          ctx.addIssue({ code: 'custom', message: `{{${name}}} is not a placeholder` });
        }
      }
      return { sid, variables: variables as PlaceholderName[] };
    })
    .optional(),
);

/** Every environment setting with its default and limits; config.ts checks them together. */
export const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  HOST: optionalString,
  PORT: integer(3000, 0, 65535),
  PUBLIC_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http(s) URL such as https://pay.example.co.uk',
      })
      .optional(),
  ),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(postgres|postgresql):\/\//, 'must be a postgres:// URL (leave unset for SQLite)')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(10, 'must be at least 10 characters').optional(),
  ),
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  SESSION_IDLE_MINUTES: integer(120, 5, 24 * 60),
  SESSION_ABSOLUTE_HOURS: integer(12, 1, 24 * 7),
  LINK_LIFETIME_DAYS: integer(7, 1, 90),
  /**
   * Tests only (refused in production): links last this many seconds instead, so a browser test
   * can watch a real link expire. Pages still describe the lifetime in LINK_LIFETIME_DAYS.
   */
  LINK_LIFETIME_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(7 * 24 * 3600, `must be at most ${7 * 24 * 3600}`)
      .optional(),
  ),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      const trust = parseTrustProxy(value);
      if (trust === null) context.addIssue({ code: 'custom', message: TRUST_PROXY_FORMS });
      return trust ?? false;
    }),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  RUN_WORKER: booleanFlag(true),
  /** The smallest part payment a leaseholder may make, in pence (issue 29). */
  MIN_PART_PAYMENT_PENCE: integer(100, 1, 100_000_000),
  /** Whether an expired or cancelled link offers "Send me a new link" (issue 29). */
  SELF_SERVICE_NEW_LINKS: booleanFlag(true),
  /** Six years: a claim about a payment demand can be brought for that long (Limitation Act 1980). */
  AUDIT_RETENTION_DAYS: integer(2190, 30, 36500),
  /** Call Me Now requests are handled within days; after three months they are deleted. */
  CALLBACK_RETENTION_DAYS: integer(90, 1, 36500),
  /** What messages said is removed after two years; the record that they were sent stays. */
  MESSAGE_CONTENT_RETENTION_DAYS: integer(730, 30, 36500),
  COMPANY_NAME: z.preprocess(emptyToUndefined, z.string().default('Riverside Estate Management')),
  CONTACT_PHONE: z.preprocess(emptyToUndefined, z.string().default('020 7946 0123')),
  CONTACT_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email('must be an email address').default('enquiries@riverside-estates.example'),
  ),
  /** Printed on receipts; one line, commas between parts. */
  COMPANY_ADDRESS: optionalString,
  // Providers: each one switches from its embedded stand-in to the real service when configured.
  SMTP_HOST: optionalString,
  SMTP_PORT: integer(587, 1, 65535),
  SMTP_SECURE: booleanFlag(false),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_FROM: optionalString,
  TWILIO_ACCOUNT_SID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must look like AC followed by 32 hex digits')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_WHATSAPP_FROM: optionalString,
  TWILIO_SMS_FROM: optionalString,
  TWILIO_MESSAGING_SERVICE_SID: optionalString,
  TWILIO_WHATSAPP_TEMPLATE_PAYMENT_LINK: whatsappTemplate,
  TWILIO_WHATSAPP_TEMPLATE_REMINDER_24H: whatsappTemplate,
  TWILIO_WHATSAPP_TEMPLATE_REMINDER_1H: whatsappTemplate,
  TWILIO_WHATSAPP_TEMPLATE_CONFIRMATION: whatsappTemplate,
  TWILIO_API_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, 'must start with sk_test_, sk_live_ or rk_')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  ALLOW_DEMO_PROVIDERS: booleanFlag(false),
  /** Sends a second, all workers together (issue 30): Amazon SES's, Twilio's sender defaults. */
  EMAIL_PER_SECOND: integer(14, 1, 10_000),
  WHATSAPP_PER_SECOND: integer(10, 1, 1_000),
  SMS_PER_SECOND: integer(1, 1, 1_000),
  /** SQLite only: hours between automatic backups into DATA_DIR/backups; 0 turns them off. */
  BACKUP_INTERVAL_HOURS: integer(24, 0, 24 * 30),
  BACKUP_KEEP: integer(14, 1, 1000),
  /** GET /metrics answers only with `Authorization: Bearer <this>`; unset, it answers 404. */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
});

export type Env = z.infer<typeof EnvSchema>;
