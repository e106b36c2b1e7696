import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthStatusSchema,
  LoginResultSchema,
  LoginSchema,
  LogoutResultSchema,
} from '../../../shared/auth.js';
import type { AppContext } from '../../context.js';
import { readDeviceId, setDeviceCookie } from './device-cookie.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { loadSessionSecret } from './session-secret.js';
import { signIn } from './sign-in.js';
import { signOut } from './sign-out.js';

/** /api/auth: sign in with the shared admin password, see the status, sign out (SPEC section 7). */
export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // registerSessions stored the secret already at start-up; this reads the same one.
  const secret = await loadSessionSecret(ctx);

  app.get('/status', { schema: { response: { 200: AuthStatusSchema } } }, async (request) => {
    const session = request.adminSession;
    if (!session) return { isAuthenticated: false, loginTime: null };
    return {
      isAuthenticated: true,
      loginTime: new Date(session.createdAt).toISOString(),
      csrfToken: session.csrfToken,
    };
  });

  app.post(
    '/login',
    { schema: { body: LoginSchema, response: { 200: LoginResultSchema } } },
    async (request, reply) => {
      const deviceId = readDeviceId(request, ctx.config, secret, ctx.clock.now());
      const { token, session } = await signIn(ctx, {
        password: request.body.password,
        client: { ip: request.ip, deviceId },
        secret,
        previousSessionId: request.adminSession?.id ?? null,
      });
      setSessionCookie(reply, ctx.config, token);
      setDeviceCookie(reply, ctx.config, secret, session.createdAt);
      return { success: true as const, loginTime: new Date(session.createdAt).toISOString() };
    },
  );

  // Signed out already is not an error: the client wants to end up signed out, and it is.
  app.post(
    '/logout',
    { schema: { response: { 200: LogoutResultSchema } } },
    async (request, reply) => {
      if (request.adminSession) await signOut(ctx, request.adminSession.id);
      clearSessionCookie(reply, ctx.config);
      return { success: true as const };
    },
  );
};
