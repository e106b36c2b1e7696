import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API the portal uses: Checkout Sessions
 * (POST /v1/checkout/sessions, form-encoded with Stripe's bracket notation; GET
 * /v1/checkout/sessions/:id, and the list by payment_intent) and the refunds of a PaymentIntent
 * (GET /v1/refunds), answered in Stripe's JSON shapes
 * and error format, with Bearer key auth. The real `stripe` SDK talks to it through its
 * host/port/protocol options (STRIPE_API_BASE_URL). It records every request, builds webhook
 * events (checkout, refund, dispute) signed exactly as Stripe signs them (the SDK's own
 * test-header helper), and serves a tiny hosted "Checkout" page so browser tests can follow the
 * redirect and finish a payment.
 */

export type FakeParams = { [key: string]: FakeValue };
export type FakeValue = string | FakeValue[] | FakeParams;

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form body decoded into nested objects and arrays (all leaves are strings). */
  params: FakeParams;
  headers: Record<string, string | undefined>;
  status: number;
}

export type FakeSession = Record<string, unknown> & {
  id: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_method_types: string[];
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  success_url: string;
  cancel_url: string;
  url: string | null;
};

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string;
  status: 'succeeded' | 'failed';
  failure_reason: string | null;
}

export type CheckoutEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

function setPath(target: FakeParams, path: string[], value: string): void {
  let node: FakeParams | FakeValue[] = target;
  for (const [index, key] of path.entries()) {
    const isLast = index === path.length - 1;
    const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
    const slot = Array.isArray(node) ? Number(key) : key;
    const container = node as Record<string | number, FakeValue>;
    if (isLast) {
      container[slot] = value;
      return;
    }
    container[slot] ??= nextIsIndex ? [] : {};
    node = container[slot] as FakeParams | FakeValue[];
  }
}

/** `line_items[0][price_data][unit_amount]=1000` → { line_items: [{ price_data: { … } }] }. */
export function parseStripeForm(body: string): FakeParams {
  const params: FakeParams = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    setPath(params, path, value);
  }
  return params;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(7).toString('hex')}`,
  });
  response.end(JSON.stringify(body));
}

/** Stripe's error envelope (https://docs.stripe.com/api/errors). */
function sendError(
  response: ServerResponse,
  status: number,
  error: { type: string; message: string; code?: string; param?: string },
) {
  sendJson(response, status, { error });
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export interface FakeStripeOptions {
  /** The key the SDK must send (Authorization: Bearer …). */
  secretKey: string;
  /** Signs the webhook events this fake builds. */
  webhookSecret: string;
  /** When set, the hosted page's Pay button posts the signed events here, as Stripe would. */
  webhookUrl?: string;
  port?: number;
}

export async function startFakeStripeApi(options: FakeStripeOptions) {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  /** Refunds by PaymentIntent, oldest first. */
  const refunds = new Map<string, FakeRefund[]>();
  const failures: { status: number; message: string }[] = [];
  let url = '';
  let eventCount = 0;

  const createSession = (params: FakeParams): FakeSession | string => {
    const lineItems = params.line_items;
    if (params.mode !== 'payment') return 'mode: only payment mode is supported by this fake';
    if (typeof params.success_url !== 'string') return 'Missing required param: success_url.';
    if (!Array.isArray(lineItems) || lineItems.length === 0) {
      return 'Missing required param: line_items.';
    }
    let total = 0;
    let currency = '';
    for (const item of lineItems as FakeParams[]) {
      const price = item.price_data as FakeParams | undefined;
      const amount = Number(price?.unit_amount);
      if (!price || !Number.isInteger(amount) || amount < 1) {
        return 'Invalid line_items[0][price_data][unit_amount]: must be a positive integer.';
      }
      total += amount * Number(item.quantity ?? 1);
      currency = String(price.currency ?? '');
    }
    const allowed = params.allowed_payment_method_types;
    const types = Array.isArray(allowed) ? (allowed as string[]) : ['card'];
    const id = `cs_test_${randomBytes(29).toString('hex')}`;
    return {
      id,
      object: 'checkout.session',
      allowed_payment_method_types: Array.isArray(allowed) ? types : null,
      amount_subtotal: total,
      amount_total: total,
      cancel_url: String(params.cancel_url ?? ''),
      client_reference_id: (params.client_reference_id as string | undefined) ?? null,
      created: Math.floor(Date.now() / 1000),
      currency,
      customer_email: (params.customer_email as string | undefined) ?? null,
      expires_at: Number(params.expires_at ?? Math.floor(Date.now() / 1000) + 86_400),
      livemode: false,
      locale: (params.locale as string | undefined) ?? null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_method_types: types,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
      url: `${url}/c/pay/${id}`,
    };
  };

  /** A Stripe Event wrapping an object, as the webhook delivers it. */
  const eventOf = (
    type: string,
    object: Record<string, unknown>,
    overrides: { id?: string; created?: number } = {},
  ) => {
    eventCount += 1;
    return {
      id: overrides.id ?? `evt_test_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: overrides.created ?? Math.floor(Date.now() / 1000),
      data: { object: { ...object } },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  };

  const eventFor = (
    type: CheckoutEventType,
    session: FakeSession,
    overrides: { id?: string; created?: number } = {},
  ) => eventOf(type, session, overrides);

  const refundsOf = (session: FakeSession) => {
    const key = String(session.payment_intent);
    if (!refunds.has(key)) refunds.set(key, []);
    return refunds.get(key)!;
  };
  const givenBack = (list: FakeRefund[]) =>
    list.reduce((sum, refund) => sum + (refund.status === 'failed' ? 0 : refund.amount), 0);

  /**
   * `charge.refunded` for a completed session's payment: `refundedPence` is the running total
   * of refunds not failed, as the charge's `amount_refunded`. A total above what was refunded so
   * far makes a refund of the difference, which the refunds list then shows; a lower one is an
   * older event, as Stripe may deliver late.
   */
  const refundEventFor = (session: FakeSession, refundedPence: number, reason = 'duplicate') => {
    const list = refundsOf(session);
    const more = refundedPence - givenBack(list);
    const refund: FakeRefund = {
      id: `re_test_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount: more,
      currency: session.currency,
      payment_intent: String(session.payment_intent),
      reason,
      status: 'succeeded',
      failure_reason: null,
    };
    if (more > 0) list.push(refund);
    return eventOf('charge.refunded', {
      id: `ch_test_${String(session.payment_intent).slice(8)}`,
      object: 'charge',
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: refundedPence,
      currency: session.currency,
      payment_intent: session.payment_intent,
      refunded: refundedPence >= session.amount_total,
      refunds: { object: 'list', data: [{ ...refund, amount: refundedPence }], has_more: false },
    });
  };

  /** The session's latest refund fails (a closed card): `charge.refund.updated`, as Stripe sends. */
  const failRefundEventFor = (session: FakeSession, failureReason = 'expired_or_canceled_card') => {
    const refund = refundsOf(session).findLast((candidate) => candidate.status !== 'failed');
    if (!refund) throw new Error('No refund of this session to fail');
    refund.status = 'failed';
    refund.failure_reason = failureReason;
    return eventOf('charge.refund.updated', { ...refund });
  };

  /** A `charge.dispute.*` event for a completed session's payment. */
  const disputeEventFor = (
    type: string,
    session: FakeSession,
    dispute: { status: string; amount?: number; reason?: string },
  ) =>
    eventOf(type, {
      id: `dp_test_${String(session.payment_intent).slice(8)}`,
      object: 'dispute',
      amount: dispute.amount ?? session.amount_total,
      charge: `ch_test_${String(session.payment_intent).slice(8)}`,
      currency: session.currency,
      payment_intent: session.payment_intent,
      reason: dispute.reason ?? 'fraudulent',
      status: dispute.status,
      evidence_details: {
        due_by: Math.floor(Date.UTC(2026, 11, 12, 23, 59) / 1000),
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
    });

  /** The body and headers of a webhook delivery, signed with the SDK's own test helper. */
  const signedWebhook = (
    event: unknown,
    signOptions: { timestamp?: number; secret?: string } = {},
  ) => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: signOptions.secret ?? options.webhookSecret,
      ...(signOptions.timestamp === undefined ? {} : { timestamp: signOptions.timestamp }),
    });
    return {
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    };
  };

  /** The leaseholder finished the hosted page: card and open banking pay at once, Bacs settles later. */
  const complete = (id: string, paymentStatus?: 'paid' | 'unpaid') => {
    const session = sessions.get(id);
    if (!session) throw new Error(`fake Stripe: no session ${id}`);
    session.status = 'complete';
    session.payment_intent ??= `pi_test_${randomBytes(12).toString('hex')}`;
    session.payment_status =
      paymentStatus ?? (session.payment_method_types[0] === 'bacs_debit' ? 'unpaid' : 'paid');
    return session;
  };

  const deliver = async (event: unknown) => {
    if (!options.webhookUrl) return;
    const { payload, headers } = signedWebhook(event);
    await fetch(options.webhookUrl, { method: 'POST', headers, body: payload });
  };

  const handleApi = async (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: URLSearchParams,
  ) => {
    const body = await readBody(request);
    const params = parseStripeForm(body);
    const record = (status: number) =>
      requests.push({
        method: request.method ?? '',
        path,
        params,
        headers: {
          'idempotency-key': request.headers['idempotency-key'] as string | undefined,
          'stripe-version': request.headers['stripe-version'] as string | undefined,
          'user-agent': request.headers['user-agent'],
        },
        status,
      });
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      record(401);
      return sendError(response, 401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided.',
      });
    }
    const failure = failures.shift();
    if (failure) {
      record(failure.status);
      return sendError(response, failure.status, { type: 'api_error', message: failure.message });
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const session = createSession(params);
      if (typeof session === 'string') {
        record(400);
        return sendError(response, 400, { type: 'invalid_request_error', message: session });
      }
      sessions.set(session.id, session);
      record(200);
      return sendJson(response, 200, session);
    }
    if (request.method === 'GET' && path === '/v1/checkout/sessions') {
      const paymentIntent = query.get('payment_intent');
      const data = [...sessions.values()].filter(
        (session) => !paymentIntent || session.payment_intent === paymentIntent,
      );
      record(200);
      return sendJson(response, 200, {
        object: 'list',
        data: data.slice(0, Number(query.get('limit') ?? 10)),
        has_more: false,
        url: '/v1/checkout/sessions',
      });
    }
    if (request.method === 'GET' && path === '/v1/refunds') {
      const data = refunds.get(query.get('payment_intent') ?? '') ?? [];
      record(200);
      // Newest first, as Stripe lists them.
      return sendJson(response, 200, {
        object: 'list',
        data: [...data].reverse(),
        has_more: false,
        url: '/v1/refunds',
      });
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (!session) {
        record(404);
        return sendError(response, 404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${match[1]}'`,
        });
      }
      record(200);
      return sendJson(response, 200, session);
    }
    record(404);
    return sendError(response, 404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${request.method}: ${path}).`,
    });
  };

  /** The hosted page: shows the amount and a Pay button that finishes the session. */
  const handleHostedPage = async (
    request: IncomingMessage,
    response: ServerResponse,
    id: string,
  ) => {
    const session = sessions.get(id);
    if (!session) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return response.end('No such Checkout Session');
    }
    if (request.method === 'POST') {
      await readBody(request);
      complete(id);
      await deliver(eventFor('checkout.session.completed', session));
      const target = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
      response.writeHead(303, { location: target });
      return response.end();
    }
    const amount = (session.amount_total / 100).toFixed(2);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Fake Stripe Checkout</title></head>
<body><main><h1>Fake Stripe Checkout</h1>
<p>Pay <strong>£${escapeHtml(amount)}</strong> by <span id="method">${escapeHtml(session.payment_method_types.join(', '))}</span></p>
<form method="post"><button type="submit">Pay</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p></main></body></html>`);
  };

  const server = createServer((request, response) => {
    const [path = '/', search = ''] = (request.url ?? '/').split('?');
    const hosted = /^\/c\/pay\/([^/]+)$/.exec(path);
    const work = hosted
      ? handleHostedPage(request, response, decodeURIComponent(hosted[1]!))
      : path === '/_fake/requests'
        ? Promise.resolve(sendJson(response, 200, requests))
        : handleApi(request, response, path, new URLSearchParams(search));
    work.catch((error: unknown) => {
      if (!response.headersSent)
        sendError(response, 500, { type: 'api_error', message: String(error) });
      else response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    requests,
    sessions,
    /** The next API call answers this error instead (e.g. 500 to test a provider outage). */
    failNext(status = 500, message = 'Fake Stripe outage') {
      failures.push({ status, message });
    },
    /** Session-creation requests, newest last. */
    createdSessions: () =>
      requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions'),
    complete,
    eventFor,
    refundEventFor,
    failRefundEventFor,
    disputeEventFor,
    signedWebhook,
    get eventCount() {
      return eventCount;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type FakeStripeApi = Awaited<ReturnType<typeof startFakeStripeApi>>;
