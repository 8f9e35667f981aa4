/**
 * Shipping: carriers, services, zones and weight bands in one versioned rate table, behind a provider
 * interface that a live rate service (a carrier's API, a shipping platform) can replace. Pure: no I/O.
 *
 * Zones are explicit lists of ISO 3166-1 alpha-2 codes. A parcel heavier than the heaviest band goes
 * as several parcels of at most that weight. Transit times are business days (Monday to Friday).
 */

import { EU_COUNTRIES } from '@printloop/materials';

export const CARRIERS = {
  royal_mail: 'Royal Mail',
  dpd: 'DPD',
  dhl: 'DHL',
  fedex: 'FedEx',
  ups: 'UPS',
} as const;
export type CarrierCode = keyof typeof CARRIERS;
export const CARRIER_CODES = Object.keys(CARRIERS) as CarrierCode[];

export const SHIPPING_SERVICES = ['standard', 'express'] as const;
export type ShippingService = (typeof SHIPPING_SERVICES)[number];

export type ShippingZone = 'uk' | 'europe' | 'world';

/** The United Kingdom and the Crown Dependencies, served by UK domestic services. */
export const UK_ZONE = ['GB', 'IM', 'JE', 'GG'] as const;
/** Europe: the EU, the EEA, Switzerland and the rest of geographic Europe. */
export const EUROPE_ZONE = [
  ...EU_COUNTRIES,
  'IS',
  'LI',
  'NO',
  'CH',
  'AD',
  'AL',
  'AX',
  'BA',
  'FO',
  'GI',
  'MC',
  'MD',
  'ME',
  'MK',
  'RS',
  'SJ',
  'SM',
  'TR',
  'UA',
  'VA',
  'XK',
] as const;

export function zoneOf(country: string): ShippingZone {
  const c = country.toUpperCase();
  if ((UK_ZONE as readonly string[]).includes(c)) return 'uk';
  if ((EUROPE_ZONE as readonly string[]).includes(c)) return 'europe';
  return 'world';
}

export const ZONE_NAMES: Record<ShippingZone, string> = {
  uk: 'United Kingdom',
  europe: 'Europe',
  world: 'Rest of the world',
};

/** One carrier's service to one zone: business days in transit and a price per weight band (pence). */
export interface RateRow {
  carrier: CarrierCode;
  service: ShippingService;
  zone: ShippingZone;
  days: { min: number; max: number };
  /** Prices for the bands of the table, lightest first; null where the carrier does not take it. */
  pence: readonly number[];
}

export interface ShippingRateTable {
  version: string;
  currency: 'GBP';
  /** Upper bounds of the weight bands in grams, lightest first. The last is the most one parcel may weigh. */
  bandsG: readonly number[];
  /** Packaging added to the goods: a fixed box and filling, plus a share of the goods' weight. */
  packaging: { baseG: number; share: number };
  rows: readonly RateRow[];
}

const STANDARD = { min: 3, max: 5 } as const;

/** The one rate table. Change a price => bump the version (placed orders keep theirs). */
export const SHIPPING_RATES: ShippingRateTable = Object.freeze({
  version: '2026-11-23',
  currency: 'GBP',
  //         0.5 kg  1 kg   2 kg   5 kg  10 kg  20 kg  30 kg
  bandsG: [500, 1000, 2000, 5000, 10000, 20000, 30000],
  packaging: { baseG: 150, share: 0.1 },
  rows: Object.freeze([
    {
      carrier: 'royal_mail',
      service: 'standard',
      zone: 'uk',
      days: STANDARD,
      pence: [395, 495, 595, 895, 1295, 1995, 2695],
    },
    {
      carrier: 'royal_mail',
      service: 'express',
      zone: 'uk',
      days: { min: 1, max: 2 },
      pence: [595, 695, 895, 1195, 1695, 2495, 3295],
    },
    {
      carrier: 'dpd',
      service: 'express',
      zone: 'uk',
      days: { min: 1, max: 1 },
      pence: [795, 795, 895, 1095, 1395, 1895, 2395],
    },
    {
      carrier: 'ups',
      service: 'standard',
      zone: 'uk',
      days: STANDARD,
      pence: [695, 695, 795, 995, 1295, 1795, 2295],
    },
    {
      carrier: 'royal_mail',
      service: 'standard',
      zone: 'europe',
      days: STANDARD,
      pence: [995, 1295, 1695, 2695, 4295, 6995, 9495],
    },
    {
      carrier: 'dpd',
      service: 'standard',
      zone: 'europe',
      days: STANDARD,
      pence: [1195, 1295, 1495, 1995, 2795, 3995, 5195],
    },
    {
      carrier: 'dhl',
      service: 'express',
      zone: 'europe',
      days: { min: 1, max: 2 },
      pence: [2295, 2595, 2995, 3995, 5495, 7995, 10495],
    },
    {
      carrier: 'ups',
      service: 'express',
      zone: 'europe',
      days: { min: 1, max: 2 },
      pence: [2395, 2695, 3095, 4195, 5695, 8295, 10895],
    },
    {
      carrier: 'royal_mail',
      service: 'standard',
      zone: 'world',
      days: STANDARD,
      pence: [1495, 1995, 2795, 4495, 7495, 12495, 16995],
    },
    {
      carrier: 'ups',
      service: 'standard',
      zone: 'world',
      days: STANDARD,
      pence: [2495, 2795, 3295, 4495, 6495, 9995, 13495],
    },
    {
      carrier: 'dhl',
      service: 'express',
      zone: 'world',
      days: { min: 2, max: 3 },
      pence: [3495, 3995, 4795, 6495, 9495, 14495, 19495],
    },
    {
      carrier: 'fedex',
      service: 'express',
      zone: 'world',
      days: { min: 2, max: 3 },
      pence: [3395, 3895, 4695, 6395, 9395, 14295, 19295],
    },
  ] satisfies RateRow[]),
});

/** One way to ship a parcel, as offered at checkout and by the API. */
export interface ShippingRate {
  /** Stable id of the option: "royal_mail:standard". */
  id: string;
  carrier: CarrierCode;
  /** The carrier's name, as shown ("Royal Mail"). */
  carrier_name: string;
  service: ShippingService;
  amount: number;
  currency: 'GBP';
  estimated_days: { min: number; max: number };
  zone: ShippingZone;
  parcels: number;
  rate_table_version: string;
}

export interface ShippingRequest {
  country: string;
  /** Weight of the goods (filament of every item × quantity), grams; packaging is added here. */
  goodsWeightG: number;
}

/** Where rates come from: this table today, a carrier's API tomorrow. */
export interface ShippingRateProvider {
  readonly version: string;
  rates(request: ShippingRequest): ShippingRate[];
}

/** The parcel weight: the goods plus packaging, rounded up to the gram. */
export function parcelWeightG(goodsWeightG: number, table: ShippingRateTable = SHIPPING_RATES): number {
  const goods = Math.max(0, goodsWeightG);
  return Math.ceil(goods + table.packaging.baseG + goods * table.packaging.share);
}

/** Price of `weightG` on one row: several parcels of at most the top band when heavier. */
function priceFor(
  row: RateRow,
  weightG: number,
  bands: readonly number[],
): { pence: number; parcels: number } {
  const top = bands[bands.length - 1]!;
  const parcels = Math.max(1, Math.ceil(weightG / top));
  let pence = 0;
  let left = weightG;
  for (let i = 0; i < parcels; i++) {
    const w = Math.min(left, top);
    left -= w;
    const band = bands.findIndex((b) => w <= b);
    pence += row.pence[band < 0 ? bands.length - 1 : band]!;
  }
  return { pence, parcels };
}

export class TableRateProvider implements ShippingRateProvider {
  constructor(private readonly table: ShippingRateTable = SHIPPING_RATES) {}

  get version() {
    return this.table.version;
  }

  rates({ country, goodsWeightG }: ShippingRequest): ShippingRate[] {
    const zone = zoneOf(country);
    const weight = parcelWeightG(goodsWeightG, this.table);
    return this.table.rows
      .filter((r) => r.zone === zone)
      .map((r) => {
        const { pence, parcels } = priceFor(r, weight, this.table.bandsG);
        return {
          id: `${r.carrier}:${r.service}`,
          carrier: r.carrier,
          carrier_name: CARRIERS[r.carrier],
          service: r.service,
          amount: pence,
          currency: 'GBP' as const,
          estimated_days: { ...r.days },
          zone,
          parcels,
          rate_table_version: this.table.version,
        };
      })
      .sort((a, b) => a.amount - b.amount || a.estimated_days.max - b.estimated_days.max);
  }
}

export const shippingRates: ShippingRateProvider = new TableRateProvider();

/**
 * The option a request names: a rate id ("dpd:express"), or a service ("express": the cheapest of
 * that service, the fastest on a tie). Null when nothing matches.
 */
export function chooseRate(rates: readonly ShippingRate[], choice: string): ShippingRate | null {
  const byId = rates.find((r) => r.id === choice);
  if (byId) return byId;
  const ofService = rates.filter((r) => r.service === choice);
  return ofService[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Business days (Monday to Friday; UTC dates as YYYY-MM-DD).

export function isBusinessDay(date: Date): boolean {
  const d = date.getUTCDay();
  return d !== 0 && d !== 6;
}

/** The date `days` business days after `from` (a date on a weekend starts from the next Monday). */
export function addBusinessDays(from: Date, days: number): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  while (!isBusinessDay(d)) d.setUTCDate(d.getUTCDate() + 1);
  let left = Math.max(0, Math.ceil(days));
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isBusinessDay(d)) left--;
  }
  return d;
}

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * When a parcel arrives: the production lead time (working days until it ships), then the carrier's
 * longest transit time, weekends skipped.
 */
export function estimatedDelivery(now: Date, leadTimeDays: number, transit: { max: number }): string {
  return isoDate(addBusinessDays(now, leadTimeDays + transit.max));
}
