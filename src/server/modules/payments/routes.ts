import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RESEND_ANSWER_MESSAGE } from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.js';
import { PaymentProviderError } from '../../integrations/payments/payment-provider.js';
import { AppError } from '../../lib/errors.js';
import { getPaymentResult } from './get-payment-result.js';
import { getPublicPaymentLink } from './get-public-payment-link.js';
import { getReceipt } from './get-receipt.js';
import { recordLinkOpened } from './record-link-opened.js';
import { requestCurrentLink } from './request-current-link.js';
import {
  LinkIdParamsSchema,
  PaymentResultQuerySchema,
  PaymentResultSchema,
  PayRequestSchema,
  PayResponseSchema,
  PublicPaymentLinkSchema,
} from './schemas.js';
import { startPayment } from './start-payment.js';

export const PROVIDER_FAILED_MESSAGE =
  'We could not reach our payment provider. Please try again in a moment.';

/**
 * The leaseholder's calls (public, no session): the link, its first opening, paying, the
 * result and the receipt. The link id in the path is the only key; like every answer under /api,
 * these are kept out of caches, referrers and search indexes (security-headers.ts).
 */
export const paymentRoutes: FastifyPluginAsyncZod<
  AppContext & { provider: PaymentProvider | null }
> = async (app, { provider, ...ctx }) => {
  app.get(
    '/payment-link/:id',
    { schema: { params: LinkIdParamsSchema, response: { 200: PublicPaymentLinkSchema } } },
    async (request) => getPublicPaymentLink(ctx, request.params.id, request.ip),
  );

  app.post(
    '/payment-link/:id/opened',
    { schema: { params: LinkIdParamsSchema } },
    async (request, reply) => {
      await recordLinkOpened(ctx, request.params.id, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    '/payment-link/:id/pay',
    {
      schema: {
        params: LinkIdParamsSchema,
        body: PayRequestSchema,
        response: { 200: PayResponseSchema },
      },
    },
    async (request) => {
      try {
        return await startPayment(ctx, provider, {
          linkId: request.params.id,
          method: request.body.method,
          amount: request.body.amount,
          ip: request.ip,
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        request.log.error({ err: error }, 'payment provider failed to start a checkout');
        throw new AppError('PROVIDER_FAILED', PROVIDER_FAILED_MESSAGE);
      }
    },
  );

  app.post(
    '/payment-link/:id/resend',
    { schema: { params: LinkIdParamsSchema } },
    async (request, reply) => {
      await requestCurrentLink(ctx, { linkId: request.params.id, ip: request.ip });
      return reply.status(202).send({ message: RESEND_ANSWER_MESSAGE });
    },
  );

  app.get(
    '/payment-link/:id/payment',
    {
      schema: {
        params: LinkIdParamsSchema,
        querystring: PaymentResultQuerySchema,
        response: { 200: PaymentResultSchema },
      },
    },
    async (request) => {
      try {
        return await getPaymentResult(
          ctx,
          provider,
          { linkId: request.params.id, ip: request.ip, sessionId: request.query.session_id },
          (problems) =>
            request.log.warn({ problems }, 'returned Checkout Session does not match its link'),
        );
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        request.log.error({ err: error }, 'payment provider failed to confirm a checkout');
        throw new AppError('PROVIDER_FAILED', PROVIDER_FAILED_MESSAGE);
      }
    },
  );

  app.get(
    '/payment-link/:id/receipt',
    { schema: { params: LinkIdParamsSchema } },
    async (request, reply) => {
      const receipt = await getReceipt(ctx, { linkId: request.params.id, ip: request.ip });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${receipt.filename}"`)
        .send(Buffer.from(receipt.pdf));
    },
  );
};
