import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInstancesOnOneDatabase } from '../../../../tests/helpers/shared-database.js';
import {
  createTestContext,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { INVALID_PASSWORD_MESSAGE } from './sign-in.js';

/** Node's scrypt, counted: every password check derives one key with it (password-hash.ts). */
const scryptCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: Parameters<typeof crypto.scrypt>) => {
    scryptCalls.count += 1;
    return crypto.scrypt(...args);
  };
  return { ...crypto, scrypt, default: { ...crypto, scrypt } };
});

// A refused attempt is a 429 and must check no password at all.
const login = (app: FastifyInstance, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN },
    payload: { password },
  });

const addressNumber = (index: number) => `10.${Math.floor(index / 250)}.${index % 250}.1`;

function tally(statuses: number[]) {
  return {
    checked: statuses.filter((status) => status === 401).length,
    refused: statuses.filter((status) => status === 429).length,
  };
}

describe('login limits under a burst of parallel attempts', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  const countRows = async (table: 'rate_limit_events' | 'audit_log') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('checks no more passwords than the global cap when 300 addresses guess at once', async () => {
    scryptCalls.count = 0;
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        login(t.app, 'wrong-password', addressNumber(index)),
      ),
    );
    expect(tally(responses.map((response) => response.statusCode))).toEqual({
      checked: 50,
      refused: 250,
    });
    expect(scryptCalls.count).toBe(50);
    const failed = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'auth.login_failed')
      .execute();
    expect(failed).toHaveLength(50);
  }, 120_000);

  it('writes nothing for a refused attempt, and one audit row for the lock-out', async () => {
    const ip = '203.0.113.66';
    for (let i = 0; i < 5; i += 1) {
      const response = await login(t.app, 'wrong-password', ip);
      expect(response.json()).toEqual({ message: INVALID_PASSWORD_MESSAGE });
    }
    const events = await countRows('rate_limit_events');
    const audit = await countRows('audit_log');

    const refused = await Promise.all(
      Array.from({ length: 200 }, () => login(t.app, 'wrong-password', ip)),
    );
    expect(new Set(refused.map((response) => response.statusCode))).toEqual(new Set([429]));
    expect(await countRows('rate_limit_events')).toBe(events);
    expect(await countRows('audit_log')).toBe(audit);
    const lockOuts = await t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'auth.login_rate_limited')
      .execute();
    expect(lockOuts).toEqual([{ details: JSON.stringify({ reason: 'ip' }) }]);
  });
});

describe('login limits shared by several app instances', () => {
  it('checks no more passwords than the global cap across three instances', async () => {
    const shared = await createInstancesOnOneDatabase(3);
    scryptCalls.count = 0;
    try {
      const responses = await Promise.all(
        Array.from({ length: 150 }, (_, index) =>
          login(shared.instances[index % 3]!.app, 'wrong-password', addressNumber(index)),
        ),
      );
      expect(tally(responses.map((response) => response.statusCode))).toEqual({
        checked: 50,
        refused: 100,
      });
      expect(scryptCalls.count).toBe(50);
    } finally {
      await shared.close();
    }
  }, 120_000);
});
