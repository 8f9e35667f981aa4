import type { ContactInbox, ContactInboxMessage } from '@printloop/contracts';
import { useCallback, useEffect, useState } from 'react';
import { ErrorNote, Loading, PageHeader, secondaryButton, textLink } from '../../components/ui/app';
import { Container } from '../../components/ui/layout';
import { apiFetch, errorMessage, isApiError, queryString } from '../../lib/api-client';
import { useSignedIn } from '../auth/useSignedIn';
import { formatDate } from './format';
import { ConsoleNav, OperatorsOnly } from './OpsOrdersView';

const PAGE_SIZE = 50;

type Inbox =
  | { status: 'loading' }
  | { status: 'ready'; messages: ContactInboxMessage[]; hasMore: boolean; more: boolean }
  | { status: 'forbidden' }
  | { status: 'error'; message: string };

const inboxApi = {
  list: (before: string | undefined, signal?: AbortSignal) =>
    apiFetch<ContactInbox>(`/api/ops/messages${queryString({ limit: PAGE_SIZE, before })}`, { signal }),
};

function MessageItem({ m }: { m: ContactInboxMessage }) {
  const reply = `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`;
  return (
    <li className="p-4 sm:p-5">
      <article aria-labelledby={`msg-${m.id}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`msg-${m.id}`} className="break-words font-semibold text-slate-900">
            {m.subject}
          </h2>
          <time dateTime={m.created_at} className="text-sm text-slate-600">
            {formatDate(m.created_at)}
          </time>
        </div>
        <p className="mt-0.5 break-all text-sm text-slate-700">
          {m.name} · {m.email}
        </p>
        <p className="mt-3 whitespace-pre-wrap break-words text-sm text-slate-800">{m.message}</p>
        <a href={reply} className={`mt-3 inline-block text-sm ${textLink}`}>
          Reply to {m.name}
        </a>
      </article>
    </li>
  );
}

/** The operators' inbox: every message sent through the contact form, newest first. */
export function OpsMessagesView() {
  const session = useSignedIn();
  const signedIn = session.status === 'signed-in';
  const [inbox, setInbox] = useState<Inbox>({ status: 'loading' });

  const fail = useCallback((err: unknown) => {
    if (err instanceof DOMException && err.name === 'AbortError') return;
    if (isApiError(err) && err.status === 403) setInbox({ status: 'forbidden' });
    else setInbox({ status: 'error', message: errorMessage(err, 'The messages could not be loaded.') });
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    const ac = new AbortController();
    inboxApi
      .list(undefined, ac.signal)
      .then(
        (r) => setInbox({ status: 'ready', messages: r.messages, hasMore: r.has_more, more: false }),
        fail,
      );
    return () => ac.abort();
  }, [signedIn, fail]);

  async function loadMore() {
    if (inbox.status !== 'ready' || !inbox.hasMore) return;
    const last = inbox.messages.at(-1)?.created_at;
    setInbox({ ...inbox, more: true });
    try {
      const r = await inboxApi.list(last);
      setInbox({
        status: 'ready',
        messages: [...inbox.messages, ...r.messages],
        hasMore: r.has_more,
        more: false,
      });
    } catch (err) {
      fail(err);
    }
  }

  return (
    <>
      <PageHeader
        eyebrow="Orders console"
        title="Messages"
        lead={
          <p>
            Messages sent through the contact form, newest first. Each one is also emailed to the contact
            address.
          </p>
        }
        actions={<ConsoleNav current="messages" />}
      />
      <Container className="py-8 sm:py-10">
        {inbox.status === 'forbidden' ? (
          <OperatorsOnly />
        ) : !signedIn || inbox.status === 'loading' ? (
          <Loading label="Loading messages…" />
        ) : inbox.status === 'error' ? (
          <ErrorNote>{inbox.message}</ErrorNote>
        ) : inbox.messages.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-12 text-center text-slate-700">
            No messages yet.
          </p>
        ) : (
          <>
            <ul
              aria-label="Contact messages"
              className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              {inbox.messages.map((m) => (
                <MessageItem key={m.id} m={m} />
              ))}
            </ul>
            {inbox.hasMore ? (
              <button
                type="button"
                className={`${secondaryButton} mt-4`}
                disabled={inbox.more}
                onClick={() => void loadMore()}
              >
                {inbox.more ? 'Loading…' : 'Older messages'}
              </button>
            ) : null}
          </>
        )}
      </Container>
    </>
  );
}
