/**
 * Regions and their hatching, from the exact outline loops (pure, no polygon library):
 *
 *  - `insetLoops` moves every edge of a set of closed loops (material on the left: outer loops
 *    counter-clockwise, holes clockwise) by `d` into the material. Corners are joined without
 *    cleaning the result up: where an inset collapses (a tooth narrower than 2d, a hole's inset
 *    meeting the outline's) the raw loops cross themselves or each other, and the region is where
 *    their winding number is positive — the same rule a polygon library's offset unions its raw
 *    offset with, so no intersection has to be computed.
 *  - `hatch` cuts a region by parallel lines (the infill lines of a rectilinear or grid fill):
 *    every loop edge is crossed with the lines it spans, the crossings of each line are sorted, and
 *    the stretches where the winding is positive are the segments. Each end remembers the edge it lies
 *    on, so the fill can follow the boundary from one line's end to the next.
 */
import { EdgeGrid } from './edges.js';
import { loopArea2, loopLength } from './outline.js';

/** Round joins: the largest distance of a chord from its arc (mm). */
const ROUND_TOLERANCE = 0.025;

/** Offsets join corners by miter up to this many times the offset (PrusaSlicer's ClipperUtils). */
const MITER_LIMIT = 3;

/** A region: closed loops (x, y pairs), material on the left; inside = positive winding. */
export type Loops = Float64Array[];

/**
 * Inset `loops` by `d` mm (d > 0 shrinks the material, d < 0 grows it), corners joined by miter
 * (bevelled past the miter limit) or, with join 'round', the corners where the moved edges part
 * rounded (the line at distance d from the outline, as Arachne's walls run), local overshoots
 * untangled.
 */
export function insetLoops(
  loops: Loops,
  d: number,
  join: 'miter' | 'round' = 'miter',
  dropCollapsed = false,
): Loops {
  const out: Loops = [];
  for (const xy of loops) {
    const pts = offsetLoop(xy, d, join);
    if (pts.length >= 6) {
      const clean = untangle(pts);
      if (clean.length < 6) continue;
      // (with dropCollapsed) an outline moved in past its own collapse comes out wound the other way
      // (a 1.2 mm post moved in by 0.63 mm gave a loop partly outside it): it bounds nothing
      if (dropCollapsed && d > 0 && loopArea2(xy) > 0 && loopArea2(clean) <= 0) continue;
      out.push(new Float64Array(clean));
    }
  }
  return out;
}

/**
 * One loop moved by d: every edge moved along its left normal, consecutive moved edges meeting at
 * the intersection of their lines. An edge whose moved copy comes out reversed (shorter than the
 * offset allows: a small step in the outline, a tooth tip, all of a part narrower than 2d) is
 * dropped and its neighbours meet instead, until none is reversed — the events of a straight
 * skeleton, local ones only (a collapse across the part is left to the winding rule).
 */
function offsetLoop(xy: Float64Array, d: number, join: 'miter' | 'round'): number[] {
  const m = xy.length / 2;
  if (offsetScratch.ux.length < m) offsetScratch = newOffsetScratch(m * 2);
  // the edges of non-zero length
  const { ux, uy, len, ox, oy, vx, vy, prev, next, alive, startX, startY, queue } = offsetScratch;
  let n = 0;
  for (let i = 0; i < m; i++) {
    const j = i + 1 < m ? i + 1 : 0;
    const px = xy[2 * i] as number;
    const py = xy[2 * i + 1] as number;
    const dx = (xy[2 * j] as number) - px;
    const dy = (xy[2 * j + 1] as number) - py;
    const length = Math.sqrt(dx * dx + dy * dy);
    if (!(length > 1e-9)) continue;
    ux[n] = dx / length;
    uy[n] = dy / length;
    len[n] = length;
    // a point on the moved line (the edge's start moved along the left normal) and the original
    ox[n] = px - (d * dy) / length;
    oy[n] = py + (d * dx) / length;
    vx[n] = px;
    vy[n] = py;
    n++;
  }
  if (n < 3) return [];
  for (let i = 0; i < n; i++) {
    prev[i] = i === 0 ? n - 1 : i - 1;
    next[i] = i + 1 === n ? 0 : i + 1;
    alive[i] = 1;
  }
  // where moved edge i starts: on the line of edge prev(i)
  const meet = (i: number): void => {
    const p = prev[i] as number;
    const cross = (ux[p] as number) * (uy[i] as number) - (uy[p] as number) * (ux[i] as number);
    if (Math.abs(cross) < 1e-9) {
      startX[i] = ox[i] as number;
      startY[i] = oy[i] as number;
      return;
    }
    // ox[p] + t · u[p] = ox[i] + s · u[i]
    const wx = (ox[i] as number) - (ox[p] as number);
    const wy = (oy[i] as number) - (oy[p] as number);
    const t = (wx * (uy[i] as number) - wy * (ux[i] as number)) / cross;
    const x = (ox[p] as number) + t * (ux[p] as number);
    const y = (oy[p] as number) + t * (uy[p] as number);
    // lines nearly parallel meet far away: past the miter limit the corner is bevelled instead.
    // Where the moved edges cross (a spike's tip moved in), though, the crossing is the corner as
    // long as it lies within the spike (no further from the tip than its edges are long): a bevel
    // there put the corner outside the spike. A spike moved in past its collapse comes out with its
    // edges reversed, dropped below
    const parting = d > 0 ? cross < 0 : cross > 0;
    const mx = x - (ox[i] as number);
    const my = y - (oy[i] as number);
    const reach = Math.min(len[p] as number, len[i] as number);
    const tx = x - (vx[i] as number);
    const ty = y - (vy[i] as number);
    if (mx * mx + my * my > (MITER_LIMIT * d) ** 2 && (parting || tx * tx + ty * ty > reach * reach)) {
      startX[i] = ox[i] as number;
      startY[i] = oy[i] as number;
    } else {
      startX[i] = x;
      startY[i] = y;
    }
  };
  for (let i = 0; i < n; i++) meet(i);
  let count = n;
  // (a stack of edges to look at: each removal pushes two, so it never holds more than 2n... plus n)
  let top = 0;
  for (let i = 0; i < n; i++) queue[top++] = i;
  const reversed = (i: number) => {
    const j = next[i] as number;
    return (
      ((startX[j] as number) - (startX[i] as number)) * (ux[i] as number) +
        ((startY[j] as number) - (startY[i] as number)) * (uy[i] as number) <
      0
    );
  };
  while (top > 0 && count >= 3) {
    const i = queue[--top] as number;
    if (alive[i] === 0 || !reversed(i)) continue;
    alive[i] = 0;
    count--;
    const p = prev[i] as number;
    const q = next[i] as number;
    next[p] = q;
    prev[q] = p;
    meet(q);
    queue[top++] = p;
    queue[top++] = q;
  }
  if (count < 3) return [];
  const pts: number[] = [];
  let first = 0;
  while (alive[first] === 0) first++;
  let i = first;
  do {
    const p = prev[i] as number;
    const cross = (ux[p] as number) * (uy[i] as number) - (uy[p] as number) * (ux[i] as number);
    const dot = (ux[p] as number) * (ux[i] as number) + (uy[p] as number) * (uy[i] as number);
    // a corner where the moved edges part (a concave one when moving in): round, or mitred
    const parting = d > 0 ? cross < 0 : cross > 0;
    const factor = 1 + dot; // 2 cos²(turn / 2)
    if (parting && join === 'round' && p === (i + n - 1) % n) {
      // the points at distance d from the corner: an arc, in steps whose chord strays at most
      // ROUND_TOLERANCE from it (Arachne's walls keep that deviation)
      const cx = vx[i] as number;
      const cy = vy[i] as number;
      const turn = Math.atan2(Math.abs(cross), dot);
      const r = Math.abs(d);
      const step = r > ROUND_TOLERANCE ? 2 * Math.acos(1 - ROUND_TOLERANCE / r) : Math.PI;
      const steps = Math.max(1, Math.ceil(turn / step));
      const a0 = Math.atan2(ux[p] as number, -(uy[p] as number));
      const sign = cross > 0 ? 1 : -1;
      for (let k = 0; k <= steps; k++) {
        const a = a0 + (sign * turn * k) / steps;
        pts.push(cx + d * Math.cos(a), cy + d * Math.sin(a));
      }
    } else if (parting && factor < 2 / (MITER_LIMIT * MITER_LIMIT) && p === (i + n - 1) % n) {
      // past the miter limit: bevelled (the end of the moved edge before, the start of this one)
      pts.push(
        (ox[p] as number) + (vx[i] as number) - (vx[p] as number),
        (oy[p] as number) + (vy[i] as number) - (vy[p] as number),
        ox[i] as number,
        oy[i] as number,
      );
    } else pts.push(startX[i] as number, startY[i] as number);
    i = next[i] as number;
  } while (i !== first);
  return pts;
}

/** `offsetLoop`'s per-edge tables, reused from call to call (grown as needed). */
function newOffsetScratch(size: number) {
  return {
    ux: new Float64Array(size),
    uy: new Float64Array(size),
    len: new Float64Array(size),
    ox: new Float64Array(size),
    oy: new Float64Array(size),
    vx: new Float64Array(size),
    vy: new Float64Array(size),
    prev: new Int32Array(size),
    next: new Int32Array(size),
    alive: new Uint8Array(size),
    startX: new Float64Array(size),
    startY: new Float64Array(size),
    queue: new Int32Array(size * 3),
  };
}
let offsetScratch = newOffsetScratch(0);

/** How many edges ahead `untangle` looks for a crossing. */
const UNTANGLE_WINDOW = 16;

/**
 * Cut the small loops a raw inset makes where moved edges overshoot each other (a bevelled corner,
 * a run of edges shorter than the inset): where edge i crosses edge j a few edges on, the vertices in
 * between go and the crossing takes their place. The region (positive winding) is unchanged, but the
 * outline no longer doubles back, so walking along it (infill connectors) measures the real contour.
 */
function untangle(pts: number[]): number[] {
  let xy = pts;
  for (let round = 0; round < 4; round++) {
    const n = xy.length / 2;
    if (n < 4) return xy;
    const drop = new Uint8Array(n);
    const replace = new Map<number, [number, number]>();
    let changed = false;
    let sense = 0;
    for (let i = 0; i < n; i++) {
      const j = i + 1 < n ? i + 1 : 0;
      sense +=
        (xy[2 * i] as number) * (xy[2 * j + 1] as number) - (xy[2 * j] as number) * (xy[2 * i + 1] as number);
    }
    for (let i = 0; i < n; i++) {
      if (drop[i] === 1) continue;
      const ax = xy[2 * i] as number;
      const ay = xy[2 * i + 1] as number;
      const i1 = i + 1 === n ? 0 : i + 1;
      const bx = xy[2 * i1] as number;
      const by = xy[2 * i1 + 1] as number;
      const limit = Math.min(UNTANGLE_WINDOW, n - 2);
      const minX = Math.min(ax, bx);
      const maxX = Math.max(ax, bx);
      const minY = Math.min(ay, by);
      const maxY = Math.max(ay, by);
      for (let k = 2; k <= limit; k++) {
        const j = i + k < n ? i + k : i + k - n;
        const j1 = j + 1 === n ? 0 : j + 1;
        if (j1 === i) break;
        const cx = xy[2 * j] as number;
        const cy = xy[2 * j + 1] as number;
        const dx = xy[2 * j1] as number;
        const dy = xy[2 * j1 + 1] as number;
        if (
          (cx < minX && dx < minX) ||
          (cx > maxX && dx > maxX) ||
          (cy < minY && dy < minY) ||
          (cy > maxY && dy > maxY)
        )
          continue;
        const rx = bx - ax;
        const ry = by - ay;
        const sx = dx - cx;
        const sy = dy - cy;
        const den = rx * sy - ry * sx;
        if (den === 0) continue;
        const t = ((cx - ax) * sy - (cy - ay) * sx) / den;
        const u = ((cx - ax) * ry - (cy - ay) * rx) / den;
        if (t <= 0 || t >= 1 || u <= 0 || u >= 1) continue;
        // vertices i+1 .. j are cut out, the crossing replaces them — only if that small loop runs
        // against the outline's own sense (an overshoot), never a real lobe of the region
        let any = false;
        for (let m = 1; m <= k; m++) if (drop[(i + m) % n] === 1) any = true;
        if (any) continue;
        const xx = ax + t * rx;
        const xyy = ay + t * ry;
        let sub = 0;
        let px = xx;
        let py = xyy;
        for (let m = 1; m <= k; m++) {
          const v = (i + m) % n;
          const qx = xy[2 * v] as number;
          const qy = xy[2 * v + 1] as number;
          sub += px * qy - qx * py;
          px = qx;
          py = qy;
        }
        sub += px * xyy - xx * py;
        if (sub * sense > 0) continue;
        for (let m = 2; m <= k; m++) drop[(i + m) % n] = 1;
        replace.set(i1, [xx, xyy]);
        changed = true;
        break;
      }
    }
    if (!changed) return xy;
    const next: number[] = [];
    for (let i = 0; i < n; i++) {
      if (drop[i] === 1) continue;
      const r = replace.get(i);
      if (r) next.push(r[0], r[1]);
      else next.push(xy[2 * i] as number, xy[2 * i + 1] as number);
    }
    xy = next;
  }
  return xy;
}

/** The segments of a hatch, in the hatch's own frame (lines along x after turning by −angle). */
export interface Hatch {
  /** Count of segments. */
  count: number;
  /** Per segment: its line's index (y = k · spacing + phase in the turned frame), its ends' x. */
  line: Int32Array;
  x0: Float64Array;
  x1: Float64Array;
  /** Per segment end: the loop and edge it lies on (edge e runs from vertex e to e + 1). */
  loop0: Int32Array;
  edge0: Int32Array;
  loop1: Int32Array;
  edge1: Int32Array;
  /** The hatch's frame: lines run along (cos, sin) of this angle; y of line k. */
  angle: number;
  spacing: number;
  phase: number;
}

/** Scratch for the crossings (grown as needed; the module is single-threaded per worker). */
let crossLine = new Int32Array(1024);
let crossX = new Float64Array(1024);
let crossWind = new Int8Array(1024);
let crossLoop = new Int32Array(1024);
let crossEdge = new Int32Array(1024);
let crossOrder = new Int32Array(1024);

function growCrossings(n: number): void {
  if (crossLine.length >= n) return;
  let size = crossLine.length;
  while (size < n) size *= 2;
  crossLine = new Int32Array(size);
  crossX = new Float64Array(size);
  crossWind = new Int8Array(size);
  crossLoop = new Int32Array(size);
  crossEdge = new Int32Array(size);
  crossOrder = new Int32Array(size);
}

/**
 * Cut the region `loops` (inside: positive winding) by lines at `angle` (radians), `spacing` mm
 * apart, the line k lying at k · spacing + phase across the direction (turned frame). With `clip`,
 * the region is the intersection of both (each with its own winding number); an end on a clip loop
 * reports loop index loops.length + its index in `clip`. Segments come sorted by line, then by x.
 */
export function hatch(loops: Loops, angle: number, spacing: number, phase = 0, clip?: Loops): Hatch {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // the clip's loops follow the region's (their crossings count on a second winding number)
  const all = clip && clip.length > 0 ? [...loops, ...clip] : loops;
  const clipFrom = clip && clip.length > 0 ? loops.length : all.length;
  // count crossings first
  let total = 0;
  for (const xy of all) {
    const n = xy.length / 2;
    for (let i = 0; i < n; i++) {
      const j = i + 1 < n ? i + 1 : 0;
      const y1 = -(xy[2 * i] as number) * sin + (xy[2 * i + 1] as number) * cos;
      const y2 = -(xy[2 * j] as number) * sin + (xy[2 * j + 1] as number) * cos;
      if (y1 === y2) continue;
      const lo = Math.min(y1, y2);
      const hi = Math.max(y1, y2);
      const k0 = Math.ceil((lo - phase) / spacing);
      const k1 = Math.ceil((hi - phase) / spacing) - 1;
      if (k1 >= k0) total += k1 - k0 + 1;
    }
  }
  growCrossings(total);
  let c = 0;
  for (let l = 0; l < all.length; l++) {
    const xy = all[l] as Float64Array;
    const n = xy.length / 2;
    for (let i = 0; i < n; i++) {
      const j = i + 1 < n ? i + 1 : 0;
      const xa = xy[2 * i] as number;
      const ya = xy[2 * i + 1] as number;
      const xb = xy[2 * j] as number;
      const yb = xy[2 * j + 1] as number;
      const x1 = xa * cos + ya * sin;
      const y1 = -xa * sin + ya * cos;
      const x2 = xb * cos + yb * sin;
      const y2 = -xb * sin + yb * cos;
      if (y1 === y2) continue;
      const lo = Math.min(y1, y2);
      const hi = Math.max(y1, y2);
      // lines in [lo, hi): a vertex on a line counts once
      const k0 = Math.ceil((lo - phase) / spacing);
      const k1 = Math.ceil((hi - phase) / spacing) - 1;
      const slope = (x2 - x1) / (y2 - y1);
      const wind = y2 > y1 ? 1 : -1;
      for (let k = k0; k <= k1; k++) {
        const y = k * spacing + phase;
        crossLine[c] = k;
        crossX[c] = x1 + (y - y1) * slope;
        // an edge going up (in the turned frame) has material on its left, i.e. at smaller x:
        // crossing it left to right leaves the material
        crossWind[c] = -wind;
        crossLoop[c] = l;
        crossEdge[c] = i;
        c++;
      }
    }
  }
  const order = crossOrder.subarray(0, c);
  for (let i = 0; i < c; i++) order[i] = i;
  order.sort(
    (a, b) =>
      (crossLine[a] as number) - (crossLine[b] as number) || (crossX[a] as number) - (crossX[b] as number),
  );
  // walk each line: winding > 0 between crossings is inside
  const line: number[] = [];
  const x0: number[] = [];
  const x1: number[] = [];
  const loop0: number[] = [];
  const edge0: number[] = [];
  const loop1: number[] = [];
  const edge1: number[] = [];
  let i = 0;
  while (i < c) {
    const k = crossLine[order[i] as number] as number;
    let winding = 0;
    let windingClip = 0;
    let start = -1;
    const noClip = clipFrom === all.length;
    for (; i < c && crossLine[order[i] as number] === k; i++) {
      const o = order[i] as number;
      const before = winding > 0 && (noClip || windingClip > 0);
      if ((crossLoop[o] as number) < clipFrom) winding += crossWind[o] as number;
      else windingClip += crossWind[o] as number;
      const after = winding > 0 && (noClip || windingClip > 0);
      if (!before && after) start = o;
      else if (before && !after && start >= 0) {
        const xs = crossX[start] as number;
        const xe = crossX[o] as number;
        if (xe > xs) {
          line.push(k);
          x0.push(xs);
          x1.push(xe);
          loop0.push(crossLoop[start] as number);
          edge0.push(crossEdge[start] as number);
          loop1.push(crossLoop[o] as number);
          edge1.push(crossEdge[o] as number);
        }
        start = -1;
      }
    }
  }
  return {
    count: line.length,
    line: new Int32Array(line),
    x0: new Float64Array(x0),
    x1: new Float64Array(x1),
    loop0: new Int32Array(loop0),
    edge0: new Int32Array(edge0),
    loop1: new Int32Array(loop1),
    edge1: new Int32Array(edge1),
    angle,
    spacing,
    phase,
  };
}

/** The point of segment `s`'s end (0: start, 1: end) in the layer's own frame. */
export function hatchPoint(h: Hatch, s: number, end: 0 | 1): [number, number] {
  const x = end === 0 ? (h.x0[s] as number) : (h.x1[s] as number);
  const y = (h.line[s] as number) * h.spacing + h.phase;
  const cos = Math.cos(h.angle);
  const sin = Math.sin(h.angle);
  return [x * cos - y * sin, x * sin + y * cos];
}

/** Twice the signed area inside a region (positive winding counted once), from its hatch at a fine
 * spacing: Σ segment length × spacing. For tests. */
export function hatchedArea(h: Hatch): number {
  let s = 0;
  for (let i = 0; i < h.count; i++) s += (h.x1[i] as number) - (h.x0[i] as number);
  return s * h.spacing;
}

/** Winding number of all loops about (x, y) (counter-clockwise loops count +1 around a point). */
export function windingAt(loops: Loops, x: number, y: number): number {
  let w = 0;
  for (const xy of loops) {
    // (a loop the ray to +x cannot cross adds nothing: a plate's many holes in other rows)
    const box = reachOf(xy);
    if (y < (box[0] as number) || y > (box[1] as number) || x > (box[2] as number)) continue;
    const n = xy.length / 2;
    for (let i = 0; i < n; i++) {
      const j = i + 1 < n ? i + 1 : 0;
      const y1 = xy[2 * i + 1] as number;
      const y2 = xy[2 * j + 1] as number;
      if (y1 <= y) {
        if (y2 > y) {
          const x1 = xy[2 * i] as number;
          const x2 = xy[2 * j] as number;
          if ((x2 - x1) * (y - y1) - (x - x1) * (y2 - y1) > 0) w++;
        }
      } else if (y2 <= y) {
        const x1 = xy[2 * i] as number;
        const x2 = xy[2 * j] as number;
        if ((x2 - x1) * (y - y1) - (x - x1) * (y2 - y1) < 0) w--;
      }
    }
  }
  return w;
}

/** Each loop's lowest and highest y and its highest x, kept while the loop lives. */
const reaches = new WeakMap<Float64Array, Float64Array>();

function reachOf(xy: Float64Array): Float64Array {
  let box = reaches.get(xy);
  if (box) return box;
  const [, y0, x1, y1] = boundsOf([xy]);
  box = Float64Array.of(y0, y1, x1);
  reaches.set(xy, box);
  return box;
}

/**
 * The loops of a raw inset that really bound its region: a loop is kept when, just left of a point
 * of it, the winding of all loops is positive and just right of it is not (a moved-in outline
 * swallowed by a grown hole, say, bounds nothing). Needed before insetting again. The point is the
 * middle of the loop's longest edge, else (that point may lie where another loop crosses this one:
 * a plate's rim narrower than the inset, where a grown hole crosses the moved-in outline) at least
 * half of sixteen points spread along the loop (a letter's stroke too thin for the inset leaves its
 * outline and its grown hole crossing all over: the slivers between them bound little, and go).
 * Where a loop kept by its longest edge crosses another, the region's exact outline (regionLoops),
 * as PrusaSlicer's offsets of a union give it: a plate's grown holes crossing its moved-in outline
 * or each other leave their loops' areas counting the overlaps twice, and the fills' ends along them.
 */
export function boundingLoops(loops: Loops): Loops {
  if (loops.length <= 1) return loops;
  let partial = false;
  // Whether a loop meets another or itself: one that meets none bounds, beside every point of it,
  // as it does beside any one (the winding beside it changes only where an edge crosses it).
  let grid: EdgeGrid | undefined;
  const crossed = (index: number): boolean => {
    grid ??= loopsGrid(loops);
    return meetsOthers(grid, loops, index);
  };
  const kept = loops.filter((xy, index) => {
    const n = xy.length / 2;
    const { best, total } = longestEdge(xy);
    if (best < 0) return false;
    if (boundsAt(loops, xy, best, 0.5)) {
      // kept; where another loop crosses it, only part of it bounds (a plate's holes grown into
      // each other round its webs, or into its moved-in outline): the region is pieces of several
      if (crossed(index)) partial = true;
      return true;
    }
    const bounding = samplesBounding(loops, xy, total);
    if (bounding >= BOUND_SAMPLES / 2) return true;
    // dropped: does it bound anywhere (by a sample, or next to a corner)? Then the loops cross and
    // the region is pieces of several of them (a box's wall too thin for the fill inset but at its
    // corners: the moved-in outline's corner tips stand out of the grown hole)
    if (bounding > 0) partial = true;
    else if (crossed(index))
      for (let i = 0; i < n && !partial; i++)
        if (boundsAt(loops, xy, i, 0.02) || boundsAt(loops, xy, i, 0.98)) partial = true;
    return false;
  });
  return partial ? regionLoops(loops) : kept;
}

/** A loop's longest edge (−1: none of any length) and its length all round. */
export function longestEdge(xy: Float64Array): { best: number; total: number } {
  const n = xy.length / 2;
  let best = -1;
  let bestLen = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const len = Math.hypot(
      (xy[2 * j] as number) - (xy[2 * i] as number),
      (xy[2 * j + 1] as number) - (xy[2 * i + 1] as number),
    );
    total += len;
    if (len > bestLen) {
      bestLen = len;
      best = i;
    }
  }
  return { best, total };
}

/** Points of a loop tried by `samplesBounding`. */
const BOUND_SAMPLES = 16;

/** How many of the points at arc lengths (k + 0.37) / 16 of a loop (`total` long; off the loop's
 * symmetries) bound the region of `loops`. */
function samplesBounding(loops: Loops, xy: Float64Array, total: number): number {
  const n = xy.length / 2;
  let k = 0;
  let run = 0;
  let bounding = 0;
  for (let i = 0; i < n && k < BOUND_SAMPLES; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const len = Math.hypot(
      (xy[2 * j] as number) - (xy[2 * i] as number),
      (xy[2 * j + 1] as number) - (xy[2 * i + 1] as number),
    );
    while (k < BOUND_SAMPLES && ((k + 0.37) / BOUND_SAMPLES) * total < run + len) {
      const at = (((k + 0.37) / BOUND_SAMPLES) * total - run) / len;
      if (len > 0 && boundsAt(loops, xy, i, at)) bounding++;
      k++;
    }
    run += len;
  }
  return bounding;
}

/** The loops' edges on a grid of about their mean edge length. */
function loopsGrid(loops: Loops): EdgeGrid {
  let edges = 0;
  let length = 0;
  for (const loop of loops) {
    edges += loop.length / 2;
    length += loopLength(loop);
  }
  return new EdgeGrid(loops, length > 0 ? length / edges : 1);
}

/** Whether loop `index` meets another loop or itself (its neighbouring edges aside). */
function meetsOthers(grid: EdgeGrid, loops: Loops, index: number): boolean {
  const xy = loops[index] as Float64Array;
  // the grid numbers edges loop after loop
  let first = 0;
  for (let l = 0; l < index; l++) first += (loops[l] as Float64Array).length / 2;
  const n = xy.length / 2;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const ax = xy[2 * i] as number;
    const ay = xy[2 * i + 1] as number;
    const bx = xy[2 * j] as number;
    const by = xy[2 * j + 1] as number;
    const prev = first + (i > 0 ? i - 1 : n - 1);
    if (grid.meets(ax, ay, bx, by, 1e-4, first + i, prev, first + j)) return true;
  }
  return false;
}

/** x0, y0, x1, y1 (mm). */
export type Bounds = [number, number, number, number];

/** The bounding box of loops (or of any x, y paths). */
export function boundsOf(loops: ReadonlyArray<ArrayLike<number>>): Bounds {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const xy of loops)
    for (let i = 0; i < xy.length; i += 2) {
      const x = xy[i] as number;
      const y = xy[i + 1] as number;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  return [x0, y0, x1, y1];
}

/** Whether two bounding boxes meet. */
export function overlaps(a: Bounds, b: Bounds): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/**
 * The outline of the region where the loops wind positively, exactly: every loop is cut where
 * another crosses it, the pieces with that region just left of them and not just right are kept, and
 * chained end to start into loops (at a crossing, one loop's kept piece hands over to the other's).
 */
export function regionLoops(loops: Loops): Loops {
  interface Cut {
    edge: number;
    t: number;
    x: number;
    y: number;
  }
  const cuts: Cut[][] = loops.map(() => []);
  forEachCrossing(loops, (a, i, t, b, j, u, x, y) => {
    (cuts[a] as Cut[]).push({ edge: i, t, x, y });
    (cuts[b] as Cut[]).push({ edge: j, t: u, x, y });
  });
  const key = (x: number, y: number) => `${x.toFixed(9)},${y.toFixed(9)}`;
  const pieces: number[][] = [];
  const out: Loops = [];
  for (let l = 0; l < loops.length; l++) {
    const xy = loops[l] as Float64Array;
    const n = xy.length / 2;
    const list = (cuts[l] as Cut[]).sort((c, d) => c.edge - d.edge || c.t - d.t);
    if (list.length === 0) {
      // uncut: all of it bounds or none does
      if (n >= 3 && boundsAt(loops, xy, 0, 0.5)) out.push(xy);
      continue;
    }
    for (let c = 0; c < list.length; c++) {
      const from = list[c] as Cut;
      const to = list[(c + 1) % list.length] as Cut;
      const piece = [from.x, from.y];
      // the vertices after `from` up to and including the start of `to`'s edge
      let e = from.edge;
      let guard = 0;
      const sameEdgeLater = to.edge === from.edge && to.t > from.t && list.length > 1;
      if (!sameEdgeLater)
        do {
          e = e + 1 < n ? e + 1 : 0;
          piece.push(xy[2 * e] as number, xy[2 * e + 1] as number);
          guard++;
        } while (e !== to.edge && guard <= n);
      piece.push(to.x, to.y);
      // classified just beside the middle of its middle segment
      const m = Math.max(0, Math.floor(piece.length / 4) - 1);
      const seg = new Float64Array(piece.slice(2 * m, 2 * m + 4));
      if (seg.length === 4 && boundsAt(loops, seg, 0, 0.5)) pieces.push(piece);
    }
  }
  // chain the kept pieces end to start
  const byStart = new Map<string, number[][]>();
  for (const p of pieces) {
    const k = key(p[0] as number, p[1] as number);
    const list = byStart.get(k) ?? [];
    list.push(p);
    byStart.set(k, list);
  }
  const used = new Set<number[]>();
  for (const first of pieces) {
    if (used.has(first)) continue;
    const loop: number[] = [];
    let piece: number[] | undefined = first;
    let guard = 0;
    while (piece && !used.has(piece) && guard++ <= pieces.length) {
      used.add(piece);
      loop.push(...piece.slice(0, piece.length - 2));
      const end = key(piece[piece.length - 2] as number, piece[piece.length - 1] as number);
      piece = (byStart.get(end) ?? []).find((p) => !used.has(p));
    }
    if (loop.length >= 6) out.push(Float64Array.from(loop));
  }
  return out;
}

/**
 * Every crossing of an edge of one loop with an edge of a later loop (edges i of loop a and j of
 * loop b, a < b, at fractions t and u along them, at x, y), once each. Only pairs of edges that share
 * a bucket of the loops' edge grid are tried, so that two loops of thousands of edges (overlapping
 * bodies of a fine mesh) cost about their edges, not their product.
 */
function forEachCrossing(
  loops: Loops,
  found: (a: number, i: number, t: number, b: number, j: number, u: number, x: number, y: number) => void,
): void {
  const boxes = loops.map((xy) => boundsOf([xy]));
  // the grid numbers edges loop after loop: each edge's loop and index in it
  let edges = 0;
  for (const xy of loops) edges += xy.length / 2;
  const loopOf = new Int32Array(edges);
  const edgeOf = new Int32Array(edges);
  let e = 0;
  loops.forEach((xy, l) => {
    for (let i = 0; i < xy.length / 2; i++, e++) {
      loopOf[e] = l;
      edgeOf[e] = i;
    }
  });
  loopsGrid(loops).forEachNearPair((s, t) => {
    const a = loopOf[s] as number;
    const b = loopOf[t] as number;
    if (a === b || !overlaps(boxes[a] as Bounds, boxes[b] as Bounds)) return;
    const i = edgeOf[s] as number;
    const j = edgeOf[t] as number;
    const p = loops[a] as Float64Array;
    const q = loops[b] as Float64Array;
    const i2 = i + 1 < p.length / 2 ? i + 1 : 0;
    const j2 = j + 1 < q.length / 2 ? j + 1 : 0;
    const ax = p[2 * i] as number;
    const ay = p[2 * i + 1] as number;
    const rx = (p[2 * i2] as number) - ax;
    const ry = (p[2 * i2 + 1] as number) - ay;
    const bx = q[2 * j] as number;
    const by = q[2 * j + 1] as number;
    const sx = (q[2 * j2] as number) - bx;
    const sy = (q[2 * j2 + 1] as number) - by;
    const den = rx * sy - ry * sx;
    if (den === 0) return;
    const tt = ((bx - ax) * sy - (by - ay) * sx) / den;
    const u = ((bx - ax) * ry - (by - ay) * rx) / den;
    if (!(tt > 0 && tt <= 1 && u > 0 && u <= 1)) return;
    found(a, i, tt, b, j, u, ax + rx * tt, ay + ry * tt);
  });
}

/** Whether, at fraction `at` of edge i of loop `xy`, all `loops` wind positively just left of it and
 * not just right of it. */
function boundsAt(loops: Loops, xy: Float64Array, i: number, at: number): boolean {
  const eps = 1e-5;
  const n = xy.length / 2;
  const j = i + 1 < n ? i + 1 : 0;
  const ax = xy[2 * i] as number;
  const ay = xy[2 * i + 1] as number;
  const ex = (xy[2 * j] as number) - ax;
  const ey = (xy[2 * j + 1] as number) - ay;
  const len = Math.hypot(ex, ey);
  if (!(len > 0)) return false;
  const dx = ex / len;
  const dy = ey / len;
  const mx = ax + ex * at;
  const my = ay + ey * at;
  const left = windingAt(loops, mx - dy * eps, my + dx * eps);
  const right = windingAt(loops, mx + dy * eps, my - dx * eps);
  return left > 0 && right <= 0;
}
