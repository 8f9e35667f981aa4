/**
 * VAT on an order, from the delivery country and the buyer's VAT number. Prices are before VAT; VAT
 * is a line of its own, on everything (items, fulfilment and shipping). Rates come from the price table.
 *
 *  - UK addresses (Great Britain and the Isle of Man, the UK VAT area): the UK rate (20 %).
 *  - An EU business that gives a VAT number for its country: 0 %, reverse charge, stated on the invoice.
 *  - An EU consumer (no VAT number): the UK rate (the shop is not registered for the EU's OSS/IOSS).
 *  - Everywhere else (the Channel Islands included): 0 %, an export.
 */

import { EU_COUNTRIES } from '@printloop/materials';

export type VatKind = 'standard' | 'reverse_charge' | 'export';

export interface VatTreatment {
  kind: VatKind;
  rate: number;
  /** What the totals and documents call it. */
  label: string;
  /** A sentence the invoice must carry, if any. */
  note?: string;
  vatNumber?: string;
}

export interface VatRates {
  ukRate: number;
}

const UK_VAT_AREA = ['GB', 'IM'];

function percent(rate: number): string {
  return `${Math.round(rate * 10_000) / 100}%`;
}

/**
 * The VAT treatment of a delivery. `vatNumber` must already be checked for its country (a number given
 * for a non-EU or UK delivery is ignored).
 */
export function vatFor(country: string, vatNumber: string | undefined, rates: VatRates): VatTreatment {
  const c = country.toUpperCase();
  if (UK_VAT_AREA.includes(c))
    return { kind: 'standard', rate: rates.ukRate, label: `VAT ${percent(rates.ukRate)}` };
  if ((EU_COUNTRIES as readonly string[]).includes(c)) {
    if (vatNumber) {
      return {
        kind: 'reverse_charge',
        rate: 0,
        label: 'VAT 0% (reverse charge)',
        note: `Reverse charge: VAT to be accounted for by the recipient (VAT number ${vatNumber}).`,
        vatNumber,
      };
    }
    return { kind: 'standard', rate: rates.ukRate, label: `VAT ${percent(rates.ukRate)}` };
  }
  return {
    kind: 'export',
    rate: 0,
    label: 'VAT 0% (export)',
    note: 'Zero-rated export of goods outside the UK and the EU.',
  };
}
