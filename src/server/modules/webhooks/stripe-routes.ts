import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import {
  type PaymentProvider,
  WebhookSignatureError,
} from '../../integrations/payments/payment-provider.js';
import { handlePaymentEvent } from '../payments/handle-payment-event.js';

export const INVALID_STRIPE_SIGNATURE_MESSAGE = 'Invalid Stripe webhook signature.';
export const STRIPE_NOT_CONFIGURED_MESSAGE = 'Stripe is not configured on this server.';

/**
 * POST /api/webhooks/stripe. Its own plugin so that its JSON parser, which keeps the raw bytes,
 * applies here only: the signature covers the exact body Stripe sent, and re-serialised JSON
 * would not verify (https://docs.stripe.com/webhooks#verify-events).
 */
export const stripeWebhookRoutes: FastifyPluginAsync<
  AppContext & { provider: PaymentProvider | null }
> = async (app, { provider, ...ctx }) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post('/stripe', async (request, reply) => {
    if (provider?.name !== 'stripe') {
      return reply.status(404).send({ message: STRIPE_NOT_CONFIGURED_MESSAGE });
    }
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    let event: ReturnType<PaymentProvider['parseWebhook']>;
    try {
      event = provider.parseWebhook(raw, typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      request.log.warn('Stripe webhook with an invalid signature refused');
      return reply.status(400).send({ message: INVALID_STRIPE_SIGNATURE_MESSAGE });
    }
    const outcome = await handlePaymentEvent(ctx, event, request.log, provider);
    request.log.info({ event: event.id, type: event.type, outcome }, 'Stripe webhook handled');
    return reply.status(200).send({ received: true });
  });
};
