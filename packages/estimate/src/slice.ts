/**
 * Layer slicing over typed arrays (pure, no Node APIs).
 *
 * `prepareMesh` drops the mesh on the bed and buckets its triangles by z-range once; `sliceLayers`
 * cuts it at the mid-height of every layer into a segment soup (oriented so that material lies on the
 * left, i.e. outer loops counter-clockwise), then rasterises each cross-section with the non-zero
 * winding rule on a coarse grid. From the soup and the grids `layerGeometry` derives, per island
 * (connected region of a layer): area and outline length (exact, from the segments), and how much of
 * it is top skin, bottom skin or overhang (from the grids of the neighbouring layers).
 */
import type { TriangleMesh } from '@printloop/geometry';
import { type Bounds, boundsOf, longestEdge, overlaps, regionLoops, windingAt } from './hatch.js';
import { chainLoops, loopArea2, loopLength, reversedLoop, simplifyLoop } from './outline.js';
import { rasterizeLoops } from './raster.js';

export interface PreparedMesh {
  readonly mesh: TriangleMesh;
  /** Model bounds after dropping it on the bed (z from 0). */
  readonly min: [number, number, number];
  /** The z the mesh was dropped by (its lowest z in the file). */
  readonly zOffset: number;
  /** The centre of its XY bounds: slicing works about it (x − centre, snapped to 0.1 µm), so that an
   * estimate does not depend on where the file put the model, as a slicer centres it on the bed. */
  readonly center: [number, number];
  /** -1 when the mesh is wound inside out (negative signed volume), else 1. */
  readonly orientation: 1 | -1;
  readonly max: [number, number, number];
  /** Per triangle, its z-range in the file's z, before the drop by zOffset (each triangle is cut only
   * by the layers it spans). */
  readonly zmin: Float32Array;
  readonly zmax: Float32Array;
  /** Per-layer-height cache of the geometry (parameters other than the layer height reuse it). */
  readonly cache: Map<string, LayerGeometry>;
}

/** One connected region of one layer. */
export interface Island {
  /** Exact area and outline length (mm², mm), from the slice's segments. */
  area: number;
  perimeter: number;
  /** Raster cells of the island. */
  cells: number;
  /** The island's outline loops (x, y pairs), simplified like PrusaSlicer's perimeter outline;
   * counter-clockwise for outer boundaries, clockwise for holes. */
  loops: Float64Array[];
}

function emptyIsland(): Island {
  return { area: 0, perimeter: 0, cells: 0, loops: [] };
}

export interface LayerGeometry {
  layerHeight: number;
  layerCount: number;
  cellSize: number;
  /** Per layer, its islands. */
  islands: Island[][];
  /** The layer rasters (1 = material), layer-major, the grid shape and the centre of cell (0, 0)
   * minus half a cell (the grid origin); used by `supportGeometry`. */
  raster: { grid: Uint8Array; rows: number; cols: number; originX: number; originY: number };
  /** Surface types per cell and layer (surfaces.ts), by infill density class, computed on demand. */
  surfaces?: Map<string, Uint8Array>;
  /** Signed distances to each layer's outline (raster.ts `distanceField`), computed on demand. */
  field?: Int8Array;
  /** Support per cell and layer and its layers (supports.ts), computed on demand. */
  supportKinds?: import('./supports.js').SupportPlan;
  /** Per layer, per island (same order as `islands`), the fill area's loops (fills.ts). */
  fillAreas?: Float64Array[][][];
  /** Convex hull perimeter of the first layer (for the skirt). */
  firstLayerHullPerimeter: number;
  /** Bed footprint extents. */
  size: [number, number, number];
}

export function prepareMesh(mesh: TriangleMesh): PreparedMesh {
  const P = mesh.positions;
  const n = mesh.triangleCount;
  if (!(n > 0) || P.length < n * 9) throw new Error('The model has no triangles');
  // one pass over every triangle (a mesh has up to millions): the bounds (in locals, not arrays),
  // each triangle's z-range in the file's z (float32 values, stored exactly), and the signed volume
  // about the first vertex (its sign tells an inside-out mesh)
  const zmin = new Float32Array(n);
  const zmax = new Float32Array(n);
  let x0 = Infinity;
  let y0 = Infinity;
  let z0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let z1 = -Infinity;
  let vol6 = 0;
  const rx = P[0] as number;
  const ry = P[1] as number;
  const rz = P[2] as number;
  for (let t = 0; t < n; t++) {
    const o = t * 9;
    const ax = P[o] as number;
    const ay = P[o + 1] as number;
    const az = P[o + 2] as number;
    const bx = P[o + 3] as number;
    const by = P[o + 4] as number;
    const bz = P[o + 5] as number;
    const qx = P[o + 6] as number;
    const qy = P[o + 7] as number;
    const qz = P[o + 8] as number;
    const lox = Math.min(ax, bx, qx);
    const hix = Math.max(ax, bx, qx);
    const loy = Math.min(ay, by, qy);
    const hiy = Math.max(ay, by, qy);
    const loz = Math.min(az, bz, qz);
    const hiz = Math.max(az, bz, qz);
    if (lox < x0) x0 = lox;
    if (hix > x1) x1 = hix;
    if (loy < y0) y0 = loy;
    if (hiy > y1) y1 = hiy;
    if (loz < z0) z0 = loz;
    if (hiz > z1) z1 = hiz;
    zmin[t] = loz;
    zmax[t] = hiz;
    const ux = ax - rx;
    const uy = ay - ry;
    const uz = az - rz;
    const vx = bx - rx;
    const vy = by - ry;
    const vz = bz - rz;
    const wx = qx - rx;
    const wy = qy - ry;
    const wz = qz - rz;
    vol6 += ux * (vy * wz - vz * wy) - uy * (vx * wz - vz * wx) + uz * (vx * wy - vy * wx);
  }
  const min: [number, number, number] = [x0, y0, z0];
  const max: [number, number, number] = [x1, y1, z1];
  if (!Number.isFinite(x0 + y0 + z0 + x1 + y1 + z1)) throw new Error('The model has invalid coordinates');
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return {
    mesh,
    min: [min[0], min[1], 0],
    zOffset: z0,
    center: [cx, cy],
    orientation: vol6 < 0 ? -1 : 1,
    max: [max[0], max[1], max[2] - z0],
    zmin,
    zmax,
    cache: new Map(),
  };
}

/** A coordinate about the model's centre, on a 0.1 µm grid (so that where the file put the model
 * does not change a float's last bits, and with them a degenerate crossing). */
function snap(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}

/** Number of layers PrusaSlicer prints for a part of height H at layer height h. */
export function layerCountFor(height: number, h: number): number {
  return Math.max(1, Math.round(height / h - 1e-6));
}

interface SegmentSoup {
  /** x1, y1, x2, y2 per segment */
  seg: Float32Array;
  /** segment index range of layer i: start[i] .. start[i + 1] */
  start: Uint32Array;
}

function sliceSoup(pm: PreparedMesh, h: number, layers: number): SegmentSoup {
  const P = pm.mesh.positions;
  const top = pm.max[2];
  const zOfLayer = (i: number) => Math.min((i + 0.5) * h, top - 1e-4);
  const n = pm.zmin.length;
  const counts = new Uint32Array(layers + 1);
  const first = (zlo: number) => Math.max(0, Math.ceil(zlo / h - 0.5));
  const last = (zhi: number) => Math.min(layers - 1, Math.floor(zhi / h - 0.5) + (zhi >= top - 1e-4 ? 1 : 0));
  const drop = pm.zOffset;
  for (let t = 0; t < n; t++) {
    const lo = first((pm.zmin[t] as number) - drop);
    const hi = last((pm.zmax[t] as number) - drop);
    for (let i = lo; i <= hi; i++) counts[i] = (counts[i] as number) + 1;
  }
  const start = new Uint32Array(layers + 1);
  for (let i = 0; i < layers; i++) start[i + 1] = (start[i] as number) + (counts[i] as number);
  const seg = new Float32Array((start[layers] as number) * 4);
  const fill = new Uint32Array(layers);
  const zShift = -pm.zOffset;
  const [mx, my] = pm.center;
  let used = 0;
  const used_ = new Uint32Array(layers);
  for (let t = 0; t < n; t++) {
    const lo = first((pm.zmin[t] as number) - drop);
    const hi = last((pm.zmax[t] as number) - drop);
    if (hi < lo) continue;
    const o = t * 9;
    const ax = snap((P[o] as number) - mx);
    const ay = snap((P[o + 1] as number) - my);
    const az = (P[o + 2] as number) + zShift;
    const bx = snap((P[o + 3] as number) - mx);
    const by = snap((P[o + 4] as number) - my);
    const bz = (P[o + 5] as number) + zShift;
    const cx = snap((P[o + 6] as number) - mx);
    const cy = snap((P[o + 7] as number) - my);
    const cz = (P[o + 8] as number) + zShift;
    // normal (xy part) for orientation
    const nx = ((by - ay) * (cz - az) - (bz - az) * (cy - ay)) * pm.orientation;
    const ny = ((bz - az) * (cx - ax) - (bx - ax) * (cz - az)) * pm.orientation;
    for (let i = lo; i <= hi; i++) {
      const z = zOfLayer(i);
      const sa = az >= z;
      const sb = bz >= z;
      const sc = cz >= z;
      if (sa === sb && sb === sc) continue;
      let px: number;
      let py: number;
      let qx: number;
      let qy: number;
      // the lone vertex is the one on its own side; the segment joins its two edges
      if (sa !== sb && sa !== sc) {
        let f = (z - az) / (bz - az);
        px = ax + f * (bx - ax);
        py = ay + f * (by - ay);
        f = (z - az) / (cz - az);
        qx = ax + f * (cx - ax);
        qy = ay + f * (cy - ay);
      } else if (sb !== sa && sb !== sc) {
        let f = (z - bz) / (az - bz);
        px = bx + f * (ax - bx);
        py = by + f * (ay - by);
        f = (z - bz) / (cz - bz);
        qx = bx + f * (cx - bx);
        qy = by + f * (cy - by);
      } else {
        let f = (z - cz) / (az - cz);
        px = cx + f * (ax - cx);
        py = cy + f * (ay - cy);
        f = (z - cz) / (bz - cz);
        qx = cx + f * (bx - cx);
        qy = cy + f * (by - cy);
      }
      // orient: direction d must satisfy d · (-ny, nx) > 0 (material on the left)
      const k = ((start[i] as number) + (fill[i] as number)) * 4;
      fill[i] = (fill[i] as number) + 1;
      if ((qx - px) * -ny + (qy - py) * nx >= 0) {
        seg[k] = px;
        seg[k + 1] = py;
        seg[k + 2] = qx;
        seg[k + 3] = qy;
      } else {
        seg[k] = qx;
        seg[k + 1] = qy;
        seg[k + 2] = px;
        seg[k + 3] = py;
      }
      used++;
      used_[i] = (used_[i] as number) + 1;
    }
  }
  // compact: layers whose triangles touched z only at a vertex produced fewer segments than counted
  if (used !== (start[layers] as number)) {
    const s2 = new Uint32Array(layers + 1);
    for (let i = 0; i < layers; i++) s2[i + 1] = (s2[i] as number) + (used_[i] as number);
    const out = new Float32Array(used * 4);
    for (let i = 0; i < layers; i++) {
      out.set(
        seg.subarray((start[i] as number) * 4, ((start[i] as number) + (used_[i] as number)) * 4),
        (s2[i] as number) * 4,
      );
    }
    return { seg: out, start: s2 };
  }
  return { seg, start };
}

/** Convex hull perimeter of a point set (monotone chain). */
function hullPerimeter(xs: Float64Array, ys: Float64Array, n: number): number {
  if (n < 2) return 0;
  const idx = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (xs[a] as number) - (xs[b] as number) || (ys[a] as number) - (ys[b] as number),
  );
  const cross = (o: number, a: number, b: number) =>
    ((xs[a] as number) - (xs[o] as number)) * ((ys[b] as number) - (ys[o] as number)) -
    ((ys[a] as number) - (ys[o] as number)) * ((xs[b] as number) - (xs[o] as number));
  const lower: number[] = [];
  for (const p of idx) {
    while (
      lower.length >= 2 &&
      cross(lower[lower.length - 2] as number, lower[lower.length - 1] as number, p) <= 0
    )
      lower.pop();
    lower.push(p);
  }
  const upper: number[] = [];
  for (let k = idx.length - 1; k >= 0; k--) {
    const p = idx[k] as number;
    while (
      upper.length >= 2 &&
      cross(upper[upper.length - 2] as number, upper[upper.length - 1] as number, p) <= 0
    )
      upper.pop();
    upper.push(p);
  }
  const hull = lower.slice(0, -1).concat(upper.slice(0, -1));
  let per = 0;
  for (let k = 0; k < hull.length; k++) {
    const a = hull[k] as number;
    const b = hull[(k + 1) % hull.length] as number;
    per += Math.hypot((xs[b] as number) - (xs[a] as number), (ys[b] as number) - (ys[a] as number));
  }
  return per;
}

/** Where to look for a segment's island: fractions of a cell inside the segment. */
const PROBE = [0.5, 1.0, 0.1, 1.6];

export interface GeometryOptions {
  /** Room round the model on the raster (mm): support's grid squares and its first-layer flange
   * reach past the model. */
  margin: number;
  /** Upper bound of grid cells per layer. */
  maxCellsPerLayer: number;
  /** Upper bound of grid cells × layers (keeps memory and time bounded). */
  maxCellLayers: number;
  minCell: number;
}

/** Slice and measure a prepared mesh at one layer height (cached on the PreparedMesh). */
export function layerGeometry(pm: PreparedMesh, h: number, opt: GeometryOptions): LayerGeometry {
  const key = `${Math.round(h * 1e6) / 1e6}/${opt.margin}`;
  const cached = pm.cache.get(key);
  if (cached) return cached;
  const builder = geometryBuilder(pm, h, opt);
  while (builder.next()) {
    // every layer in turn
  }
  pm.cache.set(key, builder.geometry);
  return builder.geometry;
}

/** A layer geometry built a layer at a time: `geometry` holds the layers `next` has built (its
 * islands and its raster's layers; the raster is allocated whole at the start, by `allocate` when
 * given, e.g. on shared memory). */
export interface GeometryBuilder {
  readonly geometry: LayerGeometry;
  /** Layers built so far. */
  readonly built: number;
  /** Builds the next layer; false when every layer is built. */
  next(): boolean;
}

export function geometryBuilder(
  pm: PreparedMesh,
  h: number,
  opt: GeometryOptions,
  allocate: (bytes: number) => Uint8Array = (bytes) => new Uint8Array(bytes),
): GeometryBuilder {
  const height = pm.max[2];
  const layers = layerCountFor(height, h);
  const soup = sliceSoup(pm, h, layers);
  const { seg, start } = soup;

  // ---- grid
  const sx = pm.max[0] - pm.min[0];
  const sy = pm.max[1] - pm.min[1];
  // the raster covers the model and its margin on every side
  const wx = sx + 2 * opt.margin + 1;
  const wy = sy + 2 * opt.margin + 1;
  let cell = Math.max(
    opt.minCell,
    Math.sqrt((wx * wy * layers) / opt.maxCellLayers),
    Math.sqrt((wx * wy) / opt.maxCellsPerLayer),
  );
  const margin = Math.ceil(opt.margin / cell) + 2;
  const cols = Math.ceil(sx / cell) + 2 * margin + 1;
  const rows = Math.ceil(sy / cell) + 2 * margin + 1;
  cell = Math.max(cell, 1e-6);
  // the slice is about the model's XY centre (sliceSoup)
  const ox = pm.min[0] - pm.center[0] - margin * cell;
  const oy = pm.min[1] - pm.center[1] - margin * cell;
  const cells = cols * rows;
  const shape: GridShape = { cols, rows, cell, originX: ox, originY: oy };
  const grid = allocate(cells * layers);
  const wind = new Int32Array(cells + rows);
  const layerRaster = new Uint8Array(cells);
  const labels = new Int32Array(cells);
  const stack = new Int32Array(cells);
  let segIsland = new Int32Array(1024);
  const islands: Island[][] = [];

  // ---- first layer hull
  const np = ((start[1] as number) - (start[0] as number)) * 2;
  const xs = new Float64Array(np);
  const ys = new Float64Array(np);
  for (let s = start[0] as number, k = 0; s < (start[1] as number); s++) {
    xs[k] = seg[s * 4] as number;
    ys[k++] = seg[s * 4 + 1] as number;
    xs[k] = seg[s * 4 + 2] as number;
    ys[k++] = seg[s * 4 + 3] as number;
  }
  const geometry: LayerGeometry = {
    layerHeight: h,
    layerCount: layers,
    cellSize: cell,
    islands,
    raster: { grid, rows, cols, originX: ox, originY: oy },
    firstLayerHullPerimeter: hullPerimeter(xs, ys, np),
    size: [sx, sy, height],
  };

  let built = 0;
  return {
    geometry,
    get built() {
      return built;
    },
    next(): boolean {
      if (built >= layers) return false;
      const i = built;
      const s0 = start[i] as number;
      const s1 = start[i + 1] as number;
      // outline stage: chain the layer's soup into loops first (this also repairs facets wound the
      // wrong way, so the raster below sees a consistently oriented soup)
      const chained = chainLoops(seg, s0, s1);
      // from the chained loops, whose segments share their ends exactly: a crossing can neither be
      // missed nor counted twice (the soup's float ends can straddle a row's centre)
      const raster = () =>
        rasterizeLoops(
          chained.map((l) => l.xy),
          layerRaster,
          shape,
          wind,
        );
      // a shell wound inside out beside the others (a body mirrored in its CAD export) winds
      // negatively: its clockwise loops, which no material surrounds, are turned round, as a repair
      // orients each shell
      const turned = raster() && turnLoneHoles(chained);
      if (turned) raster();
      grid.set(layerRaster, i * cells);
      // shells that overlap or touch (bodies modelled into one another and exported as they are)
      // are one region, their union, as PrusaSlicer slices them: its outline replaces the loops
      // (and loops closed across a hole in the mesh have a segment the soup lacks: measured from a
      // soup of their own)
      const union =
        unionOfShells(chained) ??
        (turned || chained.some((l) => l.gap)
          ? soupOf(
              chained.map((l) => l.xy),
              false,
            )
          : null);
      const layerSeg = union ? union.seg : seg;
      const from = union ? 0 : s0;
      const to = union ? union.seg.length / 4 : s1;
      const loops = union ? union.loops : chained;
      // islands: the 4-connected regions of the raster, each with its exact area, outline length
      // and simplified loops (measureOutlines)
      const list = labelIslands(grid, i * cells, shape, labels, stack);
      if (segIsland.length < to - from) segIsland = new Int32Array((to - from) * 2);
      measureOutlines(layerSeg, from, to, list, labels, shape, segIsland, loops);
      islands.push(list.filter((x) => x.area > 1e-6 || x.perimeter > 0));
      built++;
      return true;
    },
  };
}

/**
 * Turns round, in place, each clockwise loop (a hole) that no other loop winds round: no material
 * about it, so it is the outline of a shell wound inside out. Returns whether any was turned.
 */
function turnLoneHoles(loops: Array<{ xy: Float64Array }>): boolean {
  let turned = false;
  const boxes = loops.map((l) => boundsOf([l.xy]));
  for (const loop of loops) {
    const xy = loop.xy;
    if (loopArea2(xy) >= 0) continue;
    // a point of it: the middle of its longest edge
    const n = xy.length / 2;
    const { best } = longestEdge(xy);
    if (best < 0) continue;
    const j = best + 1 < n ? best + 1 : 0;
    const x = ((xy[2 * best] as number) + (xy[2 * j] as number)) / 2;
    const y = ((xy[2 * best + 1] as number) + (xy[2 * j + 1] as number)) / 2;
    // the loops that may wind round the point: those whose box holds it
    const about: Float64Array[] = [];
    loops.forEach((other, k) => {
      const b = boxes[k] as Bounds;
      if (other !== loop && x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3]) about.push(other.xy);
    });
    if (about.length > 0 && windingAt(about, x, y) > 0) continue;
    loop.xy = reversedLoop(xy);
    turned = true;
  }
  return turned;
}

/** Outline length (mm) a layer's union must take away for it to replace the bodies' own loops. */
const UNION_MIN_CHANGE = 0.5;

/**
 * The outline of a layer whose outer loops (counter-clockwise: material on the left) overlap or
 * touch one another, as a soup of its own (x1 y1 x2 y2 per segment) and its loops; null when no two
 * outer loops' boxes meet (one body, or bodies apart: the loops are the outline already). A mesh of
 * several shells modelled into one another (a boss on a plate exported as two bodies) slices into
 * loops that cross, or lie one inside another: PrusaSlicer slices their union (positive winding),
 * one outline with no walls inside it. The union's loops are those of `regionLoops`, loops that
 * cross no other kept as they are.
 */
function unionOfShells(
  loops: Array<{ xy: Float64Array; firstSegment: number }>,
): { seg: Float32Array; loops: Array<{ xy: Float64Array; firstSegment: number }> } | null {
  const outer = loops.filter((l) => loopArea2(l.xy) > 0).map((l) => boundsOf([l.xy]));
  let meet = false;
  for (let a = 0; a < outer.length && !meet; a++)
    for (let b = a + 1; b < outer.length && !meet; b++)
      if (overlaps(outer[a] as Bounds, outer[b] as Bounds)) meet = true;
  if (!meet) return null;
  const union = regionLoops(loops.map((l) => l.xy));
  // bodies that only graze (a gear's tooth tips meeting its neighbour's) keep their own outlines:
  // the union joins them by a neck no bead fits, and changes the outline by next to nothing
  let before = 0;
  for (const l of loops) before += loopLength(l.xy);
  let after = 0;
  for (const xy of union) after += loopLength(xy);
  if (before - after < UNION_MIN_CHANGE) return null;
  // started after their longest edge: a union's loops start where the bodies cross, where an inset
  // of it pinches, and the fill's inset is judged by its first edge where another loop cuts none
  return soupOf(union, true);
}

/** Loops as a soup of their own (x1 y1 x2 y2 per segment), each loop with its first segment's
 * index; `rotate`: each started after its longest edge. */
function soupOf(
  loops: Float64Array[],
  rotate: boolean,
): { seg: Float32Array; loops: Array<{ xy: Float64Array; firstSegment: number }> } {
  let count = 0;
  for (const xy of loops) count += xy.length / 2;
  const seg = new Float32Array(count * 4);
  const out: Array<{ xy: Float64Array; firstSegment: number }> = [];
  let k = 0;
  for (const loop of loops) {
    const n = loop.length / 2;
    const xy = rotate ? startAfterLongestEdge(loop) : loop;
    out.push({ xy, firstSegment: k });
    for (let v = 0; v < n; v++) {
      const w = v + 1 < n ? v + 1 : 0;
      seg[4 * k] = xy[2 * v] as number;
      seg[4 * k + 1] = xy[2 * v + 1] as number;
      seg[4 * k + 2] = xy[2 * w] as number;
      seg[4 * k + 3] = xy[2 * w + 1] as number;
      k++;
    }
  }
  return { seg, loops: out };
}

/** A loop started at the far end of its longest edge (that edge last). */
function startAfterLongestEdge(xy: Float64Array): Float64Array {
  const n = xy.length / 2;
  const { best: edge } = longestEdge(xy);
  const best = edge + 1 < n ? edge + 1 : 0;
  if (edge < 0 || best === 0) return xy;
  const out = new Float64Array(xy.length);
  out.set(xy.subarray(2 * best));
  out.set(xy.subarray(0, 2 * best), xy.length - 2 * best);
  return out;
}

/**
 * The island a loop belongs to. A neck thinner than a cell can split one outline's raster in two;
 * the loop then goes to the island most of its length borders, not to wherever its first segment
 * lies (a lattice's outer loop went to a sliver of a corner, and its holes to the rest). `first` is
 * its first segment's island; a few edges round the loop are checked against it, all of them only
 * when one disagrees.
 */
function loopIsland(
  xy: Float64Array,
  first: number,
  islandLeftOf: (x1: number, y1: number, x2: number, y2: number) => number,
  count: number,
): number {
  const n = xy.length / 2;
  const edge = (k: number) => {
    const j = k + 1 < n ? k + 1 : 0;
    return islandLeftOf(
      xy[2 * k] as number,
      xy[2 * k + 1] as number,
      xy[2 * j] as number,
      xy[2 * j + 1] as number,
    );
  };
  const stride = Math.max(1, Math.floor(n / LOOP_SAMPLES));
  let agree = true;
  for (let k = 0; k < n && agree; k += stride) if (edge(k) !== first) agree = false;
  if (agree) return first;
  // length per island (the last slot: none)
  const length = new Float64Array(count + 1);
  for (let k = 0; k < n; k++) {
    const id = edge(k);
    const j = k + 1 < n ? k + 1 : 0;
    const len = Math.hypot(
      (xy[2 * j] as number) - (xy[2 * k] as number),
      (xy[2 * j + 1] as number) - (xy[2 * k + 1] as number),
    );
    length[id >= 0 ? id : count] = (length[id >= 0 ? id : count] as number) + len;
  }
  let best = first;
  let most = -1;
  for (let id = 0; id < count; id++)
    if ((length[id] as number) > most) {
      most = length[id] as number;
      best = id;
    }
  return most > 0 ? best : first;
}

/** Edges of a loop checked against its first segment's island. */
const LOOP_SAMPLES = 16;

/** The raster's shape: cells of `cell` mm, the centre of cell (0, 0) at origin + half a cell. */
interface GridShape {
  cols: number;
  rows: number;
  cell: number;
  originX: number;
  originY: number;
}

/** Stage "islands": the 4-connected regions of one layer's grid; `labels` gets each cell's island. */
function labelIslands(
  grid: Uint8Array,
  base: number,
  shape: GridShape,
  labels: Int32Array,
  stack: Int32Array,
): Island[] {
  const { cols, rows } = shape;
  const cells = cols * rows;
  labels.fill(-1);
  const list: Island[] = [];
  for (let p = 0; p < cells; p++) {
    if (grid[base + p] === 0 || (labels[p] as number) >= 0) continue;
    const id = list.length;
    const isl = emptyIsland();
    list.push(isl);
    let sp = 0;
    stack[sp++] = p;
    labels[p] = id;
    while (sp > 0) {
      const q = stack[--sp] as number;
      isl.cells++;
      const r = (q / cols) | 0;
      const c = q - r * cols;
      if (c > 0 && grid[base + q - 1] === 1 && (labels[q - 1] as number) < 0) {
        labels[q - 1] = id;
        stack[sp++] = q - 1;
      }
      if (c < cols - 1 && grid[base + q + 1] === 1 && (labels[q + 1] as number) < 0) {
        labels[q + 1] = id;
        stack[sp++] = q + 1;
      }
      if (r > 0 && grid[base + q - cols] === 1 && (labels[q - cols] as number) < 0) {
        labels[q - cols] = id;
        stack[sp++] = q - cols;
      }
      if (r < rows - 1 && grid[base + q + cols] === 1 && (labels[q + cols] as number) < 0) {
        labels[q + cols] = id;
        stack[sp++] = q + cols;
      }
    }
  }
  return list;
}

/**
 * Stage "outline", measured: each segment goes to the island just inside it (material is on its
 * left), which gives every island its exact area (shoelace sum) and outline length; each chained
 * loop goes to the island of its first segment, simplified. Segments inside no island form an
 * "orphan" island (slivers thinner than a cell), appended to `list`.
 */
function measureOutlines(
  seg: Float32Array,
  s0: number,
  s1: number,
  list: Island[],
  labels: Int32Array,
  shape: GridShape,
  segIsland: Int32Array,
  loops: Array<{ xy: Float64Array; firstSegment: number }>,
): void {
  const { cols, rows, cell, originX: ox, originY: oy } = shape;
  /** The island just left of a segment (material side), or −1. */
  const islandLeftOf = (x1: number, y1: number, x2: number, y2: number): number => {
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.sqrt(dx * dx + dy * dy);
    if (!(len > 0)) return -1;
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    for (const f of PROBE) {
      const c = Math.floor((mx - (dy / len) * f * cell - ox) / cell);
      const r = Math.floor((my + (dx / len) * f * cell - oy) / cell);
      if (c < 0 || r < 0 || c >= cols || r >= rows) continue;
      const id = labels[r * cols + c] as number;
      if (id >= 0) return id;
    }
    return -1;
  };
  let orphan: Island | null = null;
  // sums per island in typed arrays (a float property updated 100 000s of times allocates each time
  // until the function is optimised); the last slot is the orphan's
  const count = list.length;
  const area = new Float64Array(count + 1);
  const perimeter = new Float64Array(count + 1);
  // The shoelace sum of each island is taken about a point of its own (its first segment's start):
  // over closed loops that changes nothing, and where a sliver thinner than a cell has a few of its
  // segments probed to another island, what is left of its loop measures about its own size instead
  // of its distance from the origin.
  const refX = new Float64Array(count + 1).fill(Number.NaN);
  const refY = new Float64Array(count + 1);
  for (let s = s0; s < s1; s++) {
    const x1 = seg[s * 4] as number;
    const y1 = seg[s * 4 + 1] as number;
    const x2 = seg[s * 4 + 2] as number;
    const y2 = seg[s * 4 + 3] as number;
    const len = Math.hypot(x2 - x1, y2 - y1);
    const id = islandLeftOf(x1, y1, x2, y2);
    const slot = id >= 0 ? id : count;
    if (id < 0 && !orphan) orphan = emptyIsland();
    segIsland[s - s0] = id;
    if (Number.isNaN(refX[slot] as number)) {
      refX[slot] = x1;
      refY[slot] = y1;
    }
    const rx = refX[slot] as number;
    const ry = refY[slot] as number;
    area[slot] = (area[slot] as number) + ((x1 - rx) * (y2 - ry) - (x2 - rx) * (y1 - ry)) / 2;
    perimeter[slot] = (perimeter[slot] as number) + len;
  }
  for (let k = 0; k < count; k++) {
    const isl = list[k] as Island;
    isl.area += area[k] as number;
    isl.perimeter += perimeter[k] as number;
  }
  if (orphan) {
    orphan.area += area[count] as number;
    orphan.perimeter += perimeter[count] as number;
  }
  for (const loop of loops) {
    const id = loopIsland(loop.xy, segIsland[loop.firstSegment - s0] as number, islandLeftOf, count);
    const owner = id >= 0 ? (list[id] as Island) : orphan;
    if (!owner) continue;
    const simple = simplifyLoop(loop.xy);
    if (Math.abs(loopArea2(simple)) > 1e-6) owner.loops.push(simple);
  }
  if (orphan && orphan.perimeter > 0) {
    orphan.area = Math.min(Math.abs(orphan.area), orphan.perimeter * cell * 0.25);
    list.push(orphan);
  }
  for (const isl of list) {
    // segments of an island form closed loops: their shoelace sum is its area; fall back to cells
    const cellArea = isl.cells * cell * cell;
    if (!(isl.area > 0) || isl.area > cellArea * 2 + isl.perimeter * cell) isl.area = cellArea;
  }
}
