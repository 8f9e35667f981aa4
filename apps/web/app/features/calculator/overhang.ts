/**
 * Faces that need support: facing downwards and more than 45° away from vertical (normal z below
 * -sin 45°), and not lying on the bed. Pure; runs in the worker over the triangle soup.
 */
export const OVERHANG_NORMAL_Z = -Math.SQRT1_2;
/** Faces whose lowest corner is within this of the model's lowest point rest on the bed (mm). */
export const BED_TOLERANCE_MM = 0.01;

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
    const ux = (positions[o + 3] as number) - ax;
    const uy = (positions[o + 4] as number) - ay;
    const uz = (positions[o + 5] as number) - az;
    const vx = (positions[o + 6] as number) - ax;
    const vy = (positions[o + 7] as number) - ay;
    const vz = (positions[o + 8] as number) - az;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    if (!(len > 0)) continue;
    if (nz / len >= OVERHANG_NORMAL_Z) continue;
    const lowest = Math.min(az, positions[o + 5] as number, positions[o + 8] as number);
    if (lowest <= zmin + BED_TOLERANCE_MM) continue;
    mask[t] = 1;
    count++;
  }
  return { mask, count };
}
