import { describe, expect, it } from 'vitest';
import { HOUSE_VOLUME } from './fleet.js';
import { businessDaysUntilDispatch, completionOfNew, leadTimeDaysOfNew } from './lead-time.js';
import type { FarmPrinter, PrintJob } from './scheduler.js';

const MONDAY_9 = Date.UTC(2026, 10, 23, 9);
const H = 3600_000;

const fleetOf = (n: number): FarmPrinter[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `prn_${i}`,
    name: `P${String(i + 1).padStart(2, '0')}`,
    volume: { ...HOUSE_VOLUME },
    material: 'PLA',
    color: 'black',
    status: 'idle' as const,
    current: null,
  }));

const queueOf = (n: number): PrintJob[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `job_${i}`,
    orderId: `ord_${i}`,
    material: 'PLA',
    color: 'black',
    size: { x: 40, y: 40, z: 40 },
    copies: 1,
    printSeconds: 4 * 3600,
    express: false,
    queuedAt: MONDAY_9 - (n - i) * 1000,
    attempt: 1,
  }));

const part = {
  material: 'PLA',
  color: 'black',
  size: { x: 40, y: 40, z: 40 },
  copies: 1,
  printSeconds: 2 * 3600,
  express: false,
};

describe('lead time from the queue', () => {
  it('counts business days to the dispatch day, skipping the weekend, with a 16:00 cut-off', () => {
    expect(businessDaysUntilDispatch(MONDAY_9, MONDAY_9 + 2 * H)).toBe(1); // Tuesday
    const friday9 = Date.UTC(2026, 10, 27, 9);
    expect(businessDaysUntilDispatch(friday9, friday9 + 2 * H)).toBe(1); // Monday
    const tuesday17 = Date.UTC(2026, 10, 24, 17);
    expect(businessDaysUntilDispatch(MONDAY_9, tuesday17)).toBe(2); // after Tuesday's cut-off
  });

  it('grows when the queue grows and shrinks when printers are added', () => {
    const days = (printers: number, queued: number) =>
      leadTimeDaysOfNew(fleetOf(printers), queueOf(queued), [part], MONDAY_9)!;
    expect(days(24, 0)).toBe(1);
    const short = days(24, 100);
    const long = days(24, 2000);
    expect(long).toBeGreaterThan(short);
    expect(days(48, 2000)).toBeLessThan(long);
    // 2,000 plates of 4 h on 24 printers ≈ 333 h of queue: about 14 days, 10 business days.
    expect(long).toBeGreaterThanOrEqual(9);
    expect(long).toBeLessThanOrEqual(11);
  });

  it('puts an express order ahead of the standard queue, and has no date when nothing can print it', () => {
    const fleet = fleetOf(2);
    const queue = queueOf(20);
    const standard = completionOfNew(fleet, queue, [part], MONDAY_9)!;
    const express = completionOfNew(fleet, queue, [{ ...part, express: true }], MONDAY_9)!;
    expect(express).toBe(MONDAY_9 + 2 * H);
    expect(standard).toBeGreaterThan(express);
    expect(completionOfNew(fleet, queue, [{ ...part, size: { x: 400, y: 10, z: 10 } }], MONDAY_9)).toBeNull();
  });
});
