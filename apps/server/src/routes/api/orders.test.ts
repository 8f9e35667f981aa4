import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoiceCounters,
  invoices,
  orderEvents,
  orderItems,
  orders,
  printJobs,
  quotes,
} from '../../db/schema.js';
import type { MailMessage } from '../../mail/mailer.js';
import {
  createTestApp,
  modelsDir,
  multipart,
  signedInUser,
  type TestApp,
  testDatabases,
  verifyEmail,
} from '../../test-helpers.js';
import { analysisFixture, invoiceDocumentFixture } from '../../testing/fixtures.js';

const defaults = {
  layerHeight: 0.2,
  filamentType: 'PLA',
  printSpeed: 60,
  infillPercentage: 20,
  supportRequired: false,
  postProcessing: [],
  color: 'black',
};
const uk = {
  name: 'Priya Shah',
  street: '1 High Street',
  city: 'London',
  postal_code: 'sw1a 1aa',
  country: 'GB',
};
const de = {
  name: 'Jonas Weber',
  street: 'Hauptstraße 5',
  city: 'Berlin',
  postal_code: '10115',
  country: 'DE',
};
const us = {
  name: 'Sam Lee',
  street: '500 Main St',
  city: 'Portland',
  postal_code: '97201',
  country: 'US',
  state: 'OR',
};
const gbp = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(testDatabases)('orders on %s', (kind) => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  let ada: { cookie: string; id: string };
  let bob: { cookie: string; id: string };
  let op: { cookie: string; id: string };
  let cube: Uint8Array;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        OPERATOR_EMAILS: 'ops@printloop.example',
        BANK_SORT_CODE: '12-34-56',
        BANK_ACCOUNT_NUMBER: '12345678',
      },
      build: {
        logger: false,
        mailer: { kind: 'outbox', send: async (m) => void sent.push(m) },
        authRateLimit: { perIp: { max: 1000, windowMs: 60_000 }, perEmail: { max: 1000, windowMs: 60_000 } },
      },
    });
    ada = await signedInUser(t.app, 'ada@example.com', undefined, { captured: sent });
    bob = await signedInUser(t.app, 'bob@example.com', undefined, { captured: sent });
    op = await signedInUser(t.app, 'ops@printloop.example', undefined, { captured: sent });
    cube = new Uint8Array(await readFile(path.join(modelsDir, 'cube_20mm.stl')));
  });
  afterAll(() => t?.close());

  const call = (
    who: { cookie: string } | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(who ? { cookie: who.cookie } : {}), origin: t.app.config.publicUrl, ...headers },
      ...(payload ? { payload } : {}),
    });

  /** Upload the cube and save a quote for it; returns the quote id and its total. */
  async function savedQuote(who: { cookie: string }, quantity = 1, bytes = cube, name = 'cube_20mm.stl') {
    const mp = multipart(name, bytes);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      payload: mp.payload,
      headers: { ...mp.headers, cookie: who.cookie, origin: t.app.config.publicUrl },
    });
    expect(up.statusCode, up.body).toBe(201);
    const q = await call(who, 'POST', '/api/quotes', {
      jobId: up.json().job.id,
      parameters: defaults,
      quantity,
    });
    expect(q.statusCode, q.body).toBe(201);
    return { id: q.json().id as string, quote: q.json().quote, jobId: up.json().job.id as string };
  }

  it('prices the checkout on the server: items, fulfilment, shipping by zone and weight, VAT, delivery date', async () => {
    const { id, quote } = await savedQuote(ada, 3);
    const res = await call(ada, 'POST', '/api/checkout/preview', { quote_id: id, shipping_address: uk });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.items).toHaveLength(1);
    expect(p.items[0]).toMatchObject({
      quantity: 3,
      unit_amount: quote.unit_price_pence,
      subtotal_amount: quote.subtotal_pence,
      // The saved quote's colour is the order line's.
      parameters: { material: 'PLA', color: 'black' },
    });
    expect(p.items_amount).toBe(quote.subtotal_pence);
    expect(p.discount_amount).toBe(quote.discount_pence);
    // Fulfilment once per order: £2.95 + 20 p for each unit after the first.
    expect(p.fulfillment_amount).toBe(295 + 2 * 20);
    // 3 cubes of ~4 g + packaging: the lightest UK band; standard is the cheapest standard option.
    expect(p.shipping).toMatchObject({
      id: 'royal_mail:standard',
      amount: 395,
      estimated_days: { min: 3, max: 5 },
    });
    expect(p.shipping_options.map((o: { id: string }) => o.id)).toEqual(
      expect.arrayContaining(['royal_mail:standard', 'royal_mail:express', 'dpd:express', 'ups:standard']),
    );
    expect(p.tax).toMatchObject({ kind: 'standard', rate: 0.2 });
    const net = p.items_amount - p.discount_amount + p.fulfillment_amount + p.shipping_amount;
    expect(p.net_amount).toBe(net);
    expect(p.tax_amount).toBe(Math.round(net * 0.2));
    expect(p.total_amount).toBe(net + p.tax_amount);
    expect(p.estimated_delivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(p.repriced).toBeNull();
    // Express costs more and arrives sooner.
    const express = await call(ada, 'POST', '/api/checkout/preview', {
      quote_id: id,
      shipping_address: uk,
      shipping_service: 'dpd:express',
    });
    expect(express.json().shipping_amount).toBeGreaterThan(p.shipping_amount);
    expect(express.json().estimated_delivery < p.estimated_delivery).toBe(true);
  });

  it('charges no VAT to an EU business with a VAT number (reverse charge) or outside the UK and EU', async () => {
    const { id } = await savedQuote(ada);
    const rc = await call(ada, 'POST', '/api/checkout/preview', {
      quote_id: id,
      shipping_address: de,
      vat_number: 'DE 123 456 789',
    });
    expect(rc.json().tax).toMatchObject({ kind: 'reverse_charge', rate: 0, vat_number: 'DE123456789' });
    expect(rc.json().tax_amount).toBe(0);
    expect(rc.json().shipping.id).toBe('royal_mail:standard');
    const ex = await call(ada, 'POST', '/api/checkout/preview', { quote_id: id, shipping_address: us });
    expect(ex.json().tax).toMatchObject({ kind: 'export', rate: 0 });
    const bad = await call(ada, 'POST', '/api/checkout/preview', {
      quote_id: id,
      shipping_address: de,
      vat_number: 'FR123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.vat_number).toMatch(/valid EU VAT number/);
  });

  it('validates the address field by field, including UK postcodes', async () => {
    const { id } = await savedQuote(ada);
    const res = await call(ada, 'POST', '/api/checkout/preview', {
      quote_id: id,
      shipping_address: { ...uk, postal_code: 'ABC', name: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      'shipping_address.name': 'Please enter the name of the recipient',
    });
    const pc = await call(ada, 'POST', '/api/checkout/preview', {
      quote_id: id,
      shipping_address: { ...uk, postal_code: 'ABC' },
    });
    expect(pc.json().error.fields['shipping_address.postal_code']).toBe(
      'Please enter a valid UK postcode, e.g. SW1A 1AA',
    );
  });

  it('refuses a live order until the email address is confirmed, then takes it', async () => {
    const cat = await signedInUser(t.app, 'cat@example.com', undefined, { verified: false, captured: sent });
    const { id } = await savedQuote(cat);
    const body = { quote_id: id, shipping_address: uk, shipping_service: 'royal_mail:standard' };
    // The checkout still prices it; only placing the order needs the confirmed address.
    expect((await call(cat, 'POST', '/api/checkout/preview', body)).statusCode).toBe(200);
    const refused = await call(cat, 'POST', '/api/orders', body, { 'idempotency-key': 'unverified-1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(refused.json().error.message).toMatch(/confirm your email address/);
    const mine = await call(cat, 'GET', '/api/orders');
    expect(mine.json().data).toEqual([]);
    // Resending the email works while signed in; its link confirms the address.
    sent.length = 0;
    const resend = await call(cat, 'POST', '/api/auth/send-verification-email', {
      email: 'cat@example.com',
      callbackURL: `/checkout/${id}`,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const mail = sent.find((m) => m.to === 'cat@example.com')!;
    expect(mail.subject).toBe('Confirm your PrintLoop email address');
    expect(mail.text).toContain(`callbackURL=${encodeURIComponent(`/checkout/${id}`)}`);
    await verifyEmail(t.app, 'cat@example.com', sent);
    // The same idempotency key now places the order (the refusal did not take the key).
    const placedNow = await call(cat, 'POST', '/api/orders', body, { 'idempotency-key': 'unverified-1' });
    expect(placedNow.statusCode, placedNow.body).toBe(201);
  });

  let placed: { id: string; total_amount: number };
  it('places an order once per idempotency key, awaiting payment with a pro-forma invoice', async () => {
    const { id } = await savedQuote(ada, 2);
    const preview = (
      await call(ada, 'POST', '/api/checkout/preview', { quote_id: id, shipping_address: uk })
    ).json();
    const body = {
      quote_id: id,
      shipping_address: uk,
      shipping_service: 'royal_mail:standard',
      expected_total_amount: preview.total_amount,
    };
    sent.length = 0;
    const [a, b] = await Promise.all([
      call(ada, 'POST', '/api/orders', body, { 'idempotency-key': 'place-1' }),
      call(ada, 'POST', '/api/orders', body, { 'idempotency-key': 'place-1' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    // A double click: one order; the second answer is the first replayed, or "still in progress".
    expect(codes[0]).toBe(201);
    expect([201, 409]).toContain(codes[1]);
    const first = a.statusCode === 201 ? a : b;
    placed = first.json();
    const again = await call(ada, 'POST', '/api/orders', body, { 'idempotency-key': 'place-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(placed.id);
    const mine = await t.app.database.db.select().from(orders).where(eq(orders.userId, ada.id));
    expect(mine).toHaveLength(1);
    const o = first.json();
    expect(o).toMatchObject({
      object: 'order',
      status: 'awaiting_payment',
      livemode: true,
      total_amount: preview.total_amount,
      items_amount: preview.items_amount,
      fulfillment_amount: preview.fulfillment_amount,
      shipping_amount: preview.shipping_amount,
      tax_amount: preview.tax_amount,
      payment_terms: 'prepay',
      shipping_address: { postal_code: 'SW1A 1AA', country: 'GB' },
    });
    expect(o.id).toMatch(/^ord_[A-Za-z0-9]{22}$/);
    expect(o.items[0].file_id).toMatch(/^file_[0-9a-f]{32}$/);
    expect(o.items[0].parameters.color).toBe('black');
    expect(o.events).toHaveLength(1);
    expect(o.events[0]).toMatchObject({
      from_status: null,
      to_status: 'awaiting_payment',
      action: 'place',
      actor: 'customer',
    });
    const pro = o.documents.find((d: { kind: string }) => d.kind === 'proforma');
    expect(pro.number).toMatch(new RegExp(`^PRO-${new Date().getUTCFullYear()}-\\d{6}$`));
    // The same key with another body is refused.
    const reused = await call(
      ada,
      'POST',
      '/api/orders',
      { ...body, shipping_service: 'dpd:express' },
      { 'idempotency-key': 'place-1' },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The "order received" email names the order, its total and the bank details.
    await expect.poll(() => sent.filter((m) => m.subject === `Order ${placed.id} received`).length).toBe(1);
    const mail = sent.find((m) => m.subject === `Order ${placed.id} received`)!;
    expect(mail.to).toBe('ada@example.com');
    expect(mail.text).toContain(`Total: ${gbp(placed.total_amount)}`);
    expect(mail.text).toContain('Sort code: 12-34-56');
  });

  it('refuses to place when the price differs from the one shown, storing nothing', async () => {
    const { id } = await savedQuote(ada);
    const before = (await t.app.database.db.select().from(orders)).length;
    const res = await call(ada, 'POST', '/api/orders', {
      quote_id: id,
      shipping_address: uk,
      shipping_service: 'standard',
      expected_total_amount: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PRICE_CHANGED');
    expect((await t.app.database.db.select().from(orders)).length).toBe(before);
  });

  it('prices an expired quote again and shows the old and new totals', async () => {
    const { id } = await savedQuote(ada);
    const [row] = await t.app.database.db.select().from(quotes).where(eq(quotes.id, id));
    const stale = { ...row!.breakdown, total_pence: 99 };
    await t.app.database.db
      .update(quotes)
      .set({ validUntil: new Date(Date.now() - 86_400_000), breakdown: stale })
      .where(eq(quotes.id, id));
    const res = await call(ada, 'POST', '/api/checkout/preview', { quote_id: id, shipping_address: uk });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().repriced;
    expect(r.previous_total_amount).toBe(99);
    expect(r.total_amount).toBe(
      res.json().items_amount - res.json().discount_amount + res.json().fulfillment_amount,
    );
    expect(r.reason).toMatch(/expired/);
  });

  it('keeps every order private: another customer gets 404, a customer gets 403 on operator routes', async () => {
    const { id: bobsQuote } = await savedQuote(bob);
    for (const [method, url, payload] of [
      ['GET', `/api/orders/${placed.id}`, undefined],
      ['POST', `/api/orders/${placed.id}/cancel`, {}],
      ['GET', `/api/orders/${placed.id}/documents/quote.pdf`, undefined],
      ['POST', '/api/checkout/preview', { quote_id: (await savedQuote(ada)).id, shipping_address: uk }],
    ] as const) {
      const res = await call(bob, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(bob, 'GET', '/api/orders')).json().data).toEqual([]);
    for (const [method, url] of [
      ['GET', '/api/ops/orders'],
      ['GET', `/api/ops/orders/${placed.id}`],
      ['POST', `/api/ops/orders/${placed.id}/actions`],
      ['GET', '/api/ops/accounts'],
      ['PUT', `/api/ops/accounts/${bob.id}/terms`],
    ] as const) {
      const res = await call(
        bob,
        method,
        url,
        method === 'GET' ? undefined : { action: 'record_payment', terms: 'net30' },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call(null, 'GET', '/api/orders')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/ops/orders')).statusCode).toBe(401);
    // Bob's own quote is fine.
    expect(
      (await call(bob, 'POST', '/api/checkout/preview', { quote_id: bobsQuote, shipping_address: uk }))
        .statusCode,
    ).toBe(200);
  });

  it('takes an order from payment to delivered, each step an event with its actor, each email sent', async () => {
    sent.length = 0;
    const act = (action: string, extra: object = {}) =>
      call(op, 'POST', `/api/ops/orders/${placed.id}/actions`, { action, ...extra });
    // A customer may not record a payment, even on their own order.
    expect(
      (await call(ada, 'POST', `/api/ops/orders/${placed.id}/actions`, { action: 'record_payment' }))
        .statusCode,
    ).toBe(403);
    const paid = await act('record_payment', { reference: 'BACS 4471' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('queued');
    const inv = paid.json().documents.find((d: { kind: string }) => d.kind === 'invoice');
    expect(inv).toMatchObject({ status: 'paid' });
    expect(inv.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect((await act('pack')).statusCode).toBe(409);
    expect((await act('start_printing')).json().status).toBe('printing');
    expect((await act('pack')).json().status).toBe('packaging');
    const noTracking = await act('ship', { carrier: 'royal_mail' });
    expect(noTracking.statusCode).toBe(400);
    const shipped = await act('ship', { carrier: 'royal_mail', tracking_number: 'AB123456789GB' });
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      carrier: 'royal_mail',
      tracking_number: 'AB123456789GB',
      tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    });
    // Cancelling now is refused with a clear message.
    const late = await call(ada, 'POST', `/api/orders/${placed.id}/cancel`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/can no longer be cancelled/);
    expect((await act('deliver')).json().status).toBe('delivered');

    const detail = (await call(ada, 'GET', `/api/orders/${placed.id}`)).json();
    expect(
      detail.events.map((e: { to_status: string; actor: string }) => `${e.to_status}/${e.actor}`),
    ).toEqual([
      'awaiting_payment/customer',
      'queued/operator',
      'printing/operator',
      'packaging/operator',
      'shipped/operator',
      'delivered/operator',
    ]);
    // The customer does not see who the operator was; the operators' view does.
    expect(detail.events[1].actor_name).toBeNull();
    const opsView = (await call(op, 'GET', `/api/ops/orders/${placed.id}`)).json();
    expect(opsView.events[1].actor_name).toBe('ops@printloop.example');
    expect(opsView.customer.email).toBe('ada@example.com');

    await expect.poll(() => sent.length).toBeGreaterThanOrEqual(3);
    const subjects = sent.map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Payment received for order ${placed.id}`,
        `Order ${placed.id} has shipped`,
        `Order ${placed.id} has been delivered`,
      ]),
    );
    const shippedMail = sent.find((m) => m.subject === `Order ${placed.id} has shipped`)!;
    expect(shippedMail.text).toContain('Carrier: Royal Mail');
    expect(shippedMail.text).toContain('Tracking number: AB123456789GB');
    expect(shippedMail.text).toContain(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
  });

  it('renders the invoice and quote PDFs with the order’s own figures, to the penny', async () => {
    const detail = (await call(ada, 'GET', `/api/orders/${placed.id}`)).json();
    const inv = detail.documents.find((d: { kind: string }) => d.kind === 'invoice');
    const res = await call(ada, 'GET', inv.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(inv.number);
    expect(text).toContain(placed.id);
    for (const amount of [
      detail.items_amount,
      detail.fulfillment_amount,
      detail.shipping_amount,
      detail.tax_amount,
      detail.total_amount,
    ]) {
      expect(text).toContain(gbp(amount));
    }
    expect(text).toContain('VAT 20%');
    expect(text).toMatch(/PAID on/);
    const quote = await pdfText(
      (await call(ada, 'GET', `/api/orders/${placed.id}/documents/quote.pdf`)).rawPayload,
    );
    expect(quote).toContain('QUOTE');
    expect(quote).toContain(gbp(detail.items[0].unit_amount));
    // The pro-forma carries the bank details.
    const pro = detail.documents.find((d: { kind: string }) => d.kind === 'proforma');
    const proText = await pdfText((await call(ada, 'GET', pro.url)).rawPayload);
    expect(proText).toContain('PRO-FORMA INVOICE');
    expect(proText).toContain('12-34-56');
    expect(
      (await call(ada, 'GET', `/api/orders/${placed.id}/documents/INV-1999-000001.pdf`)).statusCode,
    ).toBe(404);
  });

  it('numbers invoices without gaps under concurrent orders', async () => {
    const year = new Date().getUTCFullYear();
    const quotesToOrder = [];
    for (let i = 0; i < 6; i++) quotesToOrder.push(await savedQuote(bob));
    const results = await Promise.all(
      quotesToOrder.map((q) =>
        call(bob, 'POST', '/api/orders', {
          quote_id: q.id,
          shipping_address: uk,
          shipping_service: 'standard',
        }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const numbers = (await t.app.database.db.select({ n: invoices.number }).from(invoices))
      .map((r) => r.n)
      .filter((n) => n.startsWith(`PRO-${year}-`))
      .map((n) => Number(n.slice(-6)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(7);
  });

  it('a failure half-way writes nothing: no order, item, event or invoice, and no number used', async () => {
    const year = new Date().getUTCFullYear();
    const [counter] = await t.app.database.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.series, 'PRO'));
    // Occupy the next pro-forma number, so the order's invoice insert fails inside its transaction.
    const next = `PRO-${year}-${String(counter!.last + 1).padStart(6, '0')}`;
    await t.app.database.db.insert(invoices).values({
      id: 'inv_blocker',
      orderId: placed.id,
      userId: ada.id,
      kind: 'proforma',
      number: next,
      status: 'void',
      totalAmount: 0,
      document: invoiceDocumentFixture(),
    });
    const count = async () => ({
      orders: (await t.app.database.db.select().from(orders)).length,
      items: (await t.app.database.db.select().from(orderItems)).length,
      events: (await t.app.database.db.select().from(orderEvents)).length,
      invoices: (await t.app.database.db.select().from(invoices)).length,
    });
    const before = await count();
    const { id } = await savedQuote(ada);
    const res = await call(ada, 'POST', '/api/orders', {
      quote_id: id,
      shipping_address: uk,
      shipping_service: 'standard',
    });
    expect(res.statusCode).toBe(500);
    expect(await count()).toEqual(before);
    const [after] = await t.app.database.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.series, 'PRO'));
    expect(after!.last).toBe(counter!.last);
    await t.app.database.db.delete(invoices).where(eq(invoices.id, 'inv_blocker'));
  });

  it('puts an account on invoice terms: its orders go straight to the queue with an invoice due in 30 days', async () => {
    const granted = await call(op, 'PUT', `/api/ops/accounts/${bob.id}/terms`, { terms: 'net30' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().payment_terms).toBe('net30');
    const { id } = await savedQuote(bob);
    const res = await call(bob, 'POST', '/api/orders', {
      quote_id: id,
      shipping_address: uk,
      shipping_service: 'standard',
    });
    expect(res.json().status).toBe('queued');
    expect(res.json().payment_terms).toBe('net30');
    const inv = res.json().documents.find((d: { kind: string }) => d.kind === 'invoice');
    const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(inv.due_date).toBe(due);
    // Revoked: back to pro-forma and awaiting payment.
    await call(op, 'PUT', `/api/ops/accounts/${bob.id}/terms`, { terms: 'prepay' });
    const { id: id2 } = await savedQuote(bob);
    expect(
      (
        await call(bob, 'POST', '/api/orders', {
          quote_id: id2,
          shipping_address: uk,
          shipping_service: 'standard',
        })
      ).json().status,
    ).toBe('awaiting_payment');
  });

  it('lets the customer cancel while the lifecycle allows it; the pro-forma is voided', async () => {
    const { id } = await savedQuote(ada);
    const o = (
      await call(ada, 'POST', '/api/orders', {
        quote_id: id,
        shipping_address: uk,
        shipping_service: 'standard',
      })
    ).json();
    const res = await call(ada, 'POST', `/api/orders/${o.id}/cancel`, { reason: 'Ordered the wrong part' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(res.json().events.at(-1)).toMatchObject({
      action: 'cancel',
      actor: 'customer',
      reason: 'Ordered the wrong part',
    });
    expect(res.json().documents.find((d: { kind: string }) => d.kind === 'proforma').status).toBe('void');
    expect((await call(ada, 'POST', `/api/orders/${o.id}/cancel`, {})).statusCode).toBe(409);
  });

  it('lists orders newest first with a status filter, and the console finds them by customer email', async () => {
    const mine = (await call(ada, 'GET', '/api/orders?limit=100')).json();
    expect(mine.data.length).toBeGreaterThanOrEqual(2);
    const times = mine.data.map((o: { created_at: string }) => o.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const cancelled = (await call(ada, 'GET', '/api/orders?status=cancelled')).json();
    expect(cancelled.data.every((o: { status: string }) => o.status === 'cancelled')).toBe(true);
    const page1 = (await call(ada, 'GET', '/api/orders?limit=1')).json();
    const page2 = (await call(ada, 'GET', `/api/orders?limit=1&starting_after=${page1.data[0].id}`)).json();
    expect(page2.data[0].id).toBe(mine.data[1].id);
    const found = (await call(op, 'GET', '/api/ops/orders?q=bob%40example')).json();
    expect(found.data.length).toBeGreaterThan(0);
    expect(
      found.data.every((o: { customer: { email: string } }) => o.customer.email === 'bob@example.com'),
    ).toBe(true);
  });

  it('refuses to order a model that does not fit, saying why', async () => {
    const { id, jobId } = await savedQuote(ada);
    const [job] = await t.app.database.db.select().from(printJobs).where(eq(printJobs.id, jobId));
    const analysis = analysisFixture({
      ...job!.analysis,
      fits_build_volume: false,
      bbox: { min: [0, 0, 0], max: [260, 260, 5], size: [260, 260, 5] },
      fit_rotation_deg: null,
      fit_footprint_mm: null,
    });
    await t.app.database.db.update(printJobs).set({ analysis }).where(eq(printJobs.id, jobId));
    await new Promise((r) => setTimeout(r, 2100)); // the job row cache
    const res = await call(ada, 'POST', '/api/checkout/preview', { quote_id: id, shipping_address: uk });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'DOES_NOT_FIT' });
    expect(res.json().error.message).toMatch(
      /260 × 260 × 5 mm\) does not fit the printer \(250 × 210 × 210 mm\)/,
    );
  });
});
