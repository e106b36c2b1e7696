import type { AppContext } from '../../src/server/context.js';
import { jobHandlers } from '../../src/server/jobs/handlers.js';
import { runDueJobs } from '../../src/server/jobs/run-due-jobs.js';
import { newId } from '../../src/server/lib/ids.js';
import { sendPaymentLinkMessages } from '../../src/server/modules/messages/send-payment-link-messages.js';
import { createPaymentLink, createTenant } from './factories.js';

/** The personal data of the leaseholder `leaseholderWithHistory` makes: none may survive erasure. */
export const MARGARET = {
  name: 'Margaret Hughes',
  email: 'margaret.hughes@example.co.uk',
  /** Her husband's, a joint leaseholder: copied on her emails. */
  jointEmail: 'tom.hughes@example.org',
  phone: '+447700900123',
  address: 'Flat 3, 12 Riverside Court, London SE1 9AA',
  note: 'Margaret called: she will pay the rest after payday',
  holdReason: 'Margaret is in Breathing Space until June',
  oldEmail: 'm.hughes@oldmail.example',
};

/**
 * A leaseholder with a year's worth of everything the portal keeps: a link sent by email and
 * WhatsApp (captured), a part payment through the portal, an offline cheque, a note, a contact
 * change, and a Call Me Now request from her phone. A neighbour gets a link and a call-back
 * too, and must come through the tests untouched.
 */
export async function leaseholderWithHistory(ctx: AppContext) {
  const tenant = await createTenant(ctx, {
    name: MARGARET.name,
    email: MARGARET.email,
    other_emails: MARGARET.jointEmail,
    phone: MARGARET.phone,
    address: MARGARET.address,
    reference: 'RIV-F3',
    balance_pence: 60_000,
    owing_since: ctx.clock.now(),
  });
  const link = await createPaymentLink(ctx, { tenant_id: tenant.id, amount_pence: 124_550 });
  const neighbour = await createPaymentLink(ctx, {
    tenant: {
      name: 'David Okafor',
      email: 'david.okafor@example.co.uk',
      phone: '+447700900456',
      address: 'Flat 4, 12 Riverside Court, London SE1 9AA',
    },
  });
  await sendPaymentLinkMessages(ctx, [link.id, neighbour.id]);
  await runDueJobs(ctx, jobHandlers(ctx), { workerId: 'test', limit: 20 });

  const now = ctx.clock.now();
  const batchId = newId();
  await ctx.db
    .insertInto('payments')
    .values({
      id: newId(),
      link_id: link.id,
      provider: 'demo',
      provider_ref: `demo_${newId()}`,
      method: 'card',
      amount_pence: 44_550,
      currency: 'gbp',
      status: 'succeeded',
      failure_reason: null,
      created_at: now,
      updated_at: now,
      paid_at: now,
    })
    .execute();
  await ctx.db
    .insertInto('offline_payments')
    .values({
      id: newId(),
      tenant_id: tenant.id,
      amount_pence: 20_000,
      method: 'cheque',
      reference: 'CHQ 000123',
      paid_on: '2026-03-02',
      recorded_at: now,
      recorded_by: 'admin',
    })
    .execute();
  await ctx.db
    .insertInto('account_events')
    .values([
      { tenant_id: tenant.id, at: now, kind: 'note', actor: 'admin', text: MARGARET.note },
      {
        tenant_id: tenant.id,
        at: now,
        kind: 'contact_changed',
        actor: 'upload',
        text: null,
        details: JSON.stringify({
          before: { email: MARGARET.oldEmail },
          after: { email: MARGARET.email },
        }),
      },
      {
        tenant_id: tenant.id,
        at: now,
        kind: 'balance_set',
        actor: 'upload',
        text: null,
        details: JSON.stringify({ from: 124_550, to: 60_000, batchId }),
      },
      {
        tenant_id: tenant.id,
        at: now,
        kind: 'hold_started',
        actor: 'admin',
        text: MARGARET.holdReason,
        details: JSON.stringify({ until: '2026-06-30' }),
      },
    ])
    .execute();
  await ctx.db
    .insertInto('callback_requests')
    .values([
      {
        id: newId(),
        phone_number: MARGARET.phone,
        phone_input: '07700 900123',
        created_at: now,
        handled_at: null,
      },
      {
        id: newId(),
        phone_number: '+447700900456',
        phone_input: '07700 900456',
        created_at: now,
        handled_at: null,
      },
    ])
    .execute();
  return { tenant, link, neighbour, batchId };
}
