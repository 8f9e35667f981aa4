import type { ApiKeyDto, CreatedApiKeyDto } from '@printloop/contracts';
import { type Dispatch, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  ConfirmDanger,
  ErrorNote,
  Loading,
  PageHeader,
  Panel,
  primaryButton,
  secondaryButton,
  TextInput,
  textLink,
} from '../../components/ui/app';
import { Container } from '../../components/ui/layout';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useHydrated } from '../auth/hydrated';
import { useSignedIn } from '../auth/useSignedIn';
import {
  EMPTY_KEY_FORM,
  formatKeyDate,
  type KeyForm,
  type KeyFormErrors,
  type KeysAction,
  type KeysState,
  lastUsedText,
  MODE_HINTS,
  MODE_LABELS,
  validateKeyForm,
} from './keys';
import { chip, MODE_CHIPS, SecretReveal } from './SecretReveal';
import { useApiKeys } from './useApiKeys';
import { WebhooksPanel } from './WebhooksPanel';

/**
 * /dashboard/developers: the signed-in user's API keys (create, see once, list, revoke) and where to
 * start with the API, and below the keys the webhook endpoints (API.md §5): add, test, see their
 * deliveries, redeliver, delete.
 */
export function DevelopersView() {
  const session = useSignedIn();
  const signedIn = session.status === 'signed-in';
  const { state, dispatch, create, revoke } = useApiKeys(signedIn);

  return (
    <>
      <PageHeader
        eyebrow="Your account"
        title="Developers"
        lead={
          <p>
            Keys for the PrintLoop API, so your own systems can upload models, get quotes and place orders,
            and webhooks that tell them when those orders change.
          </p>
        }
        actions={
          <Link to={paths.apiReference} className={secondaryButton}>
            API reference
          </Link>
        }
      />
      <Container className="py-8 sm:py-10">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="min-w-0 space-y-6">
            <Panel id="api-keys" title="API keys">
              <p className="text-slate-700">
                A key acts as your account. Use it only from server-side code, keep it in an environment
                variable or a secrets manager, and never put it in a web page or a public repository.
              </p>
              {state.revealed ? (
                <NewKeyReveal created={state.revealed} onDone={() => dispatch({ type: 'dismiss-reveal' })} />
              ) : null}
              <CreateKeyForm disabled={!signedIn} onCreate={create} />
              <div className="mt-8" aria-live="polite" aria-busy={state.status === 'loading'}>
                <h3 className="text-lg font-semibold text-slate-900">Your keys</h3>
                <KeyList state={state} dispatch={dispatch} signedIn={signedIn} onRevoke={revoke} />
              </div>
            </Panel>
          </div>
          <UseTheApi />
        </div>
        {/* Full width: the deliveries table needs the room. */}
        <div className="mt-6">
          <WebhooksPanel signedIn={signedIn} />
        </div>
      </Container>
    </>
  );
}

function CreateKeyForm({
  disabled,
  onCreate,
}: {
  disabled: boolean;
  onCreate: (form: KeyForm) => Promise<CreatedApiKeyDto>;
}) {
  const id = useId();
  const [form, setForm] = useState<KeyForm>(EMPTY_KEY_FORM);
  const [errors, setErrors] = useState<KeyFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = validateKeyForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onCreate(checked.request);
      setForm(EMPTY_KEY_FORM);
    } catch (err) {
      const fields = isApiError(err) ? err.fields : undefined;
      if (fields?.name || fields?.mode) setErrors({ name: fields.name, mode: fields.mode });
      else setFailure(errorMessage(err, 'The key could not be created. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Create a key
      </h3>
      <div className="mt-4 space-y-4">
        <div className="max-w-md">
          <TextInput
            id={`${id}-name`}
            label="Name"
            value={form.name}
            maxLength={100}
            autoComplete="off"
            hint="So you can tell your keys apart, e.g. “Shop server”."
            error={errors.name}
            onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          />
        </div>
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
                  <span className="block font-semibold text-slate-900">
                    {MODE_LABELS[mode]} key{' '}
                    <code className="font-mono text-xs font-normal text-slate-600">pl_{mode}_…</code>
                  </span>
                  <span id={`${id}-mode-${mode}-hint`} className="mt-0.5 block text-sm text-slate-700">
                    {MODE_HINTS[mode]}
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
        {failure ? <ErrorNote>{failure}</ErrorNote> : null}
        <button type="submit" className={primaryButton} disabled={disabled || busy}>
          {busy ? 'Creating…' : 'Create key'}
        </button>
      </div>
    </form>
  );
}

/** The new key, shown once: copy it now or never. */
function NewKeyReveal({ created, onDone }: { created: CreatedApiKeyDto; onDone: () => void }) {
  return (
    <SecretReveal
      testId="new-api-key"
      title={
        <>
          Your new {created.mode} key “<span className="break-all">{created.name}</span>”
        </>
      }
      explanation={
        <p>
          We keep only a hash of it, so nobody can show it to you later. If you lose it, revoke it and create
          another.
        </p>
      }
      label="API key"
      noun="key"
      value={created.key}
      onDone={onDone}
    />
  );
}

function KeyList({
  state,
  dispatch,
  signedIn,
  onRevoke,
}: {
  state: KeysState;
  dispatch: Dispatch<KeysAction>;
  signedIn: boolean;
  onRevoke: (id: string) => Promise<void>;
}) {
  if (!signedIn || state.status === 'loading') return <Loading label="Loading your keys…" />;
  if (state.status === 'error')
    return (
      <div className="mt-3">
        <ErrorNote>{state.loadError ?? 'Your API keys could not be loaded.'}</ErrorNote>
      </div>
    );
  if (state.keys.length === 0)
    return (
      <p className="mt-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center text-slate-700">
        You have no API keys yet. Create a test key to try the API: nothing is printed or charged.
      </p>
    );
  return (
    <ul
      aria-label="Your API keys"
      className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200"
    >
      {state.keys.map((key) => (
        <KeyRow
          key={key.id}
          apiKey={key}
          confirming={state.confirming === key.id}
          revoking={state.revoking === key.id}
          revokeError={state.confirming === key.id ? state.revokeError : null}
          onAsk={() => dispatch({ type: 'ask-revoke', id: key.id })}
          onCancel={() => dispatch({ type: 'cancel-revoke' })}
          onConfirm={() => onRevoke(key.id)}
        />
      ))}
    </ul>
  );
}

function KeyRow({
  apiKey,
  confirming,
  revoking,
  revokeError,
  onAsk,
  onCancel,
  onConfirm,
}: {
  apiKey: ApiKeyDto;
  confirming: boolean;
  revoking: boolean;
  revokeError: string | null;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const id = useId();
  const revoked = apiKey.revoked_at !== null;
  const cancel = useRef<HTMLButtonElement>(null);
  // The confirm step replaces the Revoke button: focus moves to its safe choice, which reads the question.
  useEffect(() => {
    if (confirming) cancel.current?.focus();
  }, [confirming]);
  return (
    <li className={`p-4 ${revoked ? 'bg-slate-50' : 'bg-white'}`} data-key-id={apiKey.id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className={`break-all font-semibold ${revoked ? 'text-slate-600' : 'text-slate-900'}`}>
              {apiKey.name}
            </span>
            <span className={`${chip} ${MODE_CHIPS[apiKey.mode]}`}>{MODE_LABELS[apiKey.mode]}</span>
            {revoked ? (
              <span className={`${chip} bg-slate-200 text-slate-800 ring-slate-400`} data-testid="key-state">
                Revoked
              </span>
            ) : (
              <span className={`${chip} bg-brand-50 text-brand-800 ring-brand-200`} data-testid="key-state">
                Active
              </span>
            )}
          </p>
          <p className="mt-1 break-all font-mono text-sm text-slate-800">
            <span className="sr-only">Key begins and ends </span>
            {apiKey.prefix}
          </p>
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-slate-600">
            <div className="flex gap-1">
              <dt>Created</dt>
              <dd>
                <time dateTime={apiKey.created_at}>{formatKeyDate(apiKey.created_at)}</time>
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>Last used</dt>
              <dd>
                {apiKey.last_used_at ? (
                  <time dateTime={apiKey.last_used_at}>{lastUsedText(apiKey)}</time>
                ) : (
                  lastUsedText(apiKey)
                )}
              </dd>
            </div>
            {apiKey.revoked_at ? (
              <div className="flex gap-1">
                <dt>Revoked</dt>
                <dd>
                  <time dateTime={apiKey.revoked_at}>{formatKeyDate(apiKey.revoked_at)}</time>
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
        {!revoked && !confirming ? (
          <button
            type="button"
            className={`${secondaryButton} shrink-0`}
            onClick={onAsk}
            aria-label={`Revoke ${apiKey.name}`}
          >
            Revoke
          </button>
        ) : null}
      </div>
      {confirming && !revoked ? (
        <ConfirmDanger
          id={id}
          message={
            <>
              Revoke “<span className="break-all">{apiKey.name}</span>”? Every request made with it fails from
              now on. This cannot be undone.
            </>
          }
          error={revokeError}
          busy={revoking}
          confirmLabel="Revoke key"
          busyLabel="Revoking…"
          onConfirm={onConfirm}
          onCancel={onCancel}
          cancelRef={cancel}
        />
      ) : null}
    </li>
  );
}

/** Where to start: the base URL of this install, the header, and the docs. */
function UseTheApi() {
  const hydrated = useHydrated();
  const origin = hydrated ? window.location.origin : site.origin;
  return (
    <Panel id="use-the-api" title="Use the API">
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-800">Base URL</dt>
          <dd className="mt-0.5 break-all font-mono text-slate-900">{origin}/v1</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">Authentication</dt>
          <dd className="mt-0.5 break-all font-mono text-slate-900">Authorization: Bearer pl_test_…</dd>
        </div>
      </dl>
      <ul className="mt-5 space-y-2 text-sm">
        <li>
          <Link to={`${paths.docs}#quick-start`} className={textLink}>
            Quick start
          </Link>
        </li>
        <li>
          <Link to={paths.apiReference} className={textLink}>
            API reference
          </Link>
        </li>
        <li>
          <Link to={paths.apiTry} className={textLink}>
            Try the API in your browser
          </Link>
        </li>
        <li>
          <a href="/v1/openapi.json" className={textLink}>
            OpenAPI document
          </a>
        </li>
      </ul>
    </Panel>
  );
}
