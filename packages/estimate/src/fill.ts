/**
 * Stage "infill" and "skins", the lines themselves: each fill region is hatched (hatch.ts) and its
 * lines joined the way PrusaSlicer 2.5's fills join them (written from the facts of
 * FillRectilinear.cpp and FillBase.cpp at version 2.5.0, not copied):
 *
 *  - monotonic / rectilinear (every solid fill of the house profile, and 100 % infill): lines one
 *    spacing apart, spread evenly across the region (the spacing grows by up to 20 % so that a whole
 *    number of lines fits), cut at the region shrunk by half a spacing; consecutive lines that
 *    overlap one to one are joined along that contour into one zig-zag, whose free ends reach out to
 *    the region shrunk by 0.05 spacing;
 *  - grid (sparse infill): lines in both diagonals every 2 · spacing / density, on a grid through the
 *    object's centre, cut at the region shrunk by half a spacing; their ends are joined along that
 *    contour, shortest gap first, when the join neither closes a loop nor exceeds 50 mm
 *    (infill_anchor_max); an end left over gets an anchor of up to 6 spacings along the contour.
 *
 * Output: polylines (x, y pairs) in the layer's frame. Pure.
 */
import { type Hatch, hatch, insetLoops, type Loops } from './hatch.js';

/** A region to fill: loops (inside = positive winding), optionally intersected with clip loops. */
export interface Region {
  loops: Loops;
  clip?: Loops;
}

/** The region shrunk by d (an intersection shrinks as each of its parts does). */
function shrinkRegion(r: Region, d: number): Region {
  return r.clip
    ? { loops: insetLoops(r.loops, d), clip: insetLoops(r.clip, d) }
    : { loops: insetLoops(r.loops, d) };
}

/** All loops of a region, in the order hatch() numbers them. */
function allLoops(r: Region): Loops {
  return r.clip ? [...r.loops, ...r.clip] : r.loops;
}

/** A polyline to extrude (x, y pairs); `fixedStart`: it must start at its first point (monotonic). */
export interface FillPath {
  xy: number[];
  fixedStart: boolean;
}

/** A position along a loop set: loop index, edge index, and the point. */
interface ContourPoint {
  loop: number;
  edge: number;
  x: number;
  y: number;
}

/** Arc-length tables of a loop set (cumulative length at each vertex, and the total). */
class Contour {
  readonly cumulative: Float64Array[];
  readonly length: number[];
  constructor(readonly loops: Loops) {
    this.cumulative = [];
    this.length = [];
    for (const xy of loops) {
      const n = xy.length / 2;
      const cum = new Float64Array(n + 1);
      for (let i = 0; i < n; i++) {
        const j = i + 1 < n ? i + 1 : 0;
        cum[i + 1] =
          (cum[i] as number) +
          Math.hypot(
            (xy[2 * j] as number) - (xy[2 * i] as number),
            (xy[2 * j + 1] as number) - (xy[2 * i + 1] as number),
          );
      }
      this.cumulative.push(cum);
      this.length.push(cum[n] as number);
    }
  }

  /** Arc-length position of a point lying on edge `edge` of loop `loop`. */
  position(p: ContourPoint): number {
    const xy = this.loops[p.loop] as Float64Array;
    const cum = this.cumulative[p.loop] as Float64Array;
    const x0 = xy[2 * p.edge] as number;
    const y0 = xy[2 * p.edge + 1] as number;
    return (cum[p.edge] as number) + Math.hypot(p.x - x0, p.y - y0);
  }

  /**
   * The contour's vertices from `a` to `b` going forward (increasing arc length) along their loop,
   * appended to `out` (without the points themselves). Returns the arc length.
   */
  walk(a: ContourPoint, b: ContourPoint, forward: boolean, out: number[] | null): number {
    const xy = this.loops[a.loop] as Float64Array;
    const n = xy.length / 2;
    const total = this.length[a.loop] as number;
    const ta = this.position(a);
    const tb = this.position(b);
    let length = forward ? tb - ta : ta - tb;
    if (length < 0) length += total;
    if (out) {
      if (forward) {
        // vertices edge(a)+1 ... edge(b)
        let v = (a.edge + 1) % n;
        const stop = (b.edge + 1) % n;
        const sameEdgeAhead = a.edge === b.edge && tb >= ta;
        if (!sameEdgeAhead)
          for (let guard = 0; v !== stop && guard <= n; guard++) {
            out.push(xy[2 * v] as number, xy[2 * v + 1] as number);
            v = (v + 1) % n;
          }
      } else {
        // vertices edge(a) ... edge(b)+1, backwards
        let v = a.edge;
        const stop = b.edge;
        const sameEdgeBehind = a.edge === b.edge && tb <= ta;
        if (!sameEdgeBehind)
          for (let guard = 0; v !== stop && guard <= n; guard++) {
            out.push(xy[2 * v] as number, xy[2 * v + 1] as number);
            v = (v + n - 1) % n;
          }
      }
    }
    return length;
  }

  /** Walk `length` mm from `a` along its loop (forward or backward), appending vertices and the end. */
  walkFor(a: ContourPoint, length: number, forward: boolean, out: number[]): void {
    const xy = this.loops[a.loop] as Float64Array;
    const n = xy.length / 2;
    let x = a.x;
    let y = a.y;
    let left = length;
    let v = forward ? (a.edge + 1) % n : a.edge;
    for (let guard = 0; guard <= n && left > 1e-9; guard++) {
      const vx = xy[2 * v] as number;
      const vy = xy[2 * v + 1] as number;
      const d = Math.hypot(vx - x, vy - y);
      if (d >= left) {
        out.push(x + ((vx - x) * left) / d, y + ((vy - y) * left) / d);
        return;
      }
      out.push(vx, vy);
      left -= d;
      x = vx;
      y = vy;
      v = forward ? (v + 1) % n : (v + n - 1) % n;
    }
  }
}

/** The two ends of hatch segment s, in the layer's frame. */
function segmentEnds(h: Hatch, s: number): [number, number, number, number] {
  const cos = Math.cos(h.angle);
  const sin = Math.sin(h.angle);
  const y = (h.line[s] as number) * h.spacing + h.phase;
  const xa = h.x0[s] as number;
  const xb = h.x1[s] as number;
  return [xa * cos - y * sin, xa * sin + y * cos, xb * cos - y * sin, xb * sin + y * cos];
}

/** Extent of a region across lines at `angle` (min and max of y in the turned frame). */
export function extentAcross(region: Region, angle: number): [number, number] {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  const [a, b] = [extentOf(region.loops, cos, sin), region.clip ? extentOf(region.clip, cos, sin) : null];
  lo = b ? Math.max(a[0], b[0]) : a[0];
  hi = b ? Math.min(a[1], b[1]) : a[1];
  return [lo, hi];
}

function extentOf(loops: Loops, cos: number, sin: number): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const xy of loops) {
    for (let i = 0; i < xy.length; i += 2) {
      const y = -(xy[i] as number) * sin + (xy[i + 1] as number) * cos;
      if (y < lo) lo = y;
      if (y > hi) hi = y;
    }
  }
  return [lo, hi];
}

/** A lone solid line crossing the region for less than this share of a spacing is dropped. */
const MIN_LONE_LINE = 0.5;

export interface SolidFill {
  paths: FillPath[];
  /** The line spacing used (the nominal one, widened to fit the region evenly). */
  spacing: number;
}

/**
 * A solid region (loops: its outline, inside = positive winding) filled monotonic / rectilinear at
 * `angle` with nominal line spacing `spacing`.
 */
export function solidFill(
  region: Region,
  angle: number,
  spacing: number,
  options: {
    /** Line pitch when it is not the spacing (a sparse rectilinear fill, e.g. support base). */
    pitch?: number;
    /** Lines on a fixed grid (line k at k · pitch + phase across them) rather than spread evenly. */
    phase?: number;
    /** Free ends run on along their line to the region shrunk by 0.05 of a spacing (rather than a
     * fixed 0.45 of a spacing past the inner one: longer where the outline slants along the
     * lines). */
    outerEnds?: boolean;
  } = {},
): SolidFill {
  const [lo, hi] = extentAcross(region, angle);
  const width = hi - lo;
  if (!(width > 0)) return { paths: [], spacing };
  // _adjust_solid_spacing: a whole number of lines across the unshrunk region, spacing at most +20 %
  // (not for a fill on a fixed grid)
  const eps = 1e-4;
  const pitch = options.pitch ?? spacing;
  const count = Math.floor((width - eps) / pitch);
  const adjusted =
    options.phase !== undefined ? pitch : count > 0 ? Math.min(1.2 * pitch, (width - eps) / count) : pitch;
  const inner = shrinkRegion(region, 0.5 * spacing);
  const phase =
    options.phase !== undefined
      ? options.phase - Math.floor(options.phase / adjusted) * adjusted
      : lo + adjusted / 2 - Math.floor((lo + adjusted / 2) / adjusted) * adjusted;
  // segments per line (sorted by line, then x)
  const { h, byLine } = hatchOf(inner, angle, adjusted, phase);
  const paths: FillPath[] = [];
  if (h.count === 0) return { paths, spacing: adjusted };
  const contour = new Contour(allLoops(inner));
  const extend = 0.45 * spacing; // free ends reach the region shrunk by 0.05 spacing
  const outer = options.outerEnds
    ? hatchOf(shrinkRegion(region, 0.05 * spacing), angle, adjusted, phase)
    : null;
  /** How far the free end of segment q at its start (x0) or end (x1) runs on along its line. */
  const reach = (q: number, atEnd: boolean): number => {
    if (!outer) return extend;
    const x = atEnd ? (h.x1[q] as number) : (h.x0[q] as number);
    for (const o of outer.byLine.get(h.line[q] as number) ?? []) {
      const ox0 = outer.h.x0[o] as number;
      const ox1 = outer.h.x1[o] as number;
      if (ox0 <= x + 1e-9 && x <= ox1 + 1e-9) return Math.max(0, atEnd ? ox1 - x : x - ox0);
    }
    return extend;
  };
  // joined along the contour only to the next line when that is near (a sparse fill's lines are
  // a pitch apart: its connectors are that long)
  const overlaps = (a: number, b: number) =>
    (h.x0[a] as number) < (h.x1[b] as number) && (h.x0[b] as number) < (h.x1[a] as number);
  const visited = new Uint8Array(h.count);
  /** A segment may be entered once every segment it overlaps on the line before is printed (the
   * monotonic order: nothing to its left is left for later). */
  const ready = (b: number) => {
    for (const a of byLine.get((h.line[b] as number) - 1) ?? [])
      if (visited[a] === 0 && overlaps(a, b)) return false;
    return true;
  };
  const cos = Math.cos(h.angle);
  const sin = Math.sin(h.angle);
  const coreOf = (q: number) => (h.x1[q] as number) - (h.x0[q] as number);
  // per loop, the arc-length positions of every line's ends on it (built when first needed)
  let endsOnLoops: number[][] | null = null;
  /** True when no line's end lies on the loop strictly between arc positions ta and tb, going
   * forward or back (PrusaSlicer links two lines along the contour only between neighbouring
   * intersections). */
  const adjacent = (loop: number, ta: number, tb: number, forward: boolean): boolean => {
    if (!endsOnLoops) {
      endsOnLoops = allLoops(inner).map(() => []);
      for (let q = 0; q < h.count; q++) {
        const [ax, ay, bx, by] = segmentEnds(h, q);
        const l0 = h.loop0[q] as number;
        const l1 = h.loop1[q] as number;
        endsOnLoops[l0]?.push(contour.position({ loop: l0, edge: h.edge0[q] as number, x: ax, y: ay }));
        endsOnLoops[l1]?.push(contour.position({ loop: l1, edge: h.edge1[q] as number, x: bx, y: by }));
      }
    }
    const total = contour.length[loop] as number;
    const span = (((forward ? tb - ta : ta - tb) % total) + total) % total;
    for (const t of endsOnLoops[loop] ?? []) {
      const d = (((forward ? t - ta : ta - t) % total) + total) % total;
      if (d > 1e-6 && d < span - 1e-6) return false;
    }
    return true;
  };
  for (let s = 0; s < h.count; s++) {
    if (visited[s] === 1) continue;
    // one zig-zag from s: up the first line, along the contour to the next, down it, ...
    const xy: number[] = [];
    let up = true;
    let seg = s;
    let first = true;
    let lines = 0;
    let core = 0;
    while (seg >= 0) {
      visited[seg] = 1;
      lines++;
      core += (h.x1[seg] as number) - (h.x0[seg] as number);
      const [ax, ay, bx, by] = segmentEnds(h, seg);
      const [sx, sy, ex, ey] = up ? [ax, ay, bx, by] : [bx, by, ax, ay];
      if (first) {
        // the free start reaches out along the line
        const dir = up ? -1 : 1;
        const e = reach(seg, !up);
        xy.push(sx + dir * e * cos, sy + dir * e * sin);
        first = false;
      }
      xy.push(sx, sy);
      xy.push(ex, ey);
      // the next line's segment overlapping this one, nearest to this end, if it may be printed now
      // (one that does not overlap it, when none does: a narrow strip slanting across the lines,
      // a sloped wall's skin, whose lines PrusaSlicer joins by short links along its sides)
      let nxt = -1;
      let loose = false;
      for (const overlapping of [true, false]) {
        let bestD = Number.POSITIVE_INFINITY;
        for (const b of byLine.get((h.line[seg] as number) + 1) ?? []) {
          if (visited[b] === 1 || overlaps(seg, b) !== overlapping || !ready(b)) continue;
          // (not to a line too short to be printed alone, a sliver's)
          if (!overlapping && !(Math.min(coreOf(seg), coreOf(b)) >= MIN_LONE_LINE * spacing)) continue;
          const d = Math.abs(
            (up ? (h.x1[b] as number) : (h.x0[b] as number)) -
              (up ? (h.x1[seg] as number) : (h.x0[seg] as number)),
          );
          if (d < bestD) {
            bestD = d;
            nxt = b;
          }
        }
        if (nxt >= 0) {
          loose = !overlapping;
          break;
        }
      }
      const endRef: ContourPoint = up
        ? { loop: h.loop1[seg] as number, edge: h.edge1[seg] as number, x: ex, y: ey }
        : { loop: h.loop0[seg] as number, edge: h.edge0[seg] as number, x: ex, y: ey };
      if (nxt >= 0) {
        const [nax, nay, nbx, nby] = segmentEnds(h, nxt);
        const target: ContourPoint = up
          ? { loop: h.loop1[nxt] as number, edge: h.edge1[nxt] as number, x: nbx, y: nby }
          : { loop: h.loop0[nxt] as number, edge: h.edge0[nxt] as number, x: nax, y: nay };
        // joined along the contour when both ends lie on the same loop, no other line's end between
        if (endRef.loop !== target.loop) nxt = -1;
        else {
          const fwd = contour.walk(endRef, target, true, null);
          const back = contour.walk(endRef, target, false, null);
          const length = Math.min(fwd, back);
          if (
            length >
              3 * adjusted +
                (loose ? 0 : Math.abs((up ? nbx - ex : nax - ex) * cos + (up ? nby - ey : nay - ey) * sin)) ||
            (loose && !adjacent(endRef.loop, contour.position(endRef), contour.position(target), fwd <= back))
          )
            nxt = -1;
          else contour.walk(endRef, target, fwd <= back, xy);
        }
      }
      if (nxt < 0) {
        const dir = up ? 1 : -1;
        const e = reach(seg, up);
        xy.push(ex + dir * e * cos, ey + dir * e * sin);
      }
      up = !up;
      seg = nxt;
    }
    // a lone line that crosses the region for less than a fraction of a spacing is a sliver's
    // (a wedge tapering into the walls): made only of its free ends, it is not printed
    if (lines === 1 && core < MIN_LONE_LINE * spacing) continue;
    paths.push({ xy: dedupe(xy), fixedStart: true });
  }
  return { paths, spacing: adjusted };
}

/** A hatch with its segments listed per line. */
function hatchOf(
  region: Region,
  angle: number,
  pitch: number,
  phase: number,
): { h: Hatch; byLine: Map<number, number[]> } {
  const h = hatch(region.loops, angle, pitch, phase, region.clip);
  const byLine = new Map<number, number[]>();
  for (let s = 0; s < h.count; s++) {
    const k = h.line[s] as number;
    const list = byLine.get(k);
    if (list) list.push(s);
    else byLine.set(k, [s]);
  }
  return { h, byLine };
}

/**
 * Sparse grid infill of a region: both diagonal families every `lineSpacing`, aligned to the grid
 * through `origin`, cut at the region shrunk by half the extrusion spacing `spacing`, joined by
 * connect_infill with anchors of up to `anchor` mm.
 */
export function gridFill(
  region: Region,
  angles: number[],
  lineSpacing: number,
  spacing: number,
  origin: [number, number],
  anchor: number,
  anchorMax = 50,
): FillPath[] {
  const inner = shrinkRegion(region, 0.5 * spacing);
  if (inner.loops.length === 0) return [];
  const contour = new Contour(allLoops(inner));
  // lines: [x1, y1, x2, y2] with the contour points of their ends
  const ends: ContourPoint[] = [];
  const lines: number[] = [];
  for (const angle of angles) {
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    // the grid through the origin: line k at origin's y (turned frame) + k · spacing
    const oy = -origin[0] * sin + origin[1] * cos;
    const phase = oy - Math.floor(oy / lineSpacing) * lineSpacing;
    const [lo, hi] = extentAcross(region, angle);
    const h = hatch(inner.loops, angle, lineSpacing, phase, inner.clip);
    for (let s = 0; s < h.count; s++) {
      const y = (h.line[s] as number) * lineSpacing + phase;
      // lines within one spacing of the region's extremes are left out
      if (y < lo + spacing || y > hi - spacing) continue;
      const [ax, ay, bx, by] = segmentEnds(h, s);
      lines.push(ax, ay, bx, by);
      ends.push({ loop: h.loop0[s] as number, edge: h.edge0[s] as number, x: ax, y: ay });
      ends.push({ loop: h.loop1[s] as number, edge: h.edge1[s] as number, x: bx, y: by });
    }
  }
  const count = lines.length / 4;
  if (count === 0) return [];
  if (count === 1) return [{ xy: lines.slice(0, 4), fixedStart: false }];
  // T-joints per loop, sorted by arc length
  const perLoop = new Map<number, Array<{ end: number; t: number }>>();
  for (let e = 0; e < ends.length; e++) {
    const p = ends[e] as ContourPoint;
    const list = perLoop.get(p.loop) ?? [];
    list.push({ end: e, t: contour.position(p) });
    perLoop.set(p.loop, list);
  }
  // arcs between neighbouring T-joints: (from end, to end, length, loop), forward along the loop
  const arcs: Array<{ a: number; b: number; length: number }> = [];
  const forwardArc = new Int32Array(ends.length).fill(-1);
  const backwardArc = new Int32Array(ends.length).fill(-1);
  for (const [loop, list] of perLoop) {
    list.sort((x, y) => x.t - y.t);
    const total = contour.length[loop] as number;
    if (list.length < 2) continue;
    for (let i = 0; i < list.length; i++) {
      const cur = list[i] as { end: number; t: number };
      const nxt = list[(i + 1) % list.length] as { end: number; t: number };
      let length = nxt.t - cur.t;
      if (length <= 0) length += total;
      forwardArc[cur.end] = arcs.length;
      backwardArc[nxt.end] = arcs.length;
      arcs.push({ a: cur.end, b: nxt.end, length });
    }
  }
  // union-find over lines (a polyline is a set of joined lines)
  const parent = Int32Array.from({ length: count }, (_, i) => i);
  const find = (x: number): number => {
    let r = x;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[x] !== r) {
      const n = parent[x] as number;
      parent[x] = r;
      x = n;
    }
    return r;
  };
  const joinedTo = new Int32Array(ends.length).fill(-1);
  const arcTaken = new Uint8Array(arcs.length);
  const join = (arc: number) => {
    const { a, b } = arcs[arc] as { a: number; b: number };
    joinedTo[a] = b;
    joinedTo[b] = a;
    arcTaken[arc] = 1;
    parent[find(a >> 1)] = find(b >> 1);
  };
  const order = Array.from({ length: arcs.length }, (_, i) => i).sort(
    (x, y) => (arcs[x] as { length: number }).length - (arcs[y] as { length: number }).length,
  );
  for (const i of order) {
    const { a, b, length } = arcs[i] as { a: number; b: number; length: number };
    if (length >= anchorMax) break;
    if ((joinedTo[a] as number) >= 0 || (joinedTo[b] as number) >= 0) continue;
    if (find(a >> 1) === find(b >> 1)) continue;
    join(i);
  }
  // ends left over: a join along a free arc if possible, else an anchor
  const anchors = new Map<number, number[]>();
  for (let e = 0; e < ends.length; e++) {
    if ((joinedTo[e] as number) >= 0) continue;
    const f = forwardArc[e] as number;
    const b = backwardArc[e] as number;
    const candidates = [f, b]
      .filter((x) => x >= 0)
      .sort((x, y) => (arcs[x] as { length: number }).length - (arcs[y] as { length: number }).length);
    let done = false;
    for (const arc of candidates) {
      const { a: p, b: q, length } = arcs[arc] as { a: number; b: number; length: number };
      const other = p === e ? q : p;
      if (arcTaken[arc] === 1 || (joinedTo[other] as number) >= 0 || length >= anchorMax) continue;
      if (find(other >> 1) === find(e >> 1)) continue;
      join(arc);
      done = true;
      break;
    }
    if (done) continue;
    // anchor toward the side with more free contour, stopping half a spacing before the next joint
    const free = (arc: number) =>
      arc < 0 || arcTaken[arc] === 1 ? 0 : (arcs[arc] as { length: number }).length;
    const ff = free(f);
    const fb = free(b);
    const forward = ff >= fb;
    const room = (forward ? ff : fb) - 0.5 * spacing;
    const single =
      f < 0 && b < 0 ? (contour.length[(ends[e] as ContourPoint).loop] as number) - 0.5 * spacing : room;
    const length = Math.min(anchor, f < 0 && b < 0 ? single : room);
    if (length > 1e-4) {
      const pts: number[] = [];
      contour.walkFor(ends[e] as ContourPoint, length, forward, pts);
      anchors.set(e, pts);
    }
  }
  // assemble the polylines: walk from an end that is not joined
  const visited = new Uint8Array(count);
  const paths: FillPath[] = [];
  const emit = (startEnd: number) => {
    const xy: number[] = [];
    const head = anchors.get(startEnd);
    if (head) for (let i = head.length - 2; i >= 0; i -= 2) xy.push(head[i] as number, head[i + 1] as number);
    let e = startEnd;
    while (true) {
      const line = e >> 1;
      visited[line] = 1;
      const other = e ^ 1;
      const p = ends[e] as ContourPoint;
      const q = ends[other] as ContourPoint;
      xy.push(p.x, p.y, q.x, q.y);
      const to = joinedTo[other] as number;
      if (to < 0) {
        const tail = anchors.get(other);
        if (tail) xy.push(...tail);
        break;
      }
      const arc =
        (forwardArc[other] as number) >= 0 && arcs[forwardArc[other] as number]?.b === to
          ? forwardArc[other]
          : backwardArc[other];
      const forward = arc === forwardArc[other];
      contour.walk(q, ends[to] as ContourPoint, forward, xy);
      e = to;
      if (visited[e >> 1] === 1) break;
    }
    paths.push({ xy: dedupe(xy), fixedStart: false });
  };
  for (let e = 0; e < ends.length; e++) {
    if (visited[e >> 1] === 1 || (joinedTo[e] as number) >= 0) continue;
    emit(e);
  }
  // cycles cannot form (joins never close a loop), but be safe: any line not reached
  for (let l = 0; l < count; l++) if (visited[l] === 0) emit(2 * l);
  return paths;
}

/** Drop repeated points (a zero-length move). */
function dedupe(xy: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < xy.length; i += 2) {
    const x = xy[i] as number;
    const y = xy[i + 1] as number;
    const n = out.length;
    if (n >= 2 && Math.abs((out[n - 2] as number) - x) < 1e-7 && Math.abs((out[n - 1] as number) - y) < 1e-7)
      continue;
    out.push(x, y);
  }
  return out;
}

/** Length of a polyline. */
export function pathLength(xy: number[]): number {
  let s = 0;
  for (let i = 2; i < xy.length; i += 2)
    s += Math.hypot((xy[i] as number) - (xy[i - 2] as number), (xy[i + 1] as number) - (xy[i - 1] as number));
  return s;
}
