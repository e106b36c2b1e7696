import type { FastifyReply, FastifyRequest } from 'fastify';

// STUB: replaced by the auth implementation.
export async function requireAdmin(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await reply.status(401).send({ message: 'Please sign in to continue.' });
}
