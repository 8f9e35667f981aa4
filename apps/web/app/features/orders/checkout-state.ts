/**
 * The checkout's state: a pure reducer plus the selectors that derive everything else (which errors to
 * show, whether the preview is for what the form says now, whether 'Place order' may be pressed). The
 * hook `useCheckout` wires it to the API.
 */
import {
  type CheckoutPreview,
  type CheckoutRequest,
  EU_COUNTRIES,
  type PlaceOrderRequest,
  shippingAddressSchema,
  vatNumberProblem,
  vatNumberSchema,
} from '@printloop/contracts';

export const ADDRESS_FIELDS = [
  'name',
  'street',
  'city',
  'postal_code',
  'country',
  'state',
  'phone',
  'email',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type FieldName = AddressField | 'vat_number';
export type AddressValues = Record<AddressField, string>;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const DEFAULT_COUNTRY = 'GB';

export function isEuCountry(country: string): boolean {
  return (EU_COUNTRIES as readonly string[]).includes(country);
}

export interface PreviewResult {
  /** `requestKey` of the request it answers (with the shipping option the server chose). */
  key: string;
  value: CheckoutPreview;
}

export interface CheckoutState {
  address: AddressValues;
  vatNumber: string;
  touched: Partial<Record<FieldName, true>>;
  /** Set when 'Place order' was pressed: every field's problem shows from then on. */
  submitted: boolean;
  /** The server's messages per field, until that field is edited. */
  serverErrors: FieldErrors;
  /** The chosen shipping option's id; null until the server proposes one. */
  shipping: string | null;
  preview: PreviewResult | null;
  previewLoading: boolean;
  previewError: string | null;
  /** Bumped to price again with an unchanged form (after a 409 PRICE_CHANGED). */
  refresh: number;
  /** The customer accepted the new figures (repriced quote or changed price). */
  confirmed: boolean;
  /** After a 409 PRICE_CHANGED: the total the page had shown. */
  priceChange: { previousTotal: number } | null;
  placing: boolean;
  placeError: string | null;
  /** The order attempt: one idempotency key per request body, kept across retries and double clicks. */
  attempt: { key: string; fingerprint: string } | null;
}

export function initialCheckoutState(): CheckoutState {
  return {
    address: {
      name: '',
      street: '',
      city: '',
      postal_code: '',
      country: DEFAULT_COUNTRY,
      state: '',
      phone: '',
      email: '',
    },
    vatNumber: '',
    touched: {},
    submitted: false,
    serverErrors: {},
    shipping: null,
    preview: null,
    previewLoading: false,
    previewError: null,
    refresh: 0,
    confirmed: false,
    priceChange: null,
    placing: false,
    placeError: null,
    attempt: null,
  };
}

export type CheckoutAction =
  | { type: 'edit'; field: FieldName; value: string }
  | { type: 'blur'; field: FieldName }
  | { type: 'chooseShipping'; id: string }
  | { type: 'previewStart' }
  | { type: 'previewOk'; request: CheckoutRequest; value: CheckoutPreview }
  | { type: 'previewFailed'; message: string; fields?: Record<string, string> }
  | { type: 'confirm'; value: boolean }
  | { type: 'submitInvalid' }
  | { type: 'placeStart'; attempt: { key: string; fingerprint: string } }
  | { type: 'placeFailed'; message: string; fields?: Record<string, string> }
  | { type: 'priceChanged'; previousTotal: number; message: string };

/** The form's field for a server field key ("shipping_address.postal_code" → "postal_code"). */
export function fieldOfServerKey(key: string): FieldName | null {
  const k = key.startsWith('shipping_address.') ? key.slice('shipping_address.'.length) : key;
  if (k === 'vat_number') return k;
  return (ADDRESS_FIELDS as readonly string[]).includes(k) ? (k as AddressField) : null;
}

/** The server's field messages that belong to a form field, and the rest (shown with the form). */
export function splitServerFields(fields: Record<string, string> | undefined): {
  byField: FieldErrors;
  other: string[];
} {
  const byField: FieldErrors = {};
  const other: string[] = [];
  for (const [k, message] of Object.entries(fields ?? {})) {
    const f = fieldOfServerKey(k);
    if (f) byField[f] = message;
    else other.push(message);
  }
  return { byField, other };
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'edit': {
      const { [action.field]: _, ...serverErrors } = state.serverErrors;
      if (action.field === 'vat_number') return { ...state, vatNumber: action.value, serverErrors };
      const next = { ...state, address: { ...state.address, [action.field]: action.value }, serverErrors };
      // Another country has other shipping options: let the server propose one again.
      if (action.field === 'country' && action.value !== state.address.country) next.shipping = null;
      return next;
    }
    case 'blur':
      return state.touched[action.field]
        ? state
        : { ...state, touched: { ...state.touched, [action.field]: true } };
    case 'chooseShipping':
      return { ...state, shipping: action.id };
    case 'previewStart':
      return { ...state, previewLoading: true };
    case 'previewOk': {
      const shipping = action.value.shipping.id;
      const key = requestKey({ ...action.request, shipping_service: shipping });
      return {
        ...state,
        shipping,
        preview: { key, value: action.value },
        previewLoading: false,
        previewError: null,
      };
    }
    case 'previewFailed': {
      const { byField, other } = splitServerFields(action.fields);
      const fieldsOnly = Object.keys(byField).length > 0 && other.length === 0;
      return {
        ...state,
        preview: null,
        previewLoading: false,
        previewError: fieldsOnly ? null : [action.message, ...other].join(' '),
        serverErrors: { ...state.serverErrors, ...byField },
      };
    }
    case 'confirm':
      return { ...state, confirmed: action.value };
    case 'submitInvalid':
      return { ...state, submitted: true };
    case 'placeStart':
      return { ...state, submitted: true, placing: true, placeError: null, attempt: action.attempt };
    case 'placeFailed': {
      const { byField, other } = splitServerFields(action.fields);
      return {
        ...state,
        placing: false,
        placeError: [action.message, ...other].join(' '),
        serverErrors: { ...state.serverErrors, ...byField },
      };
    }
    case 'priceChanged':
      return {
        ...state,
        placing: false,
        placeError: action.message,
        priceChange: { previousTotal: action.previousTotal },
        confirmed: false,
        preview: null,
        refresh: state.refresh + 1,
      };
  }
}

// ---------------------------------------------------------------------------------------------
// Derived

export interface Validation {
  /** The request body's address and VAT number, when the form is valid. */
  request: Omit<CheckoutRequest, 'quote_id' | 'shipping_service'> | null;
  errors: FieldErrors;
}

/** Checks the form with the shared schemas (the server checks the same again). */
export function validateCheckout(address: AddressValues, vatNumber: string): Validation {
  const errors: FieldErrors = {};
  const parsed = shippingAddressSchema.safeParse(address);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const f = issue.path[0];
      if (typeof f === 'string' && fieldOfServerKey(f) && !errors[f as AddressField]) {
        errors[f as AddressField] = issue.message;
      }
    }
  }
  // The schema checks the postcode against the country only once the whole address parses; check it
  // on its own too, so a wrong UK postcode shows as soon as the field is left.
  if (!errors.postal_code && !errors.country && address.postal_code.trim()) {
    const probe = shippingAddressSchema.safeParse({
      name: 'x',
      street: 'x',
      city: 'x',
      postal_code: address.postal_code,
      country: address.country,
    });
    const issue = probe.success ? undefined : probe.error.issues.find((i) => i.path[0] === 'postal_code');
    if (issue) errors.postal_code = issue.message;
  }
  // The VAT number applies to EU deliveries only; for other countries the (hidden) field is ignored.
  let vat: string | undefined;
  if (isEuCountry(address.country)) {
    const v = vatNumberSchema.safeParse(vatNumber);
    if (!v.success) errors.vat_number = v.error.issues[0]?.message ?? 'Please check the VAT number';
    else {
      const problem = vatNumberProblem(v.data, address.country);
      if (problem) errors.vat_number = problem;
      else vat = v.data;
    }
  }
  if (!parsed.success || errors.vat_number) return { request: null, errors };
  // Send what the person typed (trimmed by the schema on the server); the server normalises.
  const shipping_address = Object.fromEntries(
    Object.entries(address).filter(([, v]) => v.trim() !== ''),
  ) as CheckoutRequest['shipping_address'];
  return { request: { shipping_address, ...(vat ? { vat_number: vat } : {}) }, errors };
}

/** A stable key for a checkout request (which preview answers which form). */
export function requestKey(req: CheckoutRequest): string {
  return JSON.stringify({
    q: req.quote_id,
    a: req.shipping_address,
    v: req.vat_number ?? null,
    s: req.shipping_service ?? null,
  });
}

/** The idempotency key for placing `fingerprint`: the attempt's own when it is a retry, else `fresh`. */
export function attemptFor(
  attempt: CheckoutState['attempt'],
  fingerprint: string,
  fresh: () => string,
): { key: string; fingerprint: string } {
  return attempt && attempt.fingerprint === fingerprint ? attempt : { key: fresh(), fingerprint };
}

export interface CheckoutView {
  /** The problems to show now, per field: the form's own (once touched or submitted) and the server's. */
  errors: FieldErrors;
  /** What to price now (null while the form is not valid). */
  request: CheckoutRequest | null;
  /** The preview, when it answers exactly what the form says now. */
  current: CheckoutPreview | null;
  /** The figures differ from the saved quote or from what was shown: a confirmation is needed. */
  needsConfirmation: boolean;
  canPlace: boolean;
  /** The body 'Place order' sends. */
  placeRequest: PlaceOrderRequest | null;
}

export function checkoutView(state: CheckoutState, quoteId: string): CheckoutView {
  const v = validateCheckout(state.address, state.vatNumber);
  const errors: FieldErrors = {};
  for (const [f, message] of Object.entries(v.errors) as [FieldName, string][]) {
    if (state.submitted || state.touched[f]) errors[f] = message;
  }
  Object.assign(errors, state.serverErrors);
  const request: CheckoutRequest | null = v.request
    ? { quote_id: quoteId, ...v.request, ...(state.shipping ? { shipping_service: state.shipping } : {}) }
    : null;
  const current =
    request && state.preview && state.preview.key === requestKey(request) ? state.preview.value : null;
  const needsConfirmation =
    current !== null && (current.repriced !== null || state.priceChange !== null) && !state.confirmed;
  const placeRequest: PlaceOrderRequest | null =
    request && current
      ? { ...request, shipping_service: current.shipping.id, expected_total_amount: current.total_amount }
      : null;
  return {
    errors,
    request,
    current,
    needsConfirmation,
    canPlace: placeRequest !== null && !needsConfirmation && !state.placing,
    placeRequest,
  };
}
