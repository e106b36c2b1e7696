import { type Env, EnvSchema } from './config-env.js';

/**
 * The one place the environment is read (ARCHITECTURE section 6). Every setting is checked at
 * start-up (config-env.ts) and a bad one stops the process with every bad field named, not just
 * the first; then the settings that only make sense together.
 */

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
          /** Approved WhatsApp templates by message kind; a kind without one is sent as text. */
          whatsappTemplates: {
            payment_link: env.TWILIO_WHATSAPP_TEMPLATE_PAYMENT_LINK,
            reminder_24h: env.TWILIO_WHATSAPP_TEMPLATE_REMINDER_24H,
            reminder_1h: env.TWILIO_WHATSAPP_TEMPLATE_REMINDER_1H,
            confirmation: env.TWILIO_WHATSAPP_TEMPLATE_CONFIRMATION,
          },
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
