import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createKey } from '../routes/v1/v1-testing.js';
import { createTestApp, signedInUser, type TestApp } from '../test-helpers.js';

/**
 * Two app processes behind a load balancer share their rate-limit counters through Redis: a limit
 * reached through one holds on the other. Needs PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.REDIS_URL)(
  'rate limits shared by two app instances through Redis',
  () => {
    let first: TestApp;
    let second: FastifyInstance;
    const build = {
      logger: false,
      contactRateLimit: { max: 3, windowMs: 60_000 },
      authRateLimit: { perIp: { max: 100, windowMs: 60_000 }, perEmail: { max: 3, windowMs: 60_000 } },
    };
    beforeAll(async () => {
      first = await createTestApp('postgres', {
        env: { REDIS_URL: process.env.REDIS_URL!, API_RATE_LIMIT: '3' },
        build,
      });
      // The second instance: the same database, Redis and secrets, as a second process would have.
      second = await buildApp(first.config, { ...build, inlineModels: true });
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    // Counters live in Redis for the window: a fresh address per run keeps runs apart.
    const ip = `10.${randomInt(0, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;
    const contact = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Shared limits' },
        remoteAddress: ip,
      });

    it('counts requests through either instance against one limit', async () => {
      const codes = [
        (await contact(first.app)).statusCode,
        (await contact(second)).statusCode,
        (await contact(first.app)).statusCode,
        (await contact(second)).statusCode,
        (await contact(first.app)).statusCode,
      ];
      expect(codes).toEqual([201, 201, 201, 429, 429]);
    });

    it('shares the per-email sign-in limit too', async () => {
      const email = `nobody.${randomInt(1e9)}@example.com`;
      const signIn = (app: FastifyInstance, i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email, password: 'wrong-guess-1' },
          headers: { origin: first.config.publicUrl },
          remoteAddress: `10.200.${randomInt(0, 250)}.${i}`,
        });
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await signIn(i % 2 === 0 ? first.app : second, i)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    });

    it('shares the per-key limit of the public API', async () => {
      const { cookie } = await signedInUser(first.app, `dev.${randomInt(1e9)}@example.com`);
      const { key } = await createKey(first, cookie, 'test');
      const list = (app: FastifyInstance) =>
        app.inject({ method: 'GET', url: '/v1/orders', headers: { authorization: `Bearer ${key}` } });
      const answers = [await list(first.app), await list(second), await list(first.app), await list(second)];
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers.map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
      expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    });
  },
);
