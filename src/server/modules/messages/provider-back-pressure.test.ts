import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createMessagingTestContext,
  type MessagingTestContext,
} from '../../../../tests/helpers/messaging-context.js';
import { SLOW_DOWN_PAUSE_MS } from './channel-pace.js';
import { sendPaymentLinkMessages } from './send-payment-link-messages.js';

const PER_SECOND = 4;
const LINKS = 12;

// Issue 30, provider back-pressure: Twilio answers 429 for a while. Every WhatsApp message is
// delivered once, none falls back to SMS or uses up an attempt, and sends never outrun the rate.
describe('a provider that asks us to slow down', () => {
  let t: MessagingTestContext;
  beforeEach(async () => {
    t = await createMessagingTestContext({ WHATSAPP_PER_SECOND: String(PER_SECOND) });
  });
  afterEach(() => t.close());

  it('pauses the channel on 429, then delivers every message once at the set rate', async () => {
    // The links are made on the real time the worker runs on below: made on the test clock's
    // fixed date, their reminders would fall due on the real one (24 hours before a week later).
    t.clock.set(Date.now());
    const links = [];
    for (let n = 0; n < LINKS; n += 1) {
      links.push(
        await createPaymentLink(t.ctx, {
          tenant: { email: null, phone: `+4479111234${String(n).padStart(2, '0')}` },
        }),
      );
    }
    await sendPaymentLinkMessages(
      t.ctx,
      links.map((link) => link.id),
    );
    t.twilio.failNext({ status: 429, code: 20429, message: 'Too Many Requests' }, 3);

    // A worker's rounds until nothing is left, on the real time (sends are paced in it), as
    // the worker polls.
    for (let round = 0; round < 200; round += 1) {
      t.clock.set(Date.now());
      await t.runJobs();
      const waiting = await t.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'queued')
        .execute();
      if (waiting.length === 0) break;
      await sleep(200);
    }

    const refused = t.twilio.requests.filter((request) => request.outcome === 429);
    expect(refused).toHaveLength(3);
    const delivered = t.twilio.sent.map((message) => `${message.channel} ${message.to}`).sort();
    expect(delivered).toEqual(
      links.map((_, n) => `whatsapp whatsapp:+4479111234${String(n).padStart(2, '0')}`).sort(),
    );
    const messages = await t.ctx.db.selectFrom('messages').select(['channel', 'status']).execute();
    expect(messages).toHaveLength(LINKS);
    expect(new Set(messages.map((message) => `${message.channel} ${message.status}`))).toEqual(
      new Set(['whatsapp queued']),
    );
    // Waiting for the provider used no attempt: each job ran once that counted.
    const jobs = await t.ctx.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('kind', '=', 'send-message')
      .execute();
    expect(jobs).toEqual(Array.from({ length: LINKS }, () => ({ status: 'done', attempts: 1 })));
    // Sends a rate's interval apart: no second holds more than the rate and the one that starts
    // the next (a slow machine only sends slower, so this cannot fail by being slow).
    for (const [index, at] of t.twilio.sentAt.entries()) {
      const inTheSecond = t.twilio.sentAt.filter((other) => other >= at && other <= at + 1_000);
      expect(inTheSecond.length, `the second from send ${index}`).toBeLessThanOrEqual(
        PER_SECOND + 1,
      );
    }
    // The pause the 429 asked for was kept by every worker's job, not only the refused one.
    const pace = await t.ctx.db
      .selectFrom('channel_pace')
      .select('paused_until')
      .where('channel', '=', 'whatsapp')
      .executeTakeFirstOrThrow();
    expect(Number(pace.paused_until)).toBeGreaterThanOrEqual(SLOW_DOWN_PAUSE_MS);
  }, 120_000);
});
