import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  chooseRate,
  EUROPE_ZONE,
  estimatedDelivery,
  isoDate,
  orderGoodsWeightG,
  orderLeadTimeDays,
  orderTotals,
  PRICE_TABLE,
  parcelWeightG,
  priceQuote,
  SHIPPING_RATES,
  shippingRates,
  UK_ZONE,
  vatFor,
  zoneOf,
} from './index.js';

const NOW = new Date('2026-11-23T10:00:00.000Z'); // a Monday
const PLA = { filamentType: 'PLA', supportRequired: false } as const;

describe('shipping rates', () => {
  it('puts every country in exactly one zone, from explicit lists', () => {
    expect(zoneOf('GB')).toBe('uk');
    expect(zoneOf('je')).toBe('uk');
    expect(zoneOf('DE')).toBe('europe');
    expect(zoneOf('NO')).toBe('europe');
    expect(zoneOf('US')).toBe('world');
    expect(zoneOf('AU')).toBe('world');
    expect(new Set([...UK_ZONE, ...EUROPE_ZONE]).size).toBe(UK_ZONE.length + EUROPE_ZONE.length);
  });

  it('offers the five carriers across the zones, standard in 3-5 business days', () => {
    const carriers = new Set(SHIPPING_RATES.rows.map((r) => r.carrier));
    expect([...carriers].sort()).toEqual(['dhl', 'dpd', 'fedex', 'royal_mail', 'ups']);
    for (const zone of ['uk', 'europe', 'world'] as const) {
      const rows = SHIPPING_RATES.rows.filter((r) => r.zone === zone);
      expect(rows.some((r) => r.service === 'standard')).toBe(true);
      expect(rows.some((r) => r.service === 'express')).toBe(true);
      for (const r of rows.filter((x) => x.service === 'standard'))
        expect(r.days).toEqual({ min: 3, max: 5 });
      for (const r of rows) expect(r.pence).toHaveLength(SHIPPING_RATES.bandsG.length);
    }
  });

  it('adds packaging to the goods and prices by weight band, cheapest first', () => {
    expect(parcelWeightG(420)).toBe(Math.ceil(420 + 150 + 42)); // 612 g: the 1 kg band
    const uk = shippingRates.rates({ country: 'GB', goodsWeightG: 420 });
    const rm = uk.find((r) => r.id === 'royal_mail:standard')!;
    expect(rm).toMatchObject({
      amount: 495,
      carrier_name: 'Royal Mail',
      currency: 'GBP',
      parcels: 1,
      zone: 'uk',
    });
    expect(uk.map((r) => r.amount)).toEqual([...uk.map((r) => r.amount)].sort((a, b) => a - b));
    // A light part in the lightest band.
    expect(
      shippingRates.rates({ country: 'GB', goodsWeightG: 10 }).find((r) => r.id === 'royal_mail:standard')!
        .amount,
    ).toBe(395);
  });

  it('sends more than 30 kg as several parcels', () => {
    const rate = shippingRates
      .rates({ country: 'GB', goodsWeightG: 50_000 })
      .find((r) => r.id === 'royal_mail:standard')!;
    // 50 kg goods + 150 g + 5 kg packaging = 55.15 kg: one 30 kg parcel and one of 25.15 kg (30 kg band).
    expect(rate.parcels).toBe(2);
    expect(rate.amount).toBe(2695 * 2);
  });

  it('chooses a rate by its id, or the cheapest of a service', () => {
    const rates = shippingRates.rates({ country: 'DE', goodsWeightG: 300 });
    expect(chooseRate(rates, 'dhl:express')?.carrier).toBe('dhl');
    expect(chooseRate(rates, 'standard')?.id).toBe('royal_mail:standard');
    expect(chooseRate(rates, 'express')?.id).toBe('dhl:express');
    expect(chooseRate(rates, 'fedex:express')).toBeNull(); // FedEx serves the rest of the world only
    expect(chooseRate(rates, 'overnight')).toBeNull();
  });
});

describe('business days and delivery dates', () => {
  it('skips weekends', () => {
    expect(isoDate(addBusinessDays(NOW, 0))).toBe('2026-11-23');
    expect(isoDate(addBusinessDays(NOW, 4))).toBe('2026-11-27'); // Friday
    expect(isoDate(addBusinessDays(NOW, 5))).toBe('2026-11-30'); // next Monday
    // From a Saturday, counting starts on Monday.
    expect(isoDate(addBusinessDays(new Date('2026-11-28T12:00:00Z'), 1))).toBe('2026-12-01');
  });

  it('adds the lead time and the longest transit time', () => {
    // 2 working days to ship + up to 5 in transit = 7 business days after Monday 23rd.
    expect(estimatedDelivery(NOW, 2, { max: 5 })).toBe('2026-12-02');
  });
});

describe('VAT', () => {
  const rates = PRICE_TABLE.vat;
  it('charges 20 % in the UK, reverse-charges EU businesses, zero-rates exports', () => {
    expect(vatFor('GB', undefined, rates)).toMatchObject({ kind: 'standard', rate: 0.2, label: 'VAT 20%' });
    expect(vatFor('IM', undefined, rates).rate).toBe(0.2);
    const rc = vatFor('DE', 'DE123456789', rates);
    expect(rc).toMatchObject({ kind: 'reverse_charge', rate: 0 });
    expect(rc.note).toMatch(/Reverse charge/);
    expect(vatFor('US', undefined, rates)).toMatchObject({ kind: 'export', rate: 0 });
    expect(vatFor('JE', undefined, rates)).toMatchObject({ kind: 'export', rate: 0 });
    expect(vatFor('CH', 'CHE123', rates).kind).toBe('export');
    // An EU consumer with no VAT number pays UK VAT (no OSS registration).
    expect(vatFor('FR', undefined, rates).rate).toBe(0.2);
  });
});

describe('order totals', () => {
  const line = (print_time_s: number, filament_g: number, quantity: number) => ({
    quote: priceQuote({ print_time_s, filament_g }, PLA, { now: NOW, quantity }),
    printTimeS: print_time_s,
    filamentG: filament_g,
  });

  it('adds fulfilment once, shipping, and VAT on the whole, rounded once', () => {
    const lines = [line(915, 3.98, 2), line(7200, 100, 12)];
    const shipping = { amount: 495 };
    const t = orderTotals(lines, shipping, { rate: 0.2 });
    const items = lines[0]!.quote.subtotal_pence + lines[1]!.quote.subtotal_pence;
    const discount = lines[1]!.quote.discount_pence; // 12 units: 5 %
    expect(discount).toBeGreaterThan(0);
    expect(t.items_amount).toBe(items);
    expect(t.discount_amount).toBe(discount);
    expect(t.fulfillment_amount).toBe(295 + 13 * 20); // 14 units
    expect(t.shipping_amount).toBe(495);
    expect(t.net_amount).toBe(items - discount + t.fulfillment_amount + 495);
    expect(t.tax_amount).toBe(Math.round(t.net_amount * 0.2));
    expect(t.total_amount).toBe(t.net_amount + t.tax_amount);
  });

  it('for one quote ordered alone, equals the quote total plus shipping and VAT', () => {
    const one = line(915, 3.98, 3);
    const t = orderTotals([one], { amount: 0 }, { rate: 0 });
    expect(t.total_amount).toBe(one.quote.total_pence);
  });

  it('weighs the goods and counts machine time for the lead time', () => {
    const lines = [line(3600, 10, 2), line(36_000, 50, 3)];
    expect(orderGoodsWeightG(lines)).toBe(170);
    // 2 h + 30 h = 32 h of machine time: 2 days at 24 h a day, plus 1.
    expect(orderLeadTimeDays(lines)).toBe(3);
  });
});
