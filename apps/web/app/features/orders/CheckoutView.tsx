import { type CheckoutPreview, COUNTRY_CODES, countryName } from '@printloop/contracts';
import { formatGBP } from '@printloop/quote';
import { type FormEvent, useId, useMemo } from 'react';
import { Link } from 'react-router';
import { NotFoundContent } from '../../components/layout/NotFoundContent';
import {
  ErrorNote,
  Loading,
  PageHeader,
  Panel,
  primaryButton,
  SelectInput,
  TextInput,
  textLink,
} from '../../components/ui/app';
import { Container } from '../../components/ui/layout';
import { checkoutPath, paths } from '../../config/paths';
import { useSignedIn } from '../auth/useSignedIn';
import { VerifyEmailNotice } from '../auth/VerifyEmailNotice';
import { type CheckoutState, DEFAULT_COUNTRY, type FieldName, isEuCountry } from './checkout-state';
import { deliveredBy, leadTimeText, serviceName, transitText } from './format';
import { ItemsList, PaymentTerms, Totals } from './order-parts';
import { useCheckout } from './useCheckout';

/** Every country, the United Kingdom first, then by English name. */
function useCountryOptions() {
  return useMemo(() => {
    const others = COUNTRY_CODES.filter((c) => c !== DEFAULT_COUNTRY)
      .map((code) => ({ code, name: countryName(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
    return [{ code: DEFAULT_COUNTRY, name: countryName(DEFAULT_COUNTRY) }, ...others];
  }, []);
}

function AddressForm({
  ids,
  state,
  errors,
  onEdit,
  onBlur,
}: {
  ids: (f: FieldName) => string;
  state: CheckoutState;
  errors: Partial<Record<FieldName, string>>;
  onEdit: (f: FieldName, v: string) => void;
  onBlur: (f: FieldName) => void;
}) {
  const countries = useCountryOptions();
  const a = state.address;
  const text = (f: Exclude<FieldName, 'country' | 'vat_number'>) => ({
    id: ids(f),
    name: f,
    value: a[f],
    error: errors[f],
    onChange: (e: { target: { value: string } }) => onEdit(f, e.target.value),
    onBlur: () => onBlur(f),
  });
  const eu = isEuCountry(a.country);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextInput label="Full name" autoComplete="name" required {...text('name')} />
      </div>
      <div className="sm:col-span-2">
        <TextInput label="Street address" autoComplete="street-address" required {...text('street')} />
      </div>
      <TextInput label="Town or city" autoComplete="address-level2" required {...text('city')} />
      <TextInput label="County or state" autoComplete="address-level1" optional {...text('state')} />
      <TextInput
        label="Postcode"
        autoComplete="postal-code"
        autoCapitalize="characters"
        required
        {...text('postal_code')}
      />
      <SelectInput
        id={ids('country')}
        label="Country"
        name="country"
        autoComplete="country"
        value={a.country}
        error={errors.country}
        onChange={(e) => onEdit('country', e.target.value)}
        onBlur={() => onBlur('country')}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectInput>
      {eu ? (
        <div className="sm:col-span-2">
          <TextInput
            id={ids('vat_number')}
            name="vat_number"
            label="VAT number"
            optional
            autoCapitalize="characters"
            hint="EU business? Enter your VAT number and pay no VAT (reverse charge)"
            value={state.vatNumber}
            error={errors.vat_number}
            onChange={(e) => onEdit('vat_number', e.target.value)}
            onBlur={() => onBlur('vat_number')}
          />
        </div>
      ) : null}
      <TextInput label="Phone" type="tel" autoComplete="tel" optional {...text('phone')} />
      <TextInput
        label="Email for delivery updates"
        type="email"
        autoComplete="email"
        optional
        {...text('email')}
      />
    </div>
  );
}

function ShippingOptions({
  preview,
  chosen,
  disabled,
  onChoose,
}: {
  preview: CheckoutPreview;
  chosen: string | null;
  disabled: boolean;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="sr-only">Shipping option</legend>
      <div className="space-y-3">
        {preview.shipping_options.map((o) => {
          const checked = (chosen ?? preview.shipping.id) === o.id;
          return (
            <label
              key={o.id}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                checked ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-slate-50'
              }`}
            >
              <input
                type="radio"
                name="shipping"
                value={o.id}
                checked={checked}
                onChange={() => onChoose(o.id)}
                className="mt-1 size-4 accent-brand-600"
              />
              <span className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-4 gap-y-1">
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">
                    {o.carrier_name} {serviceName(o.service)}
                  </span>
                  <span className="block text-sm text-slate-600">
                    {deliveredBy(o.estimated_delivery)} ({transitText(o.estimated_days)})
                  </span>
                </span>
                <span className="font-semibold tabular-nums text-slate-900">{formatGBP(o.amount)}</span>
              </span>
            </label>
          );
        })}
      </div>
      <p className="mt-3 text-sm text-slate-700">{leadTimeText(preview.lead_time_days)}</p>
    </fieldset>
  );
}

/** The old and new figures side by side, and the confirmation 'Place order' waits for. */
function PriceChangeNotice({
  preview,
  priceChange,
  confirmed,
  onConfirm,
  id,
}: {
  preview: CheckoutPreview;
  priceChange: CheckoutState['priceChange'];
  confirmed: boolean;
  onConfirm: (v: boolean) => void;
  id: string;
}) {
  const r = preview.repriced;
  const pairs: { title: string; before: number; after: number; why: string }[] = [];
  if (priceChange) {
    pairs.push({
      title: 'The price changed',
      before: priceChange.previousTotal,
      after: preview.total_amount,
      why: `The price changed: the total was ${formatGBP(priceChange.previousTotal)} and is now ${formatGBP(preview.total_amount)}. Please check the new figures.`,
    });
  }
  if (r) {
    pairs.push({
      title: 'Your quote was priced again',
      before: r.previous_total_amount,
      after: r.total_amount,
      why: r.reason,
    });
  }
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      {pairs.map((p) => (
        <div key={p.title}>
          <p className="font-semibold text-amber-950">{p.title}</p>
          <p className="mt-1 text-sm text-amber-950">{p.why}</p>
          <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
            <div className="rounded-md bg-white p-2">
              <dt className="text-slate-600">
                {priceChange && p.title === 'The price changed' ? 'Shown before' : 'Saved quote'}
              </dt>
              <dd className="font-semibold tabular-nums text-slate-900 line-through decoration-slate-400">
                {formatGBP(p.before)}
              </dd>
            </div>
            <div className="rounded-md bg-white p-2">
              <dt className="text-slate-600">Now</dt>
              <dd className="font-semibold tabular-nums text-slate-900">{formatGBP(p.after)}</dd>
            </div>
          </dl>
          {r && p.title !== 'The price changed' ? (
            <p className="mt-1 text-xs text-amber-950">Items and fulfilment, before shipping and VAT.</p>
          ) : null}
        </div>
      ))}
      <label className="flex items-start gap-2 text-sm font-medium text-slate-900">
        <input
          id={id}
          type="checkbox"
          checked={confirmed}
          onChange={(e) => onConfirm(e.target.checked)}
          className="mt-0.5 size-4 accent-brand-600"
        />
        I accept the new price of {formatGBP(preview.total_amount)}
      </label>
    </div>
  );
}

export function CheckoutView({ quoteId }: { quoteId: string }) {
  const session = useSignedIn();
  const signedIn = session.status === 'signed-in';
  const c = useCheckout(quoteId, signedIn);
  const uid = useId();
  const ids = (f: FieldName | string) => `${uid}-${f}`;
  const { state, view } = c;

  if (c.saved.status === 'not-found') return <NotFoundContent />;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!view.request) {
      // Show every problem and take the keyboard to the first one.
      c.dispatch({ type: 'submitInvalid' });
      const form = e.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    void c.place();
  }

  const preview = view.current;
  const hintId = ids('place-hint');
  const hint = !view.request
    ? 'Enter the delivery address to see the shipping options and the total.'
    : !preview
      ? state.previewLoading
        ? 'Working out shipping and the total…'
        : null
      : view.needsConfirmation
        ? 'Please accept the new price to place the order.'
        : null;
  const savedDetail = c.saved.status === 'ready' ? c.saved.detail : null;

  return (
    <>
      <PageHeader
        eyebrow="Checkout"
        title="Place your order"
        lead={
          <p>
            Where should we send your print? We price shipping, fulfilment and VAT for the address, and you
            pay only when the order is confirmed.
          </p>
        }
      />
      <Container className="py-8 sm:py-10">
        {signedIn ? <VerifyEmailNotice returnTo={checkoutPath(quoteId)} /> : null}
        {!signedIn || c.saved.status === 'loading' ? (
          <Loading />
        ) : c.saved.status === 'error' ? (
          <ErrorNote>{c.saved.message}</ErrorNote>
        ) : (
          <form noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-5">
            <div className="min-w-0 space-y-6 lg:col-span-3">
              <Panel id={ids('address')} title="Delivery address">
                <AddressForm ids={ids} state={state} errors={view.errors} onEdit={c.edit} onBlur={c.blur} />
              </Panel>
              <Panel id={ids('shipping')} title="Shipping">
                {preview ? (
                  <ShippingOptions
                    preview={preview}
                    chosen={state.shipping}
                    disabled={state.placing}
                    onChoose={(id) => c.dispatch({ type: 'chooseShipping', id })}
                  />
                ) : state.preview && state.previewLoading ? (
                  <p className="text-sm text-slate-600" role="status">
                    Updating the shipping options…
                  </p>
                ) : (
                  <p className="text-sm text-slate-600">
                    {view.request
                      ? state.previewLoading
                        ? 'Working out the shipping options…'
                        : 'The shipping options appear here.'
                      : 'Enter the delivery address to see the shipping options.'}
                  </p>
                )}
                {state.previewError ? (
                  <div className="mt-3">
                    <ErrorNote>{state.previewError}</ErrorNote>
                  </div>
                ) : null}
              </Panel>
            </div>
            <div className="min-w-0 lg:col-span-2">
              <Panel id={ids('summary')} title="Order summary" className="lg:sticky lg:top-20">
                {preview ? (
                  <ItemsList items={preview.items} />
                ) : savedDetail ? (
                  <ul className="divide-y divide-slate-200">
                    <li className="py-3">
                      <p className="break-all font-medium text-slate-900">{savedDetail.quote.file_name}</p>
                      <p className="text-sm text-slate-600">
                        {savedDetail.quote.quantity} × {savedDetail.quote.parameters.filamentType}
                        {savedDetail.quote.parameters.color ? ` (${savedDetail.quote.parameters.color})` : ''}{' '}
                        · saved quote {formatGBP(savedDetail.quote.quote.total_pence)} before shipping and VAT
                      </p>
                    </li>
                  </ul>
                ) : null}
                <div className="mt-4 border-t border-slate-200 pt-3" aria-busy={state.previewLoading}>
                  {preview ? (
                    <>
                      <Totals figures={preview} live />
                      <p className="mt-3 text-sm text-slate-700">
                        {deliveredBy(preview.estimated_delivery)} · {leadTimeText(preview.lead_time_days)}
                      </p>
                    </>
                  ) : (
                    <p className="text-sm text-slate-600" aria-live="polite">
                      {view.request && state.previewLoading
                        ? 'Working out the total…'
                        : 'The total appears once the address is complete.'}
                    </p>
                  )}
                </div>
                {preview ? (
                  <div className="mt-4">
                    <PaymentTerms terms={preview.payment_terms} />
                  </div>
                ) : null}
                {preview && (preview.repriced || state.priceChange) ? (
                  <div className="mt-4">
                    <PriceChangeNotice
                      id={ids('confirm')}
                      preview={preview}
                      priceChange={state.priceChange}
                      confirmed={state.confirmed}
                      onConfirm={(v) => c.dispatch({ type: 'confirm', value: v })}
                    />
                  </div>
                ) : null}
                <div className="mt-5">
                  <button
                    type="submit"
                    className={`${primaryButton} w-full`}
                    disabled={state.placing || view.needsConfirmation || (view.request !== null && !preview)}
                    aria-describedby={hint ? hintId : undefined}
                  >
                    {state.placing ? 'Placing order…' : 'Place order'}
                  </button>
                  {hint ? (
                    <p id={hintId} className="mt-2 text-sm text-slate-600">
                      {hint}
                    </p>
                  ) : null}
                </div>
                <div className="mt-3 space-y-2">
                  {state.placeError ? <ErrorNote>{state.placeError}</ErrorNote> : null}
                  {state.submitted && !view.request ? (
                    <ErrorNote>Please check the highlighted fields of the address.</ErrorNote>
                  ) : null}
                </div>
                <p className="mt-4 text-sm text-slate-600">
                  Changed your mind?{' '}
                  <Link to={paths.calculator} className={textLink}>
                    Back to the calculator
                  </Link>
                </p>
              </Panel>
            </div>
          </form>
        )}
      </Container>
    </>
  );
}
