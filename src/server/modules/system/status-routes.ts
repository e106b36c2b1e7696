import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditPageSchema,
  AuditQuerySchema,
  JobListQuerySchema,
  JobPageSchema,
  RetryJobResultSchema,
  SystemOverviewSchema,
} from '../../../shared/system-status.js';
import type { AppContext } from '../../context.js';
import { getSystemOverview } from './get-system-overview.js';
import { listAuditLog } from './list-audit-log.js';
import { listJobPage } from './list-job-page.js';
import { retryJob } from './retry-job.js';

/** Admin-only (inside the admin scope): the System page's reads and the dead-job retry. */
export const systemStatusRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/system/overview', { schema: { response: { 200: SystemOverviewSchema } } }, async () =>
    getSystemOverview(ctx),
  );

  app.get(
    '/system/jobs',
    { schema: { querystring: JobListQuerySchema, response: { 200: JobPageSchema } } },
    async (request) => listJobPage(ctx, request.query),
  );

  app.post(
    '/system/jobs/:id/retry',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().positive('Job id must be a number.') }),
        response: { 200: RetryJobResultSchema },
      },
    },
    async (request) => retryJob(ctx, request.params.id),
  );

  app.get(
    '/system/audit',
    { schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } },
    async (request) => listAuditLog(ctx, request.query),
  );
};
