import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BatchIdParamsSchema,
  BatchSchema,
  LayoutKeySchema,
  SendNotificationsResultSchema,
  UPLOAD_MAX_BYTES,
  UploadResponseSchema,
} from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { startLinkSearchDrain } from '../payment-links/link-search.js';
import { batchReport } from './batch-report.js';
import { forgetColumnMapping } from './column-mappings.js';
import { createBatch } from './create-batch.js';
import { getBatch } from './get-batch.js';
import { receiveUpload } from './receive-upload.js';
import { sendBatchNotifications } from './send-batch-notifications.js';
import { uploadTemplateCsv } from './upload-template.js';

/** Admin-only (registered inside the admin scope): spec section 7's upload calls. */
export const uploadRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Multipart only here; the 5 MB limit is counted while the file streams in.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 20, headerPairs: 100 },
  });

  app.get('/upload/template', async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="tenant-upload-template.csv"')
      .send(uploadTemplateCsv()),
  );

  app.post(
    '/upload/tenants',
    { schema: { response: { 200: UploadResponseSchema } } },
    async (request) => {
      const file = await receiveUpload(request);
      const created = await createBatch(ctx, file);
      // The new links' search text goes into the trigram index now, outside the upload's
      // transaction (migration 0012); searches find them meanwhile.
      startLinkSearchDrain(ctx, (error) =>
        request.log.error({ err: error }, 'indexing new links for search failed'),
      );
      return created;
    },
  );

  app.get(
    '/upload/batch/:id',
    { schema: { params: BatchIdParamsSchema, response: { 200: BatchSchema } } },
    async (request) => getBatch(ctx, request.params.id),
  );

  app.post(
    '/upload/batch/:id/send-notifications',
    { schema: { params: BatchIdParamsSchema, response: { 200: SendNotificationsResultSchema } } },
    async (request) => sendBatchNotifications(ctx, request.params.id),
  );

  app.delete(
    '/upload/column-choices/:layout',
    { schema: { params: z.object({ layout: LayoutKeySchema }) } },
    async (request, reply) => {
      await forgetColumnMapping(ctx, request.params.layout);
      return reply.status(204).send();
    },
  );

  app.get(
    '/upload/batch/:id/report',
    { schema: { params: BatchIdParamsSchema } },
    async (request, reply) => {
      const { csv, summary } = await batchReport(ctx, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="notification-report-${request.params.id}.csv"`,
        )
        .header('access-control-expose-headers', 'Content-Disposition, X-Report-Summary')
        .header('x-report-summary', JSON.stringify(summary))
        .send(csv);
    },
  );
};
