/**
 * Does a part have fine vertical detail, the kind thicker layers would lose? Layers show as steps on
 * sloped and curved surfaces, and a thick layer cannot place a ledge, a lip or raised text a fraction
 * of a millimetre high. A part made of vertical walls and flat faces far apart in height (a box, a
 * bracket, a spacer) prints the same with thicker layers, only faster.
 */

/** Sloped (neither a wall nor flat) surface above this share of the area shows layer steps. */
export const SLOPED_SHARE_LIMIT = 0.1;
/** Flat faces closer in height than this many layers are fine detail. */
export const MIN_STEP_LAYERS = 4;

/**
 * True when the part has fine vertical detail at `layerHeight` (mm): more than 10 % of its surface is
 * sloped (|normal z| between 0.05 and 0.95), or two heights of its flat faces are less than four such
 * layers apart, or the whole part is less than ten layers tall. `positions` is a triangle soup in mm.
 */
export function hasFineVerticalDetail(
  positions: Float32Array,
  triangleCount: number,
  layerHeight: number,
): boolean {
  let area = 0;
  let sloped = 0;
  let zMin = Number.POSITIVE_INFINITY;
  let zMax = Number.NEGATIVE_INFINITY;
  const levels: number[] = [];
  for (let t = 0; t < triangleCount; t++) {
    const o = t * 9;
    const ax = positions[o]!;
    const ay = positions[o + 1]!;
    const az = positions[o + 2]!;
    const ux = positions[o + 3]! - ax;
    const uy = positions[o + 4]! - ay;
    const uz = positions[o + 5]! - az;
    const vx = positions[o + 6]! - ax;
    const vy = positions[o + 7]! - ay;
    const vz = positions[o + 8]! - az;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    const z = (az + positions[o + 5]! + positions[o + 8]!) / 3;
    zMin = Math.min(zMin, az, positions[o + 5]!, positions[o + 8]!);
    zMax = Math.max(zMax, az, positions[o + 5]!, positions[o + 8]!);
    if (!(len > 0)) continue;
    const a = len / 2;
    area += a;
    const c = Math.abs(nz / len);
    if (c >= 0.95) levels.push(z);
    else if (c > 0.05) sloped += a;
  }
  if (!(area > 0)) return false;
  if (zMax - zMin < 10 * layerHeight) return true;
  if (sloped > SLOPED_SHARE_LIMIT * area) return true;
  levels.sort((a, b) => a - b);
  const step = MIN_STEP_LAYERS * layerHeight;
  for (let i = 1; i < levels.length; i++) {
    const gap = levels[i]! - levels[i - 1]!;
    // Faces at the same height (within 0.01 mm) are one level.
    if (gap > 0.01 && gap < step) return true;
  }
  return false;
}
