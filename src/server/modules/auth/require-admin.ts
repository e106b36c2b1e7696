import type { FastifyReply, FastifyRequest } from 'fastify';

export const SIGN_IN_MESSAGE = 'Please sign in to continue.';

/**
 * The one guard every admin API route passes (app.ts adds it to the admin scope). The session was
 * already looked up, and expired sessions removed, by the root hook in sessions.ts.
 */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.adminSession) return;
  await reply.status(401).send({ message: SIGN_IN_MESSAGE });
}
