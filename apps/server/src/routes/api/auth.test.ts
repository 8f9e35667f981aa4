import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verification } from '../../db/schema.js';
import type { MailMessage } from '../../mail/mailer.js';
import { createTestApp, signedInUser, type TestApp, testDatabases } from '../../test-helpers.js';

const origin = 'http://localhost:3000';

describe.each(testDatabases)('accounts on %s', (kind) => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, {
      build: {
        logger: false,
        mailer: { kind: 'outbox', send: async (m) => void sent.push(m) },
        authRateLimit: { perIp: { max: 1000, windowMs: 60_000 }, perEmail: { max: 6, windowMs: 60_000 } },
      },
    });
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '10.1.0.1') =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { origin, ...headers },
      remoteAddress: ip,
    });
  const cookieOf = (res: { headers: Record<string, unknown> }) => {
    const raw = res.headers['set-cookie'];
    const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
    return list.find((c) => c.startsWith('printloop.session_token='));
  };
  const signUp = (email: string, password = 'quiet-lathe-7') =>
    post('/api/auth/sign-up/email', { email, password, name: email.split('@')[0] });
  const signIn = (email: string, password: string, rememberMe: boolean, ip?: string) =>
    post('/api/auth/sign-in/email', { email, password, rememberMe }, {}, ip);

  it('signs up, refuses a duplicate email and a short password', async () => {
    const res = await signUp('ada@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('ada@example.com');
    const dup = await signUp('ada@example.com');
    expect(dup.statusCode).toBeGreaterThanOrEqual(400);
    expect(dup.json(), JSON.stringify(dup.json())).toMatchObject({ code: 'USER_ALREADY_EXISTS' });
    expect(dup.json().message).toMatch(/already exists/i);
    const short = await signUp('bob@example.com', 'q7#z1');
    expect(short.statusCode).toBe(400);
    expect(short.json().message, JSON.stringify(short.json())).toMatch(/too short/i);
  });

  it('signs a new account in at once and emails a link that confirms the address', async () => {
    sent.length = 0;
    const res = await post('/api/auth/sign-up/email', {
      email: 'dora@example.com',
      password: 'quiet-lathe-7',
      name: 'dora',
      callbackURL: '/calculator',
    });
    expect(res.statusCode).toBe(200);
    const cookie = cookieOf(res)!.split(';')[0]!;
    const who = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(who.json().user).toMatchObject({ email: 'dora@example.com', emailVerified: false });
    await expect.poll(() => sent.filter((m) => m.to === 'dora@example.com').length).toBe(1);
    const mail = sent.find((m) => m.to === 'dora@example.com')!;
    expect(mail.subject).toBe('Confirm your PrintLoop email address');
    const link = new URL(mail.text.match(/http\S+verify-email\S+/)![0]);
    expect(link.origin).toBe(origin);
    expect(link.searchParams.get('callbackURL')).toBe('/calculator');
    const open = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe('/calculator');
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(after.json().user.emailVerified).toBe(true);
  });

  it("the tests' helper confirms an address through Better Auth's link even when the mailer keeps nothing", async () => {
    const gus = await signedInUser(t.app, 'gus@example.com', 'quiet-lathe-7');
    const who = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: gus.cookie },
    });
    expect(who.json().user).toMatchObject({ email: 'gus@example.com', emailVerified: true });
  });

  it('never puts another site in the verification link', async () => {
    sent.length = 0;
    const res = await post('/api/auth/sign-up/email', {
      email: 'eve@example.com',
      password: 'quiet-lathe-7',
      name: 'eve',
      callbackURL: '//evil.example.com/x',
    });
    // Better Auth refuses an untrusted callback, or the link falls back to a page of this site.
    if (res.statusCode === 200) {
      await expect.poll(() => sent.filter((m) => m.to === 'eve@example.com').length).toBe(1);
      const link = new URL(
        sent.find((m) => m.to === 'eve@example.com')!.text.match(/http\S+verify-email\S+/)![0],
      );
      expect(link.searchParams.get('callbackURL')).toBe('/orders?verified=1');
    } else {
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses the most common passwords at sign-up and at a reset', async () => {
    for (const password of ['password1', 'Qwerty123', 'iloveyou']) {
      const res = await signUp('fay@example.com', password);
      expect(res.statusCode, password).toBe(422);
      // Under /api/auth errors have Better Auth's shape: { code, message }.
      expect(res.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
      expect(res.json().message).toMatch(/most common passwords/);
    }
    const reset = await post('/api/auth/reset-password', { token: 'whatever', newPassword: 'letmein123' });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().code).toBe('PASSWORD_TOO_COMMON');
    expect((await signUp('fay@example.com', 'quiet-lathe-7')).statusCode).toBe(200);
  });

  it('signs in with a browser-session cookie, or a 30-day one with Remember me', async () => {
    const session = await signIn('ada@example.com', 'quiet-lathe-7', false);
    expect(session.statusCode).toBe(200);
    const c1 = cookieOf(session)!;
    expect(c1).toMatch(/HttpOnly/i);
    expect(c1).not.toMatch(/Max-Age|Expires/i);
    const remembered = await signIn('ada@example.com', 'quiet-lathe-7', true);
    const c2 = cookieOf(remembered)!;
    const maxAge = Number(c2.match(/Max-Age=(\d+)/i)?.[1]);
    expect(maxAge).toBe(30 * 24 * 60 * 60);
    const who = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: c2.split(';')[0]! },
    });
    expect(who.json().user.email).toBe('ada@example.com');
  });

  it('refuses a wrong password with a clear message', async () => {
    const res = await signIn('ada@example.com', 'wrong-password', false);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('resets a password through a single-use link that expires in an hour', async () => {
    sent.length = 0;
    const req = await post('/api/auth/request-password-reset', {
      email: 'ada@example.com',
      redirectTo: '/reset-password',
    });
    expect(req.statusCode).toBe(200);
    // The same answer for an unknown address, and no email.
    const unknown = await post('/api/auth/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(req.json());
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.to).toBe('ada@example.com');
    const link = sent[0]!.text.match(/http\S+/)![0];
    expect(link.startsWith('http://localhost:3000/reset-password?token=')).toBe(true);
    const token = new URL(link).searchParams.get('token')!;

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'new-secret-1' });
    expect(reset.statusCode).toBe(200);
    expect((await signIn('ada@example.com', 'new-secret-1', false)).statusCode).toBe(200);
    expect((await signIn('ada@example.com', 'quiet-lathe-7', false)).statusCode).toBe(401);
    // Single use.
    const again = await post('/api/auth/reset-password', { token, newPassword: 'another-1' });
    expect(again.statusCode).toBe(400);

    // Expired: a fresh token whose expiry has passed is refused.
    sent.length = 0;
    await post('/api/auth/request-password-reset', {
      email: 'ada@example.com',
      redirectTo: '/reset-password',
    });
    await expect.poll(() => sent.length).toBe(1);
    const token2 = new URL(sent[0]!.text.match(/http\S+/)![0]).searchParams.get('token')!;
    const rows = await t.app.database.db.select().from(verification);
    const row = rows.find((r) => r.identifier.includes(token2))!;
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    await t.app.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.id, row.id));
    const expired = await post('/api/auth/reset-password', { token: token2, newPassword: 'another-1' });
    expect(expired.statusCode).toBe(400);
  });

  it('signs out: the session no longer works, at once, also where it was just used', async () => {
    const c = cookieOf(await signIn('ada@example.com', 'new-secret-1', true))!.split(';')[0]!;
    // Used a moment ago: the app keeps confirmed sessions for a moment (require-user.ts).
    const before = await t.app.inject({ method: 'GET', url: '/api/quotes', headers: { cookie: c } });
    expect(before.statusCode).toBe(200);
    const out = await post('/api/auth/sign-out', {}, { cookie: c });
    expect(out.statusCode).toBe(200);
    const who = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: c } });
    expect(who.json()).toBeNull();
    const after = await t.app.inject({ method: 'GET', url: '/api/quotes', headers: { cookie: c } });
    expect(after.statusCode).toBe(401);
  });

  it('a password reset ends the sessions the app had just confirmed', async () => {
    await signUp('cleo@example.com');
    const c = cookieOf(await signIn('cleo@example.com', 'quiet-lathe-7', true))!.split(';')[0]!;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/quotes', headers: { cookie: c } })).statusCode,
    ).toBe(200);
    sent.length = 0;
    await post('/api/auth/request-password-reset', {
      email: 'cleo@example.com',
      redirectTo: '/reset-password',
    });
    await expect.poll(() => sent.length).toBe(1);
    const token = new URL(sent[0]!.text.match(/http\S+/)![0]).searchParams.get('token')!;
    expect(
      (await post('/api/auth/reset-password', { token, newPassword: 'newer-secret-2' })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/quotes', headers: { cookie: c } })).statusCode,
    ).toBe(401);
  });

  it('limits sign-in attempts per email address, from any IP', async () => {
    await signUp('eve@example.com');
    const codes: number[] = [];
    for (let i = 0; i < 8; i++)
      codes.push((await signIn('eve@example.com', 'bad-guess', false, `10.2.0.${i}`)).statusCode);
    expect(codes.slice(0, 6).every((c) => c === 401)).toBe(true);
    expect(codes.slice(6)).toEqual([429, 429]);
  });
});

describe('per-IP limits on accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      build: {
        logger: false,
        authRateLimit: { perIp: { max: 3, windowMs: 60_000 }, perEmail: { max: 100, windowMs: 60_000 } },
      },
    });
  });
  afterAll(() => t?.close());

  it('answers 429 after the limit from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: `u${i}@example.com`, password: 'whatever1' },
        headers: { origin },
        remoteAddress: '10.3.0.1',
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
