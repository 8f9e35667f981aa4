import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema.js';
import {
  createTestApp,
  outboxEmailTo,
  signedInUser,
  type TestApp,
  testDatabases,
} from '../../test-helpers.js';

const good = {
  name: 'Priya Shah',
  email: 'priya@example.co.uk',
  subject: 'Wholesale pricing',
  message: 'Could you quote 200 phone stands in PETG?',
};

describe.each(testDatabases)('POST /api/contact on %s', (kind) => {
  let t: TestApp;
  const rows = async () => (await t.app.database.db.select({ n: count() }).from(contactMessages))[0]?.n ?? 0;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { CONTACT_EMAIL: 'hello@farm.example', OPERATOR_EMAILS: 'ops@farm.example' },
      build: { logger: false, contactRateLimit: { max: 3, windowMs: 60_000 } },
    });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.app.database.db.delete(contactMessages);
  });

  it('stores a valid message and returns its id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: good,
      remoteAddress: '10.0.0.1',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.app.database.db.select().from(contactMessages);
    expect(row).toMatchObject({ id, ...good, ip: '10.0.0.1' });
  });

  it('rejects bad input with a 400, a message per field, and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: '', email: 'not-an-email', subject: 'x', message: '' },
      remoteAddress: '10.0.0.2',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.fields).toEqual({
      name: 'Please enter your name',
      email: 'Please enter a valid email address',
      message: 'Please enter a message',
    });
    expect(await rows()).toBe(0);
  });

  it('rejects a message over 5000 characters and a non-JSON body', async () => {
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...good, message: 'x'.repeat(5001) },
      remoteAddress: '10.0.0.3',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.message).toMatch(/too long/);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
      remoteAddress: '10.0.0.3',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await rows()).toBe(0);
  });

  it('refuses NUL and other control characters with a 400 naming the field, storing nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...good, message: 'hello\u0000world', subject: 'bell\u0007' },
      remoteAddress: '10.0.0.4',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      subject: 'Please remove the control characters (such as NUL) from this field',
      message: 'Please remove the control characters (such as NUL) from this field',
    });
    expect(await rows()).toBe(0);
    // Tabs and line breaks are ordinary text.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...good, message: 'line one\r\n\tline two' },
      remoteAddress: '10.0.0.4',
    });
    expect(ok.statusCode).toBe(201);
  });

  it('limits each IP address, then answers 429 without storing', async () => {
    const send = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/contact', payload: good, remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await send('10.0.0.9')).statusCode).toBe(201);
    const limited = await send('10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await send('10.0.0.10')).statusCode).toBe(201);
    expect(await rows()).toBe(4);
  });

  it('emails each message to CONTACT_EMAIL, with the visitor as Reply-To', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...good, subject: 'Bulk order of brackets' },
      remoteAddress: '10.0.0.20',
    });
    expect(res.statusCode).toBe(201);
    await expect
      .poll(() => outboxEmailTo(t.app, 'hello@farm.example', /Bulk order of brackets/))
      .not.toBeNull();
    const mail = (await outboxEmailTo(t.app, 'hello@farm.example', /Bulk order of brackets/))!;
    expect(mail).toContain('Subject: Contact form: Bulk order of brackets');
    expect(mail).toContain('Reply-To: priya@example.co.uk');
    expect(mail).toContain('From: Priya Shah <priya@example.co.uk>');
    expect(mail).toContain(good.message);
  });

  it("lists the messages in the operators' inbox, newest first, paged; nobody else sees it", async () => {
    for (const subject of ['First', 'Second', 'Third']) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...good, subject },
        remoteAddress: `10.0.1.${subject.length}`,
      });
      expect(r.statusCode).toBe(201);
      await new Promise((done) => setTimeout(done, 5));
    }
    const op = await signedInUser(t.app, 'ops@farm.example');
    const customer = await signedInUser(t.app, 'someone@example.com');
    const get = (cookie: string | null, query = '') =>
      t.app.inject({
        method: 'GET',
        url: `/api/ops/messages${query}`,
        headers: cookie ? { cookie } : {},
      });
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(customer.cookie)).statusCode).toBe(403);
    const page1 = await get(op.cookie, '?limit=2');
    expect(page1.statusCode).toBe(200);
    expect(page1.json().messages.map((m: { subject: string }) => m.subject)).toEqual(['Third', 'Second']);
    expect(page1.json().has_more).toBe(true);
    expect(page1.json().messages[0]).toMatchObject({
      name: good.name,
      email: good.email,
      message: good.message,
    });
    const last = page1.json().messages[1].created_at;
    const page2 = await get(op.cookie, `?limit=2&before=${encodeURIComponent(last)}`);
    expect(page2.json().messages.map((m: { subject: string }) => m.subject)).toEqual(['First']);
    expect(page2.json().has_more).toBe(false);
    expect((await get(op.cookie, '?limit=1000')).statusCode).toBe(400);
  });
});
