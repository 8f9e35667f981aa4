import {
  type ConnectStoreRequest,
  STORE_PLATFORM_NAMES,
  type StoreAlertDto,
  type StoreConnectionDetailDto,
  type StoreConnectionDto,
  type StorePlatform,
} from '@printloop/contracts';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  ConfirmDanger,
  ErrorNote,
  Loading,
  PageHeader,
  Panel,
  primaryButton,
  SelectInput,
  secondaryButton,
  TextInput,
  textLink,
} from '../../components/ui/app';
import { Container } from '../../components/ui/layout';
import { integrationGuidePath, orderPath, paths } from '../../config/paths';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useSignedIn } from '../auth/useSignedIn';
import { chip } from '../developers/SecretReveal';
import { integrationsApi } from './api';
import { formatWhen, PUSH_LABELS, STORE_ORDER_LABELS } from './format';

/**
 * /dashboard/integrations (issue 16): connect a Shopify or WooCommerce store, test, pause and remove it,
 * map its SKUs to products, see the orders it sent and the tracking sent back, and the alerts that need
 * the seller. Secrets are typed once and never shown again.
 */
export function IntegrationsView() {
  const session = useSignedIn();
  const signedIn = session.status === 'signed-in';
  const [connections, setConnections] = useState<StoreConnectionDto[] | null>(null);
  const [alerts, setAlerts] = useState<StoreAlertDto[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);

  const reload = useCallback(async (signal?: AbortSignal) => {
    try {
      const [list, a] = await Promise.all([integrationsApi.list(signal), integrationsApi.alerts(signal)]);
      setConnections(list.data);
      setAlerts(a.data);
      setLoadError(null);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      setLoadError(errorMessage(err, 'Your store connections could not be loaded.'));
    }
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    const ctl = new AbortController();
    void reload(ctl.signal);
    return () => ctl.abort();
  }, [signedIn, reload]);

  return (
    <>
      <PageHeader
        eyebrow="Your account"
        title="Store connections"
        lead={
          <p>
            Connect your Shopify or WooCommerce store: paid orders for products you sell through PrintLoop
            become orders here by themselves, and their tracking goes back to the store when they ship.
            Selling elsewhere? Import the marketplace’s order CSV.
          </p>
        }
        actions={
          <>
            <Link to={paths.csvImport} className={primaryButton}>
              Import orders from a CSV
            </Link>
            <Link to={integrationGuidePath('shopify')} className={secondaryButton}>
              Setup guides
            </Link>
          </>
        }
      />
      <Container className="space-y-6 py-8 sm:py-10">
        {loadError ? <ErrorNote>{loadError}</ErrorNote> : null}
        {alerts.length > 0 ? (
          <AlertsPanel
            alerts={alerts}
            onDismiss={(id) => setAlerts((list) => list.filter((a) => a.id !== id))}
          />
        ) : null}
        <ConnectPanel disabled={!signedIn} onConnected={() => void reload()} />
        {!signedIn || connections === null ? (
          loadError ? null : (
            <Loading label="Loading your store connections…" />
          )
        ) : connections.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-slate-700">
            No store is connected yet.
          </p>
        ) : (
          connections.map((c) => <ConnectionPanel key={c.id} initial={c} onRemoved={() => void reload()} />)
        )}
      </Container>
    </>
  );
}

function AlertsPanel({ alerts, onDismiss }: { alerts: StoreAlertDto[]; onDismiss: (id: string) => void }) {
  return (
    <Panel id="alerts" title="Needs your attention">
      <ul
        className="divide-y divide-amber-200 rounded-lg border border-amber-300 bg-amber-50"
        aria-label="Alerts"
      >
        {alerts.map((a) => (
          <li key={a.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 text-sm text-amber-950">
              <p className="break-words">{a.message}</p>
              <p className="mt-1 text-xs text-amber-900">
                {formatWhen(a.created_at)}
                {a.order_id ? (
                  <>
                    {' · '}
                    <Link to={orderPath(a.order_id)} className="font-semibold underline">
                      {a.order_id}
                    </Link>
                  </>
                ) : null}
              </p>
            </div>
            <button
              type="button"
              className={`${secondaryButton} shrink-0`}
              onClick={() => void integrationsApi.dismissAlert(a.id).then(() => onDismiss(a.id))}
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

type Fields = Record<string, string>;
const FIELDS: Record<
  StorePlatform,
  { name: string; label: string; hint: string; secret?: boolean; optional?: boolean }[]
> = {
  shopify: [
    { name: 'shop_domain', label: 'Shop domain', hint: 'e.g. my-shop.myshopify.com' },
    {
      name: 'access_token',
      label: 'Admin API access token',
      hint: 'From your custom app’s API credentials (shpat_…). Scopes: read_orders, read_products, read_merchant_managed_fulfillment_orders, write_merchant_managed_fulfillment_orders.',
      secret: true,
    },
    {
      name: 'webhook_secret',
      label: 'Webhook signing secret',
      hint: 'The app’s client secret (API secret key): Shopify signs the app’s webhooks with it.',
      secret: true,
    },
  ],
  woocommerce: [
    { name: 'site_url', label: 'Site URL', hint: 'e.g. https://shop.example.com' },
    {
      name: 'consumer_key',
      label: 'Consumer key',
      hint: 'WooCommerce → Settings → Advanced → REST API, Read/Write (ck_…).',
      secret: true,
    },
    {
      name: 'consumer_secret',
      label: 'Consumer secret',
      hint: 'Shown once by WooCommerce with the key (cs_…).',
      secret: true,
    },
    {
      name: 'webhook_secret',
      label: 'Webhook secret',
      hint: 'The secret the webhooks we register are signed with. Leave empty and we make a random one.',
      secret: true,
      optional: true,
    },
  ],
};

function ConnectPanel({ disabled, onConnected }: { disabled: boolean; onConnected: () => void }) {
  const id = useId();
  const [platform, setPlatform] = useState<StorePlatform>('shopify');
  const [fields, setFields] = useState<Fields>({});
  const [errors, setErrors] = useState<Fields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setDone(null);
    const missing: Fields = {};
    for (const f of FIELDS[platform])
      if (!f.optional && !fields[f.name]?.trim())
        missing[f.name] = `Please enter the ${f.label.toLowerCase()}`;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const body = {
        platform,
        ...Object.fromEntries(FIELDS[platform].map((f) => [f.name, fields[f.name]?.trim() ?? ''])),
      };
      const created = await integrationsApi.connect(body as ConnectStoreRequest);
      setFields({});
      setDone(`${created.name} is connected: its order webhooks are registered.`);
      onConnected();
    } catch (err) {
      const f = isApiError(err) ? err.fields : undefined;
      if (f && Object.keys(f).some((k) => FIELDS[platform].some((x) => x.name === k))) setErrors(f);
      setFailure(errorMessage(err, 'The store could not be connected. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel id="connect" title="Connect a store">
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Connect a store">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Platform</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {(['shopify', 'woocommerce'] as const).map((p) => (
              <label
                key={p}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600/30"
              >
                <input
                  type="radio"
                  name={`${id}-platform`}
                  value={p}
                  checked={platform === p}
                  onChange={() => {
                    setPlatform(p);
                    setFields({});
                    setErrors({});
                    setFailure(null);
                  }}
                  className="h-4 w-4 accent-brand-600"
                />
                <span className="font-semibold text-slate-900">{STORE_PLATFORM_NAMES[p]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 md:grid-cols-2">
          {FIELDS[platform].map((f) => (
            <TextInput
              key={`${platform}-${f.name}`}
              id={`${id}-${f.name}`}
              label={f.label}
              type={f.secret ? 'password' : 'text'}
              autoComplete="off"
              spellCheck={false}
              optional={f.optional}
              value={fields[f.name] ?? ''}
              hint={f.hint}
              error={errors[f.name]}
              onChange={(e) => setFields((v) => ({ ...v, [f.name]: e.target.value }))}
            />
          ))}
        </div>
        <p className="text-sm text-slate-700">
          Secrets are encrypted as soon as they arrive and never shown again. Connecting tests them and
          registers the order webhooks in your store.
        </p>
        {failure ? <ErrorNote>{failure}</ErrorNote> : null}
        {done ? (
          <p
            role="status"
            className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          >
            {done}
          </p>
        ) : null}
        <button type="submit" className={primaryButton} disabled={disabled || busy}>
          {busy ? 'Connecting…' : `Connect ${STORE_PLATFORM_NAMES[platform]}`}
        </button>
      </form>
    </Panel>
  );
}

function ConnectionPanel({ initial, onRemoved }: { initial: StoreConnectionDto; onRemoved: () => void }) {
  const id = useId();
  const [conn, setConn] = useState(initial);
  const [detail, setDetail] = useState<StoreConnectionDetailDto | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const d = await integrationsApi.detail(initial.id);
    setDetail(d);
    setConn(d.connection);
  }, [initial.id]);
  useEffect(() => {
    void load().catch(() => setNote({ ok: false, text: 'The connection’s details could not be loaded.' }));
  }, [load]);

  const run = async (what: string, fn: () => Promise<{ ok: boolean; text: string } | null>) => {
    setBusy(what);
    setNote(null);
    try {
      const r = await fn();
      if (r) setNote(r);
      await load();
    } catch (err) {
      setNote({ ok: false, text: errorMessage(err, 'That did not work. Please try again.') });
    } finally {
      setBusy(null);
    }
  };

  const name = STORE_PLATFORM_NAMES[conn.platform];
  const active = conn.status === 'active';
  return (
    <Panel
      id={`conn-${conn.id}`}
      title={conn.name}
      actions={
        <p className="flex flex-wrap gap-2">
          <span className={`${chip} bg-slate-50 text-slate-800 ring-slate-300`}>{name}</span>
          <span
            data-testid="connection-status"
            className={`${chip} ${active ? 'bg-emerald-50 text-emerald-800 ring-emerald-300' : 'bg-amber-50 text-amber-900 ring-amber-300'}`}
          >
            {active ? 'Active' : 'Paused'}
          </span>
        </p>
      }
    >
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="font-medium text-slate-800">Store</dt>
          <dd className="break-all text-slate-700">{conn.base_url}</dd>
        </div>
        <div className="min-w-0">
          <dt className="font-medium text-slate-800">Webhooks</dt>
          <dd className="break-all font-mono text-xs text-slate-700">
            {conn.webhooks_registered ? 'Registered → ' : 'Not registered → '}
            {conn.webhook_url}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">Credentials</dt>
          <dd className="text-slate-700">Saved, encrypted (never shown again)</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">Last test</dt>
          <dd className="text-slate-700">
            {conn.last_test
              ? `${conn.last_test.ok ? 'OK' : 'Failed'}, ${formatWhen(conn.last_test.at)}: ${conn.last_test.message}`
              : 'Never'}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">Last order</dt>
          <dd className="text-slate-700">
            {conn.last_order_at ? formatWhen(conn.last_order_at) : 'None yet'}
          </dd>
        </div>
      </dl>
      {!active ? (
        <p className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          Paused: orders the store sends now are not imported. Tracking of orders already here still goes back
          to the store.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          disabled={busy !== null}
          onClick={() =>
            void run('test', async () => {
              const r = await integrationsApi.test(conn.id);
              return { ok: r.ok, text: r.ok ? r.message : `The test failed: ${r.message}` };
            })
          }
        >
          {busy === 'test' ? 'Testing…' : 'Test connection'}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={busy !== null}
          onClick={() =>
            void run('pause', async () => {
              await integrationsApi.setStatus(conn.id, active ? 'paused' : 'active');
              return null;
            })
          }
        >
          {active ? 'Pause' : 'Resume'}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={busy !== null}
          onClick={() =>
            void run('sync', async () => {
              const r = await integrationsApi.sync(conn.id);
              return { ok: true, text: `Read ${r.skus} SKUs from the store.` };
            })
          }
        >
          {busy === 'sync' ? 'Reading…' : 'Read products from the store'}
        </button>
        {!confirming ? (
          <button type="button" className={secondaryButton} onClick={() => setConfirming(true)}>
            Remove
          </button>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmDanger
          id={id}
          message={
            <>
              Remove {conn.name}? Its webhooks are deleted from the store, and orders it sends are no longer
              imported. Orders already placed stay.
            </>
          }
          error={removeError}
          busy={busy === 'remove'}
          confirmLabel="Remove connection"
          busyLabel="Removing…"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setBusy('remove');
            integrationsApi
              .remove(conn.id)
              .then(() => onRemoved())
              .catch((err: unknown) => {
                setRemoveError(errorMessage(err, 'The connection could not be removed.'));
                setBusy(null);
              });
          }}
        />
      ) : null}
      {note ? (
        note.ok ? (
          <p
            role="status"
            className="mt-3 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          >
            {note.text}
          </p>
        ) : (
          <div className="mt-3">
            <ErrorNote>{note.text}</ErrorNote>
          </div>
        )
      ) : null}
      {detail ? <ConnectionDetail conn={conn} detail={detail} onChanged={setDetail} /> : null}
    </Panel>
  );
}

function ConnectionDetail({
  conn,
  detail,
  onChanged,
}: {
  conn: StoreConnectionDto;
  detail: StoreConnectionDetailDto;
  onChanged: (d: StoreConnectionDetailDto) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const unmapped = detail.skus.filter((s) => s.mapping === 'none').length;
  return (
    <div className="mt-6 space-y-8">
      <section aria-labelledby={`${id}-skus`}>
        <h3 id={`${id}-skus`} className="text-lg font-semibold text-slate-900">
          Product mapping{' '}
          <span className="text-sm font-normal text-slate-600">
            ({detail.skus.length} SKUs, {unmapped} unmapped)
          </span>
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          A store SKU equal to a product’s SKU maps by itself. Choose a product for the others; lines whose
          SKU maps to nothing are skipped, and you are told.
        </p>
        {error ? <ErrorNote>{error}</ErrorNote> : null}
        {detail.skus.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">
            No SKU yet: read the products from the store, or wait for an order.
          </p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm" aria-label={`SKUs of ${conn.name}`}>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th className="py-2 pr-3 font-medium">Store SKU</th>
                  <th className="py-2 pr-3 font-medium">Store product</th>
                  <th className="py-2 pr-3 font-medium">PrintLoop product</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {detail.skus.map((s) => (
                  <tr key={s.sku} data-sku={s.sku}>
                    <td className="py-2 pr-3 font-mono text-slate-900">{s.sku}</td>
                    <td className="py-2 pr-3 text-slate-700">{s.title ?? '—'}</td>
                    <td className="py-2 pr-3">
                      <SelectInput
                        id={`${id}-${s.sku}`}
                        label={`Product for ${s.sku}`}
                        value={s.mapping === 'manual' ? (s.product?.id ?? '') : ''}
                        onChange={(e) => {
                          setError(null);
                          integrationsApi
                            .mapSku(conn.id, s.sku, e.target.value || null)
                            .then((r) => onChanged({ ...detail, skus: r.skus }))
                            .catch((err: unknown) =>
                              setError(errorMessage(err, 'The mapping could not be saved.')),
                            );
                        }}
                      >
                        <option value="">
                          {s.mapping === 'auto' && s.product
                            ? `Same SKU: ${s.product.name}`
                            : s.mapping === 'manual'
                              ? 'By SKU (none)'
                              : 'Not mapped: lines are skipped'}
                        </option>
                        {detail.products.map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.name}
                            {p.sku ? ` (${p.sku})` : ''}
                          </option>
                        ))}
                      </SelectInput>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby={`${id}-orders`}>
        <h3 id={`${id}-orders`} className="text-lg font-semibold text-slate-900">
          Orders from the store
        </h3>
        {detail.orders.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">None yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm" aria-label={`Orders from ${conn.name}`}>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th className="py-2 pr-3 font-medium">Store order</th>
                  <th className="py-2 pr-3 font-medium">Outcome</th>
                  <th className="py-2 pr-3 font-medium">PrintLoop order</th>
                  <th className="py-2 pr-3 font-medium">Received</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {detail.orders.map((o) => (
                  <tr key={o.store_order_id}>
                    <td className="py-2 pr-3 font-semibold text-slate-900">{o.external_id}</td>
                    <td className="py-2 pr-3 text-slate-700">
                      {STORE_ORDER_LABELS[o.status]}
                      {o.unmapped.length
                        ? ` (${o.unmapped.length} line${o.unmapped.length > 1 ? 's' : ''} skipped)`
                        : ''}
                      {o.message && o.status !== 'placed' ? (
                        <span className="block text-xs text-slate-600">{o.message}</span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3">
                      {o.order_id ? (
                        <Link to={orderPath(o.order_id)} className={textLink}>
                          {o.order_id}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="py-2 pr-3 text-slate-700">{formatWhen(o.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby={`${id}-pushes`}>
        <h3 id={`${id}-pushes`} className="text-lg font-semibold text-slate-900">
          Tracking sent to the store
        </h3>
        {detail.pushes.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nothing has shipped yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table
              className="w-full min-w-[36rem] text-left text-sm"
              aria-label={`Tracking sent to ${conn.name}`}
            >
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th className="py-2 pr-3 font-medium">Order</th>
                  <th className="py-2 pr-3 font-medium">Tracking</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 pr-3 font-medium">Attempts</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {detail.pushes.map((p) => (
                  <tr key={p.id} data-testid="tracking-push">
                    <td className="py-2 pr-3 font-semibold text-slate-900">{p.external_id}</td>
                    <td className="py-2 pr-3 font-mono text-slate-700">{p.tracking_number}</td>
                    <td className="py-2 pr-3 text-slate-700">
                      {PUSH_LABELS[p.status]}
                      {p.last_error ? (
                        <span className="block text-xs text-slate-600">
                          Last error{p.last_status_code ? ` (HTTP ${p.last_status_code})` : ''}:{' '}
                          {p.last_error}
                          {p.next_attempt_at ? ` · next try ${formatWhen(p.next_attempt_at)}` : ''}
                        </span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3 text-slate-700">{p.attempts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
