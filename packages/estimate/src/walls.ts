/**
 * Stage "perimeters", the paths: the lines Arachne's beads follow in a part thick enough for them,
 * i.e. the outline moved in by w/2 (the external perimeter) and by w/2 + s (the inner one), at
 * the true distance (corners where the moved edges part are rounded, as the beads wrap a concave
 * corner). Where a part is too thin for a pass, that pass's line would cross itself (a tooth tip,
 * a thin bar): the stretches that come nearer the outline than the pass's distance are dropped,
 * leaving open pieces. Pure.
 */
import { EdgeGrid } from './edges.js';
import { insetLoops, type Loops } from './hatch.js';
import { loopArea2, simplifyLoop, toNumbers } from './outline.js';

export { EdgeGrid };

/** A wall path: points (x, y pairs) and whether it closes on itself (a loop). */
export interface WallPath {
  xy: number[];
  closed: boolean;
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
 * `extend` (mm): how far the pass's beads run on past where the part gets too thin for them (the
 * part of Arachne's transition to one bead fewer in which the bead narrows to nothing).
 */
export function wallPass(
  outline: Loops,
  inset: number,
  grid: EdgeGrid,
  need: number,
  extend = 0,
): { paths: WallPath[]; thin: ThinStretch[] } {
  const raw = insetLoops(outline, inset, 'round', true);
  const paths: WallPath[] = [];
  const thin: ThinStretch[] = [];
  const half = Math.max(inset, need / 2);
  // Arachne simplifies its toolpaths as it does the outline (0.5 mm / 0.025 mm)
  const pushLoop = (loop: Float64Array) => {
    if (Math.abs(loopArea2(loop)) > 2e-6) paths.push({ xy: toNumbers(simplifyLoop(loop)), closed: true });
  };
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
      const len = Math.sqrt(dx * dx + dy * dy);
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
    if (!all) all = keepTapers(xy, good, grid, inset);
    if (!all) joinShortPieces(xy, good, inset);
    if (all) {
      pushLoop(xy);
      continue;
    }
    // runs of kept edges (open pieces) and of left-out ones (thin stretches), round the loop
    let first = 0;
    while (first < n && good[first] === (good[0] as number)) first++;
    if (first === n) first = 0;
    const runs: Run[] = [];
    for (let k = 0; k < n; k++) {
      const i = (first + k) % n;
      const kept = good[i] === 1;
      let run = runs[runs.length - 1];
      if (!run || run.kept !== kept) {
        run = { kept, xy: [xy[2 * i] as number, xy[2 * i + 1] as number] };
        runs.push(run);
      }
      const j = (i + 1) % n;
      run.xy.push(xy[2 * j] as number, xy[2 * j + 1] as number);
    }
    const out = extend > 0 ? extendKept(runs, extend) : runs;
    if (out.length === 1 && out[0]?.kept) {
      // the kept runs met all round: a loop again
      pushLoop(Float64Array.from((out[0] as Run).xy.slice(0, -2)));
      continue;
    }
    for (const run of out) {
      if (run.xy.length < 4) continue;
      if (run.kept) paths.push({ xy: run.xy, closed: false });
      else thin.push({ xy: run.xy, thickness: thicknessAt(run.xy, grid) });
    }
  }
  return { paths, thin };
}

/** A run of a pass's loop: kept (an open piece) or left out (a thin stretch). */
interface Run {
  kept: boolean;
  xy: number[];
}

/**
 * Kept runs taken on by up to `extend` mm into the thin runs either side (at most half of each);
 * a thin run used up entirely joins the kept runs round it. `runs` go round a loop in order.
 */
export function extendKept(runs: Run[], extend: number): Run[] {
  const length = (xy: number[]) => wallLength({ xy, closed: false });
  const out: Run[] = runs.map((r) => ({ kept: r.kept, xy: r.xy }));
  const m = out.length;
  if (m < 2) return out;
  // first trim every thin run, noting what each end gives to the kept run beside it
  const head: number[][] = new Array(m);
  const tail: number[][] = new Array(m);
  for (let k = 0; k < m; k++) {
    const run = out[k] as Run;
    if (run.kept) continue;
    const total = length(run.xy);
    const take = Math.min(extend, total / 2);
    head[k] = subPath(run.xy, 0, take);
    tail[k] = subPath(run.xy, total - take, total);
    run.xy = total - 2 * take > 1e-6 ? subPath(run.xy, take, total - take) : [];
  }
  for (let k = 0; k < m; k++) {
    const run = out[k] as Run;
    if (!run.kept) continue;
    const before = (k + m - 1) % m;
    const after = (k + 1) % m;
    const lead = tail[before] ?? [];
    const trail = head[after] ?? [];
    run.xy = [...lead.slice(0, -2), ...run.xy, ...trail.slice(2)];
  }
  // join kept runs that now meet (the thin run between them used up)
  const joined: Run[] = [];
  for (const run of out) {
    if (!run.kept && run.xy.length < 4) continue;
    const last = joined[joined.length - 1];
    if (last?.kept && run.kept) last.xy.push(...run.xy.slice(2));
    else joined.push(run);
  }
  // round the loop: the last run joins the first
  if (joined.length > 1) {
    const a = joined[0] as Run;
    const z = joined[joined.length - 1] as Run;
    if (a.kept && z.kept) {
      a.xy = [...z.xy, ...a.xy.slice(2)];
      joined.pop();
    }
  }
  return joined;
}

/** Arachne changes a bead count only along a wall whose sides are within 10° of parallel; round a
 * tip or an end (a wider taper) the beads run on. A too-thin run of a pass whose thickness changes
 * faster than that along it is kept (good), and so is a short one (under two insets) where the pass
 * turns back round a pointed tip: the beads either side join round it. Returns whether every edge
 * is then kept. */
function keepTapers(xy: Float64Array, good: Uint8Array, grid: EdgeGrid, inset: number): boolean {
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
      // the thickness at a quarter and at three quarters of the run's length (a run may be one long
      // edge: the side of a thin bar)
      let total = 0;
      for (const e of run) total += edgeLength(xy, e, n);
      const at = (fraction: number): [number, number, number] => {
        let left = fraction * total;
        for (const e of run) {
          const len = edgeLength(xy, e, n);
          if (len < left && e !== run[run.length - 1]) {
            left -= len;
            continue;
          }
          const j = (e + 1) % n;
          const ax = xy[2 * e] as number;
          const ay = xy[2 * e + 1] as number;
          const t = len > 0 ? Math.min(1, left / len) : 0;
          const ux = ((xy[2 * j] as number) - ax) / (len || 1);
          const uy = ((xy[2 * j + 1] as number) - ay) / (len || 1);
          const px = ax + t * len * ux;
          const py = ay + t * len * uy;
          return [px, py, thicknessAcross(px, py, ux, uy, Math.min(0.05, len / 2), grid)];
        }
        return [0, 0, 0];
      };
      // round a pointed tip the pass turns back on itself over a short run: the beads either side
      // join round it
      const from = run[0] as number;
      const to = ((run[run.length - 1] as number) + 1) % n;
      if (total < 2 * inset && uTurn(xy, from, to, n, 2 * inset)) {
        for (const e of run) good[e] = 1;
        k = m;
        continue;
      }
      const a = at(0.25);
      const b = at(0.75);
      const apart = Math.hypot(a[0] - b[0], a[1] - b[1]);
      const taper = apart > 1e-6 ? Math.abs(a[2] - b[2]) / apart : 1;
      if (taper > 2 * Math.tan((5 * Math.PI) / 180)) for (const e of run) good[e] = 1;
    }
    k = m;
  }
  for (let i = 0; i < n; i++) if (good[i] === 0) return false;
  return true;
}

/**
 * A kept run shorter than twice the pass's inset between too-thin stretches (the end of a thin bar,
 * where the pass turns round) is not a piece of its own: Arachne's single bead runs on through it.
 * It joins the thin stretches.
 */
function joinShortPieces(xy: Float64Array, good: Uint8Array, inset: number): void {
  const n = xy.length / 2;
  let start = 0;
  while (start < n && good[start] === 1) start++;
  if (start === n) return;
  let k = 0;
  while (k < n) {
    const i = (start + k) % n;
    if (good[i] === 0) {
      k++;
      continue;
    }
    let m = k;
    let length = 0;
    while (m < n && good[(start + m) % n] === 1) {
      length += edgeLength(xy, (start + m) % n, n);
      m++;
    }
    // the pass turns round there: the thin edges before and after it run opposite ways
    if (length < 2 * inset && uTurn(xy, (start + k) % n, (start + m) % n, n, 2 * inset))
      for (let q = k; q < m; q++) good[(start + q) % n] = 0;
    k = m;
  }
}

/** Whether the loop turns round between vertex `from` and vertex `to`: the way it comes in, over
 * the `reach` mm before `from`, and the way it goes on, over the `reach` mm after `to`, are more
 * than 120° apart. */
function uTurn(xy: Float64Array, from: number, to: number, n: number, reach: number): boolean {
  const walk = (v: number, step: number): [number, number] => {
    let left = reach;
    let x = xy[2 * v] as number;
    let y = xy[2 * v + 1] as number;
    for (let k = 0; k < n && left > 0; k++) {
      const w = (v + step + n) % n;
      const nx = xy[2 * w] as number;
      const ny = xy[2 * w + 1] as number;
      const len = Math.hypot(nx - x, ny - y);
      if (len >= left) return [x + ((nx - x) * left) / len, y + ((ny - y) * left) / len];
      left -= len;
      x = nx;
      y = ny;
      v = w;
    }
    return [x, y];
  };
  const [bx, by] = walk(from, -1);
  const [ax, ay] = walk(to, 1);
  const ix = (xy[2 * from] as number) - bx;
  const iy = (xy[2 * from + 1] as number) - by;
  const ox = ax - (xy[2 * to] as number);
  const oy = ay - (xy[2 * to + 1] as number);
  const li = Math.hypot(ix, iy);
  const lo = Math.hypot(ox, oy);
  return li > 0 && lo > 0 && (ix * ox + iy * oy) / (li * lo) < -0.5;
}

function edgeLength(xy: Float64Array, e: number, n: number): number {
  const j = (e + 1) % n;
  return Math.hypot(
    (xy[2 * j] as number) - (xy[2 * e] as number),
    (xy[2 * j + 1] as number) - (xy[2 * e + 1] as number),
  );
}

/** The part's thickness at (px, py) on a pass running along (ux, uy) (a unit vector): measured on
 * the piece of it `h` mm either side of the point. */
function thicknessAcross(px: number, py: number, ux: number, uy: number, h: number, grid: EdgeGrid): number {
  return thicknessAt([px - ux * h, py - uy * h, px + ux * h, py + uy * h], grid);
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
  const len = Math.sqrt(dx * dx + dy * dy);
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

/** The part's thickness along a stretch: samples every `step` mm or so (at most `maxSamples`), each
 * at its arc position (mm from the stretch's start) and standing for the length about it. */
export function thicknessProfile(
  xy: number[],
  grid: EdgeGrid,
  step: number,
  maxSamples: number,
): { at: number[]; thickness: number[]; length: number } {
  const n = xy.length / 2;
  const length = wallLength({ xy, closed: false });
  const count = Math.max(1, Math.min(maxSamples, Math.round(length / step)));
  const at: number[] = [];
  const thickness: number[] = [];
  let i = 1;
  let walked = 0;
  for (let k = 0; k < count; k++) {
    const s = ((k + 0.5) * length) / count;
    // the edge holding arc position s
    for (;;) {
      const len = Math.hypot(
        (xy[2 * i] as number) - (xy[2 * i - 2] as number),
        (xy[2 * i + 1] as number) - (xy[2 * i - 1] as number),
      );
      if (walked + len >= s || i === n - 1) {
        const ax = xy[2 * i - 2] as number;
        const ay = xy[2 * i - 1] as number;
        const ux = ((xy[2 * i] as number) - ax) / (len || 1);
        const uy = ((xy[2 * i + 1] as number) - ay) / (len || 1);
        const t = Math.min(len, Math.max(0, s - walked));
        at.push(s);
        thickness.push(thicknessAcross(ax + ux * t, ay + uy * t, ux, uy, 0.05, grid));
        break;
      }
      walked += len;
      i++;
    }
  }
  return { at, thickness, length };
}

/** The part of a path between arc positions `from` and `to` (mm from its start). */
export function subPath(xy: number[], from: number, to: number): number[] {
  const out: number[] = [];
  const n = xy.length / 2;
  let walked = 0;
  for (let i = 1; i < n; i++) {
    const ax = xy[2 * i - 2] as number;
    const ay = xy[2 * i - 1] as number;
    const bx = xy[2 * i] as number;
    const by = xy[2 * i + 1] as number;
    const len = Math.hypot(bx - ax, by - ay);
    const s0 = Math.max(from, walked);
    const s1 = Math.min(to, walked + len);
    if (s1 > s0 && len > 0) {
      const p = (s: number) => [ax + ((bx - ax) * (s - walked)) / len, ay + ((by - ay) * (s - walked)) / len];
      if (out.length === 0) out.push(...p(s0));
      out.push(...p(s1));
    }
    walked += len;
    if (walked >= to) break;
  }
  return out;
}
