import { jobHandlers } from '../../src/server/jobs/handlers.js';
import type { JobResult } from '../../src/server/jobs/job-types.js';
import { type RunDueJobsOptions, runDueJobs } from '../../src/server/jobs/run-due-jobs.js';
import { startFakeSmtpServer } from '../fakes/fake-smtp-server.js';
import { startFakeTwilioApi } from '../fakes/fake-twilio-api.js';
import { createTestContext } from './test-context.js';

export const TWILIO_ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const TWILIO_AUTH_TOKEN = 'test-twilio-auth-token';
export const WHATSAPP_FROM = '+447700900001';
export const SMS_FROM = '+447700900002';
export const EMAIL_FROM = 'Riverside Estate Management <payments@riverside-estates.example>';

/** Pinned jitter: retries come due at a known time, half the backoff ceiling. */
export const HALF_JITTER = { baseMs: 5_000, capMs: 15 * 60_000, random: () => 0.5 };

/**
 * A test app whose email goes over real SMTP to a local SMTP server and whose WhatsApp and SMS go
 * through the real Twilio SDK to a local fake of Twilio's Messages API, plus the real job
 * handlers and a way to run the queue without timers.
 */
export async function createMessagingTestContext(env: Record<string, string> = {}) {
  const smtp = await startFakeSmtpServer();
  const twilio = await startFakeTwilioApi({
    authToken: TWILIO_AUTH_TOKEN,
    accountSid: TWILIO_ACCOUNT_SID,
  });
  const t = await createTestContext({
    env: {
      SMTP_HOST: smtp.host,
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: EMAIL_FROM,
      TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN,
      TWILIO_WHATSAPP_FROM: WHATSAPP_FROM,
      TWILIO_SMS_FROM: SMS_FROM,
      TWILIO_API_BASE_URL: twilio.url,
      // The fakes take any rate; provider-back-pressure.test.ts sets its own.
      EMAIL_PER_SECOND: '1000',
      WHATSAPP_PER_SECOND: '1000',
      SMS_PER_SECOND: '1000',
      ...env,
    },
  });
  const handlers = jobHandlers(t.ctx);

  /** One worker round: claims what is due now and runs it. */
  const runJobs = (options: Partial<RunDueJobsOptions> = {}) =>
    runDueJobs(t.ctx, handlers, { workerId: 'test-worker', limit: 50, ...options });

  /** Runs rounds until nothing is due (jobs that enqueue jobs, such as reminders and fallbacks). */
  const drainJobs = async (options: Partial<RunDueJobsOptions> = {}) => {
    const results: JobResult[] = [];
    for (let round = 0; round < 20; round += 1) {
      const ran = await runJobs(options);
      if (ran.length === 0) return results;
      results.push(...ran);
    }
    throw new Error('the queue did not drain in 20 rounds');
  };

  return {
    ...t,
    smtp,
    twilio,
    handlers,
    runJobs,
    drainJobs,
    async close() {
      await t.close();
      await smtp.stop();
      await twilio.stop();
    },
  };
}

export type MessagingTestContext = Awaited<ReturnType<typeof createMessagingTestContext>>;
