import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { storageError } from '../db/storage-faults.js';
import { AppError, type AppErrorCode } from '../lib/errors.js';

export interface ErrorBody {
  message: string;
  errors?: { field: string; message: string }[];
}

/** The one code → status map (documenso's AppError model): services never choose a status. */
const APP_ERROR_STATUS: Record<AppErrorCode, number> = {
  INVALID_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  LIMIT_EXCEEDED: 429,
  PROVIDER_FAILED: 502,
  UNAVAILABLE: 503,
  STORAGE_FULL: 507,
};

export function statusOf(error: AppError): number {
  return APP_ERROR_STATUS[error.code];
}

const friendlyClientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
};

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

/**
 * One error handler for every route (issue 2, item 4): validation errors answer 400 with each
 * field's message (the first one is the `message`, so a client can show it as is); AppErrors
 * answer their own status; a full or failing disk answers 507 or 503 and logs its cause (on any
 * route); anything else unexpected is logged and answers 500 without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    if (error instanceof ZodError) {
      const errors = error.issues.map((issue) => ({
        field: issue.path.join('.') || 'body',
        message: issue.message,
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    const appError = error instanceof AppError ? error : storageError(error);
    if (appError) {
      const status = statusOf(appError);
      if (status >= 500 && appError.cause !== undefined) {
        request.log.error(
          { err: appError.cause },
          `${causeOf(appError.cause)}: answered ${status}`,
        );
      }
      return reply
        .status(status)
        .headers(appError.headers)
        .send({ ...appError.body, message: appError.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && friendlyClientErrors[error.code]) || error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again in a moment.' });
  });
}

/** "SQLITE_FULL: database or disk is full": the underlying error's code and words. */
function causeOf(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as { code?: unknown }).code;
  return `${typeof code === 'string' ? code : cause.name}: ${cause.message}`;
}
