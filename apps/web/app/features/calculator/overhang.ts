/**
 * Faces that need support, for the viewer's tint: the one overhang rule of @printloop/materials
 * (re-exported by @printloop/geometry), the same the analysis and the estimator use. Pure; runs in the
 * worker over the triangle soup.
 */
import { isOverhangFacet, overhangNormalZ } from '@printloop/geometry';

export { BED_TOLERANCE_MM } from '@printloop/geometry';
/** Unit-normal z below which a facet overhangs, at the default layer height. */
export const OVERHANG_NORMAL_Z = overhangNormalZ();

export function overhangMask(
  positions: Float32Array,
  triangleCount: number,
): { mask: Uint8Array; count: number } {
  const mask = new Uint8Array(triangleCount);
  let zmin = Infinity;
  for (let i = 2; i < triangleCount * 9; i += 3) {
    const z = positions[i] as number;
    if (z < zmin) zmin = z;
  }
  let count = 0;
  for (let t = 0; t < triangleCount; t++) {
    const o = t * 9;
    const ax = positions[o] as number;
    const ay = positions[o + 1] as number;
    const az = positions[o + 2] as number;
    const bz = positions[o + 5] as number;
    const cz = positions[o + 8] as number;
    const ux = (positions[o + 3] as number) - ax;
    const uy = (positions[o + 4] as number) - ay;
    const uz = bz - az;
    const vx = (positions[o + 6] as number) - ax;
    const vy = (positions[o + 7] as number) - ay;
    const vz = cz - az;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    if (!isOverhangFacet(nz, len, Math.max(az, bz, cz), zmin, OVERHANG_NORMAL_Z)) continue;
    mask[t] = 1;
    count++;
  }
  return { mask, count };
}
