/**
 * Stage "perimeters", the paths: the lines Arachne's beads follow in a part thick enough for them,
 * i.e. the outline moved in by w/2 (the external perimeter) and by w/2 + s (the inner one), at
 * the true distance (corners where the moved edges part are rounded, as the beads wrap a concave
 * corner). Where a part is too thin for a pass, that pass's line would cross itself (a tooth tip,
 * a thin bar): the stretches that come nearer the outline than the pass's distance are dropped,
 * leaving open pieces. Pure.
 */
import { insetLoops, type Loops } from './hatch.js';
import { simplifyLoop } from './outline.js';

/** A wall path: points (x, y pairs) and whether it closes on itself (a loop). */
export interface WallPath {
  xy: number[];
  closed: boolean;
}

/** Nearest-distance queries to a set of loops' edges, bucketed on a uniform grid. */
export class EdgeGrid {
  private readonly cell: number;
  private readonly x0: number;
  private readonly y0: number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly start: Int32Array;
  private readonly items: Int32Array;
  private readonly seg: Float64Array;

  constructor(loops: Loops, cell: number) {
    let n = 0;
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (const xy of loops) {
      n += xy.length / 2;
      for (let i = 0; i < xy.length; i += 2) {
        x0 = Math.min(x0, xy[i] as number);
        x1 = Math.max(x1, xy[i] as number);
        y0 = Math.min(y0, xy[i + 1] as number);
        y1 = Math.max(y1, xy[i + 1] as number);
      }
    }
    // keep the grid at most ~64 k cells
    const size = Math.max(cell, Math.sqrt(((x1 - x0 + cell) * (y1 - y0 + cell)) / 65536));
    this.cell = size;
    this.x0 = x0 - size;
    this.y0 = y0 - size;
    this.cols = Math.max(1, Math.ceil((x1 - x0) / size) + 3);
    this.rows = Math.max(1, Math.ceil((y1 - y0) / size) + 3);
    this.seg = new Float64Array(n * 4);
    let k = 0;
    for (const xy of loops) {
      const m = xy.length / 2;
      for (let i = 0; i < m; i++) {
        const j = i + 1 < m ? i + 1 : 0;
        this.seg[k++] = xy[2 * i] as number;
        this.seg[k++] = xy[2 * i + 1] as number;
        this.seg[k++] = xy[2 * j] as number;
        this.seg[k++] = xy[2 * j + 1] as number;
      }
    }
    const cells = this.cols * this.rows;
    const counts = new Int32Array(cells + 1);
    const each = (s: number, fn: (c: number) => void) => {
      const ax = this.seg[4 * s] as number;
      const ay = this.seg[4 * s + 1] as number;
      const bx = this.seg[4 * s + 2] as number;
      const by = this.seg[4 * s + 3] as number;
      const c0 = Math.floor((Math.min(ax, bx) - this.x0) / size);
      const c1 = Math.floor((Math.max(ax, bx) - this.x0) / size);
      const r0 = Math.floor((Math.min(ay, by) - this.y0) / size);
      const r1 = Math.floor((Math.max(ay, by) - this.y0) / size);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) fn(r * this.cols + c);
    };
    for (let s = 0; s < n; s++)
      each(s, (c) => {
        counts[c + 1] = (counts[c + 1] as number) + 1;
      });
    for (let c = 0; c < cells; c++) counts[c + 1] = (counts[c + 1] as number) + (counts[c] as number);
    this.start = counts;
    this.items = new Int32Array(counts[cells] as number);
    const fill = counts.slice(0, cells);
    for (let s = 0; s < n; s++)
      each(s, (c) => {
        this.items[fill[c] as number] = s;
        fill[c] = (fill[c] as number) + 1;
      });
  }

  /** Distance from (x, y) to the nearest edge, or `limit` if none is nearer. */
  distance(x: number, y: number, limit: number): number {
    const size = this.cell;
    const c0 = Math.max(0, Math.floor((x - limit - this.x0) / size));
    const c1 = Math.min(this.cols - 1, Math.floor((x + limit - this.x0) / size));
    const r0 = Math.max(0, Math.floor((y - limit - this.y0) / size));
    const r1 = Math.min(this.rows - 1, Math.floor((y + limit - this.y0) / size));
    let best = limit * limit;
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        const cell = r * this.cols + c;
        for (let k = this.start[cell] as number; k < (this.start[cell + 1] as number); k++) {
          const s = this.items[k] as number;
          const ax = this.seg[4 * s] as number;
          const ay = this.seg[4 * s + 1] as number;
          const dx = (this.seg[4 * s + 2] as number) - ax;
          const dy = (this.seg[4 * s + 3] as number) - ay;
          const l2 = dx * dx + dy * dy;
          const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / l2)) : 0;
          const d2 = (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2;
          if (d2 < best) best = d2;
        }
      }
    return Math.sqrt(best);
  }
}

/** Stretches of a pass that the part is too thin for, with the part's local thickness there. */
export interface ThinStretch {
  xy: number[];
  thickness: number;
}

/**
 * The line at `inset` mm inside `outline` (loops, material on the left), as paths: whole loops where
 * the part is at least `need` mm thick all round (Arachne lays this pass's beads only there), open
 * pieces where it is not; the stretches left out are returned with the part's thickness there.
 */
export function wallPass(
  outline: Loops,
  inset: number,
  grid: EdgeGrid,
  need: number,
): { paths: WallPath[]; thin: ThinStretch[] } {
  const raw = insetLoops(outline, inset, 'round');
  const paths: WallPath[] = [];
  const thin: ThinStretch[] = [];
  const half = Math.max(inset, need / 2);
  for (const xy of raw) {
    const n = xy.length / 2;
    const good = new Uint8Array(n);
    let all = true;
    for (let i = 0; i < n; i++) {
      const j = i + 1 < n ? i + 1 : 0;
      const ax = xy[2 * i] as number;
      const ay = xy[2 * i + 1] as number;
      const dx = (xy[2 * j] as number) - ax;
      const dy = (xy[2 * j + 1] as number) - ay;
      const len = Math.hypot(dx, dy);
      let ok = false;
      if (len > 0) {
        // the part is thick enough here if, going on inwards to half the thickness needed, the point
        // is still that far from the outline (a rounded corner's chords come 0.025 nearer)
        const mx = ax + dx / 2 - (dy / len) * (half - inset);
        const my = ay + dy / 2 + (dx / len) * (half - inset);
        ok = grid.distance(mx, my, half) >= half - 0.03;
      }
      good[i] = ok ? 1 : 0;
      if (!ok) all = false;
    }
    if (!all) all = keepTapers(xy, good, grid);
    if (all) {
      // Arachne simplifies its toolpaths as it does the outline (0.5 mm / 0.025 mm)
      if (Math.abs(signedArea(xy)) > 1e-6) paths.push({ xy: Array.from(simplifyLoop(xy)), closed: true });
      continue;
    }
    // runs of kept edges (open pieces) and of left-out ones (thin stretches)
    let first = 0;
    while (first < n && good[first] === (good[0] as number)) first++;
    if (first === n) first = 0;
    let run: number[] | null = null;
    let kind = -1;
    const flush = () => {
      if (run && run.length >= 4) {
        if (kind === 1) paths.push({ xy: run, closed: false });
        else thin.push({ xy: run, thickness: thicknessAt(run, grid) });
      }
      run = null;
    };
    for (let k = 0; k < n; k++) {
      const i = (first + k) % n;
      const g = good[i] as number;
      if (g !== kind) {
        flush();
        kind = g;
      }
      if (!run) run = [xy[2 * i] as number, xy[2 * i + 1] as number];
      const j = (i + 1) % n;
      (run as number[]).push(xy[2 * j] as number, xy[2 * j + 1] as number);
    }
    flush();
  }
  return { paths, thin };
}

/** Arachne changes a bead count only along a wall whose sides are within 10° of parallel; round a
 * tip or an end (a wider taper) the beads run on. A too-thin run of a pass whose thickness changes
 * faster than that along it is kept (good). Returns whether every edge is then kept. */
function keepTapers(xy: Float64Array, good: Uint8Array, grid: EdgeGrid): boolean {
  const n = xy.length / 2;
  let start = 0;
  while (start < n && good[start] === 0) start++;
  if (start === n) start = 0; // all thin: one run round the loop
  let k = 0;
  while (k < n) {
    const i = (start + k) % n;
    if (good[i] === 1) {
      k++;
      continue;
    }
    const run: number[] = [];
    let m = k;
    while (m < n && good[(start + m) % n] === 0) {
      run.push((start + m) % n);
      m++;
    }
    if (run.length >= 1) {
      const at = (e: number): [number, number, number] => {
        const j = (e + 1) % n;
        const ax = xy[2 * e] as number;
        const ay = xy[2 * e + 1] as number;
        return [
          (ax + (xy[2 * j] as number)) / 2,
          (ay + (xy[2 * j + 1] as number)) / 2,
          thicknessAt([ax, ay, xy[2 * j] as number, xy[2 * j + 1] as number], grid),
        ];
      };
      const a = at(run[Math.floor(run.length / 4)] as number);
      const b = at(run[Math.floor((3 * run.length) / 4)] as number);
      const apart = Math.hypot(a[0] - b[0], a[1] - b[1]);
      const taper = apart > 1e-6 ? Math.abs(a[2] - b[2]) / apart : 1;
      if (taper > 2 * Math.tan((5 * Math.PI) / 180)) for (const e of run) good[e] = 1;
    }
    k = m;
  }
  for (let i = 0; i < n; i++) if (good[i] === 0) return false;
  return true;
}

/** The part's thickness about the middle of a stretch of a pass: twice the largest distance from the
 * outline met going inwards from there (the medial axis). */
function thicknessAt(xy: number[], grid: EdgeGrid): number {
  const n = xy.length / 2;
  const i = Math.max(0, Math.floor(n / 2) - 1);
  const ax = xy[2 * i] as number;
  const ay = xy[2 * i + 1] as number;
  const dx = (xy[2 * i + 2] as number) - ax;
  const dy = (xy[2 * i + 3] as number) - ay;
  const len = Math.hypot(dx, dy);
  if (!(len > 0)) return 0;
  let best = 0;
  for (let step = 0; step < 60; step++) {
    const lambda = step * 0.025;
    const d = grid.distance(ax + dx / 2 - (dy / len) * lambda, ay + dy / 2 + (dx / len) * lambda, 2);
    if (d < best - 0.02) break;
    if (d > best) best = d;
  }
  return 2 * best;
}

function signedArea(xy: Float64Array): number {
  const n = xy.length / 2;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    s +=
      (xy[2 * i] as number) * (xy[2 * j + 1] as number) - (xy[2 * j] as number) * (xy[2 * i + 1] as number);
  }
  return s / 2;
}

/** Length of a path (a closed one back to its start). */
export function wallLength(p: WallPath): number {
  let s = 0;
  const xy = p.xy;
  for (let i = 2; i < xy.length; i += 2)
    s += Math.hypot((xy[i] as number) - (xy[i - 2] as number), (xy[i + 1] as number) - (xy[i - 1] as number));
  if (p.closed && xy.length >= 4)
    s += Math.hypot(
      (xy[0] as number) - (xy[xy.length - 2] as number),
      (xy[1] as number) - (xy[xy.length - 1] as number),
    );
  return s;
}
