/**
 * Morphology on a layer's raster (0/1 cells, row-major), pure and allocation-light:
 *
 *  - `grow` / `shrink`: dilation and erosion by a disc of a radius in mm (a polygon offset, at the
 *    raster's resolution), from an exact Euclidean distance transform (two 1-D passes of lower
 *    envelopes of parabolas), so diagonal edges move as far as straight ones;
 *  - `components`: 4-connected regions with their cell counts;
 *  - `contours`: marching squares at the cell centres' half level, giving closed loops with the
 *    material on the left (outer boundaries counter-clockwise, holes clockwise), in mm.
 */

export interface Raster {
  cols: number;
  rows: number;
  /** Cell size (mm); the centre of cell (c, r) is at originX + (c + 0.5) · cell. */
  cell: number;
  originX: number;
  originY: number;
}

const INF = 1e20;

/** Scratch reused between calls (the module is single-threaded per worker). */
const scratch = {
  dist: new Float64Array(0),
  f: new Float64Array(0),
  d: new Float64Array(0),
  v: new Int32Array(0),
  z: new Float64Array(0),
};

function ensure(cells: number, line: number): void {
  if (scratch.dist.length < cells) scratch.dist = new Float64Array(cells);
  if (scratch.f.length < line) {
    scratch.f = new Float64Array(line);
    scratch.d = new Float64Array(line);
    scratch.v = new Int32Array(line);
    scratch.z = new Float64Array(line + 1);
  }
}

/** 1-D squared distance transform of f (length n) into d (Felzenszwalb and Huttenlocher); "far"
 * cells hold INF, a large finite value, so they never win against a real one. */
function transform1d(n: number): void {
  const { f, d, v, z } = scratch;
  let k = 0;
  v[0] = 0;
  z[0] = -INF;
  z[1] = INF;
  for (let q = 1; q < n; q++) {
    const fq = (f[q] as number) + q * q;
    let s = 0;
    while (true) {
      const p = v[k] as number;
      s = (fq - ((f[p] as number) + p * p)) / (2 * q - 2 * p);
      if (s <= (z[k] as number) && k > 0) k--;
      else break;
    }
    if (s <= (z[k] as number)) {
      // k = 0 and the new parabola is lower everywhere
      v[0] = q;
      z[0] = -INF;
      z[1] = INF;
      continue;
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = INF;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while ((z[k + 1] as number) < q) k++;
    const p = v[k] as number;
    d[q] = (q - p) * (q - p) + (f[p] as number);
  }
}

/**
 * Squared distance (in cells²) from every cell to the nearest cell where `mask[off + p]` equals
 * `target`, into scratch.dist. Returns that array (valid until the next call).
 */
function distanceTo(mask: Uint8Array, off: number, target: number, shape: Raster): Float64Array {
  const { cols, rows } = shape;
  const cells = cols * rows;
  ensure(cells, Math.max(cols, rows));
  const { dist, f, d } = scratch;
  // columns first
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) f[r] = mask[off + r * cols + c] === target ? 0 : INF;
    transform1d(rows);
    for (let r = 0; r < rows; r++) dist[r * cols + c] = d[r] as number;
  }
  for (let r = 0; r < rows; r++) {
    const ro = r * cols;
    for (let c = 0; c < cols; c++) f[c] = dist[ro + c] as number;
    transform1d(cols);
    for (let c = 0; c < cols; c++) dist[ro + c] = d[c] as number;
  }
  return dist;
}

/** The offsets (row, column) of the cells within a disc of r² cells², but the centre. */
const stencils = new Map<number, Int32Array>();
function stencil(r2: number): Int32Array {
  const key = Math.round(r2 * 1e6);
  let st = stencils.get(key);
  if (st) return st;
  const r = Math.floor(Math.sqrt(r2));
  const out: number[] = [];
  for (let dr = -r; dr <= r; dr++)
    for (let dc = -r; dc <= r; dc++) if ((dr !== 0 || dc !== 0) && dr * dr + dc * dc <= r2) out.push(dr, dc);
  st = Int32Array.from(out);
  if (stencils.size > 64) stencils.clear();
  stencils.set(key, st);
  return st;
}

/** Cells of value `v` with a 4-neighbour of the other value (the edge of that set). */
function edgeCells(mask: Uint8Array, off: number, v: number, shape: Raster, into: Int32Array): number {
  const { cols, rows } = shape;
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const ro = off + r * cols;
    for (let c = 0; c < cols; c++) {
      const p = ro + c;
      if ((mask[p] === 1 ? 1 : 0) !== v) continue;
      const w = v === 1 ? 0 : 1;
      if (
        (c > 0 && (mask[p - 1] === 1 ? 1 : 0) === w) ||
        (c + 1 < cols && (mask[p + 1] === 1 ? 1 : 0) === w) ||
        (r > 0 && (mask[p - cols] === 1 ? 1 : 0) === w) ||
        (r + 1 < rows && (mask[p + cols] === 1 ? 1 : 0) === w)
      )
        into[n++] = p - off;
    }
  }
  return n;
}

let edgeScratch = new Int32Array(0);

/**
 * Stamp the disc stencil of r² about every edge cell of value `v` into `out` (writing `write`).
 * Returns false (and does nothing) when the stencil would cost more than a distance transform.
 */
function stampEdges(
  mask: Uint8Array,
  off: number,
  out: Uint8Array,
  v: number,
  write: number,
  r2: number,
  shape: Raster,
): boolean {
  const { cols, rows } = shape;
  const cells = cols * rows;
  if (edgeScratch.length < cells) edgeScratch = new Int32Array(cells);
  const st = stencil(r2);
  const n = edgeCells(mask, off, v, shape, edgeScratch);
  if (n * (st.length / 2) > 8 * cells) return false;
  for (let p = 0; p < cells; p++) out[p] = mask[off + p] === 1 ? 1 : 0;
  for (let k = 0; k < n; k++) {
    const p = edgeScratch[k] as number;
    const r = (p / cols) | 0;
    const c = p - r * cols;
    for (let j = 0; j < st.length; j += 2) {
      const rr = r + (st[j] as number);
      const cc = c + (st[j + 1] as number);
      if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) continue;
      out[rr * cols + cc] = write;
    }
  }
  return true;
}

/** out = mask grown by a disc of `radius` mm (cells within radius of a set cell). */
export function grow(mask: Uint8Array, out: Uint8Array, radius: number, shape: Raster, off = 0): void {
  const cells = shape.cols * shape.rows;
  if (!(radius > 0)) {
    for (let p = 0; p < cells; p++) out[p] = mask[off + p] === 1 ? 1 : 0;
    return;
  }
  // a cell is a square: its edge is half a cell from its centre
  const r = radius / shape.cell + 0.5;
  const r2 = r * r + 1e-9;
  // the nearest set cell to an unset one is always on the set's edge: stamp discs about the edge
  if (stampEdges(mask, off, out, 1, 1, r2, shape)) return;
  const dist = distanceTo(mask, off, 1, shape);
  for (let p = 0; p < cells; p++) out[p] = (dist[p] as number) <= r2 ? 1 : 0;
}

/** out = mask shrunk by a disc of `radius` mm (set cells farther than radius from any unset cell). */
export function shrink(mask: Uint8Array, out: Uint8Array, radius: number, shape: Raster, off = 0): void {
  const cells = shape.cols * shape.rows;
  if (!(radius > 0)) {
    for (let p = 0; p < cells; p++) out[p] = mask[off + p] === 1 ? 1 : 0;
    return;
  }
  const r = radius / shape.cell + 0.5;
  const r2 = r * r + 1e-9;
  const { cols, rows } = shape;
  // cells outside the raster count as unset: the border rows and columns are at distance 1 from it
  const clearBorder = () => {
    const reach = Math.floor(Math.sqrt(r2));
    for (let row = 0; row < rows; row++)
      for (let col = 0; col < cols; col++) {
        const edge = Math.min(row + 1, rows - row, col + 1, cols - col);
        if (edge > reach + 1) {
          col = Math.max(col, cols - reach - 2);
          continue;
        }
        if (edge * edge <= r2) out[row * cols + col] = 0;
      }
  };
  if (stampEdges(mask, off, out, 0, 0, r2, shape)) {
    clearBorder();
    return;
  }
  const dist = distanceTo(mask, off, 0, shape);
  for (let p = 0; p < cells; p++) out[p] = mask[off + p] === 1 && (dist[p] as number) > r2 ? 1 : 0;
  clearBorder();
}

/** Opening: shrink by `a`, then grow by `b` (mm). `tmp` is scratch of the raster's size. */
export function open(
  mask: Uint8Array,
  out: Uint8Array,
  a: number,
  b: number,
  shape: Raster,
  tmp: Uint8Array,
): void {
  shrink(mask, tmp, a, shape);
  grow(tmp, out, b, shape);
}

/**
 * 4-connected components of the set cells: `labels` gets each cell's component (−1 where unset);
 * returns each component's cell count.
 */
export function components(mask: Uint8Array, labels: Int32Array, shape: Raster, stack: Int32Array): number[] {
  const { cols, rows } = shape;
  const cells = cols * rows;
  labels.fill(-1, 0, cells);
  const sizes: number[] = [];
  for (let p = 0; p < cells; p++) {
    if (mask[p] !== 1 || (labels[p] as number) >= 0) continue;
    const id = sizes.length;
    let size = 0;
    let sp = 0;
    stack[sp++] = p;
    labels[p] = id;
    while (sp > 0) {
      const q = stack[--sp] as number;
      size++;
      const r = (q / cols) | 0;
      const c = q - r * cols;
      if (c > 0 && mask[q - 1] === 1 && (labels[q - 1] as number) < 0) {
        labels[q - 1] = id;
        stack[sp++] = q - 1;
      }
      if (c < cols - 1 && mask[q + 1] === 1 && (labels[q + 1] as number) < 0) {
        labels[q + 1] = id;
        stack[sp++] = q + 1;
      }
      if (r > 0 && mask[q - cols] === 1 && (labels[q - cols] as number) < 0) {
        labels[q - cols] = id;
        stack[sp++] = q - cols;
      }
      if (r < rows - 1 && mask[q + cols] === 1 && (labels[q + cols] as number) < 0) {
        labels[q + cols] = id;
        stack[sp++] = q + cols;
      }
    }
    sizes.push(size);
  }
  return sizes;
}

/**
 * The boundary of the set cells as closed loops (mm), material on the left: marching squares over
 * the cell centres, each boundary crossing at the midpoint between a set and an unset centre, so
 * a lone cell is a diamond and a diagonal edge a straight line. Saddles are resolved as connected
 * (the set cells touching at a corner join), matching 8-connectivity of the material.
 */
export function contours(mask: Uint8Array, shape: Raster, level?: Float32Array): Float64Array[] {
  const { cols, rows, cell, originX, originY } = shape;
  // corners of the dual grid: (c, r) is the centre of cell (c, r); squares between centres, plus a
  // border of unset cells all round (c from −1 to cols − 1, r from −1 to rows − 1)
  const at = (c: number, r: number) =>
    c < 0 || r < 0 || c >= cols || r >= rows ? 0 : mask[r * cols + c] === 1 ? 1 : 0;
  // edge points: each square edge with a crossing gets an id; a map from directed segment start to
  // its end walks the loops. Crossing points are keyed by (edge orientation, c, r).
  const W = cols + 1;
  // next[key] = key of the next crossing along the loop (−1: none); keys encode the square edge
  const hKey = (c: number, r: number) => 2 * ((r + 1) * (W + 1) + (c + 1)); // edge (c,r)-(c+1,r)
  const vKey = (c: number, r: number) => 2 * ((r + 1) * (W + 1) + (c + 1)) + 1; // edge (c,r)-(c,r+1)
  const size = 2 * (rows + 2) * (W + 1);
  if (contourScratch.length < size) contourScratch = new Int32Array(size);
  const next = contourScratch.subarray(0, size).fill(-1);
  const starts: number[] = [];
  // (written with the set corners on the right; each link is stored reversed)
  const link = (to: number, from: number) => {
    next[from] = to;
    starts.push(from);
  };
  for (let r = -1; r < rows; r++) {
    // a row of all-unset squares (both rows of centres empty) has no crossing
    if (rowEmpty(mask, r, cols, rows) && rowEmpty(mask, r + 1, cols, rows)) continue;
    for (let c = -1; c < cols; c++) {
      // square with corners a=(c,r) b=(c+1,r) d=(c+1,r+1) e=(c,r+1), counter-clockwise
      const a = at(c, r);
      const b = at(c + 1, r);
      const d = at(c + 1, r + 1);
      const e = at(c, r + 1);
      const code = a | (b << 1) | (d << 2) | (e << 3);
      if (code === 0 || code === 15) continue;
      const bottom = hKey(c, r);
      const right = vKey(c + 1, r);
      const top = hKey(c, r + 1);
      const left = vKey(c, r);
      switch (code) {
        case 1: // a
          link(left, bottom);
          break;
        case 2: // b
          link(bottom, right);
          break;
        case 3: // a b
          link(left, right);
          break;
        case 4: // d
          link(right, top);
          break;
        case 5: // a d (saddle, joined)
          link(left, top);
          link(right, bottom);
          break;
        case 6: // b d
          link(bottom, top);
          break;
        case 7: // a b d
          link(left, top);
          break;
        case 8: // e
          link(top, left);
          break;
        case 9: // a e
          link(top, bottom);
          break;
        case 10: // b e (saddle, joined)
          link(bottom, left);
          link(top, right);
          break;
        case 11: // a b e
          link(top, right);
          break;
        case 12: // d e
          link(right, left);
          break;
        case 13: // a d e
          link(right, bottom);
          break;
        case 14: // b d e
          link(bottom, left);
          break;
      }
    }
  }
  const loops: Float64Array[] = [];
  for (const startKey of starts) {
    if ((next[startKey] as number) < 0) continue;
    const pts: number[] = [];
    let k = startKey;
    while (k >= 0) {
      const to = next[k] as number;
      if (to < 0) break;
      next[k] = -1; // seen
      // the crossing's point: the middle of its square edge
      const vertical = k & 1;
      const base = k >> 1;
      const r = Math.floor(base / (W + 1)) - 1;
      const c = base - (r + 1) * (W + 1) - 1;
      const t = level ? crossingAt(level, c, r, vertical === 1, cols, rows) : 0.5;
      pts.push(
        originX + (c + 0.5 + (vertical ? 0 : t)) * cell,
        originY + (r + 0.5 + (vertical ? t : 0)) * cell,
      );
      k = to;
    }
    if (pts.length >= 6) loops.push(dropCollinear(pts));
  }
  return loops;
}

let contourScratch = new Int32Array(0);

/**
 * Where a contour crosses the edge from centre (c, r) to (c + 1, r) (or to (c, r + 1)), as a
 * share of the edge: the zero of `level` interpolated between the two centres (set ≥ 0, unset < 0);
 * the middle where either is NaN or outside the grid.
 */
function crossingAt(
  level: Float32Array,
  c: number,
  r: number,
  vertical: boolean,
  cols: number,
  rows: number,
): number {
  const c2 = vertical ? c : c + 1;
  const r2 = vertical ? r + 1 : r;
  if (c < 0 || r < 0 || c2 >= cols || r2 >= rows) return 0.5;
  const a = level[r * cols + c] as number;
  const b = level[r2 * cols + c2] as number;
  if (Number.isNaN(a) || Number.isNaN(b) || a === b) return 0.5;
  const t = a / (a - b);
  return Math.min(Math.max(t, 0.02), 0.98);
}

/** Whether row r of the mask has no set cell (rows outside the grid have none). */
function rowEmpty(mask: Uint8Array, r: number, cols: number, rows: number): boolean {
  if (r < 0 || r >= rows) return true;
  const end = (r + 1) * cols;
  for (let p = r * cols; p < end; p++) if (mask[p] === 1) return false;
  return true;
}

/** Remove vertices lying on the straight line through their neighbours (marching squares' runs). */
function dropCollinear(pts: number[]): Float64Array {
  const n = pts.length / 2;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i + n - 1) % n;
    const b = (i + 1) % n;
    const ax = (pts[2 * i] as number) - (pts[2 * a] as number);
    const ay = (pts[2 * i + 1] as number) - (pts[2 * a + 1] as number);
    const bx = (pts[2 * b] as number) - (pts[2 * i] as number);
    const by = (pts[2 * b + 1] as number) - (pts[2 * i + 1] as number);
    if (Math.abs(ax * by - ay * bx) < 1e-12 && ax * bx + ay * by > 0) continue;
    out.push(pts[2 * i] as number, pts[2 * i + 1] as number);
  }
  return Float64Array.from(out);
}

/**
 * Fill `out` with the cells whose centre is inside `loops` (positive winding: outer loops
 * counter-clockwise, holes clockwise; overlapping loops add up). Returns whether some cell's centre
 * winds negatively (a loop wound the wrong way with no material about it).
 */
export function rasterizeLoops(
  loops: Float64Array[],
  out: Uint8Array,
  shape: Raster,
  wind: Int32Array,
): boolean {
  const { cols, rows, cell, originX: ox, originY: oy } = shape;
  wind.fill(0, 0, (cols + 1) * rows);
  for (const xy of loops) {
    const n = xy.length / 2;
    for (let i = 0; i < n; i++) {
      const j = i + 1 < n ? i + 1 : 0;
      const x1 = xy[2 * i] as number;
      const y1 = xy[2 * i + 1] as number;
      const x2 = xy[2 * j] as number;
      const y2 = xy[2 * j + 1] as number;
      if (y1 === y2) continue;
      const up = y2 > y1;
      const ylo = up ? y1 : y2;
      const yhi = up ? y2 : y1;
      const r0 = Math.max(0, Math.ceil((ylo - oy) / cell - 0.5));
      const r1 = Math.min(rows - 1, Math.ceil((yhi - oy) / cell - 0.5) - 1);
      const dxdy = (x2 - x1) / (y2 - y1);
      // material on the left: an upward edge has it at smaller x, so crossing it rightwards leaves
      const w = up ? -1 : 1;
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
  }
  let negative = false;
  for (let r = 0; r < rows; r++) {
    let acc = 0;
    const wr = r * (cols + 1);
    const gr = r * cols;
    for (let c = 0; c < cols; c++) {
      acc += wind[wr + c] as number;
      out[gr + c] = acc > 0 ? 1 : 0;
      if (acc < 0) negative = true;
    }
  }
  return negative;
}

/** The signed distance field's range (mm) and step: Int8 in hundredths of a mm. */
export const FIELD_RANGE = 1.27;
export const FIELD_STEP = 0.01;

/**
 * Signed distance from each cell centre to the outline `loops` (positive inside, where `material`
 * is set), in hundredths of a mm, clamped to ±1.27 mm: exact near the outline (each edge stamps the
 * cells within range of it), so that slivers and shifts thinner than a cell are measured.
 */
export function distanceField(
  loops: Float64Array[],
  material: Uint8Array,
  off: number,
  shape: Raster,
  out: Int8Array,
  outOff: number,
): void {
  const { cols, rows, cell, originX: ox, originY: oy } = shape;
  const cells = cols * rows;
  if (fieldScratch.length < cells) fieldScratch = new Float64Array(cells);
  const best = fieldScratch;
  const range = FIELD_RANGE;
  best.fill(range * range, 0, cells);
  for (const xy of loops) {
    const n = xy.length / 2;
    for (let i = 0; i < n; i++) {
      const j = i + 1 < n ? i + 1 : 0;
      const ax = xy[2 * i] as number;
      const ay = xy[2 * i + 1] as number;
      const dx = (xy[2 * j] as number) - ax;
      const dy = (xy[2 * j + 1] as number) - ay;
      const l2 = dx * dx + dy * dy;
      const c0 = Math.max(0, Math.floor((Math.min(ax, ax + dx) - range - ox) / cell));
      const c1 = Math.min(cols - 1, Math.floor((Math.max(ax, ax + dx) + range - ox) / cell));
      const r0 = Math.max(0, Math.floor((Math.min(ay, ay + dy) - range - oy) / cell));
      const r1 = Math.min(rows - 1, Math.floor((Math.max(ay, ay + dy) + range - oy) / cell));
      for (let r = r0; r <= r1; r++) {
        const py = oy + (r + 0.5) * cell - ay;
        for (let c = c0; c <= c1; c++) {
          const px = ox + (c + 0.5) * cell - ax;
          const t = l2 > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / l2)) : 0;
          const d2 = (px - t * dx) ** 2 + (py - t * dy) ** 2;
          const p = r * cols + c;
          if (d2 < (best[p] as number)) best[p] = d2;
        }
      }
    }
  }
  const far = range * range;
  for (let p = 0; p < cells; p++) {
    const b2 = best[p] as number;
    // (most cells are out of range: no root to take)
    const d = b2 >= far ? 127 : Math.min(127, Math.round(Math.sqrt(b2) / FIELD_STEP));
    out[outOff + p] = material[off + p] === 1 ? d : -d;
  }
}

let fieldScratch = new Float64Array(0);

/** The signed distance (mm, positive inside) to a layer's outline at (x, y), interpolated between
 * the cell centres of its field (FIELD_STEP units, layer at `off`). */
export function fieldAt(field: Int8Array, off: number, shape: Raster, x: number, y: number): number {
  const { cols, rows, cell, originX, originY } = shape;
  const fx = Math.min(cols - 1, Math.max(0, (x - originX) / cell - 0.5));
  const fy = Math.min(rows - 1, Math.max(0, (y - originY) / cell - 0.5));
  const c = Math.min(cols - 2, Math.floor(fx));
  const r = Math.min(rows - 2, Math.floor(fy));
  const tx = fx - c;
  const ty = fy - r;
  const p = off + r * cols + c;
  const top = (field[p] as number) * (1 - tx) + (field[p + 1] as number) * tx;
  const bottom = (field[p + cols] as number) * (1 - tx) + (field[p + cols + 1] as number) * tx;
  return (top * (1 - ty) + bottom * ty) * FIELD_STEP;
}
