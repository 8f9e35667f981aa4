import { describe, expect, it } from 'vitest';
import { overhangMask } from './overhang';

/** Two triangles: a downward face at height z (normal -z, counter-clockwise seen from below). */
function downFace(z: number): number[] {
  return [0, 0, z, 0, 10, z, 10, 0, z];
}
function upFace(z: number): number[] {
  return [0, 0, z, 10, 0, z, 0, 10, z];
}
/** A face tilted by `deg` from vertical, facing down-ish (normal in the x-z plane). */
function tilted(deg: number, z0: number): number[] {
  const r = (deg * Math.PI) / 180;
  // Edge along y, second edge going up and out: normal = (cos r, 0, -sin r) when deg > 0.
  const dx = -Math.sin(r) * 10;
  const dz = Math.cos(r) * 10;
  return [0, 0, z0, dx, 0, z0 + dz, 0, 10, z0];
}

describe('overhangMask', () => {
  it('flags downward faces above the bed and not those on it', () => {
    const p = new Float32Array([...downFace(0), ...downFace(5), ...upFace(5)]);
    const { mask, count } = overhangMask(p, 3);
    expect([...mask]).toEqual([0, 1, 0]);
    expect(count).toBe(1);
  });
  it('uses the shared threshold (48.4 degrees from vertical at 0.2 mm layers)', () => {
    const p = new Float32Array([
      ...downFace(0),
      ...tilted(30, 5),
      ...tilted(60, 5),
      ...tilted(46, 5),
      ...tilted(51, 5),
    ]);
    const { mask } = overhangMask(p, 5);
    expect(mask[1]).toBe(0);
    expect(mask[2]).toBe(1);
    expect(mask[3]).toBe(0);
    expect(mask[4]).toBe(1);
  });
  it('ignores degenerate faces', () => {
    const p = new Float32Array([...downFace(0), 1, 1, 3, 1, 1, 3, 1, 1, 3]);
    expect(overhangMask(p, 2).count).toBe(0);
  });
});
