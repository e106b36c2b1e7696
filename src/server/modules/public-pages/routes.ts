import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { penceToDecimalString } from '../../../shared/money.js';
import {
  type FormAnswer,
  type PageData,
  type PaymentPageData,
  PUBLIC_PAGE_TITLES,
} from '../../../shared/page-data.js';
import { checkPartAmount } from '../../../shared/part-payment.js';
import {
  linkIdOfPage,
  type PayResponse,
  type PublicPaymentLink,
  paymentLinkApiPath,
  RESEND_ANSWER_MESSAGE,
} from '../../../shared/payment-page.js';
import type { AppContext } from '../../context.js';
import { type StaticClient, setLinkPageHeaders } from '../../http/static-client.js';
import { CROSS_SITE_MESSAGE } from '../auth/check-same-origin.js';
import { askApi } from './ask-api.js';
import { isCrossSiteFormPost } from './cross-site-forms.js';

const NOT_BUILT = 'The web client has not been built. Run `npm run build` or `npm start`.';
const PAYMENT_FAILED = 'There was an error processing your payment. Please try again.';
const RESEND_FAILED =
  'We could not send your link just now. Please try again later, or ask us to call you.';

type Form = Record<string, unknown>;

/** A field of a posted form: its first value as text ('' when missing). */
function field(form: Form, name: string): string {
  const value = form[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/**
 * The leaseholder's pages rendered on the server (issue 31): `/`, `/payment/{id}` and
 * `/payment-success`, each from the answers of the public API it would otherwise fetch. Their
 * forms also post here as plain forms, so paying, asking for a link again and asking for a call
 * work without JavaScript: each post is turned into its API call and the page is rendered with
 * the answer, or, for a payment, redirected to Stripe Checkout or the success page.
 */
export const publicPageRoutes: FastifyPluginAsync<AppContext & { client: StaticClient }> = async (
  app,
  { client, ...ctx },
) => {
  await app.register(formbody, { bodyLimit: 16_384 });
  // The rendered pages (their styles inline) go compressed: on a phone's connection every
  // kilobyte of the first response is time before the balance shows.
  await app.register(compress, {
    // gzip first: for a page made afresh on each request it costs the server less time than
    // Brotli for nearly the same size.
    encodings: ['gzip', 'br'],
    threshold: 1024,
  });
  const origin = ctx.config.publicBaseUrl;
  const ask = <T>(request: FastifyRequest, method: 'GET' | 'POST', url: string, body?: unknown) =>
    askApi<T>(app, request, { method, url, body, origin });

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    data: PageData,
    status = 200,
  ): Promise<FastifyReply> {
    if (data.page === 'landing') reply.header('Cache-Control', 'no-cache');
    else setLinkPageHeaders(reply);
    if (!client.sendRendered) return reply.status(503).type('text/plain').send(NOT_BUILT);
    const title = data.page === 'landing' ? undefined : PUBLIC_PAGE_TITLES[data.page];
    return client.sendRendered(reply, { url: request.url, data, status, title });
  }

  function refuseCrossSite(request: FastifyRequest, reply: FastifyReply): boolean {
    if (!isCrossSiteFormPost(request, ctx.config)) return false;
    request.log.warn('cross-site form post refused');
    void reply.status(403).type('text/plain').send(CROSS_SITE_MESSAGE);
    return true;
  }

  const callMeNow = async (request: FastifyRequest, form: Form) => {
    const phoneNumber = field(form, 'phoneNumber');
    return ask<FormAnswer>(request, 'POST', '/api/call-me-now', { phoneNumber });
  };

  app.get('/', (request, reply) => render(request, reply, { page: 'landing' }));

  app.post('/', async (request, reply) => {
    if (refuseCrossSite(request, reply)) return reply;
    const answer = await callMeNow(request, (request.body ?? {}) as Form);
    return render(request, reply, { page: 'landing', callMeNow: answer.body }, answer.status);
  });

  async function paymentPage(
    request: FastifyRequest,
    linkId: string,
    extra: Partial<PaymentPageData> = {},
  ): Promise<PaymentPageData> {
    const link = await ask<PublicPaymentLink>(request, 'GET', paymentLinkApiPath(linkId));
    return { page: 'payment', linkId, renderedAt: ctx.clock.now(), link, ...extra };
  }

  /** The page's link id as its router reads it; null for an address it has no page for. */
  const linkIdOf = (request: FastifyRequest) => linkIdOfPage(request.url.split('?')[0] ?? '');

  app.get('/payment/*', async (request, reply) => {
    const linkId = linkIdOf(request);
    if (!linkId) return client.sendPage(request, reply);
    const data = await paymentPage(request, linkId);
    return render(request, reply, data, data.link.status);
  });

  app.post('/payment/*', async (request, reply) => {
    const linkId = linkIdOf(request);
    if (!linkId) return client.sendPage(request, reply);
    if (refuseCrossSite(request, reply)) return reply;
    const form = (request.body ?? {}) as Form;
    const intent = field(form, 'intent');
    if (intent === 'resend') {
      const answer = await ask<{ message?: string }>(
        request,
        'POST',
        paymentLinkApiPath(linkId, '/resend'),
      );
      const isSent = answer.status === 202 || answer.status === 200;
      const resend = {
        success: isSent,
        message: isSent ? (answer.body.message ?? RESEND_ANSWER_MESSAGE) : RESEND_FAILED,
      };
      const data = await paymentPage(request, linkId, { resend });
      return render(request, reply, data, data.link.status);
    }
    if (intent === 'call-me') {
      const answer = await callMeNow(request, form);
      const data = await paymentPage(request, linkId, { callMe: answer.body });
      return render(request, reply, data, answer.status === 200 ? data.link.status : answer.status);
    }
    return pay(request, reply, linkId, form);
  });

  /**
   * Pay without JavaScript: the whole balance, or the amount typed under "Pay a different
   * amount" when that part's own button was pressed. The amount is checked as the page checks
   * it, then by the API against the balance at that moment.
   */
  async function pay(request: FastifyRequest, reply: FastifyReply, linkId: string, form: Form) {
    const isPart = field(form, 'payAmount') === 'part';
    const typed = field(form, 'amount');
    const refuse = async (status: number, message: string) => {
      const payError = isPart ? { message, amount: typed } : { message };
      const data = await paymentPage(request, linkId, { payError });
      return render(request, reply, data, status);
    };
    let amount: string | undefined;
    if (isPart) {
      const current = await ask<PublicPaymentLink>(request, 'GET', paymentLinkApiPath(linkId));
      if (current.status === 200) {
        const link = current.body;
        const limits = { minimumPence: link.minimumPence, balancePence: link.amountPence };
        const check = checkPartAmount(typed, limits);
        if ('problem' in check) return refuse(400, check.problem);
        if (check.pence !== link.amountPence) amount = penceToDecimalString(check.pence);
      }
    }
    const method = field(form, 'method') || 'card';
    const answer = await ask<PayResponse & { message?: string }>(
      request,
      'POST',
      paymentLinkApiPath(linkId, '/pay'),
      amount === undefined ? { method } : { method, amount },
    );
    if (answer.status !== 200) return refuse(answer.status, answer.body.message ?? PAYMENT_FAILED);
    if (answer.body.kind === 'redirect') return reply.redirect(answer.body.url, 303);
    return reply.redirect(`/payment-success?link_id=${encodeURIComponent(linkId)}`, 303);
  }

  app.get('/payment-success', async (request, reply) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const linkId = query.get('link_id') ?? '';
    if (!linkId) return render(request, reply, { page: 'payment-success', linkId }, 404);
    const sessionId = query.get('session_id');
    const rest = sessionId ? `/payment?session_id=${encodeURIComponent(sessionId)}` : '/payment';
    const result = await ask<never>(request, 'GET', paymentLinkApiPath(linkId, rest));
    return render(request, reply, { page: 'payment-success', linkId, result }, result.status);
  });
};
