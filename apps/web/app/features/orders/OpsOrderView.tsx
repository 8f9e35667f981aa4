import {
  ACTION_LABELS,
  allowedActions,
  type OrderAction,
  type OrderDto,
  STATUS_LABELS,
} from '@printloop/contracts';
import { CARRIERS } from '@printloop/quote';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { NotFoundContent } from '../../components/layout/NotFoundContent';
import {
  dangerButton,
  ErrorNote,
  Loading,
  PageHeader,
  Panel,
  primaryButton,
  SelectInput,
  secondaryButton,
  TextInput,
} from '../../components/ui/app';
import { Container } from '../../components/ui/layout';
import { paths } from '../../config/paths';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useSignedIn } from '../auth/useSignedIn';
import { opsApi } from './api';
import { OperatorsOnly } from './OpsOrdersView';
import { OrderDetail } from './OrderDetail';
import { ACTION_FIELDS, type ActionInput, actionRequest, EMPTY_ACTION_INPUT } from './ops-actions';
import { OrderTitle } from './ui';
import { useOrder } from './useOrder';

const ACTION_HELP: Record<OrderAction, string> = {
  record_payment: 'The bank transfer has arrived: the order joins the print queue and its invoice is issued.',
  start_printing: 'The order is on a printer.',
  pack: 'The parts are printed and checked, and are being packed.',
  ship: 'The parcel has left: the customer gets the tracking link by email.',
  deliver: 'The carrier confirmed delivery.',
  cancel: 'The order will not be made. The customer is told the reason.',
};

function ActionForm({
  order,
  action,
  onDone,
}: {
  order: OrderDto;
  action: OrderAction;
  onDone: (o: OrderDto, action: OrderAction) => void;
}) {
  const uid = useId();
  const [input, setInput] = useState<ActionInput>(EMPTY_ACTION_INPUT);
  const [errors, setErrors] = useState<Partial<Record<keyof ActionInput, string>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fields = ACTION_FIELDS[action];
  const set = (k: keyof ActionInput, v: string) => {
    setInput((i) => ({ ...i, [k]: v }));
    setErrors(({ [k]: _, ...rest }) => rest);
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const check = actionRequest(action, input);
    if (!check.ok) {
      setErrors(check.errors);
      const form = e.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const updated = await opsApi.act(order.id, check.request);
      setInput(EMPTY_ACTION_INPUT);
      onDone(updated, action);
    } catch (err) {
      if (isApiError(err) && err.fields) setErrors(err.fields as Partial<Record<keyof ActionInput, string>>);
      setFailure(errorMessage(err, 'The action could not be done. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const id = (f: string) => `${uid}-${f}`;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0"
    >
      <p className="text-sm text-slate-700">{ACTION_HELP[action]}</p>
      {fields.includes('reference') ? (
        <TextInput
          id={id('reference')}
          label="Payment reference"
          optional
          maxLength={100}
          value={input.reference}
          error={errors.reference}
          onChange={(e) => set('reference', e.target.value)}
        />
      ) : null}
      {fields.includes('carrier') ? (
        <SelectInput
          id={id('carrier')}
          label="Carrier"
          required
          value={input.carrier}
          error={errors.carrier}
          onChange={(e) => set('carrier', e.target.value)}
        >
          <option value="">Choose a carrier</option>
          {Object.entries(CARRIERS).map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectInput>
      ) : null}
      {fields.includes('tracking_number') ? (
        <TextInput
          id={id('tracking_number')}
          label="Tracking number"
          required
          autoCapitalize="characters"
          maxLength={64}
          value={input.tracking_number}
          error={errors.tracking_number}
          onChange={(e) => set('tracking_number', e.target.value)}
        />
      ) : null}
      {fields.includes('reason') ? (
        <TextInput
          id={id('reason')}
          label="Reason for cancelling"
          required
          maxLength={500}
          value={input.reason}
          error={errors.reason}
          onChange={(e) => set('reason', e.target.value)}
        />
      ) : null}
      <button type="submit" disabled={busy} className={action === 'cancel' ? dangerButton : primaryButton}>
        {busy ? 'Saving…' : ACTION_LABELS[action]}
      </button>
      {failure ? <ErrorNote>{failure}</ErrorNote> : null}
    </form>
  );
}

export function OpsOrderView({ id }: { id: string }) {
  const session = useSignedIn();
  const { state, replace } = useOrder(id, session.status === 'signed-in', opsApi.order);
  const [done, setDone] = useState<string | null>(null);

  const back = (
    <Link to={paths.opsOrders} className={secondaryButton}>
      All orders
    </Link>
  );
  if (state.status === 'not-found') return <NotFoundContent />;
  if (state.status !== 'ready') {
    return (
      <>
        <PageHeader eyebrow="Orders console" title={<OrderTitle id={id} />} actions={back} />
        <Container className="py-8">
          {state.status === 'forbidden' ? (
            <OperatorsOnly />
          ) : state.status === 'error' ? (
            <ErrorNote>{state.message}</ErrorNote>
          ) : (
            <Loading label="Loading the order…" />
          )}
        </Container>
      </>
    );
  }
  const order = state.order;
  const actions = allowedActions(order.status, 'operator');
  return (
    <OrderDetail
      order={order}
      viewer="operator"
      eyebrow="Orders console"
      headerActions={back}
      notice={
        <div role="status">
          {done ? (
            <p className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
              {done}
            </p>
          ) : null}
        </div>
      }
      aside={
        <Panel id="order-actions" title="Actions">
          {actions.length === 0 ? (
            <p className="text-sm text-slate-700">
              Nothing to do: the order is {STATUS_LABELS[order.status].toLowerCase()}.
            </p>
          ) : (
            <div className="space-y-4">
              {actions.map((a) => (
                <ActionForm
                  key={`${order.status}-${a}`}
                  order={order}
                  action={a}
                  onDone={(o, act) => {
                    replace(o);
                    setDone(
                      `Done: ${ACTION_LABELS[act]}. The order is now ${STATUS_LABELS[o.status].toLowerCase()}.`,
                    );
                  }}
                />
              ))}
            </div>
          )}
        </Panel>
      }
    />
  );
}
