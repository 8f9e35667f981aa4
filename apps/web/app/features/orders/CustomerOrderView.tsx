import { allowedActions, type OrderDto } from '@printloop/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { NotFoundContent } from '../../components/layout/NotFoundContent';
import {
  dangerButton,
  ErrorNote,
  Loading,
  PageHeader,
  Panel,
  secondaryButton,
  TextArea,
} from '../../components/ui/app';
import { Container } from '../../components/ui/layout';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useSignedIn } from '../auth/useSignedIn';
import { ordersApi } from './api';
import { OrderDetail } from './OrderDetail';
import { OrderTitle } from './ui';
import { useOrder } from './useOrder';

/** 'Cancel order': a confirm step with an optional reason; the server's message on a 409. */
function CancelPanel({ order, onCancelled }: { order: OrderDto; onCancelled: (o: OrderDto) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onCancelled(await ordersApi.cancel(order.id, reason.trim() || undefined));
    } catch (err) {
      setError(errorMessage(err, 'The order could not be cancelled. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <Panel id={`${id}-cancel`} title="Cancel this order">
      <p className="text-sm text-slate-700">You can cancel until printing starts.</p>
      {confirming ? (
        <form onSubmit={onSubmit} className="mt-4 space-y-3">
          <TextArea
            id={`${id}-reason`}
            label="Why are you cancelling?"
            optional
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            autoFocus
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={dangerButton} disabled={busy}>
              {busy ? 'Cancelling…' : 'Yes, cancel the order'}
            </button>
            <button
              type="button"
              className={secondaryButton}
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              Keep the order
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className={`${secondaryButton} mt-4`} onClick={() => setConfirming(true)}>
          Cancel order
        </button>
      )}
      {error ? (
        <div className="mt-3">
          <ErrorNote>{error}</ErrorNote>
        </div>
      ) : null}
    </Panel>
  );
}

export function CustomerOrderView({ id }: { id: string }) {
  const session = useSignedIn();
  const { state, replace } = useOrder(id, session.status === 'signed-in', ordersApi.get);
  const [justCancelled, setJustCancelled] = useState(false);

  if (state.status === 'not-found') return <NotFoundContent />;
  if (state.status !== 'ready') {
    return (
      <>
        <PageHeader eyebrow="Your order" title={<OrderTitle id={id} />} />
        <Container className="py-8">
          {state.status === 'error' ? (
            <ErrorNote>{state.message}</ErrorNote>
          ) : (
            <Loading label="Loading the order…" />
          )}
        </Container>
      </>
    );
  }
  const order = state.order;
  const canCancel = allowedActions(order.status, 'customer').includes('cancel');
  return (
    <OrderDetail
      order={order}
      viewer="customer"
      eyebrow="Your order"
      headerActions={
        <Link to={paths.orders} className={secondaryButton}>
          All orders
        </Link>
      }
      notice={
        <div role="status">
          {justCancelled ? (
            <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
              Your order is cancelled. We sent you a confirmation email.
            </p>
          ) : null}
        </div>
      }
      aside={
        canCancel ? (
          <CancelPanel
            order={order}
            onCancelled={(o) => {
              replace(o);
              setJustCancelled(true);
            }}
          />
        ) : null
      }
    />
  );
}
