import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { randomToken } from '../../lib/ids.js';
import { isSafeEqual } from './safe-equal.js';

/**
 * A browser that has signed in before carries a device cookie (OWASP "Slow Down Online Guessing
 * Attacks with Device Cookies"), so the global sign-in cap, which anyone can engage by failing
 * fifty times, does not lock staff out: a valid device cookie is limited on its own instead.
 * The cookie is `<nonce>.<issued, base 36>.<HMAC>` under the session secret; nothing is stored,
 * and one that is forged, damaged or older than its lifetime counts as none.
 */
const LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

export function deviceCookieName(config: Config): string {
  return config.isProduction ? '__Host-portal_device' : 'portal_device';
}

function signatureOf(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`device-cookie:${body}`).digest('base64url');
}

/** The device's id (its nonce) when the request carries a valid device cookie, else null. */
export function readDeviceId(
  request: FastifyRequest,
  config: Config,
  secret: string,
  now: number,
): string | null {
  const value = request.cookies[deviceCookieName(config)];
  const parts = value?.split('.');
  if (parts?.length !== 3) return null;
  const [nonce, issued, signature] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]{22}$/.test(nonce) || !/^[0-9a-z]{1,12}$/.test(issued)) return null;
  if (!isSafeEqual(signature, signatureOf(secret, `${nonce}.${issued}`))) return null;
  const issuedAt = Number.parseInt(issued, 36);
  return issuedAt <= now && now - issuedAt < LIFETIME_MS ? nonce : null;
}

/** Issued at each successful sign-in, a new one each time (OWASP: "issue new device cookie"). */
export function setDeviceCookie(reply: FastifyReply, config: Config, secret: string, now: number) {
  const body = `${randomToken(16)}.${now.toString(36)}`;
  reply.setCookie(deviceCookieName(config), `${body}.${signatureOf(secret, body)}`, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.isProduction,
    maxAge: LIFETIME_MS / 1000,
  });
}
