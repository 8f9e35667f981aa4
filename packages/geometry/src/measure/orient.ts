/**
 * Orientations on the bed: which face of a part to put down. A part prints flat on a face of its
 * convex hull, so the candidates are the hull's largest faces (one per normal). An orientation is
 * carried as the outward unit normal `[nx, ny, nz]` of the face that goes down, rounded to six
 * decimals: the rotation is the shortest turn that takes that normal to −z (`orientationMatrix`), and
 * the calculator, the worker and the server all rotate a mesh with `orientPositions`, so a rotated
 * mesh is the same float for float wherever it is estimated.
 */
import { HOUSE_PRINTER, ORIENTATION_MESSAGE, ORIENTATION_NORM_TOLERANCE } from '@printloop/materials';
import { fitsPrinter } from './analyze.js';
import { type BedFit, convexHull2D, fitOnBed } from './fit.js';

/** The outward unit normal of the face put down on the bed. */
export type Orientation = readonly [number, number, number];

/** Decimals an orientation's components are rounded to. */
export const ORIENTATION_DECIMALS = 6;
export { ORIENTATION_MESSAGE, ORIENTATION_NORM_TOLERANCE };

/** Null when `v` is a usable orientation, else the message. */
export function orientationProblem(v: unknown): string | null {
  if (!Array.isArray(v) || v.length !== 3) return ORIENTATION_MESSAGE;
  let s = 0;
  for (const c of v) {
    if (typeof c !== 'number' || !Number.isFinite(c) || c < -1 || c > 1) return ORIENTATION_MESSAGE;
    s += c * c;
  }
  return Math.abs(Math.sqrt(s) - 1) <= ORIENTATION_NORM_TOLERANCE ? null : ORIENTATION_MESSAGE;
}

/** True when an orientation leaves the part as it lies (its down face already faces −z). */
export function isIdentityOrientation(n: Orientation): boolean {
  const len = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  return -n[2] / len > 1 - 1e-9;
}

/**
 * The row-major 3×3 rotation taking the unit normal `n` to (0, 0, −1): the shortest turn (Rodrigues),
 * half a turn about x when `n` points straight up.
 */
export function orientationMatrix(n: Orientation): number[] {
  const len = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  const ax = n[0] / len;
  const ay = n[1] / len;
  const az = n[2] / len;
  // v = a × (0, 0, −1) = (−ay, ax, 0); c = a · (0, 0, −1) = −az.
  const c = -az;
  if (c > 1 - 1e-12) return [1, 0, 0, 0, 1, 0, 0, 0, 1];
  if (c < -1 + 1e-12) return [1, 0, 0, 0, -1, 0, 0, 0, -1];
  const vx = -ay;
  const vy = ax;
  const k = 1 / (1 + c);
  // R = I + [v]× + [v]×² / (1 + c), with vz = 0.
  return [
    1 - k * vy * vy,
    k * vx * vy,
    vy,
    k * vx * vy,
    1 - k * vx * vx,
    -vx,
    -vy,
    vx,
    1 - k * (vx * vx + vy * vy),
  ];
}

/** A rotated copy of a triangle soup (x, y, z per vertex): the part with face `n` down. */
export function orientPositions(
  positions: ArrayLike<number>,
  triangleCount: number,
  n: Orientation,
  /** Floats to rotate, when not whole triangles (points). */
  floats = triangleCount * 9,
): Float32Array<ArrayBuffer> {
  const m = orientationMatrix(n);
  const count = floats;
  const out = new Float32Array(count);
  for (let i = 0; i < count; i += 3) {
    const x = positions[i]!;
    const y = positions[i + 1]!;
    const z = positions[i + 2]!;
    out[i] = m[0]! * x + m[1]! * y + m[2]! * z;
    out[i + 1] = m[3]! * x + m[4]! * y + m[5]! * z;
    out[i + 2] = m[6]! * x + m[7]! * y + m[8]! * z;
  }
  return out;
}

/** Hull points kept at most: extreme points of the mesh in this many directions when it has more. */
const HULL_MAX_POINTS = 1500;

/** The distinct vertices, thinned to extreme points in many directions when there are too many. */
function hullInput(positions: ArrayLike<number>, triangleCount: number): number[] {
  const seen = new Set<string>();
  const pts: number[] = [];
  for (let i = 0; i < triangleCount * 9; i += 3) {
    const x = positions[i]!;
    const y = positions[i + 1]!;
    const z = positions[i + 2]!;
    const key = `${x},${y},${z}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pts.push(x, y, z);
  }
  const n = pts.length / 3;
  if (n <= HULL_MAX_POINTS) return pts;
  // Extreme points along a Fibonacci sphere of directions: every one is a vertex of the true hull.
  const dirs = HULL_MAX_POINTS;
  const keep = new Set<number>();
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let d = 0; d < dirs; d++) {
    const z = 1 - (2 * (d + 0.5)) / dirs;
    const r = Math.sqrt(1 - z * z);
    const dx = Math.cos(golden * d) * r;
    const dy = Math.sin(golden * d) * r;
    let best = -Infinity;
    let at = 0;
    for (let i = 0; i < n; i++) {
      const s = dx * pts[3 * i]! + dy * pts[3 * i + 1]! + z * pts[3 * i + 2]!;
      if (s > best) {
        best = s;
        at = i;
      }
    }
    keep.add(at);
  }
  const out: number[] = [];
  for (const i of [...keep].sort((a, b) => a - b)) out.push(pts[3 * i]!, pts[3 * i + 1]!, pts[3 * i + 2]!);
  return out;
}

export interface HullFace {
  /** Outward unit normal. */
  normal: [number, number, number];
  area: number;
}

/**
 * The faces of the convex hull of points (x, y, z interleaved), by incremental construction; empty
 * when the points are flat (no volume).
 */
export function convexHull3D(p: ArrayLike<number>): HullFace[] {
  const n = Math.floor(p.length / 3);
  if (n < 4) return [];
  const X = (i: number) => p[3 * i]!;
  const Y = (i: number) => p[3 * i + 1]!;
  const Z = (i: number) => p[3 * i + 2]!;
  let minX = Infinity;
  let maxX = -Infinity;
  let i0 = 0;
  let i1 = 0;
  let diag = 0;
  for (let i = 0; i < n; i++) {
    if (X(i) < minX) {
      minX = X(i);
      i0 = i;
    }
    if (X(i) > maxX) {
      maxX = X(i);
      i1 = i;
    }
    diag = Math.max(diag, Math.abs(X(i)), Math.abs(Y(i)), Math.abs(Z(i)));
  }
  const eps = 1e-9 * Math.max(diag, 1);
  const sub = (a: number, b: number): [number, number, number] => [X(a) - X(b), Y(a) - Y(b), Z(a) - Z(b)];
  const cross = (u: number[], v: number[]): [number, number, number] => [
    u[1]! * v[2]! - u[2]! * v[1]!,
    u[2]! * v[0]! - u[0]! * v[2]!,
    u[0]! * v[1]! - u[1]! * v[0]!,
  ];
  const len = (u: number[]) => Math.sqrt(u[0]! * u[0]! + u[1]! * u[1]! + u[2]! * u[2]!);
  if (i0 === i1) return [];
  // The point farthest from the line i0–i1, then the one farthest from their plane.
  let i2 = -1;
  let best = eps;
  const d01 = sub(i1, i0);
  for (let i = 0; i < n; i++) {
    const d = len(cross(d01, sub(i, i0)));
    if (d > best) {
      best = d;
      i2 = i;
    }
  }
  if (i2 < 0) return [];
  const n012 = cross(d01, sub(i2, i0));
  let i3 = -1;
  best = eps * len(n012);
  for (let i = 0; i < n; i++) {
    const d = Math.abs(n012[0] * (X(i) - X(i0)) + n012[1] * (Y(i) - Y(i0)) + n012[2] * (Z(i) - Z(i0)));
    if (d > best) {
      best = d;
      i3 = i;
    }
  }
  if (i3 < 0) return [];

  interface Face {
    v: [number, number, number];
    n: [number, number, number];
    d: number;
    alive: boolean;
  }
  const faces: Face[] = [];
  const cx = (X(i0) + X(i1) + X(i2) + X(i3)) / 4;
  const cy = (Y(i0) + Y(i1) + Y(i2) + Y(i3)) / 4;
  const cz = (Z(i0) + Z(i1) + Z(i2) + Z(i3)) / 4;
  const makeFace = (a: number, b: number, c: number): Face => {
    let nn = cross(sub(b, a), sub(c, a));
    let v: [number, number, number] = [a, b, c];
    // Outward: away from the first tetrahedron's centre (always inside the hull).
    if (nn[0] * (cx - X(a)) + nn[1] * (cy - Y(a)) + nn[2] * (cz - Z(a)) > 0) {
      nn = [-nn[0], -nn[1], -nn[2]];
      v = [a, c, b];
    }
    const l = len(nn) || 1;
    const unit: [number, number, number] = [nn[0] / l, nn[1] / l, nn[2] / l];
    return { v, n: unit, d: unit[0] * X(a) + unit[1] * Y(a) + unit[2] * Z(a), alive: true };
  };
  faces.push(makeFace(i0, i1, i2), makeFace(i0, i1, i3), makeFace(i0, i2, i3), makeFace(i1, i2, i3));
  const used = new Set([i0, i1, i2, i3]);
  for (let i = 0; i < n; i++) {
    if (used.has(i)) continue;
    const visible: Face[] = [];
    for (const f of faces) {
      if (f.alive && f.n[0] * X(i) + f.n[1] * Y(i) + f.n[2] * Z(i) - f.d > eps) visible.push(f);
    }
    if (visible.length === 0) continue;
    const edges = new Set<string>();
    for (const f of visible) {
      f.alive = false;
      for (let k = 0; k < 3; k++) edges.add(`${f.v[k]},${f.v[(k + 1) % 3]}`);
    }
    for (const f of visible) {
      for (let k = 0; k < 3; k++) {
        const a = f.v[k]!;
        const b = f.v[(k + 1) % 3]!;
        if (!edges.has(`${b},${a}`)) faces.push(makeFace(a, b, i));
      }
    }
    if (faces.length > 4 * n + 64) {
      // Compact the dead faces now and then.
      const alive = faces.filter((f) => f.alive);
      faces.length = 0;
      faces.push(...alive);
    }
  }
  const out: HullFace[] = [];
  for (const f of faces) {
    if (!f.alive) continue;
    const [a, b, c] = f.v;
    const area = len(cross(sub(b, a), sub(c, a))) / 2;
    if (area > 0) out.push({ normal: f.n, area });
  }
  return out;
}

export interface OrientationCandidate {
  /** The face put down (rounded, see ORIENTATION_DECIMALS). */
  orientation: [number, number, number];
  /** Area of the hull's faces with that normal (mm²): what rests on the bed. */
  area: number;
  /** The part's size turned that way (mm). */
  size: [number, number, number];
  /** Whether it fits the build volume that way (turned on the bed if need be). */
  fits: boolean;
}

/** Most candidate orientations returned. */
export const MAX_ORIENTATION_CANDIDATES = 12;

const round = (v: number) => {
  const f = 10 ** ORIENTATION_DECIMALS;
  const r = Math.round(v * f) / f;
  return r === 0 ? 0 : r;
};

/**
 * Size of points turned to `n`, and whether that fits the printer (turned about z if need be); `bed` is
 * the turn and footprint on the bed when it fits only turned, null otherwise.
 */
export function orientedFit(
  points: ArrayLike<number>,
  n: Orientation,
): { size: [number, number, number]; fits: boolean; bed: BedFit | null } {
  const r = orientPositions(points, 0, n, Math.floor(points.length / 3) * 3);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const xy: number[] = [];
  for (let i = 0; i + 2 < r.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = r[i + k]!;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
    xy.push(r[i]!, r[i + 1]!);
  }
  const size: [number, number, number] = [max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!];
  const squareOn = fitsPrinter(size[0], size[1], size[2]);
  const bed =
    !squareOn && size[2] <= HOUSE_PRINTER.z + 1e-6
      ? fitOnBed(convexHull2D(xy), HOUSE_PRINTER.x, HOUSE_PRINTER.y)
      : null;
  return { size, fits: squareOn || bed !== null, bed };
}

/**
 * The orientations that put a face of the part's convex hull flat on the bed, the largest faces first,
 * one per normal (faces within about 1° merged), at most `max`, leaving out the way it lies now. Each
 * says its size and whether it fits the build volume that way.
 */
export function orientationCandidates(
  positions: ArrayLike<number>,
  triangleCount: number,
  max = MAX_ORIENTATION_CANDIDATES,
): OrientationCandidate[] {
  const pts = hullInput(positions, triangleCount);
  const faces = convexHull3D(pts);
  const groups: { normal: [number, number, number]; area: number }[] = [];
  const cosTol = Math.cos((1 * Math.PI) / 180);
  for (const f of faces.sort((a, b) => b.area - a.area)) {
    const g = groups.find(
      (q) => q.normal[0] * f.normal[0] + q.normal[1] * f.normal[1] + q.normal[2] * f.normal[2] > cosTol,
    );
    if (g) g.area += f.area;
    else groups.push({ normal: f.normal, area: f.area });
  }
  groups.sort((a, b) => b.area - a.area);
  const out: OrientationCandidate[] = [];
  for (const g of groups) {
    if (out.length >= max) break;
    const orientation: [number, number, number] = [
      round(g.normal[0]),
      round(g.normal[1]),
      round(g.normal[2]),
    ];
    if (isIdentityOrientation(orientation) || -g.normal[2] > cosTol) continue;
    const { size, fits } = orientedFit(pts, orientation);
    out.push({ orientation, area: g.area, size, fits });
  }
  return out;
}
