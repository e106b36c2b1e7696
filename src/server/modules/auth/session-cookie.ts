import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

/**
 * The admin session cookie (ARCHITECTURE section 7). In production the `__Host-` prefix makes the
 * browser insist on Secure, Path=/ and no Domain, so a sibling subdomain cannot plant or
 * overwrite it. Lax (not Strict) so that following a link to /admin from an email still arrives
 * signed in; cross-site POSTs are refused separately by the origin check.
 */
export function sessionCookieName(config: Config): string {
  return config.isProduction ? '__Host-portal_session' : 'portal_session';
}

function cookieOptions(config: Config): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: config.isProduction };
}

export function readSessionToken(request: FastifyRequest, config: Config): string | null {
  const value = request.cookies[sessionCookieName(config)];
  // A real token is 43 base64url characters; anything else is not worth hashing and looking up.
  return value && /^[A-Za-z0-9_-]{43,128}$/.test(value) ? value : null;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    ...cookieOptions(config),
    // The browser forgets the cookie when the session reaches its absolute expiry anyway.
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), cookieOptions(config));
}
