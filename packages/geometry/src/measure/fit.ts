/**
 * Does a part fit the bed when turned about the vertical axis? A long rail of 300 × 25 mm does not fit
 * a 250 × 210 bed square-on, but it does diagonally at about 39°. The footprint that matters is the
 * convex hull of the part's outline seen from above, so the test is on the hull: its width along the
 * bed's x and y at each angle. Pure and allocation-light.
 */

export interface BedFit {
  /** Counter-clockwise turn about the vertical axis, degrees in [0, 180). 0: as it lies. */
  rotationDeg: number;
  /** The footprint's extent along the bed's x and y at that turn (mm). */
  footprint: [number, number];
}

/**
 * The convex hull of points given as interleaved x, y pairs (Andrew's monotone chain), after discarding
 * the points inside the octagon of extreme points (Akl–Toussaint), so a million-point outline costs one
 * linear pass and a sort of the few points left. Returns the hull counter-clockwise as x, y pairs.
 */
export function convexHull2D(xy: ArrayLike<number>): number[] {
  const n = Math.floor(xy.length / 2);
  if (n === 0) return [];
  // Extreme points in 8 directions: x, y, x + y, x − y, both ways.
  const ext = new Int32Array(8);
  const best = new Float64Array(8).fill(Number.NEGATIVE_INFINITY);
  for (let i = 0; i < n; i++) {
    const x = xy[2 * i]!;
    const y = xy[2 * i + 1]!;
    const keys = [x, -x, y, -y, x + y, -x - y, x - y, y - x];
    for (let k = 0; k < 8; k++) {
      if (keys[k]! > best[k]!) {
        best[k] = keys[k]!;
        ext[k] = i;
      }
    }
  }
  // The octagon, counter-clockwise: +x, +x+y, +y, −x+y, −x, −x−y, −y, +x−y.
  const order = [0, 4, 2, 7, 1, 5, 3, 6];
  const poly: number[] = [];
  for (const k of order) {
    const i = ext[k]!;
    const x = xy[2 * i]!;
    const y = xy[2 * i + 1]!;
    const m = poly.length;
    if (m >= 2 && poly[m - 2] === x && poly[m - 1] === y) continue;
    poly.push(x, y);
  }
  const inside = (x: number, y: number): boolean => {
    const m = poly.length / 2;
    if (m < 3) return false;
    for (let j = 0; j < m; j++) {
      const ax = poly[2 * j]!;
      const ay = poly[2 * j + 1]!;
      const bx = poly[(2 * (j + 1)) % poly.length]!;
      const by = poly[(2 * (j + 1) + 1) % poly.length]!;
      // Strictly left of every edge: inside, so not on the hull.
      if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) <= 0) return false;
    }
    return true;
  };
  const pts: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const x = xy[2 * i]!;
    const y = xy[2 * i + 1]!;
    if (!inside(x, y)) pts.push([x, y]);
  }
  pts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  if (hull.length === 0 && pts.length > 0) hull.push(pts[0]!);
  return hull.flat();
}

/** The hull's extent along the bed's x and y when turned by `rad` counter-clockwise. */
function extents(hull: readonly number[], rad: number): [number, number] {
  const c = Math.cos(rad);
  const s = Math.sin(rad);
  let minU = Number.POSITIVE_INFINITY;
  let maxU = Number.NEGATIVE_INFINITY;
  let minV = Number.POSITIVE_INFINITY;
  let maxV = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < hull.length; i += 2) {
    const x = hull[i]!;
    const y = hull[i + 1]!;
    const u = x * c - y * s;
    const v = x * s + y * c;
    if (u < minU) minU = u;
    if (u > maxU) maxU = u;
    if (v < minV) minV = v;
    if (v > maxV) maxV = v;
  }
  return [maxU - minU, maxV - minV];
}

/**
 * A turn about the vertical axis at which a footprint (its convex hull) fits a bed of `bedX` × `bedY`:
 * none when it fits as it lies, else the turn that leaves the most room; null when no turn fits. Scans
 * [0°, 180°) every 0.25°, then refines the best local minima of the slack by golden-section search.
 */
export function fitOnBed(
  hull: readonly number[],
  bedX: number,
  bedY: number,
  tolerance = 1e-6,
): BedFit | null {
  if (hull.length < 2) return null;
  const slack = (deg: number) => {
    const [w, d] = extents(hull, (deg * Math.PI) / 180);
    return Math.max(w / bedX, d / bedY);
  };
  const at = (deg: number): BedFit => {
    const [w, d] = extents(hull, (deg * Math.PI) / 180);
    return { rotationDeg: deg, footprint: [w, d] };
  };
  if (slack(0) <= 1 + tolerance) return at(0);
  const step = 0.25;
  const samples: { deg: number; s: number }[] = [];
  for (let deg = 0; deg < 180; deg += step) samples.push({ deg, s: slack(deg) });
  // Local minima of the scan, best first.
  const minima = samples
    .filter((p, i) => {
      const prev = samples[(i - 1 + samples.length) % samples.length]!;
      const next = samples[(i + 1) % samples.length]!;
      return p.s <= prev.s && p.s <= next.s;
    })
    .sort((a, b) => a.s - b.s)
    .slice(0, 8);
  let bestFit: BedFit | null = null;
  let bestSlack = Number.POSITIVE_INFINITY;
  for (const m of minima) {
    // Golden-section search for the least slack within a step either side.
    let lo = m.deg - step;
    let hi = m.deg + step;
    const g = (Math.sqrt(5) - 1) / 2;
    let a = hi - g * (hi - lo);
    let b = lo + g * (hi - lo);
    let fa = slack(a);
    let fb = slack(b);
    for (let k = 0; k < 60 && hi - lo > 1e-7; k++) {
      if (fa <= fb) {
        hi = b;
        b = a;
        fb = fa;
        a = hi - g * (hi - lo);
        fa = slack(a);
      } else {
        lo = a;
        a = b;
        fa = fb;
        b = lo + g * (hi - lo);
        fb = slack(b);
      }
    }
    const deg = ((((lo + hi) / 2) % 180) + 180) % 180;
    const s = slack(deg);
    if (s <= 1 + tolerance && s < bestSlack) {
      bestSlack = s;
      bestFit = at(deg);
    }
  }
  return bestFit;
}
