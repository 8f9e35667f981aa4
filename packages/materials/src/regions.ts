/**
 * Country groups that pricing, shipping and address rules share (ISO 3166-1 alpha-2 codes). Pure data:
 * one list, so VAT, shipping zones and the checkout cannot disagree about who is in the EU.
 */

/** The 27 member states of the European Union (VAT rules). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
