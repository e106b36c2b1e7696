import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { TEMPLATE_FIELD_INFO, TEMPLATE_FIELDS, type Templates } from '../../../shared/templates.js';
import { getDefaultTemplates, getTemplates } from './get-templates.js';

/** A full, valid record whose every field differs from the defaults. */
function customTemplates(overrides: Partial<Templates> = {}): Templates {
  return {
    ...(Object.fromEntries(
      TEMPLATE_FIELDS.map((field) => [field, `Custom ${field} for {{tenantName}}: {{paymentUrl}}`]),
    ) as Templates),
    ...overrides,
  };
}

describe('templates API (admin)', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  function get(cookie?: string) {
    return t.app.inject({
      method: 'GET',
      url: '/api/templates',
      headers: cookie ? { cookie } : {},
    });
  }

  function put(payload: unknown, cookie?: string) {
    return t.app.inject({
      method: 'PUT',
      url: '/api/templates',
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  }

  it('answers 401 to reading and saving when signed out, and stores nothing', async () => {
    const read = await get();
    const saved = await put(customTemplates());

    expect(read.statusCode).toBe(401);
    expect(saved.statusCode).toBe(401);
    const rows = await t.ctx.db.selectFrom('templates').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('answers the 11 default templates while none are saved', async () => {
    const cookie = await signIn(t.app);

    const response = await get(cookie);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body)).toEqual(TEMPLATE_FIELDS);
    expect(body).toEqual(getDefaultTemplates(t.ctx));
    expect(body.whatsappPaymentLink).toContain('{{paymentUrl}}');
    expect(body.emailPaymentText).toContain('£450.00 + VAT');
  });

  it('saves all 11, answers them, returns them on GET, and audits the changed fields', async () => {
    const cookie = await signIn(t.app);
    const templates = customTemplates();

    const saved = await put(templates, cookie);

    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(templates);
    expect((await get(cookie)).json()).toEqual(templates);
    expect(await getTemplates(t.ctx)).toEqual(templates);

    const row = await t.ctx.db.selectFrom('templates').selectAll().executeTakeFirstOrThrow();
    expect(row.id).toBe('default');
    expect(row.updated_at).toBe(t.clock.now());
    expect(JSON.parse(row.content)).toEqual(templates);

    const audits = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'subject', 'details', 'at'])
      .where('action', '=', 'templates.updated')
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: 'admin', subject: 'default', at: t.clock.now() });
    expect(JSON.parse(audits[0]!.details!)).toEqual({ changedFields: TEMPLATE_FIELDS });
  });

  it('saves again over the one row (upsert) and audits only what changed', async () => {
    const cookie = await signIn(t.app);
    await put(customTemplates(), cookie);
    t.clock.advance(60_000);
    const second = customTemplates({
      whatsappReminder1h: 'Only {{timeRemaining}} left, {{tenantName}}',
      emailConfirmationSubject: 'Thanks for {{amount}}',
    });

    const response = await put(second, cookie);

    expect(response.statusCode).toBe(200);
    expect((await get(cookie)).json()).toEqual(second);
    const rows = await t.ctx.db.selectFrom('templates').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.updated_at).toBe(t.clock.now());
    const last = await t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'templates.updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(last.details!)).toEqual({
      changedFields: ['whatsappReminder1h', 'emailConfirmationSubject'],
    });
  });

  it('stores only the 11 fields, whatever else is sent', async () => {
    const cookie = await signIn(t.app);

    const response = await put({ ...customTemplates(), isAdmin: true, extra: 'x' }, cookie);

    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(TEMPLATE_FIELDS);
    const row = await t.ctx.db.selectFrom('templates').selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(row.content))).toEqual(TEMPLATE_FIELDS);
  });

  it.each(
    TEMPLATE_FIELDS.map((field) => [field, TEMPLATE_FIELD_INFO[field].requiredMessage] as const),
  )('refuses an empty %s with 400 "%s"', async (field, message) => {
    const cookie = await signIn(t.app);

    const empty = await put(customTemplates({ [field]: '' }), cookie);
    const blank = await put(customTemplates({ [field]: '   \n ' }), cookie);
    const { [field]: _missing, ...withoutField } = customTemplates();
    const missing = await put(withoutField, cookie);

    for (const response of [empty, blank, missing]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, errors: [{ field, message }] });
    }
    const rows = await t.ctx.db.selectFrom('templates').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('lists every missing field when the body is empty', async () => {
    const cookie = await signIn(t.app);

    const response = await put({}, cookie);

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      TEMPLATE_FIELDS.map((field) => ({
        field,
        message: TEMPLATE_FIELD_INFO[field].requiredMessage,
      })),
    );
  });

  it('refuses an unknown placeholder, naming it and the field, and keeps the saved copy', async () => {
    const cookie = await signIn(t.app);
    const before = customTemplates();
    await put(before, cookie);

    const response = await put(
      customTemplates({ whatsappPaymentLink: 'Dear {{tenantNme}}, pay at {{ paymentUrl }}' }),
      cookie,
    );

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Unknown placeholder {{tenantNme}} in the WhatsApp payment link template',
      errors: [
        {
          field: 'whatsappPaymentLink',
          message: 'Unknown placeholder {{tenantNme}} in the WhatsApp payment link template',
        },
      ],
    });
    expect((await get(cookie)).json()).toEqual(before);
  });

  it('refuses a save from another origin (403)', async () => {
    const cookie = await signIn(t.app);

    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/templates',
      headers: { origin: 'https://evil.example', cookie },
      payload: customTemplates(),
    });

    expect(response.statusCode).toBe(403);
    const rows = await t.ctx.db.selectFrom('templates').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
