import type { CreatedWebhookEndpointDto, WebhookDeliveryDto, WebhookEndpointDto } from '@printloop/contracts';
import { describe, expect, it } from 'vitest';
import {
  awaitDelivery,
  deliverySettled,
  durationText,
  EMPTY_ENDPOINT_FORM,
  type EndpointForm,
  type EndpointsState,
  endpointsReducer,
  eventsText,
  INITIAL_ENDPOINTS_STATE,
  responseText,
  serverFieldErrors,
  toggleEvent,
  validateEndpointForm,
} from './webhooks';

function endpoint(overrides: Partial<WebhookEndpointDto> = {}): WebhookEndpointDto {
  return {
    id: 'we_a1',
    object: 'webhook_endpoint',
    created_at: '2026-11-20T10:00:00.000Z',
    livemode: false,
    url: 'https://shop.example.com/hooks',
    description: null,
    events: ['*'],
    status: 'enabled',
    disabled_reason: null,
    ...overrides,
  };
}

function created(overrides: Partial<CreatedWebhookEndpointDto> = {}): CreatedWebhookEndpointDto {
  return {
    ...endpoint({ id: 'we_new', created_at: '2026-11-23T09:00:00.000Z' }),
    secret: `whsec_${'A'.repeat(43)}=`,
    ...overrides,
  };
}

function delivery(overrides: Partial<WebhookDeliveryDto> = {}): WebhookDeliveryDto {
  return {
    id: 'whd_1',
    object: 'webhook_delivery',
    created_at: '2026-11-23T09:00:00.000Z',
    event_id: 'evt_1',
    event_type: 'ping',
    endpoint_id: 'we_a1',
    status: 'pending',
    attempts: 0,
    next_attempt_at: '2026-11-23T09:00:00.000Z',
    delivered_at: null,
    last_status_code: null,
    last_error: null,
    attempt_log: [],
    ...overrides,
  };
}

const attempt = (status_code: number | null, duration_ms: number) => ({
  attempted_at: '2026-11-23T09:00:01.000Z',
  status_code,
  duration_ms,
  response_body: null,
  error: status_code === null ? 'timeout' : null,
});

describe('validateEndpointForm', () => {
  it('sends all events as ["*"], the mode, and the trimmed URL; an empty description is left out', () => {
    expect(
      validateEndpointForm({ ...EMPTY_ENDPOINT_FORM, url: ' https://a.example/h ', description: '  ' }),
    ).toEqual({ ok: true, request: { url: 'https://a.example/h', mode: 'test', events: ['*'] } });
  });

  it('sends the chosen events in the API order, with a trimmed description', () => {
    let form: EndpointForm = {
      ...EMPTY_ENDPOINT_FORM,
      url: 'https://a.example/h',
      mode: 'live',
      allEvents: false,
    };
    form = toggleEvent(form, 'order.shipped', true);
    form = toggleEvent(form, 'order.created', true);
    form = toggleEvent(form, 'order.cancelled', true);
    form = toggleEvent(form, 'order.cancelled', false);
    expect(validateEndpointForm({ ...form, description: ' Shop sync ' })).toEqual({
      ok: true,
      request: {
        url: 'https://a.example/h',
        mode: 'live',
        events: ['order.created', 'order.shipped'],
        description: 'Shop sync',
      },
    });
  });

  it('asks for a URL and for at least one event', () => {
    expect(validateEndpointForm({ ...EMPTY_ENDPOINT_FORM, url: '  ', allEvents: false })).toEqual({
      ok: false,
      errors: {
        url: 'Please enter the URL that receives the events',
        events: 'Choose at least one event, or all events',
      },
    });
  });

  it('limits the URL and the description to what the server takes', () => {
    const result = validateEndpointForm({
      ...EMPTY_ENDPOINT_FORM,
      url: `https://a.example/${'x'.repeat(2048)}`,
      description: 'd'.repeat(201),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        url: 'Keep the URL to 2048 characters',
        description: 'Keep the description to 200 characters',
      },
    });
  });

  it("leaves the URL's form to the server (its rules depend on its configuration)", () => {
    expect(validateEndpointForm({ ...EMPTY_ENDPOINT_FORM, url: 'not a url' }).ok).toBe(true);
  });
});

describe('serverFieldErrors', () => {
  it("maps the server's field paths onto the form's fields, first message each", () => {
    expect(
      serverFieldErrors({
        url: 'This is not a valid URL.',
        'events.0': 'Event types are …',
        'events.1': 'second',
        other: 'ignored',
      }),
    ).toEqual({ url: 'This is not a valid URL.', events: 'Event types are …' });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});

describe('wording', () => {
  it('names all events or lists them', () => {
    expect(eventsText(['*'])).toBe('All events');
    expect(eventsText(['order.created', 'order.shipped'])).toBe('order.created, order.shipped');
  });

  it('shows the last answer and the last duration', () => {
    expect(responseText(delivery())).toBe('—');
    expect(durationText(delivery())).toBe('—');
    const ok = delivery({
      status: 'succeeded',
      attempts: 2,
      last_status_code: 200,
      attempt_log: [attempt(null, 15_000), attempt(200, 1234)],
    });
    expect(responseText(ok)).toBe('200');
    expect(durationText(ok)).toBe('1,234 ms');
    expect(responseText(delivery({ attempts: 1, attempt_log: [attempt(null, 15_000)] }))).toBe('No answer');
  });
});

describe('waiting for a delivery', () => {
  it('a test event waits for its first delivery to have an outcome', () => {
    const wait = awaitDelivery([delivery({ id: 'whd_0', event_id: 'evt_0', status: 'succeeded' })], 'evt_1');
    expect(wait).toEqual({ eventId: 'evt_1', count: 1 });
    expect(deliverySettled([], wait)).toBe(false);
    expect(deliverySettled([delivery()], wait)).toBe(false);
    expect(deliverySettled([delivery({ status: 'succeeded', attempts: 1 })], wait)).toBe(true);
    // A failed first attempt, retried later, is an outcome to show.
    expect(deliverySettled([delivery({ attempts: 1, last_status_code: 500 })], wait)).toBe(true);
  });

  it('a redelivery waits for a new delivery of the same event, not the old one', () => {
    const old = delivery({ id: 'whd_1', status: 'succeeded', attempts: 1 });
    const wait = awaitDelivery([old], 'evt_1');
    expect(wait.count).toBe(2);
    expect(deliverySettled([old], wait)).toBe(false);
    expect(deliverySettled([delivery({ id: 'whd_2' }), old], wait)).toBe(false);
    expect(deliverySettled([delivery({ id: 'whd_2', status: 'failed', attempts: 8 }), old], wait)).toBe(true);
  });
});

describe('endpointsReducer', () => {
  const ready: EndpointsState = {
    ...INITIAL_ENDPOINTS_STATE,
    status: 'ready',
    endpoints: [endpoint()],
  };

  it('lists endpoints newest first', () => {
    const s = endpointsReducer(INITIAL_ENDPOINTS_STATE, {
      type: 'loaded',
      endpoints: [endpoint(), endpoint({ id: 'we_b2', created_at: '2026-11-21T10:00:00.000Z' })],
    });
    expect(s.endpoints.map((e) => e.id)).toEqual(['we_b2', 'we_a1']);
    expect(s.status).toBe('ready');
  });

  it('keeps the secret only in the reveal, never in the list', () => {
    const s = endpointsReducer(ready, { type: 'created', endpoint: created() });
    expect(s.endpoints.map((e) => e.id)).toEqual(['we_new', 'we_a1']);
    expect(s.endpoints[0]).not.toHaveProperty('secret');
    expect(s.revealed?.secret).toMatch(/^whsec_/);
    expect(endpointsReducer(s, { type: 'dismiss-reveal' }).revealed).toBeNull();
  });

  it('asks before deleting, and removes the endpoint (and its secret on screen) once deleted', () => {
    let s = endpointsReducer(ready, { type: 'created', endpoint: created() });
    s = endpointsReducer(s, { type: 'ask-delete', id: 'we_new' });
    expect(s.confirming).toBe('we_new');
    s = endpointsReducer(s, { type: 'delete-started', id: 'we_new' });
    s = endpointsReducer(s, { type: 'delete-failed', error: 'No such webhook endpoint' });
    expect(s).toMatchObject({
      confirming: 'we_new',
      deleting: null,
      deleteError: 'No such webhook endpoint',
    });
    s = endpointsReducer(s, { type: 'delete-started', id: 'we_new' });
    s = endpointsReducer(s, { type: 'deleted', id: 'we_new' });
    expect(s.endpoints.map((e) => e.id)).toEqual(['we_a1']);
    expect(s).toMatchObject({ confirming: null, deleting: null, revealed: null });
  });

  it('cancelling the confirm step clears it', () => {
    const s = endpointsReducer(endpointsReducer(ready, { type: 'ask-delete', id: 'we_a1' }), {
      type: 'cancel-delete',
    });
    expect(s.confirming).toBeNull();
  });
});
