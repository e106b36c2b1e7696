import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { type Logger, pino } from 'pino';

/**
 * Request logs without personal data (ARCHITECTURE section 7): no client addresses, no query
 * strings (they can carry names and amounts), and link ids replaced because a link id is the
 * key to someone's balance.
 */
export function redactUrl(url: string): string {
  const pathOnly = url.split('?')[0] ?? url;
  return pathOnly.replace(/\/(payment|payment-link|payment-links)\/[^/]+/g, '/$1/:id');
}

/** The app's logger: pino at `level` (which may be silent). */
export function createAppLogger(level: string): Logger {
  return pino({
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
  });
}

/**
 * How Fastify logs through `logger` (decision 0011). Where the level shows Fastify's per-request
 * lines (info and below), Fastify uses the logger as its own. Above that, Fastify's own logger is
 * off and each request's `request.log` is a RequestLogger on ours: with a logger of its own,
 * Fastify made a pino child logger for every request and listened for every response's end to
 * time it, for lines that level never writes. Together that was a tenth of the public link
 * read's time. Lost with it: Fastify's "request errored" line for a response that fails while
 * being written (the client went away), which it times; every error a route or the error handler
 * logs is still written.
 */
export function requestLogOptions(logger: Logger | null): Partial<FastifyServerOptions> {
  if (logger === null || logger.level === 'silent') return { logger: false };
  if (logger.isLevelEnabled('info')) return { loggerInstance: logger };
  return {
    logger: false,
    // A route's own `logLevel` or `logSerializers` arrive as options: that child is made at once.
    childLoggerFactory: (_silent, bindings, options) =>
      options.level || options.serializers
        ? logger.child(bindings, options)
        : new RequestLogger(logger, bindings),
  };
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger: the app logger's child with the request id, made only when the request
 * writes a line at a level that is shown. Most requests never write one.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  #child: Logger | null = null;

  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#write('error', args);
  }

  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }

  info(...args: unknown[]): void {
    this.#write('info', args);
  }

  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }

  #write(level: Level, args: unknown[]): void {
    const logger = this.#child ?? this.#parent;
    if (!logger.isLevelEnabled(level)) return;
    const real = this.#real();
    (real[level] as (...args: unknown[]) => void).apply(real, args);
  }

  #real(): Logger {
    if (this.#child === null) this.#child = this.#parent.child(this.#bindings);
    return this.#child;
  }
}
