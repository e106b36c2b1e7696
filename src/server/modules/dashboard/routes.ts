import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DashboardStatsSchema,
  DisputedPaymentSchema,
  ExpiringLinkSchema,
  LeaseholderRepliesSchema,
  RecentPaymentSchema,
  UnsentUploadSchema,
} from '../../../shared/dashboard.js';
import type { AppContext } from '../../context.js';
import { getDashboardStats } from './get-dashboard-stats.js';
import { listUnreadReplies, markReplyRead } from './leaseholder-replies.js';
import { listDisputes, listExpiringLinks, listRecentPayments } from './list-dashboard-lists.js';
import { listUnsentUploads } from './list-unsent-uploads.js';

/** Admin-only (registered inside the admin scope): the dashboard calls of spec section 7. */
export const dashboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/dashboard/stats', { schema: { response: { 200: DashboardStatsSchema } } }, async () =>
    getDashboardStats(ctx),
  );
  app.get(
    '/dashboard/recent-payments',
    { schema: { response: { 200: RecentPaymentSchema.array() } } },
    async () => listRecentPayments(ctx),
  );
  app.get(
    '/dashboard/disputes',
    { schema: { response: { 200: DisputedPaymentSchema.array() } } },
    async () => listDisputes(ctx),
  );
  app.get(
    '/dashboard/expiring-links',
    { schema: { response: { 200: ExpiringLinkSchema.array() } } },
    async () => listExpiringLinks(ctx),
  );
  app.get(
    '/dashboard/unsent-uploads',
    { schema: { response: { 200: UnsentUploadSchema.array() } } },
    async () => listUnsentUploads(ctx),
  );
  app.get(
    '/dashboard/replies',
    { schema: { response: { 200: LeaseholderRepliesSchema } } },
    async () => listUnreadReplies(ctx),
  );
  app.post(
    '/dashboard/replies/:id/read',
    { schema: { params: z.object({ id: z.string().max(64) }) } },
    async (request, reply) => {
      await markReplyRead(ctx, request.params.id);
      return reply.status(204).send();
    },
  );
};
