import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AppContext } from './context.js';
import { registerErrorHandler } from './http/error-handler.js';
import { frameworkErrorHandler } from './http/framework-errors.js';
import { refuseNul } from './http/refuse-nul.js';
import { defaultRendererPath, loadPageRenderer, type PageRenderer } from './http/render-page.js';
import { createAppLogger, RequestLogLines } from './http/request-log.js';
import { registerSecurityHeaders, securityHeadersOf } from './http/security-headers.js';
import { defaultClientDir, registerStaticClient, type SendPage } from './http/static-client.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { createPaymentProvider } from './integrations/payments/create-payment-provider.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { checkSameOriginOfStateChangingRoutes } from './modules/auth/check-same-origin.js';
import { requireAdmin } from './modules/auth/require-admin.js';
import { authRoutes } from './modules/auth/routes.js';
import { sessionCookieName } from './modules/auth/session-cookie.js';
import { registerSessions } from './modules/auth/sessions.js';
import { callMeNowRoutes } from './modules/call-me-now/routes.js';
import { callbackRequestRoutes } from './modules/callback-requests/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { dataProtectionRoutes } from './modules/data-protection/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { registerMetrics } from './modules/metrics/register-metrics.js';
import { paymentLinkRoutes } from './modules/payment-links/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { previewRoutes } from './modules/preview/routes.js';
import { publicPageRoutes } from './modules/public-pages/routes.js';
import { publicConfigOf } from './modules/system/public-config.js';
import { systemAdminRoutes } from './modules/system/routes.js';
import { templateRoutes } from './modules/templates/routes.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { stripeWebhookRoutes } from './modules/webhooks/stripe-routes.js';
import { webhookRoutes } from './modules/webhooks/twilio-routes.js';

export interface BuildAppOptions {
  /** Where the built client lives; tests that do not need pages leave it as it is. */
  clientDir?: string;
  /**
   * React's server rendering of the public pages; by default the client build's server entry
   * beside `clientDir` (dist/ssr), if it was built. Tests pass the source entry.
   */
  renderer?: PageRenderer | null;
  /**
   * The app's logger (index.ts makes it, to log outside requests too); false for none (tests);
   * by default pino at the configured level.
   */
  logger?: Logger | false;
}

/** Builds the whole HTTP application without listening, so tests drive it with app.inject. */
export async function buildApp(
  ctx: AppContext,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const securityHeaders = securityHeadersOf({ isProduction: ctx.config.isProduction });
  let sendPage: SendPage | undefined;
  const logger = options.logger ?? createAppLogger(ctx.config);
  const serverOptions: FastifyServerOptions = {
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler(securityHeaders, () => sendPage, {
      state: 'unavailable',
      canRequestNewLink: ctx.config.selfServiceNewLinks,
    }),
    ...(logger === false
      ? { logger: false }
      : { loggerInstance: logger, logController: new RequestLogLines() }),
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseNul(app);

  registerSecurityHeaders(app, securityHeaders);
  registerMetrics(app, ctx);
  await app.register(healthRoutes, ctx);

  // Public calls: the landing page's form, the leaseholder's payment calls (keyed by the link id)
  // and the providers' webhooks (verified by signature). No session is read here: the link page's
  // calls are the hottest path there is, and reading cookies and a session for them was work
  // thrown away.
  await app.register(async (open) => {
    checkSameOriginOfStateChangingRoutes(open, ctx.config);
    await open.register(callMeNowRoutes, { ...ctx, prefix: '/api' });
    await open.register(webhookRoutes, { ...ctx, prefix: '/api/webhooks' });
    const paymentProvider = createPaymentProvider(ctx.config, ctx.clock);
    await open.register(paymentRoutes, { ...ctx, provider: paymentProvider, prefix: '/api' });
    await open.register(stripeWebhookRoutes, {
      ...ctx,
      provider: paymentProvider,
      prefix: '/api/webhooks',
    });
  });

  // Staff: the session cookie, the session lookup and the cross-site check (sessions.ts), then
  // sign-in and every admin API route, which all pass the one guard.
  await app.register(async (staff) => {
    await staff.register(cookie);
    await registerSessions(staff, ctx);
    await staff.register(authRoutes, { ...ctx, prefix: '/api/auth' });
    await staff.register(
      async (admin) => {
        admin.addHook('onRequest', requireAdmin);
        await admin.register(systemAdminRoutes, ctx);
        await admin.register(callbackRequestRoutes, ctx);
        await admin.register(templateRoutes, ctx);
        await admin.register(messageRoutes, ctx);
        await admin.register(previewRoutes, ctx);
        await admin.register(uploadRoutes, ctx);
        await admin.register(paymentLinkRoutes, ctx);
        await admin.register(dashboardRoutes, ctx);
        await admin.register(dataProtectionRoutes, ctx);
        await admin.register(accountRoutes, ctx);
      },
      { prefix: '/api' },
    );
  });

  const clientDir = options.clientDir ?? defaultClientDir;
  const client = await registerStaticClient(app, {
    clientDir,
    publicConfig: publicConfigOf(ctx.config),
    sessionCookie: sessionCookieName(ctx.config),
    renderer:
      options.renderer === undefined
        ? await loadPageRenderer(defaultRendererPath(clientDir))
        : options.renderer,
  });
  sendPage = client.sendPage;
  // The leaseholder's pages, rendered on the server, and their forms for a phone without
  // JavaScript: outside /api, so they read no session and take form posts.
  await app.register(publicPageRoutes, { ...ctx, client });
  return app;
}
