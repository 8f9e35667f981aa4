import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  ErrorNote,
  Loading,
  PageHeader,
  primaryButton,
  secondaryButton,
  TextInput,
} from '../../components/ui/app';
import { Container } from '../../components/ui/layout';
import { errorMessage, isApiError, type PaymentTerms } from '../../lib/api-client';
import { useSignedIn } from '../auth/useSignedIn';
import { type OpsAccount, opsApi } from './api';
import { formatDate } from './format';
import { ConsoleNav, OperatorsOnly } from './OpsOrdersView';

const TERMS_TEXT: Record<PaymentTerms, string> = {
  prepay: 'Pays before printing',
  net30: 'Invoice terms (net 30)',
};

type Search =
  | { status: 'loading' }
  | { status: 'ready'; accounts: OpsAccount[] }
  | { status: 'forbidden' }
  | { status: 'error'; message: string };

function AccountRow({ account, onChanged }: { account: OpsAccount; onChanged: (a: OpsAccount) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const next: PaymentTerms = account.payment_terms === 'net30' ? 'prepay' : 'net30';
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="break-all font-medium text-slate-900">{account.email}</p>
        <p className="mt-0.5 text-sm text-slate-600">
          {TERMS_TEXT[account.payment_terms]}
          {account.operator ? ' · Operator' : ''} · joined{' '}
          <time dateTime={account.created_at}>{formatDate(account.created_at)}</time>
        </p>
        {error ? (
          <div className="mt-2">
            <ErrorNote>{error}</ErrorNote>
          </div>
        ) : null}
      </div>
      <button
        type="button"
        disabled={busy}
        className={next === 'net30' ? primaryButton : secondaryButton}
        aria-label={`${next === 'net30' ? 'Grant invoice terms to' : 'Revoke invoice terms of'} ${account.email}`}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            onChanged(await opsApi.setTerms(account.id, next));
          } catch (err) {
            setError(errorMessage(err, 'The terms could not be changed. Please try again.'));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Saving…' : next === 'net30' ? 'Grant invoice terms' : 'Revoke invoice terms'}
      </button>
    </li>
  );
}

export function OpsAccountsView() {
  const session = useSignedIn();
  const signedIn = session.status === 'signed-in';
  const uid = useId();
  const [email, setEmail] = useState('');
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ status: 'loading' });
  const [announce, setAnnounce] = useState('');

  useEffect(() => {
    if (!signedIn) return;
    const ac = new AbortController();
    setSearch({ status: 'loading' });
    opsApi.accounts(query, ac.signal).then(
      (r) => setSearch({ status: 'ready', accounts: r.data }),
      (err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        if (isApiError(err) && err.status === 403) setSearch({ status: 'forbidden' });
        else setSearch({ status: 'error', message: errorMessage(err, 'The accounts could not be loaded.') });
      },
    );
    return () => ac.abort();
  }, [signedIn, query]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setQuery(email.trim());
  }

  return (
    <>
      <PageHeader
        eyebrow="Orders console"
        title="Accounts"
        lead={<p>Find a customer by email and grant or revoke invoice terms (pay within 30 days).</p>}
        actions={<ConsoleNav current="accounts" />}
      />
      <Container className="py-8 sm:py-10">
        {search.status === 'forbidden' ? (
          <OperatorsOnly />
        ) : (
          <>
            <form onSubmit={onSubmit} className="flex max-w-xl items-end gap-2">
              <div className="min-w-0 flex-1">
                <TextInput
                  id={`${uid}-email`}
                  label="Email"
                  type="search"
                  placeholder="name@example.com"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <button type="submit" className={primaryButton}>
                Search
              </button>
            </form>
            <p role="status" className="sr-only">
              {announce}
            </p>
            <div className="mt-6" aria-busy={search.status === 'loading'}>
              {!signedIn || search.status === 'loading' ? (
                <Loading label="Loading accounts…" />
              ) : search.status === 'error' ? (
                <ErrorNote>{search.message}</ErrorNote>
              ) : search.accounts.length === 0 ? (
                <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-12 text-center text-slate-700">
                  No account matches “{query}”.
                </p>
              ) : (
                <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
                  {search.accounts.map((a) => (
                    <AccountRow
                      key={a.id}
                      account={a}
                      onChanged={(updated) => {
                        setSearch((s) =>
                          s.status === 'ready'
                            ? { ...s, accounts: s.accounts.map((x) => (x.id === updated.id ? updated : x)) }
                            : s,
                        );
                        setAnnounce(`${updated.email}: ${TERMS_TEXT[updated.payment_terms]}`);
                      }}
                    />
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </Container>
    </>
  );
}
