import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChasePreviewSchema, ChaseProgressSchema } from '../../../shared/chase.js';
import {
  BalanceCorrectionSchema,
  ContactUpdateSchema,
  HoldRequestSchema,
  LeaseholderDetailSchema,
  LeaseholderExportQuerySchema,
  LeaseholderIdParamsSchema,
  LeaseholderListQuerySchema,
  LeaseholderPageSchema,
  NoteRequestSchema,
  OfflinePaymentRequestSchema,
  PaymentReversalSchema,
  PaymentsExportQuerySchema,
} from '../../../shared/leaseholders.js';
import { StaffTextRequestSchema } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import { addNote } from './add-note.js';
import { getChase, previewChase, startChase } from './chase-owing.js';
import { correctBalance } from './correct-balance.js';
import { editContact } from './edit-contact.js';
import { sendAccountsCsv } from './export-accounts.js';
import { sendPaymentsCsv } from './export-payments.js';
import { getAccount } from './get-account.js';
import { endHold, holdChasing } from './hold-chasing.js';
import { listAccounts } from './list-accounts.js';
import { offlineReceipt } from './offline-receipt.js';
import { recordOfflinePayment } from './record-offline-payment.js';
import { reverseOfflinePayment } from './reverse-offline-payment.js';
import { sendNewLink } from './send-new-link.js';
import { sendStaffText } from './send-staff-text.js';

const ReceiptParamsSchema = LeaseholderIdParamsSchema.extend({
  paymentId: z.string().min(1).max(100),
});

/**
 * Admin-only (registered inside the admin scope): leaseholder accounts (issue 29). Every action
 * answers the account as it now is, so the page shows the new balance and timeline at once.
 */
export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const detail = { 200: LeaseholderDetailSchema };
  const params = LeaseholderIdParamsSchema;

  app.get(
    '/leaseholders',
    {
      schema: { querystring: LeaseholderListQuerySchema, response: { 200: LeaseholderPageSchema } },
    },
    async (request) => listAccounts(ctx, request.query),
  );
  app.get(
    '/leaseholders/export.csv',
    { schema: { querystring: LeaseholderExportQuerySchema } },
    async (request, reply) => sendAccountsCsv(ctx, request.query, reply),
  );
  app.get(
    '/payments/export.csv',
    { schema: { querystring: PaymentsExportQuerySchema } },
    async (request, reply) => sendPaymentsCsv(ctx, request.query, reply),
  );
  app.get('/leaseholders/chase', { schema: { response: { 200: ChasePreviewSchema } } }, async () =>
    previewChase(ctx),
  );
  app.post(
    '/leaseholders/chase',
    { schema: { response: { 202: ChaseProgressSchema } } },
    async (_request, reply) => reply.status(202).send(await startChase(ctx)),
  );
  app.get(
    '/leaseholders/chase/:chaseId',
    {
      schema: {
        params: z.object({ chaseId: z.string().min(1).max(100) }),
        response: { 200: ChaseProgressSchema },
      },
    },
    async (request) => getChase(ctx, request.params.chaseId),
  );
  app.get('/leaseholders/:id', { schema: { params, response: detail } }, async (request) =>
    getAccount(ctx, request.params.id),
  );
  app.patch(
    '/leaseholders/:id',
    { schema: { params, body: ContactUpdateSchema, response: detail } },
    async (request) => {
      await editContact(ctx, request.params.id, request.body);
      return getAccount(ctx, request.params.id);
    },
  );
  app.post(
    '/leaseholders/:id/payments',
    {
      schema: {
        params,
        body: OfflinePaymentRequestSchema,
        response: { 201: LeaseholderDetailSchema },
      },
    },
    async (request, reply) => {
      await recordOfflinePayment(ctx, request.params.id, request.body);
      return reply.status(201).send(await getAccount(ctx, request.params.id));
    },
  );
  app.post(
    '/leaseholders/:id/payments/:paymentId/reverse',
    { schema: { params: ReceiptParamsSchema, body: PaymentReversalSchema, response: detail } },
    async (request) => {
      const { id, paymentId } = request.params;
      await reverseOfflinePayment(ctx, id, paymentId, request.body);
      return getAccount(ctx, id);
    },
  );
  app.put(
    '/leaseholders/:id/balance',
    { schema: { params, body: BalanceCorrectionSchema, response: detail } },
    async (request) => {
      await correctBalance(ctx, request.params.id, request.body);
      return getAccount(ctx, request.params.id);
    },
  );
  app.get(
    '/leaseholders/:id/payments/:paymentId/receipt',
    { schema: { params: ReceiptParamsSchema } },
    async (request, reply) => {
      const receipt = await offlineReceipt(ctx, request.params.id, request.params.paymentId);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${receipt.filename}"`)
        .send(Buffer.from(receipt.pdf));
    },
  );
  app.post(
    '/leaseholders/:id/hold',
    { schema: { params, body: HoldRequestSchema, response: detail } },
    async (request) => {
      await holdChasing(ctx, request.params.id, request.body);
      return getAccount(ctx, request.params.id);
    },
  );
  app.delete(
    '/leaseholders/:id/hold',
    { schema: { params, response: detail } },
    async (request) => {
      await endHold(ctx, request.params.id);
      return getAccount(ctx, request.params.id);
    },
  );
  app.post(
    '/leaseholders/:id/links',
    { schema: { params, response: { 201: LeaseholderDetailSchema } } },
    async (request, reply) => {
      await sendNewLink(ctx, request.params.id);
      return reply.status(201).send(await getAccount(ctx, request.params.id));
    },
  );
  app.post(
    '/leaseholders/:id/texts',
    {
      schema: { params, body: StaffTextRequestSchema, response: { 201: LeaseholderDetailSchema } },
    },
    async (request, reply) => {
      await sendStaffText(ctx, request.params.id, request.body);
      return reply.status(201).send(await getAccount(ctx, request.params.id));
    },
  );
  app.post(
    '/leaseholders/:id/notes',
    { schema: { params, body: NoteRequestSchema, response: { 201: LeaseholderDetailSchema } } },
    async (request, reply) => {
      await addNote(ctx, request.params.id, request.body.text);
      return reply.status(201).send(await getAccount(ctx, request.params.id));
    },
  );
};
