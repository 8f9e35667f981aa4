/** Nearest-distance queries to the edges of closed loops (x, y pairs), bucketed on a grid. Pure. */

type Loops = Float64Array[];

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
  /** The edge `nearest` found last (−1: none within its limit). */
  private nearestEdge = -1;

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
    // buckets about the reach of the queries (a mm), at most ~4,000 of them
    const size = Math.max(cell, Math.sqrt(((x1 - x0 + cell) * (y1 - y0 + cell)) / 4096));
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

  /**
   * Calls `fn(s, t)` for every pair of edges s < t (numbered loop after loop) whose boxes share a
   * bucket: the candidates for crossing each other. Each pair once, in the first bucket they share.
   */
  forEachNearPair(fn: (s: number, t: number) => void): void {
    const { cols, rows, cell: size, seg } = this;
    const edges = seg.length / 4;
    // each edge's first bucket row and column
    const row0 = new Int32Array(edges);
    const col0 = new Int32Array(edges);
    for (let s = 0; s < edges; s++) {
      row0[s] = Math.floor((Math.min(seg[4 * s + 1] as number, seg[4 * s + 3] as number) - this.y0) / size);
      col0[s] = Math.floor((Math.min(seg[4 * s] as number, seg[4 * s + 2] as number) - this.x0) / size);
    }
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const cell = r * cols + c;
        const end = this.start[cell + 1] as number;
        for (let k = this.start[cell] as number; k < end; k++) {
          const s = this.items[k] as number;
          for (let m = k + 1; m < end; m++) {
            const t = this.items[m] as number;
            if (Math.max(row0[s] as number, row0[t] as number) !== r) continue;
            if (Math.max(col0[s] as number, col0[t] as number) !== c) continue;
            fn(s, t);
          }
        }
      }
  }

  /** Distance from (x, y) to the nearest edge, or `limit` if none is nearer. */
  distance(x: number, y: number, limit: number): number {
    return Math.sqrt(this.nearest(x, y, limit));
  }

  /**
   * Distance from (x, y) to the nearest edge, signed by the side of it the point lies on: positive
   * on the left (inside, for loops with material on the left), negative on the right; +Infinity if
   * no edge is within `limit`. Where the nearest point is a vertex, the point lies on the same side
   * of both edges that meet there, so either tells.
   */
  signedDistance(x: number, y: number, limit: number): number {
    const d = Math.sqrt(this.nearest(x, y, limit));
    const s = this.nearestEdge;
    if (s < 0) return Number.POSITIVE_INFINITY;
    const seg = this.seg;
    const ax = seg[4 * s] as number;
    const ay = seg[4 * s + 1] as number;
    const cross = ((seg[4 * s + 2] as number) - ax) * (y - ay) - ((seg[4 * s + 3] as number) - ay) * (x - ax);
    return cross >= 0 ? d : -d;
  }

  /** Squared distance from (x, y) to the nearest edge (limit² if none is nearer); sets nearestEdge. */
  private nearest(x: number, y: number, limit: number): number {
    const size = this.cell;
    const c0 = Math.max(0, Math.floor((x - limit - this.x0) / size));
    const c1 = Math.min(this.cols - 1, Math.floor((x + limit - this.x0) / size));
    const r0 = Math.max(0, Math.floor((y - limit - this.y0) / size));
    const r1 = Math.min(this.rows - 1, Math.floor((y + limit - this.y0) / size));
    const seg = this.seg;
    let best = limit * limit;
    let nearest = -1;
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        const cell = r * this.cols + c;
        for (let k = this.start[cell] as number; k < (this.start[cell + 1] as number); k++) {
          const s = this.items[k] as number;
          const d2 = pointSegment2(
            x,
            y,
            seg[4 * s] as number,
            seg[4 * s + 1] as number,
            seg[4 * s + 2] as number,
            seg[4 * s + 3] as number,
          );
          if (d2 < best) {
            best = d2;
            nearest = s;
          }
        }
      }
    this.nearestEdge = nearest;
    return best;
  }

  /**
   * Whether the segment a-b meets, or comes within `tol` of, any edge but those numbered `skip0`,
   * `skip1` and `skip2` (edges are numbered loop after loop, in loop order). Near misses count, so a
   * `false` is certain.
   */
  meets(
    ax: number,
    ay: number,
    bx: number,
    by: number,
    tol: number,
    skip0: number,
    skip1: number,
    skip2: number,
  ) {
    const size = this.cell;
    const c0 = Math.max(0, Math.floor((Math.min(ax, bx) - tol - this.x0) / size));
    const c1 = Math.min(this.cols - 1, Math.floor((Math.max(ax, bx) + tol - this.x0) / size));
    const r0 = Math.max(0, Math.floor((Math.min(ay, by) - tol - this.y0) / size));
    const r1 = Math.min(this.rows - 1, Math.floor((Math.max(ay, by) + tol - this.y0) / size));
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        const cell = r * this.cols + c;
        for (let k = this.start[cell] as number; k < (this.start[cell + 1] as number); k++) {
          const s = this.items[k] as number;
          if (s === skip0 || s === skip1 || s === skip2) continue;
          const px = this.seg[4 * s] as number;
          const py = this.seg[4 * s + 1] as number;
          const qx = this.seg[4 * s + 2] as number;
          const qy = this.seg[4 * s + 3] as number;
          if (segmentsWithin(ax, ay, bx, by, px, py, qx, qy, tol)) return true;
        }
      }
    return false;
  }
}

/** Whether segments a-b and p-q cross, or come within `tol` of each other. */
function segmentsWithin(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  px: number,
  py: number,
  qx: number,
  qy: number,
  tol: number,
): boolean {
  if (Math.max(ax, bx) + tol < Math.min(px, qx) || Math.max(px, qx) + tol < Math.min(ax, bx)) return false;
  if (Math.max(ay, by) + tol < Math.min(py, qy) || Math.max(py, qy) + tol < Math.min(ay, by)) return false;
  const d1 = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
  const d2 = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax);
  const d3 = (qx - px) * (ay - py) - (qy - py) * (ax - px);
  const d4 = (qx - px) * (by - py) - (qy - py) * (bx - px);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const t2 = tol * tol;
  return (
    pointSegment2(ax, ay, px, py, qx, qy) <= t2 ||
    pointSegment2(bx, by, px, py, qx, qy) <= t2 ||
    pointSegment2(px, py, ax, ay, bx, by) <= t2 ||
    pointSegment2(qx, qy, ax, ay, bx, by) <= t2
  );
}

/** Squared distance from (x, y) to segment a-b. */
export function pointSegment2(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / l2)) : 0;
  return (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2;
}
