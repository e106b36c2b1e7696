import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the config to be refused');
}

describe('loadConfig', () => {
  it('runs the embedded default with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('./data');
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.linkLifetimeDays).toBe(7);
    expect(config.smtp).toBeUndefined();
    expect(config.twilio).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.host).toBe('127.0.0.1');
  });

  it('names every bad field at once, not just the first', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      PUBLIC_BASE_URL: 'not a url',
      DATABASE_URL: 'mysql://localhost/db',
      LINK_LIFETIME_DAYS: '0',
      ADMIN_PASSWORD: 'short',
      SESSION_SECRET: 'too-short',
      SMTP_SECURE: 'maybe',
    });
    const fields = problems.map((problem) => problem.split(':')[0]);
    expect(fields).toEqual(
      expect.arrayContaining([
        'PORT',
        'PUBLIC_BASE_URL',
        'DATABASE_URL',
        'LINK_LIFETIME_DAYS',
        'ADMIN_PASSWORD',
        'SESSION_SECRET',
        'SMTP_SECURE',
      ]),
    );
    expect(problems).toContain('LINK_LIFETIME_DAYS: must be at least 1');
    expect(problems).toContain('DATABASE_URL: must be a postgres:// URL (leave unset for SQLite)');
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: ' ', ADMIN_PASSWORD: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
  });

  it('accepts PostgreSQL and a public URL, trimming its trailing slash', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://root@127.0.0.1:5432/test',
      PUBLIC_BASE_URL: 'https://pay.example.co.uk/',
    });
    expect(config.databaseUrl).toBe('postgres://root@127.0.0.1:5432/test');
    expect(config.publicBaseUrl).toBe('https://pay.example.co.uk');
  });

  it('names the settings a partly configured provider is missing', () => {
    const problems = problemsOf({
      SMTP_HOST: 'smtp.example.co.uk',
      STRIPE_SECRET_KEY: 'sk_test_123',
      TWILIO_AUTH_TOKEN: 'token',
    });
    expect(problems).toContain('SMTP_FROM: is required when SMTP_HOST is set');
    expect(problems).toContain('STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set');
    expect(problems.some((problem) => problem.startsWith('TWILIO_ACCOUNT_SID:'))).toBe(true);
  });

  it('switches a provider on once it is fully configured', () => {
    const config = loadConfig({
      SMTP_HOST: 'smtp.example.co.uk',
      SMTP_FROM: 'Riverside <accounts@example.co.uk>',
    });
    expect(config.smtp).toMatchObject({ host: 'smtp.example.co.uk', port: 587, secure: false });
  });

  it('refuses demo providers in production unless explicitly allowed', () => {
    const production = { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://pay.example.co.uk' };
    const problems = problemsOf(production);
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'SMTP_HOST',
      'TWILIO_ACCOUNT_SID',
      'STRIPE_SECRET_KEY',
    ]);
    const allowed = loadConfig({ ...production, ALLOW_DEMO_PROVIDERS: 'true' });
    expect(allowed.isProduction).toBe(true);
    expect(allowed.host).toBe('0.0.0.0');
  });

  it('requires an https PUBLIC_BASE_URL in production and refuses the test-only settings', () => {
    const production = { NODE_ENV: 'production', ALLOW_DEMO_PROVIDERS: 'true' };
    const fieldsOf = (env: Record<string, string>) =>
      problemsOf(env).map((problem) => problem.split(':')[0]);
    expect(problemsOf(production)).toEqual([
      'PUBLIC_BASE_URL: is required in production and must be https://, e.g. https://pay.example.co.uk',
    ]);
    expect(fieldsOf({ ...production, PUBLIC_BASE_URL: 'http://pay.example.co.uk' })).toEqual([
      'PUBLIC_BASE_URL',
    ]);
    const withTestSettings = problemsOf({
      ...production,
      PUBLIC_BASE_URL: 'https://pay.example.co.uk',
      LINK_LIFETIME_SECONDS: '5',
      TWILIO_API_BASE_URL: 'http://127.0.0.1:4010',
      STRIPE_API_BASE_URL: 'http://127.0.0.1:4011',
    });
    expect(withTestSettings).toEqual([
      'LINK_LIFETIME_SECONDS: is for tests only; unset it in production',
      'TWILIO_API_BASE_URL: is for tests only; unset it in production',
      'STRIPE_API_BASE_URL: is for tests only; unset it in production',
    ]);
    // Outside production the fakes' addresses are how the tests reach them.
    expect(loadConfig({ STRIPE_API_BASE_URL: 'http://127.0.0.1:4011' }).publicBaseUrl).toBe(
      'http://localhost:3000',
    );
  });

  it('keeps audit rows for AUDIT_RETENTION_DAYS, six years unless set', () => {
    const day = 24 * 3_600_000;
    expect(loadConfig({}).auditRetentionMs).toBe(2190 * day);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '400' }).auditRetentionMs).toBe(400 * day);
    expect(problemsOf({ AUDIT_RETENTION_DAYS: '7' })).toEqual([
      'AUDIT_RETENTION_DAYS: must be at least 30',
    ]);
  });

  it('keeps call-backs 90 days and message contents two years unless set', () => {
    const day = 24 * 3_600_000;
    const config = loadConfig({});
    expect(config.callbackRetentionMs).toBe(90 * day);
    expect(config.messageContentRetentionMs).toBe(730 * day);
    const set = loadConfig({
      CALLBACK_RETENTION_DAYS: '30',
      MESSAGE_CONTENT_RETENTION_DAYS: '365',
    });
    expect([set.callbackRetentionMs, set.messageContentRetentionMs]).toEqual([30 * day, 365 * day]);
    expect(
      problemsOf({ CALLBACK_RETENTION_DAYS: '0', MESSAGE_CONTENT_RETENTION_DAYS: '7' }),
    ).toEqual([
      'CALLBACK_RETENTION_DAYS: must be at least 1',
      'MESSAGE_CONTENT_RETENTION_DAYS: must be at least 30',
    ]);
  });

  it('says which fields are wrong in the error message itself', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be at most 65535/);
  });

  it('backs up daily keeping 14 and has no metrics token by default; checks the settings', () => {
    const config = loadConfig({});
    expect(config.backups).toEqual({ intervalHours: 24, keep: 14 });
    expect(config.metricsToken).toBeUndefined();
    const set = loadConfig({
      BACKUP_INTERVAL_HOURS: '0',
      BACKUP_KEEP: '3',
      METRICS_TOKEN: 'a'.repeat(16),
    });
    expect(set.backups).toEqual({ intervalHours: 0, keep: 3 });
    expect(set.metricsToken).toBe('a'.repeat(16));
    expect(problemsOf({ BACKUP_KEEP: '0', METRICS_TOKEN: 'short' })).toEqual([
      'BACKUP_KEEP: must be at least 1',
      'METRICS_TOKEN: must be at least 16 characters',
    ]);
  });
});
