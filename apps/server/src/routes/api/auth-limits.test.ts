import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../mail/mailer.js';
import { createTestApp, type TestApp, testDatabases } from '../../test-helpers.js';

/** Every spelling of a limited path that an attacker tried (issue: the limits were skipped by them). */
const SIGN_IN_VARIANTS = [
  '/api/auth/sign-in/email',
  '/api/auth/./sign-in/email',
  '/api/auth/%2e/sign-in/email',
  '/api/auth/%2E/sign-in/email',
  '/api/auth/x/../sign-in/email',
  '/api/auth/x/%2e%2e/sign-in/email',
  '//api//auth//sign-in/email',
  '/api/auth/sign-in/email/',
  '/api/auth\\sign-in/email',
  '/api/auth/%73ign-in/email',
  '/api/auth/SIGN-IN/email',
];

describe.each(testDatabases)(
  'auth limits cannot be skipped by spelling the path differently, on %s',
  (kind) => {
    let t: TestApp;
    const sent: MailMessage[] = [];
    beforeAll(async () => {
      t = await createTestApp(kind, {
        build: {
          logger: false,
          mailer: { kind: 'outbox', send: async (m) => void sent.push(m) },
          authRateLimit: { perIp: { max: 5, windowMs: 60_000 }, perEmail: { max: 3, windowMs: 60_000 } },
        },
      });
      const up = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: 'ada@example.com', password: 'correct-horse-1', name: 'ada' },
        headers: { origin: t.app.config.publicUrl },
        remoteAddress: '10.9.0.1',
      });
      expect(up.statusCode, up.body).toBe(200);
    });
    afterAll(() => t?.close());

    const post = (url: string, payload: object, ip: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { origin: t.app.config.publicUrl },
        remoteAddress: ip,
      });

    it('counts wrong passwords from one IP across every path variant, then answers 429', async () => {
      const codes: number[] = [];
      for (const url of SIGN_IN_VARIANTS) {
        // A different address each time, so only the per-IP limit can stop them.
        const res = await post(
          url,
          { email: `nobody${codes.length}@example.com`, password: 'wrong-guess-1' },
          '10.9.1.1',
        );
        codes.push(res.statusCode);
      }
      expect(
        codes.slice(0, 5).every((c) => c === 401 || c === 404),
        codes.join(','),
      ).toBe(true);
      expect(
        codes.slice(5).every((c) => c === 429),
        codes.join(','),
      ).toBe(true);
    });

    it('counts attempts on one email address across variants and IPs', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const url = SIGN_IN_VARIANTS[i % SIGN_IN_VARIANTS.length]!;
        codes.push(
          (await post(url, { email: 'ADA@example.com', password: 'wrong-guess-1' }, `10.9.2.${i}`))
            .statusCode,
        );
      }
      expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
    });

    it('sends at most the per-address number of reset emails, however the path is spelled', async () => {
      sent.length = 0;
      const variants = [
        '/api/auth/request-password-reset',
        '/api/auth/./request-password-reset',
        '/api/auth/%2e/request-password-reset',
        '/api/auth/x/../request-password-reset',
        '//api/auth/request-password-reset',
        '/api/auth/request-password-reset/',
      ];
      const codes: number[] = [];
      for (const [i, url] of variants.entries()) {
        const res = await post(
          url,
          { email: 'ada@example.com', redirectTo: '/reset-password' },
          `10.9.3.${i}`,
        );
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 429).length).toBe(3);
      await new Promise((r) => setTimeout(r, 200));
      expect(sent.length).toBe(3);
      const limited = await post(
        '/api/auth/%2e/request-password-reset',
        { email: 'ada@example.com' },
        '10.9.3.99',
      );
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  },
);
