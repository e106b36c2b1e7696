import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiAnswer } from '../../../shared/page-data.js';

/**
 * Asks the portal's own public API in-process (Fastify's inject), as the page's script would
 * over the network: a server-rendered page and a form posted without JavaScript get exactly the
 * answers, statuses, checks and rate limits the API gives, with the visitor's address. The
 * same-origin check of the API is met here; the form routes make their own (cross-site-forms.ts).
 */
export async function askApi<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  call: { method: 'GET' | 'POST'; url: string; body?: unknown; origin: string },
): Promise<ApiAnswer<T>> {
  const response = await app.inject({
    method: call.method,
    url: call.url,
    remoteAddress: request.ip,
    headers: {
      origin: call.origin,
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
  });
  let body: unknown = {};
  try {
    body = response.body ? JSON.parse(response.body) : {};
  } catch {
    body = { message: '' };
  }
  return { status: response.statusCode, body: body as T };
}
