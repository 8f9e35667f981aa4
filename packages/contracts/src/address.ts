import { EU_COUNTRIES as SHARED_EU_COUNTRIES } from '@printloop/materials';
import { z } from 'zod';

/**
 * Shipping addresses: the ISO 3166-1 alpha-2 country list, per-field messages, UK postcodes and EU VAT
 * numbers. Shared by the checkout form (checked before sending) and the server (checked again).
 */

/** Every ISO 3166-1 alpha-2 code in use. Names come from `Intl.DisplayNames` (en-GB) where shown. */
export const COUNTRY_CODES = [
  'AD',
  'AE',
  'AF',
  'AG',
  'AI',
  'AL',
  'AM',
  'AO',
  'AQ',
  'AR',
  'AS',
  'AT',
  'AU',
  'AW',
  'AX',
  'AZ',
  'BA',
  'BB',
  'BD',
  'BE',
  'BF',
  'BG',
  'BH',
  'BI',
  'BJ',
  'BL',
  'BM',
  'BN',
  'BO',
  'BQ',
  'BR',
  'BS',
  'BT',
  'BV',
  'BW',
  'BY',
  'BZ',
  'CA',
  'CC',
  'CD',
  'CF',
  'CG',
  'CH',
  'CI',
  'CK',
  'CL',
  'CM',
  'CN',
  'CO',
  'CR',
  'CU',
  'CV',
  'CW',
  'CX',
  'CY',
  'CZ',
  'DE',
  'DJ',
  'DK',
  'DM',
  'DO',
  'DZ',
  'EC',
  'EE',
  'EG',
  'EH',
  'ER',
  'ES',
  'ET',
  'FI',
  'FJ',
  'FK',
  'FM',
  'FO',
  'FR',
  'GA',
  'GB',
  'GD',
  'GE',
  'GF',
  'GG',
  'GH',
  'GI',
  'GL',
  'GM',
  'GN',
  'GP',
  'GQ',
  'GR',
  'GS',
  'GT',
  'GU',
  'GW',
  'GY',
  'HK',
  'HM',
  'HN',
  'HR',
  'HT',
  'HU',
  'ID',
  'IE',
  'IL',
  'IM',
  'IN',
  'IO',
  'IQ',
  'IR',
  'IS',
  'IT',
  'JE',
  'JM',
  'JO',
  'JP',
  'KE',
  'KG',
  'KH',
  'KI',
  'KM',
  'KN',
  'KP',
  'KR',
  'KW',
  'KY',
  'KZ',
  'LA',
  'LB',
  'LC',
  'LI',
  'LK',
  'LR',
  'LS',
  'LT',
  'LU',
  'LV',
  'LY',
  'MA',
  'MC',
  'MD',
  'ME',
  'MF',
  'MG',
  'MH',
  'MK',
  'ML',
  'MM',
  'MN',
  'MO',
  'MP',
  'MQ',
  'MR',
  'MS',
  'MT',
  'MU',
  'MV',
  'MW',
  'MX',
  'MY',
  'MZ',
  'NA',
  'NC',
  'NE',
  'NF',
  'NG',
  'NI',
  'NL',
  'NO',
  'NP',
  'NR',
  'NU',
  'NZ',
  'OM',
  'PA',
  'PE',
  'PF',
  'PG',
  'PH',
  'PK',
  'PL',
  'PM',
  'PN',
  'PR',
  'PS',
  'PT',
  'PW',
  'PY',
  'QA',
  'RE',
  'RO',
  'RS',
  'RU',
  'RW',
  'SA',
  'SB',
  'SC',
  'SD',
  'SE',
  'SG',
  'SH',
  'SI',
  'SJ',
  'SK',
  'SL',
  'SM',
  'SN',
  'SO',
  'SR',
  'SS',
  'ST',
  'SV',
  'SX',
  'SY',
  'SZ',
  'TC',
  'TD',
  'TF',
  'TG',
  'TH',
  'TJ',
  'TK',
  'TL',
  'TM',
  'TN',
  'TO',
  'TR',
  'TT',
  'TV',
  'TW',
  'TZ',
  'UA',
  'UG',
  'UM',
  'US',
  'UY',
  'UZ',
  'VA',
  'VC',
  'VE',
  'VG',
  'VI',
  'VN',
  'VU',
  'WF',
  'WS',
  'XK',
  'YE',
  'YT',
  'ZA',
  'ZM',
  'ZW',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);
export function isCountryCode(code: string): code is CountryCode {
  return COUNTRY_SET.has(code);
}

/** The English name of a country code (Kosovo's XK is not in every ICU data set). */
export function countryName(code: string): string {
  if (code === 'XK') return 'Kosovo';
  try {
    return new Intl.DisplayNames(['en-GB'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The 27 member states of the European Union (VAT rules), from the shared list; all known countries here. */
export const EU_COUNTRIES = SHARED_EU_COUNTRIES satisfies readonly CountryCode[];

/**
 * UK postcodes, by the rules the Royal Mail publishes for each position (outward code: area letters
 * that are used, district digits, an optional letter; then the inward code), and GIR 0AA.
 */
const UK_POSTCODE =
  /^(GIR ?0AA|([A-PR-UWYZ]\d{1,2}|[A-PR-UWYZ][A-HK-Y]\d{1,2}|[A-PR-UWYZ]\d[A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y]\d[ABEHMNPRVWXY]) ?\d[ABD-HJLNP-UW-Z]{2})$/;
/** Countries whose addresses use UK-format postcodes (the UK and the Crown Dependencies). */
const UK_POSTCODE_COUNTRIES: ReadonlySet<string> = new Set(['GB', 'IM', 'JE', 'GG']);

/** A UK postcode in its standard form ("sw1a1aa" → "SW1A 1AA"), or null when it is not one. */
export function normaliseUkPostcode(raw: string): string | null {
  const compact = raw.toUpperCase().replace(/\s+/g, '');
  if (!UK_POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/**
 * EU VAT numbers: the country prefix (EL for Greece) and 2–12 letters or digits. The format is checked
 * here; whether the number is registered is not (there is no online check from this server).
 */
const EU_VAT =
  /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z+*]{2,12}$/;

export function normaliseVatNumber(raw: string): string {
  return raw.toUpperCase().replace(/[\s.-]+/g, '');
}

/** Whether a (normalised) VAT number has the form of one issued in `country` (an EU member state). */
export function isEuVatNumberFor(vatNumber: string, country: string): boolean {
  if (!EU_VAT.test(vatNumber)) return false;
  const prefix = vatNumber.slice(0, 2);
  return prefix === (country === 'GR' ? 'EL' : country);
}

export const addressLimits = {
  name: 100,
  street: 200,
  city: 100,
  postalCode: 20,
  state: 100,
  phone: 30,
  email: 254,
  vatNumber: 20,
} as const;

export const addressMessages = {
  nameRequired: 'Please enter the name of the recipient',
  streetRequired: 'Please enter the street address',
  cityRequired: 'Please enter the town or city',
  postalCodeRequired: 'Please enter the postcode',
  postalCodeInvalid: 'Please enter a valid postcode',
  ukPostcodeInvalid: 'Please enter a valid UK postcode, e.g. SW1A 1AA',
  countryInvalid: 'Please choose a country',
  phoneInvalid: 'Please enter a valid phone number',
  emailInvalid: 'Please enter a valid email address',
  vatNumberInvalid: 'Please enter a valid EU VAT number for the delivery country, e.g. DE123456789',
  vatNumberNotEu: 'A VAT number applies only to deliveries to EU businesses',
  tooLong: (max: number) => `This is too long (${max} characters at most)`,
  controlCharacters: 'Please remove the control characters from this field',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

function text(required: string, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: addressMessages.tooLong(max), abort: true })
    .refine((v) => !CONTROL.test(v), { error: addressMessages.controlCharacters, abort: true });
}

function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: addressMessages.tooLong(max), abort: true })
    .refine((v) => !CONTROL.test(v), { error: addressMessages.controlCharacters, abort: true })
    .optional()
    .transform((v) => (v === '' ? undefined : v));
}

/**
 * A shipping address (API.md §1): name, street, city, postal_code, country (ISO alpha-2), and optional
 * state, phone and email. UK postcodes are checked and normalised; other countries' codes are checked
 * for a plausible form only.
 */
export const shippingAddressSchema = z
  .object({
    name: text(addressMessages.nameRequired, addressLimits.name),
    street: text(addressMessages.streetRequired, addressLimits.street),
    city: text(addressMessages.cityRequired, addressLimits.city),
    postal_code: text(addressMessages.postalCodeRequired, addressLimits.postalCode),
    country: z
      .string({ error: addressMessages.countryInvalid })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, { error: addressMessages.countryInvalid }),
    state: optionalText(addressLimits.state),
    phone: optionalText(addressLimits.phone).refine(
      (v) => v === undefined || /^\+?[0-9 ()-]{6,30}$/.test(v),
      {
        error: addressMessages.phoneInvalid,
      },
    ),
    email: optionalText(addressLimits.email).refine(
      (v) => v === undefined || z.email().safeParse(v).success,
      {
        error: addressMessages.emailInvalid,
      },
    ),
  })
  .strict()
  .transform((a, ctx) => {
    if (UK_POSTCODE_COUNTRIES.has(a.country)) {
      const pc = normaliseUkPostcode(a.postal_code);
      if (!pc) {
        ctx.addIssue({ code: 'custom', path: ['postal_code'], message: addressMessages.ukPostcodeInvalid });
        return z.NEVER;
      }
      return { ...a, postal_code: pc };
    }
    if (!/^[A-Za-z0-9][A-Za-z0-9 -]{0,18}[A-Za-z0-9]?$/.test(a.postal_code)) {
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: addressMessages.postalCodeInvalid });
      return z.NEVER;
    }
    return { ...a, postal_code: a.postal_code.toUpperCase() };
  });

export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/** A stored, already checked address, as responses carry it. */
export const shippingAddressOutputSchema = z.object({
  name: z.string(),
  street: z.string(),
  city: z.string(),
  postal_code: z.string(),
  country: z.string(),
  state: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
});
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

/** An optional VAT number given with an EU delivery address (reverse charge). */
export const vatNumberSchema = z
  .string()
  .trim()
  .max(addressLimits.vatNumber + 10, { error: addressMessages.vatNumberInvalid })
  .transform(normaliseVatNumber)
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Checks a VAT number against the delivery country; returns the message for the field, or null. */
export function vatNumberProblem(vatNumber: string | undefined, country: string): string | null {
  if (!vatNumber) return null;
  if (!(EU_COUNTRIES as readonly string[]).includes(country)) return addressMessages.vatNumberNotEu;
  return isEuVatNumberFor(vatNumber, country) ? null : addressMessages.vatNumberInvalid;
}

/** The address as lines for a label, an email or a document. */
export function addressLines(a: ShippingAddress): string[] {
  return [
    a.street,
    [a.city, a.state].filter(Boolean).join(', '),
    a.postal_code,
    countryName(a.country),
  ].filter((l) => l.length > 0);
}
