/**
 * The pure side of the webhooks section: the add-endpoint form (checked with the server's own schema),
 * the wording of endpoints and deliveries, when to stop polling after a test event or a redelivery,
 * and the section's state as a reducer. The signing secret lives only in `revealed`, from the create
 * answer until the user dismisses it; it is never put in the list.
 */
import {
  type CreatedWebhookEndpointDto,
  type CreateWebhookEndpointRequest,
  createSessionWebhookEndpointSchema,
  SUBSCRIBABLE_EVENT_TYPES,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
} from '@printloop/contracts';
import type { KeyMode } from './keys';

export type SubscribableEvent = (typeof SUBSCRIBABLE_EVENT_TYPES)[number];

/** What each event means, in a few words for the checkboxes. */
export const EVENT_HINTS: Record<SubscribableEvent, string> = {
  'order.created': 'An order was placed.',
  'order.updated': 'An order changed status.',
  'order.shipped': 'An order was handed to the carrier, with tracking.',
  'order.delivered': 'The carrier delivered an order.',
  'order.cancelled': 'An order was cancelled.',
};

export interface EndpointForm {
  url: string;
  mode: KeyMode;
  /** Every event, including ones added later (`*`). */
  allEvents: boolean;
  events: SubscribableEvent[];
  description: string;
}

export const EMPTY_ENDPOINT_FORM: EndpointForm = {
  url: '',
  mode: 'test',
  allEvents: true,
  events: [],
  description: '',
};

export type EndpointFormErrors = Partial<Record<'url' | 'mode' | 'events' | 'description', string>>;

/** The form with one event ticked or unticked (kept in the API's order). */
export function toggleEvent(form: EndpointForm, event: SubscribableEvent, on: boolean): EndpointForm {
  const chosen = new Set(form.events);
  if (on) chosen.add(event);
  else chosen.delete(event);
  return { ...form, events: SUBSCRIBABLE_EVENT_TYPES.filter((e) => chosen.has(e)) };
}

/**
 * The request to send, or the form's errors. The URL's form and scheme are left to the server, whose
 * rules depend on its configuration (https only, unless private networks are allowed); its message is
 * shown beside the field.
 */
export function validateEndpointForm(
  form: EndpointForm,
): { ok: true; request: CreateWebhookEndpointRequest } | { ok: false; errors: EndpointFormErrors } {
  const errors: EndpointFormErrors = {};
  if (!form.allEvents && form.events.length === 0) errors.events = 'Choose at least one event, or all events';
  const description = form.description.trim();
  const parsed = createSessionWebhookEndpointSchema.safeParse({
    url: form.url,
    mode: form.mode,
    events: form.allEvents ? ['*'] : form.events,
    ...(description ? { description } : {}),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'url' && !errors.url)
        errors.url =
          issue.code === 'too_small'
            ? 'Please enter the URL that receives the events'
            : 'Keep the URL to 2048 characters';
      else if (field === 'description' && !errors.description)
        errors.description = 'Keep the description to 200 characters';
      else if (field === 'mode' && !errors.mode) errors.mode = issue.message;
      else if (field === 'events' && !errors.events) errors.events = issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

/** The server's per-field messages (`url`, `events.0`, …) as the form's fields. */
export function serverFieldErrors(fields: Record<string, string> | undefined): EndpointFormErrors {
  const errors: EndpointFormErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = path.split('.')[0];
    if (
      (field === 'url' || field === 'mode' || field === 'events' || field === 'description') &&
      !errors[field]
    )
      errors[field] = message;
  }
  return errors;
}

/** "All events" or the event types, comma-separated. */
export function eventsText(events: readonly string[]): string {
  return events.includes('*') ? 'All events' : events.join(', ');
}

export function endpointMode(endpoint: Pick<WebhookEndpointDto, 'livemode'>): KeyMode {
  return endpoint.livemode ? 'live' : 'test';
}

/** The endpoint as the list shows it: never the secret. */
export function withoutSecret(created: CreatedWebhookEndpointDto): WebhookEndpointDto {
  const { secret: _secret, ...rest } = created;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// Deliveries.

export type DeliveryStatus = WebhookDeliveryDto['status'];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  succeeded: 'Succeeded',
  pending: 'Pending',
  failed: 'Failed',
};

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/London',
});

/** "23 Nov 2026, 14:05:09" (UK time). */
export function formatDeliveryTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

const clockFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/London',
});

/** "14:05:09" (UK time). */
export function formatClock(iso: string): string {
  return clockFormat.format(new Date(iso));
}

/** The last attempt of a delivery, or null before the first. */
export function lastAttempt(delivery: WebhookDeliveryDto): WebhookDeliveryDto['attempt_log'][number] | null {
  return delivery.attempt_log.at(-1) ?? null;
}

/** When the delivery last happened: its last attempt, else when it was queued. */
export function deliveryTime(delivery: WebhookDeliveryDto): string {
  return lastAttempt(delivery)?.attempted_at ?? delivery.created_at;
}

/** The last answer's status code, "No answer" when an attempt got none (timeout, refused), "—" before any. */
export function responseText(delivery: WebhookDeliveryDto): string {
  if (delivery.last_status_code !== null) return String(delivery.last_status_code);
  return delivery.attempts > 0 ? 'No answer' : '—';
}

/** The last attempt's duration, "1,234 ms", or "—" before any. */
export function durationText(delivery: WebhookDeliveryDto): string {
  const attempt = lastAttempt(delivery);
  return attempt ? `${attempt.duration_ms.toLocaleString('en-GB')} ms` : '—';
}

/**
 * What an action is waiting for: the event's deliveries to this endpoint to reach `count` (a test
 * event makes its first, a redelivery one more), the newest of them past `pending`.
 */
export interface DeliveryWait {
  eventId: string;
  count: number;
}

/** The wait after queueing `eventId` again (or for the first time), given the deliveries seen now. */
export function awaitDelivery(deliveries: readonly WebhookDeliveryDto[], eventId: string): DeliveryWait {
  return { eventId, count: deliveries.filter((d) => d.event_id === eventId).length + 1 };
}

/** True once the awaited delivery exists and has an outcome (succeeded or failed, or retrying). */
export function deliverySettled(deliveries: readonly WebhookDeliveryDto[], wait: DeliveryWait): boolean {
  const ofEvent = deliveries.filter((d) => d.event_id === wait.eventId);
  if (ofEvent.length < wait.count) return false;
  // Newest first (the server's order): the awaited one is the first of its event.
  const newest = ofEvent[0];
  return newest !== undefined && (newest.status !== 'pending' || newest.attempts > 0);
}

// ---------------------------------------------------------------------------------------------
// The section's state.

export interface EndpointsState {
  status: 'loading' | 'ready' | 'error';
  endpoints: WebhookEndpointDto[];
  loadError: string | null;
  /** The endpoint just added, with its signing secret: shown once, until dismissed. */
  revealed: CreatedWebhookEndpointDto | null;
  /** The endpoint whose Delete button was pressed and waits for confirmation. */
  confirming: string | null;
  deleting: string | null;
  deleteError: string | null;
}

export const INITIAL_ENDPOINTS_STATE: EndpointsState = {
  status: 'loading',
  endpoints: [],
  loadError: null,
  revealed: null,
  confirming: null,
  deleting: null,
  deleteError: null,
};

export type EndpointsAction =
  | { type: 'loaded'; endpoints: WebhookEndpointDto[] }
  | { type: 'load-failed'; error: string }
  | { type: 'created'; endpoint: CreatedWebhookEndpointDto }
  | { type: 'dismiss-reveal' }
  | { type: 'ask-delete'; id: string }
  | { type: 'cancel-delete' }
  | { type: 'delete-started'; id: string }
  | { type: 'deleted'; id: string }
  | { type: 'delete-failed'; error: string };

/** Newest first, as the server lists them. */
function orderEndpoints(endpoints: readonly WebhookEndpointDto[]): WebhookEndpointDto[] {
  return [...endpoints].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
}

export function endpointsReducer(state: EndpointsState, action: EndpointsAction): EndpointsState {
  switch (action.type) {
    case 'loaded':
      return { ...state, status: 'ready', endpoints: orderEndpoints(action.endpoints), loadError: null };
    case 'load-failed':
      return { ...state, status: 'error', loadError: action.error };
    case 'created': {
      const listed = withoutSecret(action.endpoint);
      return {
        ...state,
        endpoints: orderEndpoints([listed, ...state.endpoints.filter((e) => e.id !== listed.id)]),
        revealed: action.endpoint.secret ? action.endpoint : null,
      };
    }
    case 'dismiss-reveal':
      return { ...state, revealed: null };
    case 'ask-delete':
      return { ...state, confirming: action.id, deleteError: null };
    case 'cancel-delete':
      return { ...state, confirming: null, deleteError: null };
    case 'delete-started':
      return { ...state, deleting: action.id, deleteError: null };
    case 'deleted':
      return {
        ...state,
        endpoints: state.endpoints.filter((e) => e.id !== action.id),
        confirming: null,
        deleting: null,
        // Its secret is useless once it is gone.
        revealed: state.revealed?.id === action.id ? null : state.revealed,
      };
    case 'delete-failed':
      return { ...state, deleting: null, deleteError: action.error };
  }
}
