import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BatchPreviewSchema,
  PreviewDataSchema,
  PreviewResultSchema,
} from '../../../shared/messages.js';
import { BatchIdParamsSchema } from '../../../shared/upload.js';
import type { AppContext } from '../../context.js';
import { previewBatch } from './preview-batch.js';
import { renderPaymentLinkPreview } from './render-payment-link-preview.js';
import { sendPreview } from './send-preview.js';

const PreviewSendResultSchema = z.object({ success: z.literal(true), queued: z.number().int() });

/**
 * Admin-only (registered inside the admin scope): the single and the batch message previews
 * (spec sections 2 and 7). Missing fields answer 400 with each field's message through the
 * global error handler.
 */
export const previewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post(
    '/preview/generate',
    { schema: { body: PreviewDataSchema, response: { 200: PreviewResultSchema } } },
    async (request) => renderPaymentLinkPreview(ctx, request.body),
  );

  app.post(
    '/preview/send',
    { schema: { body: PreviewDataSchema, response: { 200: PreviewSendResultSchema } } },
    async (request) => sendPreview(ctx, request.body),
  );

  app.get(
    '/upload/batch/:id/preview',
    { schema: { params: BatchIdParamsSchema, response: { 200: BatchPreviewSchema } } },
    async (request) => previewBatch(ctx, request.params.id),
  );
};
