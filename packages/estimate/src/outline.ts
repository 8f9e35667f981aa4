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

/** How many times a chaining met damage: a repeated segment, one met backwards, or a chain that
 * did not close (a closed, consistently wound mesh shows none). The slicer then slices the mesh
 * as PrusaSlicer repairs it (slice.ts). */
export const chainDamage = { count: 0 };

/** Open chains whose ends are this close (mm) are joined, or closed, like PrusaSlicer's slicer does
 * (`chain_open_polylines_close_gaps`, max_gap 2 mm); farther apart, they are no outline at all. */
export const MAX_GAP = 2;

/**
 * Chain the segments `first..last` of a soup (x1, y1, x2, y2 per segment, material on the left) into
 * loops, as PrusaSlicer 2.5's slicer does; returns each loop's vertices and the index of a segment
 * of it. Segments of no length and repeats of a segment (either way round: a duplicated facet) are
 * dropped from the soup. A chain follows segments end to start, and where none goes on, one met
 * backwards (a facet wound the wrong way). A loop all of whose segments agree keeps its direction;
 * one patched from segments of both directions is made counter-clockwise, an outer boundary (the
 * slicer's heuristic, which closes a hole whose wall has a wrongly wound facet). A chain that does
 * not close is joined to the nearest open end within MAX_GAP, or closed across a gap up to
 * MAX_GAP, or dropped. The soup is rewritten to match: its segments run the way their loop runs,
 * and those of dropped chains become points (which the raster ignores).
 */
export function chainLoops(
  seg: Float32Array,
  first: number,
  last: number,
): Array<{ xy: Float64Array; firstSegment: number }> {
  const n = last - first;
  const loops: Array<{ xy: Float64Array; firstSegment: number }> = [];
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
  const toPoint = (i: number) => {
    const k = (first + i) * 4;
    seg[k + 2] = seg[k] as number;
    seg[k + 3] = seg[k + 1] as number;
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
      if (sx !== ex || sy !== ey) chainDamage.count++;
      used[i] = 1;
      toPoint(i);
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
  const members = scratch.members;
  const backwards = scratch.backwards;
  /** The soup's point a member leaves from (end 0) or reaches (end 1), in travel order. */
  const pointOf = (m: number, back: number, end: 0 | 1, axis: 0 | 1) =>
    seg[(first + m) * 4 + ((back === 1) !== (end === 1) ? 2 : 0) + axis] as number;
  const open: Chain[] = [];
  for (let s = 0; s < n; s++) {
    if (used[s] === 1) continue;
    let count = 0;
    let cur = s;
    let reversed = false;
    let sx = 0;
    let sy = 0;
    let ex = 0;
    let ey = 0;
    while (cur >= 0) {
      used[cur] = 1;
      members[count] = cur;
      backwards[count] = reversed ? 1 : 0;
      count++;
      const o = reversed ? 2 : 0;
      if (count === 1) {
        sx = q[cur * 4 + o] as number;
        sy = q[cur * 4 + o + 1] as number;
      }
      ex = q[cur * 4 + 2 - o] as number;
      ey = q[cur * 4 + 3 - o] as number;
      if (ex === sx && ey === sy) break;
      cur = find(starts, 0, ex, ey);
      reversed = false;
      if (cur < 0) {
        cur = find(ends, 2, ex, ey);
        reversed = cur >= 0;
      }
    }
    if (ex === sx && ey === sy) {
      emit(members.subarray(0, count), backwards.subarray(0, count));
      continue;
    }
    // open: go on backwards from its start too, then it waits for the gap closing below
    const headM: number[] = [];
    const headB: number[] = [];
    let hx = sx;
    let hy = sy;
    for (;;) {
      let prev = find(ends, 2, hx, hy);
      let back = 0;
      if (prev < 0) {
        prev = find(starts, 0, hx, hy);
        back = 1;
      }
      if (prev < 0) break;
      used[prev] = 1;
      headM.push(prev);
      headB.push(back);
      hx = q[prev * 4 + (back ? 2 : 0)] as number;
      hy = q[prev * 4 + (back ? 3 : 1)] as number;
      if (hx === ex && hy === ey) break;
    }
    const m = headM.reverse().concat(Array.from(members.subarray(0, count)));
    const b = headB.reverse().concat(Array.from(backwards.subarray(0, count)));
    if (hx === ex && hy === ey) emit(Int32Array.from(m), Uint8Array.from(b));
    else open.push({ members: m, backwards: b, length: 0, done: false });
  }
  if (open.length > 0) {
    chainDamage.count++;
    closeGaps(open);
  }
  return loops;

  /** Orient a closed chain, rewrite its segments in the soup and output it. */
  function emit(ms: ArrayLike<number>, bs: ArrayLike<number>) {
    const count = ms.length;
    let turned = 0;
    for (let m = 0; m < count; m++) turned += bs[m] as number;
    const xy = new Float64Array(count * 2);
    for (let m = 0; m < count; m++) {
      xy[2 * m] = pointOf(ms[m] as number, bs[m] as number, 0, 0);
      xy[2 * m + 1] = pointOf(ms[m] as number, bs[m] as number, 0, 1);
    }
    // segments of both directions: the slicer makes the loop counter-clockwise; one direction
    // throughout (turned is 0 or all of them): it keeps the way the facets run
    if (turned > 0) chainDamage.count++;
    const mixed = turned > 0 && turned < count;
    const flipAll = mixed ? loopArea2(xy) < 0 : turned === count;
    for (let m = 0; m < count; m++) {
      if (((bs[m] as number) === 1) !== flipAll) {
        const k = (first + (ms[m] as number)) * 4;
        const x1 = seg[k] as number;
        const y1 = seg[k + 1] as number;
        seg[k] = seg[k + 2] as number;
        seg[k + 1] = seg[k + 3] as number;
        seg[k + 2] = x1;
        seg[k + 3] = y1;
      }
    }
    if (count < 3) {
      for (let m = 0; m < count; m++) toPoint(ms[m] as number);
      return;
    }
    let loop = xy;
    if (flipAll) {
      loop = new Float64Array(xy.length);
      for (let v = 0; v < count; v++) {
        loop[2 * v] = xy[2 * (count - 1 - v)] as number;
        loop[2 * v + 1] = xy[2 * (count - 1 - v) + 1] as number;
      }
    }
    loops.push({ xy: loop, firstSegment: first + (ms[0] as number) });
  }

  /** PrusaSlicer's chain_open_polylines_close_gaps, longest chain first: join the nearest open end
   * within MAX_GAP (either end of another chain), or close the chain when its own start is that
   * near (and, with another end nearer, closer than 0.3 of its length); what stays open goes. */
  function closeGaps(chains: Chain[]) {
    const endPoint = (c: Chain, atEnd: boolean): [number, number] => {
      const i = atEnd ? c.members.length - 1 : 0;
      return [
        pointOf(c.members[i] as number, c.backwards[i] as number, atEnd ? 1 : 0, 0),
        pointOf(c.members[i] as number, c.backwards[i] as number, atEnd ? 1 : 0, 1),
      ];
    };
    for (const c of chains) {
      let len = 0;
      for (let i = 0; i < c.members.length; i++) {
        const k = (first + (c.members[i] as number)) * 4;
        len += Math.hypot(
          (seg[k + 2] as number) - (seg[k] as number),
          (seg[k + 3] as number) - (seg[k + 1] as number),
        );
      }
      c.length = len;
    }
    chains.sort((a, b) => b.length - a.length);
    const gap2 = MAX_GAP * MAX_GAP;
    for (const c of chains) {
      if (c.done) continue;
      c.done = true;
      for (;;) {
        const [ex, ey] = endPoint(c, true);
        const [sx, sy] = endPoint(c, false);
        let best: Chain | null = null;
        let bestAtEnd = false;
        let bestD2 = gap2;
        for (const o of chains) {
          if (o.done) continue;
          for (const atEnd of [false, true]) {
            const [px, py] = endPoint(o, atEnd);
            const d2 = (px - ex) ** 2 + (py - ey) ** 2;
            if (d2 < bestD2) {
              bestD2 = d2;
              best = o;
              bestAtEnd = atEnd;
            }
          }
        }
        const close2 = (sx - ex) ** 2 + (sy - ey) ** 2;
        let closed = close2 < gap2;
        if (best && closed && close2 < bestD2) closed = Math.sqrt(close2) < 0.3 * c.length;
        if (closed) {
          emit(c.members, c.backwards);
          break;
        }
        if (!best) {
          for (const m of c.members) toPoint(m);
          break;
        }
        // append the other chain, turned round when it is met by its end
        best.done = true;
        const om = bestAtEnd ? [...best.members].reverse() : best.members;
        const ob = bestAtEnd ? [...best.backwards].reverse().map((x) => 1 - x) : best.backwards;
        c.members = c.members.concat(om);
        c.backwards = c.backwards.concat(ob);
        c.length += best.length;
      }
    }
  }
}

interface Chain {
  members: number[];
  backwards: number[];
  length: number;
  done: boolean;
}

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
