import { describe, expect, it } from 'vitest';
import { HOUSE_VOLUME } from './fleet.js';
import {
  type FarmPrinter,
  fits,
  nextJobFor,
  orderCompletions,
  type PrintJob,
  plan,
  progress,
  reprintOf,
} from './scheduler.js';

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0); // a Monday, 09:00 UTC
const H = 3600;
const RULES = { materialChangeSeconds: 1200, colorChangeSeconds: 600 };

function printer(name: string, over: Partial<FarmPrinter> = {}): FarmPrinter {
  return {
    id: `prn_${name}`,
    name,
    volume: { ...HOUSE_VOLUME },
    material: 'PLA',
    color: 'black',
    status: 'idle',
    current: null,
    ...over,
  };
}

let seq = 0;
function job(over: Partial<PrintJob> = {}): PrintJob {
  seq++;
  return {
    id: `job_${String(seq).padStart(4, '0')}`,
    orderId: `ord_${seq}`,
    material: 'PLA',
    color: 'black',
    size: { x: 20, y: 20, z: 20 },
    copies: 1,
    printSeconds: H,
    express: false,
    queuedAt: NOW - 60_000,
    attempt: 1,
    ...over,
  };
}

describe('fit', () => {
  it('takes a part that fits as it lies or turned a quarter, and refuses one too tall or too wide', () => {
    const v = { x: 250, y: 210, z: 210 };
    expect(fits(v, { x: 250, y: 210, z: 210 })).toBe(true);
    expect(fits(v, { x: 210, y: 250, z: 100 })).toBe(true); // turned
    expect(fits(v, { x: 251, y: 10, z: 10 })).toBe(false);
    expect(fits(v, { x: 10, y: 10, z: 210.1 })).toBe(false);
  });

  it('plans a large part only on a printer it fits, and leaves one that fits none unscheduled', () => {
    const small = printer('P01');
    const big = printer('B01', { volume: { x: 400, y: 400, z: 400 } });
    const large = job({ size: { x: 300, y: 300, z: 100 } });
    const huge = job({ size: { x: 500, y: 100, z: 100 } });
    const p = plan([small, big], [large, huge], NOW, RULES);
    expect(p.byJob.get(large.id)?.printerId).toBe(big.id);
    expect(p.unschedulable).toEqual([huge.id]);
  });
});

describe('material', () => {
  it('prefers a printer with the material loaded, and pays a change when that is sooner', () => {
    const pla = printer('P01');
    const petg = printer('P02', { material: 'PETG' });
    const a = job({ material: 'PETG' });
    const p1 = plan([pla, petg], [a], NOW, RULES);
    expect(p1.byJob.get(a.id)).toMatchObject({ printerId: petg.id, changeSeconds: 0, end: NOW + H * 1000 });

    // The PETG printer is busy for 10 h: changing the idle PLA printer (20 min) finishes sooner.
    const busy = {
      ...petg,
      status: 'printing' as const,
      current: { jobId: 'x', startedAt: NOW, printSeconds: 10 * H },
    };
    const p2 = plan([pla, busy], [a], NOW, RULES);
    expect(p2.byJob.get(a.id)).toMatchObject({ printerId: pla.id, changeSeconds: 1200 });
    expect(p2.byJob.get(a.id)!.end).toBe(NOW + (1200 + H) * 1000);
  });

  it('charges a colour change for the same material in another colour, and remembers what it loaded', () => {
    const p01 = printer('P01');
    const white1 = job({ color: 'white', queuedAt: NOW - 3000 });
    const white2 = job({ color: 'white', queuedAt: NOW - 2000 });
    const p = plan([p01], [white1, white2], NOW, RULES);
    expect(p.byJob.get(white1.id)!.changeSeconds).toBe(600);
    expect(p.byJob.get(white2.id)!.changeSeconds).toBe(0);
    expect(p.queueEmptyAt).toBe(NOW + (600 + 2 * H) * 1000);
  });
});

describe('fairness', () => {
  it('starts express before standard, then the oldest first, whatever the input order', () => {
    const p01 = printer('P01');
    const oldStandard = job({ queuedAt: NOW - 5 * H * 1000 });
    const newStandard = job({ queuedAt: NOW - 1000 });
    const newExpress = job({ queuedAt: NOW - 500, express: true });
    const inputs = [
      [oldStandard, newStandard, newExpress],
      [newExpress, newStandard, oldStandard],
      [newStandard, oldStandard, newExpress],
    ];
    for (const jobs of inputs) {
      const p = plan([p01], jobs, NOW, RULES);
      expect(p.slots.map((s) => s.jobId)).toEqual([newExpress.id, oldStandard.id, newStandard.id]);
    }
  });

  it('spreads one big order over the fleet without holding back an older small one', () => {
    const fleet = ['P01', 'P02', 'P03', 'P04'].map((n) => printer(n));
    const small = job({ queuedAt: NOW - 10_000, orderId: 'ord_small' });
    const bigOrder = Array.from({ length: 12 }, () => job({ orderId: 'ord_big', queuedAt: NOW - 5000 }));
    const p = plan(fleet, [...bigOrder, small], NOW, RULES);
    expect(p.byJob.get(small.id)!.start).toBe(NOW);
    // 13 one-hour plates on 4 printers: 4 rounds.
    expect(p.queueEmptyAt).toBe(NOW + 4 * H * 1000);
    const perPrinter = new Map<string, number>();
    for (const s of p.slots) perPrinter.set(s.printerId, (perPrinter.get(s.printerId) ?? 0) + 1);
    expect([...perPrinter.values()].sort()).toEqual([3, 3, 3, 4]);
  });

  it('gives the same plan for the same state (two loads show the same figures)', () => {
    const fleet = ['P02', 'P01', 'P03'].map((n) => printer(n));
    const jobs = Array.from({ length: 20 }, (_, i) => job({ queuedAt: NOW - (i % 3) * 1000 }));
    const a = plan(fleet, jobs, NOW, RULES);
    const b = plan([...fleet].reverse(), [...jobs].reverse(), NOW, RULES);
    expect(b.slots).toEqual(a.slots);
  });
});

describe('running prints, failures and printers going offline', () => {
  it('queues behind a running print, and gives an idle printer its first planned job', () => {
    const running = printer('P01', {
      status: 'printing',
      current: { jobId: 'job_run', startedAt: NOW - H * 1000, printSeconds: 3 * H },
    });
    const idle = printer('P02');
    const a = job({ queuedAt: NOW - 2000 });
    const b = job({ queuedAt: NOW - 1000 });
    const p = plan([running, idle], [a, b], NOW, RULES);
    expect(p.byJob.get(a.id)).toMatchObject({ printerId: idle.id, start: NOW });
    // P01 is free in 2 h, P02 in 1 h (after a): b follows a on P02.
    expect(p.byJob.get(b.id)).toMatchObject({ printerId: idle.id, start: NOW + H * 1000 });
    expect(p.freeAt.get(running.id)).toBe(NOW + 2 * H * 1000);
    // A third job of 1 h finishes at NOW + 3 h on either: the tie goes to P01 (by name).
    const c = job({ queuedAt: NOW - 500 });
    expect(plan([idle, running], [a, b, c], NOW, RULES).byJob.get(c.id)).toMatchObject({
      printerId: running.id,
      start: NOW + 2 * H * 1000,
    });
    expect(nextJobFor(p, idle.id)?.jobId).toBe(a.id);
    expect(progress(running.current!, NOW)).toEqual({ fraction: 1 / 3, remainingSeconds: 2 * H });
    expect(progress(running.current!, NOW + 10 * H * 1000)).toEqual({ fraction: 1, remainingSeconds: 0 });
  });

  it('puts a failed print back in its place as a reprint, which delays its order', () => {
    const p01 = printer('P01');
    const failed = job({ orderId: 'ord_a', queuedAt: NOW - 10_000 });
    const other = job({ orderId: 'ord_b', queuedAt: NOW - 5000 });
    const before = orderCompletions(plan([p01], [other], NOW, RULES), [p01], [other]);
    const again = reprintOf(failed, 'job_reprint');
    expect(again).toMatchObject({ id: 'job_reprint', attempt: 2, queuedAt: failed.queuedAt });
    const after = plan([p01], [other, again], NOW, RULES);
    // The reprint keeps its place ahead of the younger order, which now finishes an hour later.
    expect(after.slots.map((s) => s.jobId)).toEqual(['job_reprint', other.id]);
    const done = orderCompletions(after, [p01], [other, again]);
    expect(done.get('ord_b')! - before.get('ord_b')!).toBe(H * 1000);
    expect(done.get('ord_a')).toBe(NOW + H * 1000);
  });

  it('plans nothing on a printer in maintenance or offline, and moves an interrupted print elsewhere', () => {
    const cut = job({ orderId: 'ord_cut' });
    const p01 = printer('P01', {
      status: 'offline',
      current: { jobId: cut.id, startedAt: NOW - H * 1000, printSeconds: 2 * H },
    });
    const p02 = printer('P02', { status: 'maintenance' });
    const p03 = printer('P03');
    const again = reprintOf(cut, 'job_cut_2');
    const p = plan([p01, p02, p03], [again, job({ queuedAt: NOW - 1000 })], NOW, RULES);
    expect(new Set(p.slots.map((s) => s.printerId))).toEqual(new Set([p03.id]));
    expect(p.byJob.get(again.id)!.start).toBe(NOW);
    expect(p.freeAt.has(p01.id)).toBe(false);

    const none = plan([p01, p02], [again], NOW, RULES);
    expect(none.unschedulable).toEqual([again.id]);
    expect(orderCompletions(none, [p01, p02], [again]).has('ord_cut')).toBe(false);
  });

  it('dates an order by its last plate, running ones included', () => {
    const p01 = printer('P01', {
      status: 'printing',
      current: { jobId: 'job_running', startedAt: NOW, printSeconds: 5 * H },
    });
    const p02 = printer('P02');
    const queued = job({ orderId: 'ord_x', printSeconds: 2 * H });
    const p = plan([p01, p02], [queued], NOW, RULES);
    const done = orderCompletions(p, [p01, p02], [queued], new Map([['job_running', 'ord_x']]));
    expect(done.get('ord_x')).toBe(NOW + 5 * H * 1000);
  });
});
