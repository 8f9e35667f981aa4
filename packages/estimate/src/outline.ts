/**
 * Stage "outline": the closed loops of one layer's cross-section, chained from the slice's segment
 * soup and simplified the way PrusaSlicer 2.5 prepares an outline for its (Arachne) perimeters: a
 * vertex goes when the segment reaching it is shorter than 0.5 mm and dropping it moves the outline
 * by at most 0.025 mm, and nearly straight vertices (within 5 µm) always go. The perimeters follow
 * these loops, so their segment count and corner angles are the slice's. Pure.
 */

/** Arachne's meshfix_maximum_resolution and meshfix_maximum_deviation (mm). */
export const OUTLINE_SMALLEST_SEGMENT = 0.5;
export const OUTLINE_ALLOWED_DEVIATION = 0.025;
const STRAIGHT = 0.005;
/** Endpoints closer than this (mm) are the same point of the slice. */
const JOIN = 1e-4;

/** Scratch tables reused from layer to layer (the module is single-threaded per worker). */
const scratch = {
  starts: new Int32Array(0),
  ends: new Int32Array(0),
  q: new Int32Array(0),
  used: new Uint8Array(0),
  /** One chain: its points (x, y), its segments and which ran backwards. */
  xy: new Float64Array(0),
  members: new Int32Array(0),
  backwards: new Uint8Array(0),
};

/**
 * Chain the segments `first..last` of a soup (x1, y1, x2, y2 per segment, material on the left) into
 * loops; returns each loop's vertices and the index of its first segment. Segments of no length and
 * repeats of a segment (either way round: a duplicated facet) are dropped from the soup, as a
 * slicer's repair drops duplicate and zero-area facets. A segment met backwards
 * (a facet wound the wrong way) is turned round in the soup, and a loop most of whose segments ran
 * backwards is turned round whole, so the soup comes out consistently oriented for the raster.
 * Chains that do not close (a hole in the mesh) are closed across the gap (`closeGaps`), as a slicer's
 * repair fills the hole.
 */
export function chainLoops(seg: Float32Array, first: number, last: number): ChainedLoop[] {
  const n = last - first;
  const loops: ChainedLoop[] = [];
  /** Chains that did not close (a hole in the mesh): their points, the end point included. */
  const open: Array<{ pts: number[]; firstSegment: number }> = [];
  if (n <= 0) return loops;
  // open-addressing tables from a segment's quantised start / end point to the segment
  let size = 16;
  while (size < n * 2) size <<= 1;
  if (scratch.starts.length < size) {
    scratch.starts = new Int32Array(size);
    scratch.ends = new Int32Array(size);
  }
  if (scratch.q.length < n * 4) {
    scratch.q = new Int32Array(n * 8);
    scratch.used = new Uint8Array(n * 2);
  }
  const starts = scratch.starts.subarray(0, size).fill(-1);
  const ends = scratch.ends.subarray(0, size).fill(-1);
  const q = scratch.q;
  const hash = (x: number, y: number) => (Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77)) & (size - 1);
  const put = (table: Int32Array, x: number, y: number, i: number) => {
    let h = hash(x, y);
    while (table[h] !== -1) h = (h + 1) & (size - 1);
    table[h] = i;
  };
  const used = scratch.used.subarray(0, n).fill(0);
  // is a segment from (ax, ay) to (bx, by) already in the table? (a duplicated facet, either way)
  const present = (ax: number, ay: number, bx: number, by: number): boolean => {
    let h = hash(ax, ay);
    while (true) {
      const j = starts[h] as number;
      if (j === -1) return false;
      if (q[j * 4] === ax && q[j * 4 + 1] === ay && q[j * 4 + 2] === bx && q[j * 4 + 3] === by) return true;
      h = (h + 1) & (size - 1);
    }
  };
  for (let i = 0; i < n; i++) {
    const k = (first + i) * 4;
    for (let c = 0; c < 4; c++) q[i * 4 + c] = Math.round((seg[k + c] as number) / JOIN);
    const sx = q[i * 4] as number;
    const sy = q[i * 4 + 1] as number;
    const ex = q[i * 4 + 2] as number;
    const ey = q[i * 4 + 3] as number;
    if ((sx === ex && sy === ey) || present(sx, sy, ex, ey) || present(ex, ey, sx, sy)) {
      // a zero-area or duplicated facet: the segment goes (made a point, which the raster ignores)
      used[i] = 1;
      seg[k + 2] = seg[k] as number;
      seg[k + 3] = seg[k + 1] as number;
      continue;
    }
    put(starts, q[i * 4] as number, q[i * 4 + 1] as number, i);
    put(ends, q[i * 4 + 2] as number, q[i * 4 + 3] as number, i);
  }
  const find = (table: Int32Array, offset: number, x: number, y: number): number => {
    let h = hash(x, y);
    while (true) {
      const i = table[h] as number;
      if (i === -1) return -1;
      if (used[i] === 0 && q[i * 4 + offset] === x && q[i * 4 + offset + 1] === y) return i;
      h = (h + 1) & (size - 1);
    }
  };
  // a chain is at most all the segments
  if (scratch.members.length < n) {
    scratch.xy = new Float64Array(n * 4);
    scratch.members = new Int32Array(n * 2);
    scratch.backwards = new Uint8Array(n * 2);
  }
  const xy = scratch.xy;
  const members = scratch.members;
  const backwards = scratch.backwards;
  for (let s = 0; s < n; s++) {
    if (used[s] === 1) continue;
    let count = 0;
    let cur = s;
    let reversed = false;
    let turned = 0;
    let endX = 0;
    let endY = 0;
    while (cur >= 0) {
      used[cur] = 1;
      members[count] = cur;
      backwards[count] = reversed ? 1 : 0;
      if (reversed) turned++;
      const k = (first + cur) * 4;
      // the point this segment leaves from, and the one it reaches, in travel order
      const o = reversed ? 2 : 0;
      xy[2 * count] = seg[k + o] as number;
      xy[2 * count + 1] = seg[k + o + 1] as number;
      count++;
      const ex = q[cur * 4 + 2 - o] as number;
      const ey = q[cur * 4 + 3 - o] as number;
      endX = seg[k + 2 - o] as number;
      endY = seg[k + 3 - o] as number;
      cur = find(starts, 0, ex, ey);
      reversed = false;
      if (cur < 0) {
        cur = find(ends, 2, ex, ey);
        reversed = cur >= 0;
      }
    }
    // orientation repair: the majority decides which way the loop runs
    const flipAll = turned * 2 > count;
    for (let m = 0; m < count; m++) {
      if ((backwards[m] === 1) !== flipAll) {
        const k = (first + (members[m] as number)) * 4;
        const x1 = seg[k] as number;
        const y1 = seg[k + 1] as number;
        seg[k] = seg[k + 2] as number;
        seg[k + 1] = seg[k + 3] as number;
        seg[k + 2] = x1;
        seg[k + 3] = y1;
      }
    }
    const closed =
      Math.round(endX / JOIN) === Math.round((xy[0] as number) / JOIN) &&
      Math.round(endY / JOIN) === Math.round((xy[1] as number) / JOIN);
    if (!closed) {
      // the points in the loop's direction, the end included
      const pts = Array.from(xy.subarray(0, 2 * count));
      pts.push(endX, endY);
      if (flipAll) {
        const rev: number[] = [];
        for (let v = pts.length / 2 - 1; v >= 0; v--)
          rev.push(pts[2 * v] as number, pts[2 * v + 1] as number);
        open.push({ pts: rev, firstSegment: first + s });
      } else open.push({ pts, firstSegment: first + s });
      continue;
    }
    if (count < 3) continue;
    const loop = flipAll ? reversedLoop(xy.subarray(0, 2 * count)) : xy.slice(0, 2 * count);
    loops.push({ xy: loop, firstSegment: first + s, gap: false });
  }
  if (open.length > 0) closeGaps(open, loops);
  return loops;
}

/** A loop's points (x, y pairs) in the other order, as a new array. */
export function reversedLoop(xy: Float64Array): Float64Array {
  const n = xy.length / 2;
  const rev = new Float64Array(xy.length);
  for (let v = 0; v < n; v++) {
    rev[2 * v] = xy[2 * (n - 1 - v)] as number;
    rev[2 * v + 1] = xy[2 * (n - 1 - v) + 1] as number;
  }
  return rev;
}

/** A chained loop: its points (x, y), the soup's index of a segment of it, and whether it closes
 * across a gap of the mesh (a segment that is not in the soup). */
export interface ChainedLoop {
  xy: Float64Array;
  firstSegment: number;
  gap: boolean;
}

/**
 * Chains that stopped where the mesh has a hole (a missing facet) are closed as a repair fills the
 * hole: chains that meet end to start are joined first (a walk started inside a chain splits it), then
 * each chain's end goes to the nearest start of an open chain, its own included, across the gap.
 */
function closeGaps(open: Array<{ pts: number[]; firstSegment: number }>, loops: ChainedLoop[]): void {
  const used = new Uint8Array(open.length);
  // the chains' starts on a grid of GAP_CELL mm: most ends meet a start nearby (a walk's split, a
  // mesh whose shared vertices differ in their last digits), so the search rarely looks at them all
  const cellOf = (x: number, y: number) => `${Math.floor(x / GAP_CELL)},${Math.floor(y / GAP_CELL)}`;
  const grid = new Map<string, number[]>();
  open.forEach((c, k) => {
    const key = cellOf(c.pts[0] as number, c.pts[1] as number);
    const list = grid.get(key);
    if (list) list.push(k);
    else grid.set(key, [k]);
  });
  const d2 = (x: number, y: number, b: number[]) => ((b[0] as number) - x) ** 2 + ((b[1] as number) - y) ** 2;
  /** The unused chain whose start is nearest (x, y) and nearer than `limit2` (squared), or −1. */
  const nearest = (x: number, y: number, limit2: number): { at: number; d: number } => {
    let at = -1;
    let d = limit2;
    const cx = Math.floor(x / GAP_CELL);
    const cy = Math.floor(y / GAP_CELL);
    for (let gx = cx - 1; gx <= cx + 1; gx++)
      for (let gy = cy - 1; gy <= cy + 1; gy++)
        for (const k of grid.get(`${gx},${gy}`) ?? []) {
          if (used[k] === 1) continue;
          const e = d2(x, y, (open[k] as { pts: number[] }).pts);
          if (e < d) {
            d = e;
            at = k;
          }
        }
    // none within a cell (past the neighbouring cells a start is at least a cell away): every chain
    // (a wide hole; few chains are left open by one)
    if (d > GAP_CELL * GAP_CELL)
      for (let k = 0; k < open.length; k++) {
        if (used[k] === 1) continue;
        const e = d2(x, y, (open[k] as { pts: number[] }).pts);
        if (e < d) {
          d = e;
          at = k;
        }
      }
    return { at, d };
  };
  for (let c = 0; c < open.length; c++) {
    if (used[c] === 1) continue;
    used[c] = 1;
    const chain = open[c] as { pts: number[]; firstSegment: number };
    const pts = chain.pts.slice();
    for (;;) {
      const x = pts[pts.length - 2] as number;
      const y = pts[pts.length - 1] as number;
      // the nearest start to this chain's end: its own, or another open chain's (joined on)
      const own = d2(x, y, pts);
      const next = nearest(x, y, own);
      if (next.at < 0) break;
      used[next.at] = 1;
      const more = (open[next.at] as { pts: number[] }).pts;
      // a start at this end (within the chaining's tolerance) is the same point
      for (let v = next.d <= JOIN * JOIN ? 2 : 0; v < more.length; v++) pts.push(more[v] as number);
    }
    // the end back at the start: that point once
    if (d2(pts[pts.length - 2] as number, pts[pts.length - 1] as number, pts) <= JOIN * JOIN) pts.length -= 2;
    if (pts.length >= 6)
      loops.push({ xy: Float64Array.from(pts), firstSegment: chain.firstSegment, gap: true });
  }
}

/** Cell (mm) of the grid `closeGaps` finds chains' starts on. */
const GAP_CELL = 1;

/** Simplify a closed loop (x, y pairs) as described above; returns the kept vertices. */
export function simplifyLoop(xy: Float64Array): Float64Array {
  const n = xy.length / 2;
  if (n <= 3) return xy;
  const out: number[] = [];
  const min2 = OUTLINE_SMALLEST_SEGMENT * OUTLINE_SMALLEST_SEGMENT;
  // the last kept vertex, starting from the loop's last vertex
  let px = xy[2 * (n - 1)] as number;
  let py = xy[2 * (n - 1) + 1] as number;
  // area (twice, signed) cut off since the last kept vertex, as a fan about (px, py)
  let removed = 0;
  for (let i = 0; i < n; i++) {
    const cx = xy[2 * i] as number;
    const cy = xy[2 * i + 1] as number;
    const j = i + 1 < n ? i + 1 : 0;
    const nx = i + 1 < n ? (xy[2 * j] as number) : out.length >= 2 ? (out[0] as number) : (xy[0] as number);
    const ny =
      i + 1 < n ? (xy[2 * j + 1] as number) : out.length >= 2 ? (out[1] as number) : (xy[1] as number);
    // the triangle (prev kept, current, next) plus what was cut before
    removed += (cx - px) * (ny - py) - (cy - py) * (nx - px);
    const len2 = (cx - px) ** 2 + (cy - py) ** 2;
    const base2 = (nx - px) ** 2 + (ny - py) ** 2;
    if (len2 < 25e-6) continue; // shorter than 5 µm: always dropped
    if (base2 === 0) continue;
    const height = Math.abs(removed) / Math.sqrt(base2);
    const straight = height <= STRAIGHT;
    if (straight || (len2 < min2 && height <= OUTLINE_ALLOWED_DEVIATION)) continue;
    out.push(cx, cy);
    px = cx;
    py = cy;
    removed = 0;
  }
  return out.length >= 6 ? Float64Array.from(out) : xy;
}

/** Twice the signed area of a loop (positive: counter-clockwise, an outer boundary). */
export function loopArea2(xy: ArrayLike<number>): number {
  const n = xy.length / 2;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    s +=
      (xy[2 * i] as number) * (xy[2 * j + 1] as number) - (xy[2 * j] as number) * (xy[2 * i + 1] as number);
  }
  return s;
}

export function loopLength(xy: Float64Array): number {
  const n = xy.length / 2;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    s += Math.hypot(
      (xy[2 * j] as number) - (xy[2 * i] as number),
      (xy[2 * j + 1] as number) - (xy[2 * i + 1] as number),
    );
  }
  return s;
}

/** A typed array's values as a plain array (an index loop: `Array.from` walks an iterator). */
export function toNumbers(xy: Float64Array): number[] {
  const out = new Array<number>(xy.length);
  for (let i = 0; i < xy.length; i++) out[i] = xy[i] as number;
  return out;
}
