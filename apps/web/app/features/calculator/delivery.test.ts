import { estimatedDelivery } from '@printloop/quote';
import { describe, expect, it } from 'vitest';
import { deliveryDates, describeRate, formatShortDate, leadTimeOf, withUkVat } from './delivery';

// 2026-11-23 is a Monday.
const monday = new Date('2026-11-23T10:00:00Z');
const friday = new Date('2026-11-27T16:00:00Z');
const saturday = new Date('2026-11-28T09:00:00Z');

describe('Ready to ship and Delivered by', () => {
  it('counts the lead time in working days, then the service transit on top', () => {
    const d = deliveryDates(monday, 2, 'standard', 50)!;
    expect(d.readyToShip).toBe('2026-11-25'); // Wednesday
    // Standard in the UK is 3–5 working days: the latest, Wednesday + 5 = the next Wednesday.
    expect(d.rate.estimated_days.max).toBe(5);
    expect(d.deliveredBy).toBe('2026-12-02');
  });

  it('skips the weekend on both legs', () => {
    // Friday + 1 working day = Monday; express (1–2 days) from Monday = Wednesday at the latest.
    const d = deliveryDates(friday, 1, 'express', 50)!;
    expect(d.readyToShip).toBe('2026-11-30');
    expect(d.rate.service).toBe('express');
    expect(d.deliveredBy).toBe('2026-12-02');
    // A Saturday order starts counting on Monday.
    expect(deliveryDates(saturday, 1, 'standard', 50)!.readyToShip).toBe('2026-12-01');
  });

  it('never promises a weekend date', () => {
    for (let lead = 1; lead <= 12; lead++) {
      for (const now of [monday, friday, saturday]) {
        for (const service of ['standard', 'express'] as const) {
          const d = deliveryDates(now, lead, service, 200)!;
          for (const iso of [d.readyToShip, d.deliveredBy]) {
            const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
            expect(day, `${iso} (lead ${lead}, ${service})`).not.toBe(0);
            expect(day).not.toBe(6);
          }
        }
      }
    }
  });

  it('agrees with the checkout estimate (lead time plus the longest transit)', () => {
    for (const lead of [1, 2, 3, 7]) {
      const d = deliveryDates(friday, lead, 'standard', 400)!;
      expect(d.deliveredBy).toBe(estimatedDelivery(friday, lead, d.rate.estimated_days));
    }
  });

  it('uses the live lead time when the quote has one, else the old delivery days', () => {
    expect(leadTimeOf({ delivery_days: 3, lead_time_days: 5 })).toBe(5);
    expect(leadTimeOf({ delivery_days: 3 })).toBe(3);
  });

  it('formats the dates and the service for people', () => {
    expect(formatShortDate('2026-11-25')).toBe('Wed 25 Nov');
    expect(describeRate(deliveryDates(monday, 1, 'standard', 50)!.rate)).toMatch(
      /^Royal Mail Standard, 3–5 working days$/,
    );
  });

  it('adds UK VAT to the price before VAT, to the penny', () => {
    expect(withUkVat(1000, 0.2)).toBe(1200);
    expect(withUkVat(1234, 0.2)).toBe(1481); // 1480.8
  });
});
