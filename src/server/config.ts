import { z } from 'zod';
import { parseTrustProxy, TRUST_PROXY_FORMS } from './http/trust-proxy.js';

/**
 * The one place the environment is read (ARCHITECTURE section 6). Every setting is checked at
 * start-up and a bad one stops the process with every bad field named, not just the first.
 */

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

const EnvSchema = z.object({
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

type Env = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Settings that only make sense together: name each one that is missing. */
function crossFieldProblems(env: Env): string[] {
  const problems: string[] = [];
  const requireAll = (group: string, fields: (keyof Env)[], when: boolean) => {
    if (!when) return;
    for (const field of fields) {
      if (env[field] === undefined) problems.push(`${field}: is required when ${group} is set`);
    }
  };
  requireAll('SMTP_HOST', ['SMTP_FROM'], env.SMTP_HOST !== undefined);
  if (env.SMTP_USER !== undefined && env.SMTP_PASS === undefined) {
    problems.push('SMTP_PASS: is required when SMTP_USER is set');
  }
  const twilioSet = env.TWILIO_ACCOUNT_SID !== undefined || env.TWILIO_AUTH_TOKEN !== undefined;
  requireAll(
    'TWILIO_ACCOUNT_SID or TWILIO_AUTH_TOKEN',
    ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'],
    twilioSet,
  );
  if (
    twilioSet &&
    !env.TWILIO_WHATSAPP_FROM &&
    !env.TWILIO_SMS_FROM &&
    !env.TWILIO_MESSAGING_SERVICE_SID
  ) {
    problems.push(
      'TWILIO_WHATSAPP_FROM: set it, TWILIO_SMS_FROM or TWILIO_MESSAGING_SERVICE_SID to send messages',
    );
  }
  requireAll('STRIPE_SECRET_KEY', ['STRIPE_WEBHOOK_SECRET'], env.STRIPE_SECRET_KEY !== undefined);
  if (env.NODE_ENV === 'production') problems.push(...productionProblems(env));
  if (env.NODE_ENV === 'production' && !env.ALLOW_DEMO_PROVIDERS) {
    const missing = [
      env.SMTP_HOST === undefined && 'SMTP_HOST',
      env.TWILIO_ACCOUNT_SID === undefined && 'TWILIO_ACCOUNT_SID',
      env.STRIPE_SECRET_KEY === undefined && 'STRIPE_SECRET_KEY',
    ].filter(Boolean);
    for (const field of missing) {
      problems.push(
        `${field}: is required in production (or set ALLOW_DEMO_PROVIDERS=true to run with captured messages and without online payments)`,
      );
    }
  }
  return problems;
}

/**
 * Production builds links and signs webhooks with PUBLIC_BASE_URL, so it must be the real https
 * address; the settings that point the providers at local fakes are for tests only.
 */
function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  if (!/^https:\/\//i.test(env.PUBLIC_BASE_URL ?? '')) {
    problems.push(
      'PUBLIC_BASE_URL: is required in production and must be https://, e.g. https://pay.example.co.uk',
    );
  }
  for (const field of [
    'LINK_LIFETIME_SECONDS',
    'TWILIO_API_BASE_URL',
    'STRIPE_API_BASE_URL',
  ] as const) {
    if (env[field] !== undefined)
      problems.push(`${field}: is for tests only; unset it in production`);
  }
  return problems;
}

export function loadConfig(source: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const env = parsed.data;
  const problems = crossFieldProblems(env);
  if (problems.length > 0) throw new ConfigError(problems);

  const isProduction = env.NODE_ENV === 'production';
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    port: env.PORT,
    publicBaseUrl,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    adminPassword: env.ADMIN_PASSWORD,
    sessionSecret: env.SESSION_SECRET,
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    linkLifetimeDays: env.LINK_LIFETIME_DAYS,
    /** How long a new link lasts: LINK_LIFETIME_DAYS, or LINK_LIFETIME_SECONDS in tests. */
    linkLifetimeMs:
      env.LINK_LIFETIME_SECONDS !== undefined
        ? env.LINK_LIFETIME_SECONDS * 1000
        : env.LINK_LIFETIME_DAYS * 24 * 3_600_000,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    runWorker: env.RUN_WORKER,
    minPartPaymentPence: env.MIN_PART_PAYMENT_PENCE,
    selfServiceNewLinks: env.SELF_SERVICE_NEW_LINKS,
    auditRetentionMs: env.AUDIT_RETENTION_DAYS * 24 * 3_600_000,
    callbackRetentionMs: env.CALLBACK_RETENTION_DAYS * 24 * 3_600_000,
    messageContentRetentionMs: env.MESSAGE_CONTENT_RETENTION_DAYS * 24 * 3_600_000,
    backups: { intervalHours: env.BACKUP_INTERVAL_HOURS, keep: env.BACKUP_KEEP },
    metricsToken: env.METRICS_TOKEN,
    perSecond: {
      email: env.EMAIL_PER_SECOND,
      whatsapp: env.WHATSAPP_PER_SECOND,
      sms: env.SMS_PER_SECOND,
    },
    company: {
      name: env.COMPANY_NAME,
      phone: env.CONTACT_PHONE,
      email: env.CONTACT_EMAIL,
      address: env.COMPANY_ADDRESS,
    },
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: env.SMTP_PORT,
          secure: env.SMTP_SECURE,
          user: env.SMTP_USER,
          pass: env.SMTP_PASS,
          from: env.SMTP_FROM!,
        }
      : undefined,
    twilio: env.TWILIO_ACCOUNT_SID
      ? {
          accountSid: env.TWILIO_ACCOUNT_SID,
          authToken: env.TWILIO_AUTH_TOKEN!,
          whatsappFrom: env.TWILIO_WHATSAPP_FROM,
          smsFrom: env.TWILIO_SMS_FROM,
          messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
          apiBaseUrl: env.TWILIO_API_BASE_URL,
        }
      : undefined,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          apiBaseUrl: env.STRIPE_API_BASE_URL,
        }
      : undefined,
  };
}

export type Config = ReturnType<typeof loadConfig>;
