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

export interface PreparedMesh {
  readonly mesh: TriangleMesh;
  /** Model bounds after dropping it on the bed (z from 0). */
  readonly min: [number, number, number];
  /** The z the mesh was dropped by (its lowest z in the file). */
  readonly zOffset: number;
  /** -1 when the mesh is wound inside out (negative signed volume), else 1. */
  readonly orientation: 1 | -1;
  readonly max: [number, number, number];
  /** Per triangle, its z-range after the drop (each triangle is cut only by the layers it spans). */
  readonly zmin: Float32Array;
  readonly zmax: Float32Array;
  /** Per-layer-height cache of the geometry (parameters other than the layer height reuse it). */
  readonly cache: Map<number, LayerGeometry>;
}

/** One connected region of one layer. */
export interface Island {
  area: number;
  perimeter: number;
  cells: number;
  /** Interior cells (the grid eroded by the wall thickness). */
  icells: number;
  /** Interior cells that must be solid because of the layers above / below. */
  solidCells: number;
  /** Interior cells that are the topmost surface (nothing directly above). */
  surfaceCells: number;
  /** Cell edges on the boundary of the solid / sparse interior regions (their outline length / cell). */
  solidEdges: number;
  sparseEdges: number;
  /** Interior solid cells over sparse infill or air (printed as bridges, with bridge flow). */
  bridgeCells: number;
  /** Segments in the outline (a proxy for corners and small features). */
  segments: number;
  /** Length of the outline made of segments longer than 1 mm (straight runs with real corners). */
  longSegments: number;
}

function emptyIsland(): Island {
  return {
    area: 0,
    perimeter: 0,
    cells: 0,
    icells: 0,
    solidCells: 0,
    surfaceCells: 0,
    solidEdges: 0,
    sparseEdges: 0,
    bridgeCells: 0,
    segments: 0,
    longSegments: 0,
  };
}

export interface LayerGeometry {
  layerHeight: number;
  layerCount: number;
  cellSize: number;
  /** Per layer, its islands. */
  islands: Island[][];
  /** The layer rasters (1 = material), layer-major, and the grid shape; used by `supportGeometry`. */
  raster: { grid: Uint8Array; rows: number; cols: number };
  support?: SupportGeometry;
  /** Convex hull perimeter of the first layer (for the skirt). */
  firstLayerHullPerimeter: number;
  /** Bed footprint extents. */
  size: [number, number, number];
}

export function prepareMesh(mesh: TriangleMesh): PreparedMesh {
  const P = mesh.positions;
  const n = mesh.triangleCount;
  if (!(n > 0) || P.length < n * 9) throw new Error('The model has no triangles');
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n * 9; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = P[i + k] as number;
      if (v < (min[k] as number)) min[k] = v;
      if (v > (max[k] as number)) max[k] = v;
    }
  }
  if (!Number.isFinite(min[0] + min[1] + min[2] + max[0] + max[1] + max[2]))
    throw new Error('The model has invalid coordinates');
  const z0 = min[2];
  const zmin = new Float32Array(n);
  const zmax = new Float32Array(n);
  let vol6 = 0;
  const cx = (min[0] + max[0]) / 2;
  const cy = (min[1] + max[1]) / 2;
  for (let t = 0; t < n; t++) {
    const o = t * 9;
    // signed volume (about the bbox centre, for precision) tells an inside-out mesh
    const ax = (P[o] as number) - cx;
    const ay = (P[o + 1] as number) - cy;
    const az = (P[o + 2] as number) - z0;
    const bx = (P[o + 3] as number) - cx;
    const by = (P[o + 4] as number) - cy;
    const bz = (P[o + 5] as number) - z0;
    const qx = (P[o + 6] as number) - cx;
    const qy = (P[o + 7] as number) - cy;
    const qz = (P[o + 8] as number) - z0;
    vol6 += ax * (by * qz - bz * qy) - ay * (bx * qz - bz * qx) + az * (bx * qy - by * qx);
    const a = (P[o + 2] as number) - z0;
    const b = (P[o + 5] as number) - z0;
    const c = (P[o + 8] as number) - z0;
    zmin[t] = Math.min(a, b, c);
    zmax[t] = Math.max(a, b, c);
  }
  return {
    mesh,
    min: [min[0], min[1], 0],
    zOffset: z0,
    orientation: vol6 < 0 ? -1 : 1,
    max: [max[0], max[1], max[2] - z0],
    zmin,
    zmax,
    cache: new Map(),
  };
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
  for (let t = 0; t < n; t++) {
    const lo = first(pm.zmin[t] as number);
    const hi = last(pm.zmax[t] as number);
    for (let i = lo; i <= hi; i++) counts[i] = (counts[i] as number) + 1;
  }
  const start = new Uint32Array(layers + 1);
  for (let i = 0; i < layers; i++) start[i + 1] = (start[i] as number) + (counts[i] as number);
  const seg = new Float32Array((start[layers] as number) * 4);
  const fill = new Uint32Array(layers);
  const zShift = -pm.zOffset;
  let used = 0;
  const used_ = new Uint32Array(layers);
  for (let t = 0; t < n; t++) {
    const lo = first(pm.zmin[t] as number);
    const hi = last(pm.zmax[t] as number);
    if (hi < lo) continue;
    const o = t * 9;
    const ax = P[o] as number;
    const ay = P[o + 1] as number;
    const az = (P[o + 2] as number) + zShift;
    const bx = P[o + 3] as number;
    const by = P[o + 4] as number;
    const bz = (P[o + 5] as number) + zShift;
    const cx = P[o + 6] as number;
    const cy = P[o + 7] as number;
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

/** Square dilation (Chebyshev radius in cells) of a 0/1 grid, separable; `tmp` is scratch. */
function dilateSquare(
  src: Uint8Array,
  srcOff: number,
  out: Uint8Array,
  radius: number,
  rows: number,
  cols: number,
  tmp: Uint8Array,
): void {
  for (let r = 0; r < rows; r++) {
    const ro = r * cols;
    let lastOn = -1e9;
    for (let c = 0; c < cols; c++) {
      if (src[srcOff + ro + c] === 1) lastOn = c;
      tmp[ro + c] = c - lastOn <= radius ? 1 : 0;
    }
    lastOn = 1e9;
    for (let c = cols - 1; c >= 0; c--) {
      if (src[srcOff + ro + c] === 1) lastOn = c;
      if (lastOn - c <= radius) tmp[ro + c] = 1;
    }
  }
  for (let c = 0; c < cols; c++) {
    let lastOn = -1e9;
    for (let r = 0; r < rows; r++) {
      if (tmp[r * cols + c] === 1) lastOn = r;
      out[r * cols + c] = r - lastOn <= radius ? 1 : 0;
    }
    lastOn = 1e9;
    for (let r = rows - 1; r >= 0; r--) {
      if (tmp[r * cols + c] === 1) lastOn = r;
      if (lastOn - r <= radius) out[r * cols + c] = 1;
    }
  }
}

/** Where to look for a segment's island: fractions of a cell inside the segment. */
const PROBE = [0.5, 1.0, 0.1, 1.6];

export interface GeometryOptions {
  topLayers: number;
  bottomLayers: number;
  /** Steepest overhang (degrees from vertical) printed without support. */
  overhangAngleDeg: number;
  /** Vertical gap (layers) between support top and the part. */
  supportGapLayers: number;
  supportInterfaceLayers: number;
  /** Support is grown by this much (mm) around the overhang. */
  supportGrow: number;
  shellInset: number;
  /** Leave out overhangs anchored on opposite sides (bridges), like PrusaSlicer's dont_support_bridges. */
  skipBridges: boolean;
  /** Layers above and below checked for vertical shells. */
  shellLayers: number;
  topMinThickness: number;
  bottomMinThickness: number;
  /** Wall band (mm) removed from each island before its interior is split into solid and sparse. */
  interiorInset: number;
  /** Upper bound of grid cells per layer. */
  maxCellsPerLayer: number;
  /** Upper bound of grid cells × layers (keeps memory and time bounded). */
  maxCellLayers: number;
  minCell: number;
}

/** Slice and measure a prepared mesh at one layer height (cached on the PreparedMesh). */
export function layerGeometry(pm: PreparedMesh, h: number, opt: GeometryOptions): LayerGeometry {
  const key = Math.round(h * 1e6) / 1e6;
  const cached = pm.cache.get(key);
  if (cached) return cached;
  const height = pm.max[2];
  const layers = layerCountFor(height, h);
  const soup = sliceSoup(pm, h, layers);
  const { seg, start } = soup;

  // ---- grid
  const sx = pm.max[0] - pm.min[0];
  const sy = pm.max[1] - pm.min[1];
  let cell = Math.max(
    opt.minCell,
    Math.sqrt(((sx + 4) * (sy + 4) * layers) / opt.maxCellLayers),
    Math.sqrt(((sx + 4) * (sy + 4)) / opt.maxCellsPerLayer),
  );
  const margin = Math.ceil(opt.supportGrow / cell) + 2;
  const cols = Math.ceil(sx / cell) + 2 * margin + 1;
  const rows = Math.ceil(sy / cell) + 2 * margin + 1;
  cell = Math.max(cell, 1e-6);
  const ox = pm.min[0] - margin * cell;
  const oy = pm.min[1] - margin * cell;
  const cells = cols * rows;
  const grid = new Uint8Array(cells * layers);
  const wind = new Int32Array(cells + rows);

  for (let i = 0; i < layers; i++) {
    wind.fill(0);
    const s0 = start[i] as number;
    const s1 = start[i + 1] as number;
    for (let s = s0; s < s1; s++) {
      const x1 = seg[s * 4] as number;
      const y1 = seg[s * 4 + 1] as number;
      const x2 = seg[s * 4 + 2] as number;
      const y2 = seg[s * 4 + 3] as number;
      if (y1 === y2) continue;
      const up = y2 > y1;
      const ylo = up ? y1 : y2;
      const yhi = up ? y2 : y1;
      // rows whose centre y is in [ylo, yhi)
      const r0 = Math.max(0, Math.ceil((ylo - oy) / cell - 0.5));
      const r1 = Math.min(rows - 1, Math.ceil((yhi - oy) / cell - 0.5) - 1);
      const dxdy = (x2 - x1) / (y2 - y1);
      const w = up ? 1 : -1;
      for (let r = r0; r <= r1; r++) {
        const yc = oy + (r + 0.5) * cell;
        const x = x1 + (yc - y1) * dxdy;
        let c = Math.ceil((x - ox) / cell - 0.5);
        if (c < 0) c = 0;
        if (c > cols) c = cols;
        const k = r * (cols + 1) + c;
        wind[k] = (wind[k] as number) + w;
      }
    }
    const base = i * cells;
    for (let r = 0; r < rows; r++) {
      let acc = 0;
      const wr = r * (cols + 1);
      const gr = base + r * cols;
      for (let c = 0; c < cols; c++) {
        acc += wind[wr + c] as number;
        if (acc !== 0) grid[gr + c] = 1;
      }
    }
  }

  // ---- islands per layer
  const labels = new Int32Array(cells);
  const stack = new Int32Array(cells);
  const islands: Island[][] = [];
  // PrusaSlicer also enforces a minimum shell thickness (top 0.7 mm, bottom 0.5 mm)
  const T = Math.max(opt.topLayers, Math.ceil(opt.topMinThickness / h - 1e-6));
  const B = Math.max(opt.bottomLayers, Math.ceil(opt.bottomMinThickness / h - 1e-6));
  const S = opt.shellLayers;
  const cls = new Uint8Array(cells);
  const prevCls = new Uint8Array(cells);
  const dRun = new Uint8Array(cells);
  const dShell = new Uint8Array(cells);
  // per layer: bit 1 = interior (grid eroded by the wall band), bit 2 = shell reference (grid eroded
  // by the vertical-shell inset: a cell of the interior is solid when a nearby layer lacks this)
  const inner = new Uint8Array(cells * layers);
  {
    const notIn = new Uint8Array(cells);
    const eroded = new Uint8Array(cells);
    const eroded2 = new Uint8Array(cells);
    const scratch = new Uint8Array(cells);
    const erodeR = Math.max(0, Math.round(opt.interiorInset / cell));
    const shellR = Math.max(0, Math.round(opt.shellInset / cell));
    for (let i = 0; i < layers; i++) {
      const base = i * cells;
      for (let p = 0; p < cells; p++) notIn[p] = grid[base + p] === 1 ? 0 : 1;
      dilateSquare(notIn, 0, eroded, erodeR, rows, cols, scratch);
      dilateSquare(notIn, 0, eroded2, shellR, rows, cols, scratch);
      for (let p = 0; p < cells; p++) {
        if (grid[base + p] === 0) continue;
        inner[base + p] = (eroded[p] === 1 ? 0 : 1) | (eroded2[p] === 1 ? 0 : 2);
      }
    }
  }
  // runs of material above each cell (layers with material, resp. with the shell bit, capped at 255)
  const upRun = new Uint8Array(cells * layers);
  const upShell = new Uint8Array(cells * layers);
  for (let i = layers - 2; i >= 0; i--) {
    const a = (i + 1) * cells;
    const b = i * cells;
    for (let p = 0; p < cells; p++) {
      upRun[b + p] = grid[a + p] === 1 ? Math.min(255, (upRun[a + p] as number) + 1) : 0;
      upShell[b + p] =
        ((inner[a + p] as number) & 2) !== 0 ? Math.min(255, (upShell[a + p] as number) + 1) : 0;
    }
  }
  for (let i = 0; i < layers; i++) {
    labels.fill(-1);
    const base = i * cells;
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
    // interior (eroded by the wall band) split into solid (top/bottom skins) and sparse: a cell is
    // solid when a layer within T above / B below lacks it in its own interior (vertical shells)
    {
      const ib = i * cells;
      // runs of material below this layer (rolling), for bottom skins and vertical shells
      if (i > 0) {
        const pb = (i - 1) * cells;
        for (let p = 0; p < cells; p++) {
          dRun[p] = grid[pb + p] === 1 ? Math.min(255, (dRun[p] as number) + 1) : 0;
          dShell[p] = ((inner[pb + p] as number) & 2) !== 0 ? Math.min(255, (dShell[p] as number) + 1) : 0;
        }
      }
      for (let p = 0; p < cells; p++) {
        cls[p] = 0;
        if (((inner[ib + p] as number) & 1) === 0) continue;
        const up = upRun[ib + p] as number;
        const top = up + 1 <= T;
        const surface = up === 0;
        let bottom = !top && (dRun[p] as number) + 1 <= B;
        if (!top && !bottom) {
          // vertical shells: a sloped outline within S layers keeps the shell solid
          const us = upShell[ib + p] as number;
          const ds = dShell[p] as number;
          bottom = (us + 1 <= S && i + us + 1 < layers) || (ds + 1 <= S && i - ds - 1 >= 0);
        }
        cls[p] = top || bottom ? 2 : 1;
        const isl = list[labels[p] as number] as Island;
        isl.icells++;
        if (top || bottom) {
          isl.solidCells++;
          if (i > 0 && (prevCls[p] === 1 || grid[(i - 1) * cells + p] === 0)) isl.bridgeCells++;
        }
        if (surface) isl.surfaceCells++;
      }
      for (let p = 0; p < cells; p++) {
        const k = cls[p] as number;
        if (k === 0) continue;
        const r = (p / cols) | 0;
        const c = p - r * cols;
        let e = 0;
        if (c === 0 || cls[p - 1] !== k) e++;
        if (c === cols - 1 || cls[p + 1] !== k) e++;
        if (r === 0 || cls[p - cols] !== k) e++;
        if (r === rows - 1 || cls[p + cols] !== k) e++;
        if (e === 0) continue;
        const isl = list[labels[p] as number] as Island;
        if (k === 2) isl.solidEdges += e;
        else isl.sparseEdges += e;
      }
    }
    // assign segments to islands: look just inside the segment (material is on its left)
    let orphan: Island | null = null;
    const s0 = start[i] as number;
    const s1 = start[i + 1] as number;
    for (let s = s0; s < s1; s++) {
      const x1 = seg[s * 4] as number;
      const y1 = seg[s * 4 + 1] as number;
      const x2 = seg[s * 4 + 2] as number;
      const y2 = seg[s * 4 + 3] as number;
      const dx = x2 - x1;
      const dy = y2 - y1;
      const len = Math.hypot(dx, dy);
      const mx = (x1 + x2) / 2;
      const my = (y1 + y2) / 2;
      let id = -1;
      if (len > 0) {
        for (const f of PROBE) {
          const px = mx - (dy / len) * f * cell;
          const py = my + (dx / len) * f * cell;
          const c = Math.floor((px - ox) / cell);
          const r = Math.floor((py - oy) / cell);
          if (c < 0 || r < 0 || c >= cols || r >= rows) continue;
          id = labels[r * cols + c] as number;
          if (id >= 0) break;
        }
      }
      let isl: Island;
      if (id >= 0) isl = list[id] as Island;
      else {
        if (!orphan) {
          orphan = emptyIsland();
        }
        isl = orphan;
      }
      isl.area += (x1 * y2 - x2 * y1) / 2;
      isl.perimeter += len;
      isl.segments++;
      if (len > 1) isl.longSegments += len;
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
    islands.push(list.filter((x) => x.area > 1e-6 || x.perimeter > 0));
    prevCls.set(cls);
  }

  // ---- first layer hull
  const s0 = start[0] as number;
  const s1 = start[1] as number;
  const np = (s1 - s0) * 2;
  const xs = new Float64Array(np);
  const ys = new Float64Array(np);
  for (let s = s0, k = 0; s < s1; s++) {
    xs[k] = seg[s * 4] as number;
    ys[k++] = seg[s * 4 + 1] as number;
    xs[k] = seg[s * 4 + 2] as number;
    ys[k++] = seg[s * 4 + 3] as number;
  }
  const geo: LayerGeometry = {
    layerHeight: h,
    layerCount: layers,
    cellSize: cell,
    islands,
    raster: { grid, rows, cols },
    firstLayerHullPerimeter: hullPerimeter(xs, ys, np),
    size: [sx, sy, height],
  };
  pm.cache.set(key, geo);
  return geo;
}

export interface SupportGeometry {
  /** Per layer, grid cells needing support material, and how many of them are interface layers. */
  supportCells: Uint32Array;
  supportInterfaceCells: Uint32Array;
  /** Per layer, cell edges on the outline of the support region (its outline length / cell). */
  supportEdges: Uint32Array;
  /** Layers that carry support contact surfaces (PrusaSlicer inserts extra layers there). */
  supportContactLayers: number;
}

/** Support regions (computed on demand, cached on the geometry): overhangs projected down. */
export function supportGeometry(geo: LayerGeometry, opt: GeometryOptions): SupportGeometry {
  if (geo.support) return geo.support;
  const { grid, rows, cols } = geo.raster;
  const cells = rows * cols;
  const layers = geo.layerCount;
  const cell = geo.cellSize;
  const comp = new Int32Array(cells);
  const stackB = new Int32Array(cells);
  const mask = new Uint8Array(cells);
  const supportEdges = new Uint32Array(layers);
  const supportCells = new Uint32Array(layers);
  const supportInterfaceCells = new Uint32Array(layers);
  let contactLayers = 0;
  {
    // a slope is supported when it leans out more than tan(angle) × h per layer; measured over K
    // layers so that the grid resolves it (K · allowance spans about 6 cells)
    const perLayer = Math.tan((opt.overhangAngleDeg * Math.PI) / 180) * geo.layerHeight;
    const K = Math.max(1, Math.round((6 * cell) / perLayer));
    const radK = (k: number) => Math.max(0, Math.round((k * perLayer) / cell));
    const grow = Math.max(0, Math.round(opt.supportGrow / cell));
    const dil = new Uint8Array(cells);
    const tmp = new Uint8Array(cells);
    const need = new Uint8Array(cells); // support column currently descending at this cell
    const age = new Uint16Array(cells); // layers since the column's contact (for interface layers)
    const overhang = new Uint8Array(cells);
    const dilate = (src: Uint8Array, srcOff: number, out: Uint8Array, radius: number) =>
      dilateSquare(src, srcOff, out, radius, rows, cols, tmp);
    for (let i = layers - 1; i >= 1; i--) {
      // overhang of layer i over layer i-1
      const k = Math.min(i, K);
      dilate(grid, (i - k) * cells, dil, radK(k));
      let any = 0;
      const base = i * cells;
      for (let p = 0; p < cells; p++) {
        const o = grid[base + p] === 1 && dil[p] === 0 ? 1 : 0;
        overhang[p] = o;
        any += o;
      }
      if (any > 0 && opt.skipBridges) any -= removeBridges(overhang, dil, rows, cols, comp, stackB);
      if (any > 0) {
        contactLayers++;
        if (grow > 0) {
          dilate(overhang, 0, dil, grow);
          for (let p = 0; p < cells; p++) if (dil[p] === 1 && grid[base + p] === 0) overhang[p] = 1;
        }
        for (let p = 0; p < cells; p++) {
          if (overhang[p] === 1 && need[p] === 0) {
            need[p] = 1;
            age[p] = 0;
          }
        }
      }
      // the layer below (i-1) gets support where a column descends and the part is not there
      const below = (i - 1) * cells;
      let count = 0;
      let iface = 0;
      mask.fill(0);
      for (let p = 0; p < cells; p++) {
        if (need[p] === 0) continue;
        if (grid[below + p] === 1) {
          need[p] = 0; // the column lands on the part
          continue;
        }
        const a = (age[p] as number) + 1;
        age[p] = a;
        if (a <= opt.supportGapLayers) continue;
        count++;
        mask[p] = 1;
        if (a <= opt.supportGapLayers + opt.supportInterfaceLayers) iface++;
      }
      supportCells[i - 1] = count;
      supportInterfaceCells[i - 1] = iface;
      if (count > 0) {
        let e = 0;
        for (let p = 0; p < cells; p++) {
          if (mask[p] === 0) continue;
          const r = (p / cols) | 0;
          const c = p - r * cols;
          if (c === 0 || mask[p - 1] === 0) e++;
          if (c === cols - 1 || mask[p + 1] === 0) e++;
          if (r === 0 || mask[p - cols] === 0) e++;
          if (r === rows - 1 || mask[p + cols] === 0) e++;
        }
        supportEdges[i - 1] = e;
      }
    }
  }

  geo.support = { supportCells, supportInterfaceCells, supportEdges, supportContactLayers: contactLayers };
  return geo.support;
}

/**
 * Remove from `overhang` its connected regions that are bridges: most of their row runs (or column
 * runs) start and end next to supported cells (`below`, the dilated layer underneath). Returns the
 * number of cells removed.
 */
function removeBridges(
  overhang: Uint8Array,
  below: Uint8Array,
  rows: number,
  cols: number,
  comp: Int32Array,
  stack: Int32Array,
): number {
  const cells = rows * cols;
  comp.fill(-1);
  let removed = 0;
  const members: number[] = [];
  let id = 0;
  for (let p0 = 0; p0 < cells; p0++) {
    if (overhang[p0] !== 1 || (comp[p0] as number) >= 0) continue;
    members.length = 0;
    let sp = 0;
    stack[sp++] = p0;
    comp[p0] = id;
    while (sp > 0) {
      const q = stack[--sp] as number;
      members.push(q);
      const r = (q / cols) | 0;
      const c = q - r * cols;
      const nb = [
        c > 0 ? q - 1 : -1,
        c < cols - 1 ? q + 1 : -1,
        r > 0 ? q - cols : -1,
        r < rows - 1 ? q + cols : -1,
      ];
      for (const n of nb) {
        if (n >= 0 && overhang[n] === 1 && (comp[n] as number) < 0) {
          comp[n] = id;
          stack[sp++] = n;
        }
      }
    }
    // runs along rows and columns: anchored when both ends touch supported cells
    let rowRuns = 0;
    let rowAnch = 0;
    let colRuns = 0;
    let colAnch = 0;
    for (const q of members) {
      const r = (q / cols) | 0;
      const c = q - r * cols;
      if (c === 0 || comp[q - 1] !== id) {
        rowRuns++;
        let e = c;
        while (e + 1 < cols && comp[r * cols + e + 1] === id) e++;
        if (c > 0 && below[q - 1] === 1 && e + 1 < cols && below[r * cols + e + 1] === 1) rowAnch++;
      }
      if (r === 0 || comp[q - cols] !== id) {
        colRuns++;
        let e = r;
        while (e + 1 < rows && comp[(e + 1) * cols + c] === id) e++;
        if (r > 0 && below[q - cols] === 1 && e + 1 < rows && below[(e + 1) * cols + c] === 1) colAnch++;
      }
    }
    if (rowAnch >= 0.7 * rowRuns || colAnch >= 0.7 * colRuns) {
      for (const q of members) overhang[q] = 0;
      removed += members.length;
    }
    id++;
  }
  return removed;
}
