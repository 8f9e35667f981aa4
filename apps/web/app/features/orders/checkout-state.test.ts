import type { CheckoutPreview } from '@printloop/contracts';
import { describe, expect, it } from 'vitest';
import {
  attemptFor,
  type CheckoutAction,
  type CheckoutState,
  checkoutReducer,
  checkoutView,
  fieldOfServerKey,
  initialCheckoutState,
  validateCheckout,
} from './checkout-state';

const QUOTE = '0b7f3c1e-4a44-4d59-9a43-2f1d1f0e5b6a';

function preview(overrides: Partial<CheckoutPreview> = {}): CheckoutPreview {
  const option = (id: string, amount: number) => ({
    id,
    carrier: id.split(':')[0]!,
    carrier_name: 'Royal Mail',
    service: id.split(':')[1]!,
    amount,
    currency: 'GBP' as const,
    estimated_days: { min: 3, max: 5 },
    estimated_delivery: '2025-07-21',
  });
  return {
    quote_id: QUOTE,
    items: [],
    shipping_options: [option('royal_mail:standard', 395), option('royal_mail:express', 795)],
    shipping: option('royal_mail:standard', 395),
    lead_time_days: 2,
    estimated_delivery: '2025-07-21',
    tax: { kind: 'standard', rate: 0.2, label: 'VAT (20%)', note: null, vat_number: null },
    items_amount: 1000,
    discount_amount: 0,
    fulfillment_amount: 295,
    shipping_amount: 395,
    net_amount: 1690,
    tax_amount: 338,
    total_amount: 2028,
    currency: 'GBP',
    repriced: null,
    payment_terms: 'prepay',
    price_table_version: 't1',
    ...overrides,
  };
}

const run = (actions: CheckoutAction[], from = initialCheckoutState()) =>
  actions.reduce(checkoutReducer, from);
const fillUk: CheckoutAction[] = [
  { type: 'edit', field: 'name', value: 'Priya Shah' },
  { type: 'edit', field: 'street', value: '1 High Street' },
  { type: 'edit', field: 'city', value: 'London' },
  { type: 'edit', field: 'postal_code', value: 'sw1a 1aa' },
];

/** The state after the server priced the form as it is. */
function priced(s: CheckoutState, value = preview()): CheckoutState {
  const req = checkoutView(s, QUOTE).request!;
  return checkoutReducer(s, { type: 'previewOk', request: req, value });
}

describe('the checkout form', () => {
  it('starts in the UK and shows a field’s problem once it was left, or after submitting', () => {
    let s = initialCheckoutState();
    expect(s.address.country).toBe('GB');
    expect(checkoutView(s, QUOTE).errors).toEqual({});
    s = run(
      [
        { type: 'edit', field: 'postal_code', value: 'ABC' },
        { type: 'blur', field: 'postal_code' },
      ],
      s,
    );
    expect(checkoutView(s, QUOTE).errors).toEqual({
      postal_code: 'Please enter a valid UK postcode, e.g. SW1A 1AA',
    });
    s = run([{ type: 'submitInvalid' }], s);
    expect(Object.keys(checkoutView(s, QUOTE).errors).sort()).toEqual([
      'city',
      'name',
      'postal_code',
      'street',
    ]);
  });

  it('prices a valid address, with the VAT number only for EU countries', () => {
    const uk = validateCheckout(
      { ...initialCheckoutState().address, name: 'A', street: 'B', city: 'C', postal_code: 'SW1A 1AA' },
      'DE123',
    );
    expect(uk.request).toEqual({
      shipping_address: { name: 'A', street: 'B', city: 'C', postal_code: 'SW1A 1AA', country: 'GB' },
    });
    const de = {
      ...initialCheckoutState().address,
      name: 'J',
      street: 'H 5',
      city: 'Berlin',
      postal_code: '10115',
      country: 'DE',
    };
    expect(validateCheckout(de, 'FR123').errors.vat_number).toMatch(/valid EU VAT number/);
    expect(validateCheckout(de, 'de 123 456 789').request?.vat_number).toBe('DE123456789');
    expect(validateCheckout(de, '').request?.vat_number).toBeUndefined();
  });

  it('maps the server’s field keys to the form’s fields', () => {
    expect(fieldOfServerKey('shipping_address.postal_code')).toBe('postal_code');
    expect(fieldOfServerKey('vat_number')).toBe('vat_number');
    expect(fieldOfServerKey('quote_id')).toBeNull();
    const s = run([
      ...fillUk,
      {
        type: 'previewFailed',
        message: 'Invalid request',
        fields: { 'shipping_address.postal_code': 'Please enter the postcode' },
      },
    ]);
    expect(checkoutView(s, QUOTE).errors.postal_code).toBe('Please enter the postcode');
    expect(s.previewError).toBeNull();
    // Editing the field clears the server's message.
    const edited = run([{ type: 'edit', field: 'postal_code', value: 'SW1A 2AA' }], s);
    expect(checkoutView(edited, QUOTE).errors.postal_code).toBeUndefined();
  });
});

describe('pricing and placing', () => {
  it('takes the server’s shipping option, and a preview counts only for the form it answers', () => {
    const s = priced(run(fillUk));
    expect(s.shipping).toBe('royal_mail:standard');
    const v = checkoutView(s, QUOTE);
    expect(v.current?.total_amount).toBe(2028);
    expect(v.canPlace).toBe(true);
    expect(v.placeRequest).toMatchObject({
      quote_id: QUOTE,
      shipping_service: 'royal_mail:standard',
      expected_total_amount: 2028,
    });
    // Another option or another address: the old figures no longer count.
    const express = run([{ type: 'chooseShipping', id: 'royal_mail:express' }], s);
    expect(checkoutView(express, QUOTE).current).toBeNull();
    expect(checkoutView(express, QUOTE).request?.shipping_service).toBe('royal_mail:express');
    const moved = run([{ type: 'edit', field: 'city', value: 'Leeds' }], s);
    expect(checkoutView(moved, QUOTE).canPlace).toBe(false);
    // Another country lets the server propose an option again.
    expect(run([{ type: 'edit', field: 'country', value: 'FR' }], s).shipping).toBeNull();
  });

  it('asks for a confirmation when the saved quote was priced again', () => {
    const s = priced(
      run(fillUk),
      preview({ repriced: { previous_total_amount: 900, total_amount: 1295, reason: 'Your quote expired' } }),
    );
    expect(checkoutView(s, QUOTE)).toMatchObject({ needsConfirmation: true, canPlace: false });
    const ok = run([{ type: 'confirm', value: true }], s);
    expect(checkoutView(ok, QUOTE)).toMatchObject({ needsConfirmation: false, canPlace: true });
  });

  it('after a 409 PRICE_CHANGED prices again and asks for a confirmation of the new total', () => {
    const s = priced(run(fillUk));
    const placing = run([{ type: 'placeStart', attempt: { key: 'k1', fingerprint: 'f1' } }], s);
    expect(checkoutView(placing, QUOTE).canPlace).toBe(false);
    const changed = run(
      [
        {
          type: 'priceChanged',
          previousTotal: 2028,
          message: 'The price changed since this page showed it.',
        },
      ],
      placing,
    );
    expect(changed.preview).toBeNull();
    expect(changed.refresh).toBe(1);
    expect(changed.priceChange).toEqual({ previousTotal: 2028 });
    const repriced = priced(changed, preview({ total_amount: 2100 }));
    expect(checkoutView(repriced, QUOTE)).toMatchObject({ needsConfirmation: true, canPlace: false });
    expect(
      checkoutView(run([{ type: 'confirm', value: true }], repriced), QUOTE).placeRequest
        ?.expected_total_amount,
    ).toBe(2100);
  });

  it('keeps one idempotency key per order attempt', () => {
    let n = 0;
    const fresh = () => `key-${++n}`;
    const a = attemptFor(null, 'body-1', fresh);
    expect(a).toEqual({ key: 'key-1', fingerprint: 'body-1' });
    expect(attemptFor(a, 'body-1', fresh)).toBe(a);
    expect(attemptFor(a, 'body-2', fresh)).toEqual({ key: 'key-2', fingerprint: 'body-2' });
  });
});
