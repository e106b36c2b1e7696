import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PaymentLinkIdParamsSchema,
  PaymentLinkItemSchema,
  PaymentLinkListQuerySchema,
  PaymentLinkPageSchema,
  RenewalPreviewSchema,
} from '../../../shared/payment-links.js';
import type { AppContext } from '../../context.js';
import { cancelPaymentLink } from './cancel-payment-link.js';
import { PaymentLinkExportQuerySchema, sendPaymentLinksCsv } from './export-payment-links.js';
import { getRenewalPreview } from './get-renewal-preview.js';
import { listPaymentLinks } from './list-payment-links.js';
import { renewPaymentLink } from './renew-payment-link.js';

/** Admin-only (registered inside the admin scope): the Payment Status calls of spec section 7. */
export const paymentLinkRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/payment-links',
    {
      schema: { querystring: PaymentLinkListQuerySchema, response: { 200: PaymentLinkPageSchema } },
    },
    async (request) => listPaymentLinks(ctx, request.query),
  );

  app.get(
    '/payment-links/export.csv',
    { schema: { querystring: PaymentLinkExportQuerySchema } },
    async (request, reply) => sendPaymentLinksCsv(ctx, request.query, reply),
  );

  app.get(
    '/payment-links/:id/renewal',
    { schema: { params: PaymentLinkIdParamsSchema, response: { 200: RenewalPreviewSchema } } },
    async (request) => getRenewalPreview(ctx, request.params.id),
  );

  app.post(
    '/payment-links/:id/cancel',
    { schema: { params: PaymentLinkIdParamsSchema } },
    async (request, reply) => {
      await cancelPaymentLink(ctx, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/payment-links/:id/renew',
    { schema: { params: PaymentLinkIdParamsSchema, response: { 200: PaymentLinkItemSchema } } },
    async (request) => renewPaymentLink(ctx, request.params.id),
  );
};
