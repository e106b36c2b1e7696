import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import pretty from 'pino-pretty';

/**
 * Request logs without personal data (ARCHITECTURE section 7): no client addresses, no query
 * strings (they can carry names and amounts), and link ids replaced because a link id is the
 * key to someone's balance.
 */
export function redactUrl(url: string): string {
  const pathOnly = url.split('?')[0] ?? url;
  return pathOnly.replace(/\/(payment|payment-link|payment-links)\/[^/]+/g, '/$1/:id');
}

const loggerOptions = (level: string): LoggerOptions => ({
  level,
  serializers: {
    req: (request: { id?: string; method: string; url: string }) => ({
      id: request.id,
      method: request.method,
      url: redactUrl(request.url),
    }),
    res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  },
});

/**
 * The app's logger: readable lines for a person watching `npm start` in a terminal, JSON lines
 * for a log collector (production, or output that is not a terminal). Tests pass `destination`.
 */
export function createAppLogger(
  config: { logLevel: string; isProduction: boolean },
  destination?: DestinationStream,
): Logger {
  if (destination) return pino(loggerOptions(config.logLevel), destination);
  if (config.isProduction || !process.stdout.isTTY) return pino(loggerOptions(config.logLevel));
  return pino(
    loggerOptions(config.logLevel),
    // Synchronous, so the lines keep their order with the start-up banner's console output.
    pretty({
      sync: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,req,res,responseTime',
    }),
  );
}

/**
 * One line per request, written when it is answered, that reads on its own:
 * `GET /payment/:id 200 (3 ms)`. Fastify's default is two lines, the first before anything is
 * known.
 */
export class RequestLogLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, line);
    else reply.log.info(fields, line);
  }
}
