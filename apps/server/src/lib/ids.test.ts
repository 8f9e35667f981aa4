import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('makes prefixed ids of 22 base-62 characters, all different, across refills of its random pool', () => {
    const ids = Array.from({ length: 5000 }, () => newId('ord'));
    for (const id of ids) expect(id).toMatch(/^ord_[0-9A-Za-z]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(newId('x', 40)).toMatch(/^x_[0-9A-Za-z]{40}$/);
  });

  it('uses every character about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i++)
      for (const c of newId('t').slice(2)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (4000 * 22) / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.2);
  });
});
