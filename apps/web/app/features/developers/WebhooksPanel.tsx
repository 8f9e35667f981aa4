import {
  type CreatedWebhookEndpointDto,
  type CreateWebhookEndpointRequest,
  SUBSCRIBABLE_EVENT_TYPES,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
} from '@printloop/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  ConfirmDanger,
  ErrorNote,
  Loading,
  Panel,
  primaryButton,
  secondaryButton,
  TextInput,
} from '../../components/ui/app';
import { errorMessage, isApiError } from '../../lib/api-client';
import { formatKeyDate, type KeyMode, MODE_LABELS } from './keys';
import { chip, MODE_CHIPS, SecretReveal } from './SecretReveal';
import { useDeliveries } from './useDeliveries';
import { useWebhookEndpoints } from './useWebhookEndpoints';
import {
  DELIVERY_STATUS_LABELS,
  type DeliveryStatus,
  deliveryTime,
  durationText,
  EMPTY_ENDPOINT_FORM,
  type EndpointForm,
  type EndpointFormErrors,
  type EndpointsState,
  EVENT_HINTS,
  endpointMode,
  eventsText,
  formatClock,
  formatDeliveryTime,
  responseText,
  serverFieldErrors,
  toggleEvent,
  validateEndpointForm,
} from './webhooks';

const ENDPOINT_MODE_HINTS: Record<KeyMode, string> = {
  test: 'Receives the events of test orders, which the test-mode clock moves along.',
  live: 'Receives the events of live orders: real ones, printed and shipped.',
};

const STATUS_CHIPS: Record<DeliveryStatus, string> = {
  succeeded: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  failed: 'bg-red-50 text-red-800 ring-red-300',
};

/**
 * The webhooks section of /dashboard/developers (API.md §4 and §5): the account's endpoints in both
 * modes, the add form (the signing secret shown once), and per endpoint a test event, its recent
 * deliveries with a redeliver button, and delete.
 */
export function WebhooksPanel({ signedIn }: { signedIn: boolean }) {
  const { state, dispatch, create, remove } = useWebhookEndpoints(signedIn);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const onDelete = async (id: string) => {
    // The row goes away: focus moves to the list's heading rather than being lost.
    if (await remove(id)) listHeading.current?.focus();
  };

  return (
    <Panel id="webhooks" title="Webhooks">
      <p className="max-w-4xl text-slate-700">
        PrintLoop sends an HTTPS POST to your URL when one of your orders is placed, changes status, ships, is
        delivered or is cancelled. Each request is signed with the endpoint's secret (Standard Webhooks: the{' '}
        <code className="font-mono text-sm">webhook-id</code>,{' '}
        <code className="font-mono text-sm">webhook-timestamp</code> and{' '}
        <code className="font-mono text-sm">webhook-signature</code> headers); check the signature before
        trusting it. A 2xx answer within 15 s is a success; anything else is retried for about a day.
      </p>
      {state.revealed ? (
        <div className="max-w-4xl">
          <SecretRevealOfEndpoint
            created={state.revealed}
            onDone={() => dispatch({ type: 'dismiss-reveal' })}
          />
        </div>
      ) : null}
      <AddEndpointForm disabled={!signedIn} onCreate={create} />
      <div className="mt-8" aria-busy={state.status === 'loading'}>
        <h3
          ref={listHeading}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          Your endpoints
        </h3>
        <EndpointList
          state={state}
          signedIn={signedIn}
          onAskDelete={(id) => dispatch({ type: 'ask-delete', id })}
          onCancelDelete={() => dispatch({ type: 'cancel-delete' })}
          onDelete={onDelete}
        />
      </div>
    </Panel>
  );
}

function SecretRevealOfEndpoint({
  created,
  onDone,
}: {
  created: CreatedWebhookEndpointDto;
  onDone: () => void;
}) {
  if (!created.secret) return null;
  return (
    <SecretReveal
      testId="new-webhook-secret"
      title={
        <>
          Signing secret of your new {MODE_LABELS[endpointMode(created)].toLowerCase()} endpoint{' '}
          <span className="break-all font-mono text-base">{created.url}</span>
        </>
      }
      explanation={
        <p>
          You will not see it again. Keep it with your server's configuration and use it to verify each
          request's <code className="font-mono">webhook-signature</code> (any Standard Webhooks library does).
          If you lose it, delete the endpoint and add it again.
        </p>
      }
      label="Signing secret"
      noun="secret"
      value={created.secret}
      onDone={onDone}
    />
  );
}

function AddEndpointForm({
  disabled,
  onCreate,
}: {
  disabled: boolean;
  onCreate: (request: CreateWebhookEndpointRequest) => Promise<CreatedWebhookEndpointDto>;
}) {
  const id = useId();
  const [form, setForm] = useState<EndpointForm>(EMPTY_ENDPOINT_FORM);
  const [errors, setErrors] = useState<EndpointFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = validateEndpointForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onCreate(checked.request);
      setForm(EMPTY_ENDPOINT_FORM);
    } catch (err) {
      const fields = serverFieldErrors(isApiError(err) ? err.fields : undefined);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFailure(errorMessage(err, 'The endpoint could not be added. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      className="mt-6 max-w-4xl rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Add an endpoint
      </h3>
      <div className="mt-4 space-y-4">
        <TextInput
          id={`${id}-url`}
          label="Endpoint URL"
          type="url"
          inputMode="url"
          value={form.url}
          maxLength={2048}
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks/printloop"
          hint="Where PrintLoop POSTs the events: an https URL your server answers."
          error={errors.url}
          onChange={(e) => setForm((f) => ({ ...f, url: e.target.value }))}
        />
        <fieldset aria-describedby={errors.mode ? `${id}-mode-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">Mode</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {(['test', 'live'] as const).map((mode) => (
              <label
                key={mode}
                className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600/30"
              >
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={mode}
                  checked={form.mode === mode}
                  onChange={() => setForm((f) => ({ ...f, mode }))}
                  className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
                  aria-describedby={`${id}-mode-${mode}-hint`}
                />
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{MODE_LABELS[mode]} endpoint</span>
                  <span id={`${id}-mode-${mode}-hint`} className="mt-0.5 block text-sm text-slate-700">
                    {ENDPOINT_MODE_HINTS[mode]}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.mode ? (
            <p id={`${id}-mode-error`} className="mt-1 text-sm text-red-800">
              {errors.mode}
            </p>
          ) : null}
        </fieldset>
        <fieldset aria-describedby={errors.events ? `${id}-events-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">Events to send</legend>
          <label className="mt-2 flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 has-[:checked]:border-brand-600">
            <input
              type="checkbox"
              checked={form.allEvents}
              onChange={(e) => setForm((f) => ({ ...f, allEvents: e.target.checked }))}
              className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
              aria-describedby={`${id}-all-hint`}
            />
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">All events</span>
              <span id={`${id}-all-hint`} className="mt-0.5 block text-sm text-slate-700">
                Every order event, including any added later.
              </span>
            </span>
          </label>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2" aria-label="Order events">
            {SUBSCRIBABLE_EVENT_TYPES.map((event) => (
              <li key={event}>
                <label
                  className={`flex items-start gap-3 rounded-md px-2 py-1.5 ${form.allEvents ? 'cursor-not-allowed opacity-70' : 'cursor-pointer hover:bg-white'}`}
                >
                  <input
                    type="checkbox"
                    checked={form.allEvents || form.events.includes(event)}
                    disabled={form.allEvents}
                    onChange={(e) => setForm((f) => toggleEvent(f, event, e.target.checked))}
                    className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
                    aria-describedby={`${id}-${event}-hint`}
                  />
                  <span className="min-w-0">
                    <code className="block font-mono text-sm font-semibold text-slate-900">{event}</code>
                    <span id={`${id}-${event}-hint`} className="block text-sm text-slate-700">
                      {EVENT_HINTS[event]}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {errors.events ? (
            <p id={`${id}-events-error`} className="mt-1 text-sm text-red-800">
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        <div className="max-w-md">
          <TextInput
            id={`${id}-description`}
            label="Description"
            optional
            value={form.description}
            maxLength={200}
            autoComplete="off"
            hint="So you can tell your endpoints apart, e.g. “Order sync on the shop server”."
            error={errors.description}
            onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
          />
        </div>
        {failure ? <ErrorNote>{failure}</ErrorNote> : null}
        <button type="submit" className={primaryButton} disabled={disabled || busy}>
          {busy ? 'Adding…' : 'Add endpoint'}
        </button>
      </div>
    </form>
  );
}

function EndpointList({
  state,
  signedIn,
  onAskDelete,
  onCancelDelete,
  onDelete,
}: {
  state: EndpointsState;
  signedIn: boolean;
  onAskDelete: (id: string) => void;
  onCancelDelete: () => void;
  onDelete: (id: string) => void;
}) {
  if (!signedIn || state.status === 'loading') return <Loading label="Loading your webhook endpoints…" />;
  if (state.status === 'error')
    return (
      <div className="mt-3">
        <ErrorNote>{state.loadError ?? 'Your webhook endpoints could not be loaded.'}</ErrorNote>
      </div>
    );
  if (state.endpoints.length === 0)
    return (
      <p className="mt-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center text-slate-700">
        You have no webhook endpoints yet. Add a test endpoint and send it a test event to see how they
        arrive.
      </p>
    );
  return (
    <ul aria-label="Your webhook endpoints" className="mt-3 space-y-4">
      {state.endpoints.map((endpoint) => (
        <EndpointItem
          key={endpoint.id}
          endpoint={endpoint}
          confirming={state.confirming === endpoint.id}
          deleting={state.deleting === endpoint.id}
          deleteError={state.confirming === endpoint.id ? state.deleteError : null}
          onAsk={() => onAskDelete(endpoint.id)}
          onCancel={onCancelDelete}
          onConfirm={() => onDelete(endpoint.id)}
        />
      ))}
    </ul>
  );
}

function EndpointItem({
  endpoint,
  confirming,
  deleting,
  deleteError,
  onAsk,
  onCancel,
  onConfirm,
}: {
  endpoint: WebhookEndpointDto;
  confirming: boolean;
  deleting: boolean;
  deleteError: string | null;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const id = useId();
  const mode = endpointMode(endpoint);
  const enabled = endpoint.status === 'enabled';
  const cancel = useRef<HTMLButtonElement>(null);
  const { state, polling, refresh, sendTest, redeliver } = useDeliveries(endpoint.id);
  // The confirm step replaces the Delete button: focus moves to its safe choice, which reads the question.
  useEffect(() => {
    if (confirming) cancel.current?.focus();
  }, [confirming]);
  const name = endpoint.description ?? endpoint.url;

  return (
    <li className="min-w-0 rounded-lg border border-slate-200 bg-white p-4" data-endpoint-id={endpoint.id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span id={`${id}-url`} className="break-all font-mono text-sm font-semibold text-slate-900">
              {endpoint.url}
            </span>
            <span className={`${chip} ${MODE_CHIPS[mode]}`}>{MODE_LABELS[mode]}</span>
            {enabled ? (
              <span
                className={`${chip} bg-brand-50 text-brand-800 ring-brand-200`}
                data-testid="endpoint-state"
              >
                Enabled
              </span>
            ) : (
              <span
                className={`${chip} bg-slate-200 text-slate-800 ring-slate-400`}
                data-testid="endpoint-state"
              >
                Disabled
              </span>
            )}
          </p>
          {endpoint.description ? (
            <p className="mt-1 break-words text-sm text-slate-800">{endpoint.description}</p>
          ) : null}
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-slate-600">
            <div className="flex min-w-0 gap-1">
              <dt>Events</dt>
              <dd className="min-w-0 break-words text-slate-800">{eventsText(endpoint.events)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Created</dt>
              <dd>
                <time dateTime={endpoint.created_at}>{formatKeyDate(endpoint.created_at)}</time>
              </dd>
            </div>
          </dl>
          {!enabled && endpoint.disabled_reason ? (
            <p className="mt-1 text-sm text-slate-800">Disabled: {endpoint.disabled_reason}</p>
          ) : null}
        </div>
        {!confirming ? (
          <div className="flex shrink-0 flex-wrap gap-2">
            <button
              type="button"
              className={secondaryButton}
              onClick={sendTest}
              disabled={!enabled || state.busy === 'test'}
              aria-describedby={enabled ? undefined : `${id}-disabled`}
            >
              {state.busy === 'test' ? 'Sending…' : 'Send test event'}
            </button>
            <button
              type="button"
              className={secondaryButton}
              onClick={onAsk}
              aria-label={`Delete endpoint ${name}`}
            >
              Delete
            </button>
          </div>
        ) : null}
      </div>
      {!enabled ? (
        <p id={`${id}-disabled`} className="sr-only">
          A disabled endpoint receives nothing, test events included.
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDanger
          id={id}
          message={
            <>
              Delete the endpoint <span className="break-all font-mono">{endpoint.url}</span>? It receives no
              more events, and its delivery log goes with it. This cannot be undone.
            </>
          }
          error={deleteError}
          busy={deleting}
          confirmLabel="Delete endpoint"
          busyLabel="Deleting…"
          onConfirm={onConfirm}
          onCancel={onCancel}
          cancelRef={cancel}
        />
      ) : null}
      <div aria-live="polite" className="mt-3 empty:hidden" data-testid="endpoint-notice">
        {state.notice ? <p className="text-sm text-slate-800">{state.notice}</p> : null}
      </div>
      {state.actionError ? (
        <div className="mt-3">
          <ErrorNote>{state.actionError}</ErrorNote>
        </div>
      ) : null}
      <Deliveries
        url={endpoint.url}
        deliveries={state.deliveries}
        status={state.status}
        loadError={state.loadError}
        busy={state.busy}
        refreshing={state.refreshing || polling}
        onRefresh={refresh}
        onRedeliver={redeliver}
        canRedeliver={enabled}
      />
    </li>
  );
}

function Deliveries({
  url,
  deliveries,
  status,
  loadError,
  busy,
  refreshing,
  onRefresh,
  onRedeliver,
  canRedeliver,
}: {
  url: string;
  deliveries: WebhookDeliveryDto[];
  status: 'loading' | 'ready' | 'error';
  loadError: string | null;
  busy: string | null;
  refreshing: boolean;
  onRefresh: () => void;
  onRedeliver: (delivery: WebhookDeliveryDto) => void;
  canRedeliver: boolean;
}) {
  const id = useId();
  return (
    <div className="mt-4 min-w-0 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-heading`} className="font-semibold text-slate-900">
          Recent deliveries
        </h4>
        <button
          type="button"
          className={secondaryButton}
          onClick={onRefresh}
          disabled={status === 'loading'}
          aria-label={`Refresh the deliveries to ${url}`}
        >
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {loadError && status !== 'loading' ? (
        <div className="mt-2">
          <ErrorNote>{loadError}</ErrorNote>
        </div>
      ) : null}
      {status === 'loading' ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Loading deliveries…
        </p>
      ) : status === 'error' ? null : deliveries.length === 0 ? (
        <p className="mt-2 rounded-md border border-dashed border-slate-300 bg-slate-50 px-3 py-4 text-center text-sm text-slate-700">
          No deliveries yet. Send a test event, or place an order in this endpoint's mode.
        </p>
      ) : (
        <div className="mt-2">
          {/* Wide on a phone: the table scrolls sideways in its own box, which the keyboard can reach. */}
          <section
            aria-labelledby={`${id}-heading`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            className="relative overflow-x-auto rounded-md border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
          >
            <table
              className="min-w-full divide-y divide-slate-200 text-left text-sm"
              data-testid="deliveries"
            >
              <caption className="sr-only">Recent deliveries to {url}, newest first</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {['Event', 'Status', 'Attempts', 'Response', 'Duration', 'Time'].map((c) => (
                    <th key={c} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                      {c}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {deliveries.map((d) => (
                  <tr key={d.id} data-delivery-id={d.id} data-status={d.status}>
                    <td className="whitespace-nowrap px-3 py-2.5 font-mono">
                      <span className="block text-slate-900">{d.event_type}</span>
                      <span className="block text-xs text-slate-600" data-testid="event-id">
                        {d.event_id}
                      </span>
                    </td>
                    <td className="px-3 py-2.5">
                      <span className={`${chip} ${STATUS_CHIPS[d.status]}`}>
                        {DELIVERY_STATUS_LABELS[d.status]}
                      </span>
                      {d.status === 'pending' && d.attempts > 0 && d.next_attempt_at ? (
                        <span className="mt-1 block min-w-32 text-xs text-slate-600">
                          Retry at{' '}
                          <time dateTime={d.next_attempt_at}>{formatDeliveryTime(d.next_attempt_at)}</time>
                        </span>
                      ) : null}
                      {d.status !== 'succeeded' && d.last_status_code === null && d.last_error ? (
                        <span className="mt-1 block max-w-56 break-words text-xs text-slate-600">
                          {d.last_error}
                        </span>
                      ) : null}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2.5 tabular-nums text-slate-800">
                      {d.attempts}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2.5 tabular-nums text-slate-800">
                      {responseText(d)}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2.5 tabular-nums text-slate-800">
                      {durationText(d)}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2.5 text-slate-700">
                      <time dateTime={deliveryTime(d)}>
                        <span className="block">{formatKeyDate(deliveryTime(d))}</span>
                        <span className="block tabular-nums">{formatClock(deliveryTime(d))}</span>
                      </time>
                    </td>
                    <td className="whitespace-nowrap px-3 py-2.5 text-right">
                      <button
                        type="button"
                        className={secondaryButton}
                        onClick={() => onRedeliver(d)}
                        disabled={!canRedeliver || busy === d.id}
                        aria-label={`Redeliver ${d.event_type} ${d.event_id}`}
                      >
                        {busy === d.id ? 'Redelivering…' : 'Redeliver'}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      )}
    </div>
  );
}
