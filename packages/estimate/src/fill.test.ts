import { describe, expect, it } from 'vitest';
import { solidFill } from './fill.js';

const square = (x0: number, y0: number, size: number) =>
  Float64Array.from([x0, y0, x0 + size, y0, x0 + size, y0 + size, x0, y0 + size]);
const pathLength = (xy: number[]) => {
  let s = 0;
  for (let i = 2; i < xy.length; i += 2)
    s += Math.hypot((xy[i] as number) - (xy[i - 2] as number), (xy[i + 1] as number) - (xy[i - 1] as number));
  return s;
};

describe('solidFill', () => {
  const spacing = 0.45;

  it('fills a region with about area ÷ spacing of line (±15 %)', () => {
    const { paths } = solidFill({ loops: [square(0, 0, 10)] }, Math.PI / 4, spacing);
    const total = paths.reduce((s, p) => s + pathLength(p.xy), 0);
    expect(total).toBeGreaterThan((100 / spacing) * 0.85);
    expect(total).toBeLessThan((100 / spacing) * 1.15);
  });

  it('drops a lone line that crosses a sliver for less than half a spacing (only its free ends)', () => {
    // 0.55 mm across: cut at half a spacing inside, one line crosses 0.1 mm of it
    expect(solidFill({ loops: [square(0, 0, 0.55)] }, 0, spacing).paths).toHaveLength(0);
  });

  it('keeps a lone line that crosses half a spacing or more', () => {
    // 0.8 mm across: the line crosses 0.35 mm (> 0.225)
    const { paths } = solidFill({ loops: [square(0, 0, 0.8)] }, 0, spacing);
    expect(paths).toHaveLength(1);
  });
});
