import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EraseLeaseholderBodySchema,
  EraseLeaseholderResultSchema,
  LeaseholderIdParamsSchema,
} from '../../../shared/data-protection.js';
import type { AppContext } from '../../context.js';
import { eraseLeaseholder } from './erase-leaseholder.js';
import { exportLeaseholder } from './export-leaseholder.js';

/** A file name from the account's reference (or id) that no header or file system objects to. */
function exportFileName(account: { id: string; reference: string | null }): string {
  const name = (account.reference ?? account.id).replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60);
  return `leaseholder-${name || 'account'}-data.json`;
}

/** Admin-only (inside the admin scope): a leaseholder's subject-access export and erasure. */
export const dataProtectionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/leaseholders/:id/export',
    { schema: { params: LeaseholderIdParamsSchema } },
    async (request, reply) => {
      const document = await exportLeaseholder(ctx, request.params.id);
      return reply
        .header('Content-Disposition', `attachment; filename="${exportFileName(document.account)}"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(document, null, 2));
    },
  );

  app.post(
    '/leaseholders/:id/erase',
    {
      schema: {
        params: LeaseholderIdParamsSchema,
        body: EraseLeaseholderBodySchema,
        response: { 200: EraseLeaseholderResultSchema },
      },
    },
    async (request) => eraseLeaseholder(ctx, request.params.id, request.body.confirm),
  );
};
