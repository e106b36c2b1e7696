import type { FastifyServerOptions } from 'fastify';

/**
 * Request logs without personal data (ARCHITECTURE section 7): no client addresses, no query
 * strings (they can carry names and amounts), and link ids replaced because a link id is the
 * key to someone's balance.
 */
export function redactUrl(url: string): string {
  const pathOnly = url.split('?')[0] ?? url;
  return pathOnly.replace(/\/(payment|payment-link|payment-links)\/[^/]+/g, '/$1/:id');
}

export function requestLogOptions(level: string | false): Partial<FastifyServerOptions> {
  if (level === false || level === 'silent') return { logger: false };
  return {
    logger: {
      level,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        req: (request: { method: string; url: string; id?: string }) => ({
          id: request.id,
          method: request.method,
          url: redactUrl(request.url),
        }),
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      },
    },
  };
}
