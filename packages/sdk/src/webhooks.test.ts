import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { PrintLoop } from './client.js';
import { WebhookVerificationError } from './errors.js';
import { Webhooks } from './webhooks.js';

const SECRET = `whsec_${Buffer.from('a secret of thirty-two bytes!!!!').toString('base64')}`;
const OTHER = `whsec_${Buffer.from('another secret, also 32 bytes...').toString('base64')}`;
const EVENT = {
  id: 'evt_1',
  object: 'event',
  created_at: '2025-01-01T00:00:00.000Z',
  livemode: false,
  type: 'order.updated',
  data: { object: { id: 'ord_1', status: 'printing' }, previous_attributes: { status: 'queued' } },
};
const PAYLOAD = JSON.stringify(EVENT);

/** A delivery signed by the third-party Standard Webhooks library, `secondsAgo` in the past. */
function delivery(secondsAgo = 0, secret = SECRET, payload = PAYLOAD) {
  const at = new Date(Date.now() - secondsAgo * 1000);
  return {
    'webhook-id': EVENT.id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(EVENT.id, at, payload),
  };
}

const webhooks = new PrintLoop({ apiKey: 'pl_test_x' }).webhooks;

async function refusal(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

describe('webhooks.verify', () => {
  it('accepts a delivery signed by the standardwebhooks package, and returns the event', async () => {
    const event = await webhooks.verify(PAYLOAD, delivery(), SECRET);
    expect(event).toEqual(EVENT);
    expect(event.type).toBe('order.updated');
  });

  it('reads a Headers instance, any case of header names, and a body as bytes', async () => {
    const headers = delivery(30);
    expect(await webhooks.verify(PAYLOAD, new Headers(headers), SECRET)).toEqual(EVENT);
    const shouting = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(await webhooks.verify(new TextEncoder().encode(PAYLOAD), shouting, SECRET)).toEqual(EVENT);
  });

  it('accepts any matching v1 signature of a space-separated list (secret rotation)', async () => {
    const headers = delivery();
    const old = delivery(0, OTHER)['webhook-signature'];
    headers['webhook-signature'] = `v2,abc ${old} ${headers['webhook-signature']}`;
    expect(await webhooks.verify(PAYLOAD, headers, SECRET)).toEqual(EVENT);
  });

  it('refuses a bad signature', async () => {
    const headers = delivery();
    headers['webhook-signature'] = `v1,${Buffer.alloc(32, 7).toString('base64')}`;
    const error = await refusal(webhooks.verify(PAYLOAD, headers, SECRET));
    expect(error.code).toBe('WEBHOOK_VERIFICATION_FAILED');
    expect(error.message).toMatch(/signature/);
  });

  it('refuses a changed body', async () => {
    await refusal(webhooks.verify(PAYLOAD.replace('printing', 'shipped'), delivery(), SECRET));
  });

  it('refuses the wrong secret', async () => {
    await refusal(webhooks.verify(PAYLOAD, delivery(0, OTHER), SECRET));
  });

  it('refuses a timestamp 6 minutes off, either way, and accepts 4 minutes', async () => {
    expect((await refusal(webhooks.verify(PAYLOAD, delivery(6 * 60), SECRET))).message).toMatch(/too old/);
    expect((await refusal(webhooks.verify(PAYLOAD, delivery(-6 * 60), SECRET))).message).toMatch(/future/);
    expect(await webhooks.verify(PAYLOAD, delivery(4 * 60), SECRET)).toEqual(EVENT);
  });

  it('refuses missing headers, a malformed timestamp and a malformed secret', async () => {
    const { 'webhook-signature': _, ...unsigned } = delivery();
    await refusal(webhooks.verify(PAYLOAD, unsigned, SECRET));
    await refusal(webhooks.verify(PAYLOAD, { ...delivery(), 'webhook-timestamp': '12abc' }, SECRET));
    await refusal(webhooks.verify(PAYLOAD, delivery(), 'whsec_***'));
  });
});

describe('webhooks.sign', () => {
  it('signs as the standardwebhooks package verifies, and as verify accepts', async () => {
    const headers = await new Webhooks().sign({ payload: PAYLOAD, secret: SECRET, id: 'evt_1' });
    expect(headers['webhook-id']).toBe('evt_1');
    expect(new Webhook(SECRET).verify(PAYLOAD, headers)).toEqual(EVENT);
    expect(await webhooks.verify(PAYLOAD, headers, SECRET)).toEqual(EVENT);
  });
});
