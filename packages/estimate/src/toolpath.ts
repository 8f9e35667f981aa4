/**
 * Toolpaths of one layer as moves (direction, length, filament, feedrate), built by the stages
 * "perimeters", "skins", "infill", "supports" and "travel", then timed by the stage "planner" with
 * PrusaSlicer's cooling slowdown applied first (CoolingBuffer: a layer whose plain time, length ÷
 * feedrate over every move, is under slowdown_below_layer_time has its fastest extrusions slowed to one
 * common feedrate, not below min_print_speed, until it takes that long). Pure.
 */
import { type MotionPlanner, MoveKind } from './planner.js';

/** What each move is for (the estimate's breakdown). */
export const Feature = { walls: 0, skins: 1, infill: 2, support: 3, skirt: 4, travel: 5, other: 6 } as const;
export type Feature = (typeof Feature)[keyof typeof Feature];

/** The house profile's retraction and travel (house-printer.ini). */
export const MOTION = {
  travelSpeed: 150,
  retractLength: 0.8,
  retractSpeed: 35,
  /** slowdown_below_layer_time (s) and min_print_speed (mm/s). */
  slowdownBelowLayerTime: 5,
  minPrintSpeed: 10,
} as const;

/** A growable list of one layer's moves. */
export class LayerMoves {
  count = 0;
  dx = new Float64Array(1024);
  dy = new Float64Array(1024);
  dz = new Float64Array(1024);
  de = new Float64Array(1024);
  feed = new Float64Array(1024);
  kind = new Uint8Array(1024);
  feature = new Uint8Array(1024);
  /** 1: an extrusion the cooling slowdown leaves alone (bridges and overhangs, bridge-fan marked). */
  fixed = new Uint8Array(1024);
  /** Where the next extrusion is not to be slowed (set around bridge paths). */
  fixedNext = false;
  private grow(): void {
    const size = this.dx.length * 2;
    const copy = <T extends Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.dx = copy(this.dx, (n) => new Float64Array(n));
    this.dy = copy(this.dy, (n) => new Float64Array(n));
    this.dz = copy(this.dz, (n) => new Float64Array(n));
    this.de = copy(this.de, (n) => new Float64Array(n));
    this.feed = copy(this.feed, (n) => new Float64Array(n));
    this.kind = copy(this.kind, (n) => new Uint8Array(n));
    this.feature = copy(this.feature, (n) => new Uint8Array(n));
    this.fixed = copy(this.fixed, (n) => new Uint8Array(n));
  }
  push(dx: number, dy: number, dz: number, de: number, feed: number, kind: MoveKind, feature: Feature): void {
    if (this.count === this.dx.length) this.grow();
    const i = this.count++;
    this.dx[i] = dx;
    this.dy[i] = dy;
    this.dz[i] = dz;
    this.de[i] = de;
    this.feed[i] = feed;
    this.kind[i] = kind;
    this.feature[i] = feature;
    this.fixed[i] = this.fixedNext && kind === MoveKind.extrude ? 1 : 0;
  }
  clear(): void {
    this.count = 0;
  }
}

/** An extrusion of `length` mm in direction `angle` laying `filamentPerMm` mm of filament per mm. */
export function extrude(
  moves: LayerMoves,
  length: number,
  angle: number,
  filamentPerMm: number,
  feed: number,
  feature: Feature,
): void {
  if (!(length > 0)) return;
  moves.push(
    length * Math.cos(angle),
    length * Math.sin(angle),
    0,
    length * filamentPerMm,
    feed,
    MoveKind.extrude,
    feature,
  );
}

/** Stage "travel": a travel of `length` mm, retracting first (and priming after) when `retract`. */
export function travel(moves: LayerMoves, length: number, angle: number, retract: boolean): void {
  if (retract)
    moves.push(0, 0, 0, -MOTION.retractLength, MOTION.retractSpeed, MoveKind.retract, Feature.travel);
  if (length > 0)
    moves.push(
      length * Math.cos(angle),
      length * Math.sin(angle),
      0,
      0,
      MOTION.travelSpeed,
      MoveKind.travel,
      Feature.travel,
    );
  if (retract)
    moves.push(0, 0, 0, MOTION.retractLength, MOTION.retractSpeed, MoveKind.retract, Feature.travel);
}

/** The layer change: lift by the layer height (its retraction is the first island's travel). */
export function layerChange(moves: LayerMoves, layerHeight: number): void {
  moves.push(0, 0, layerHeight, 0, MOTION.travelSpeed, MoveKind.travel, Feature.other);
}

/**
 * Stage "perimeters": one loop following an outline (x, y pairs) with every segment scaled by
 * `scale` (an inset loop is shorter or longer than the outline, with the same corners).
 */
export function followLoop(
  moves: LayerMoves,
  xy: Float64Array,
  scale: number,
  filamentPerMm: number,
  feed: number,
  feature: Feature,
  splitCorners = false,
): void {
  const n = xy.length / 2;
  if (splitCorners && n >= 3) {
    splitLoop(moves, xy, scale, filamentPerMm, feed, feature);
    return;
  }
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const dx = ((xy[2 * j] as number) - (xy[2 * i] as number)) * scale;
    const dy = ((xy[2 * j + 1] as number) - (xy[2 * i + 1] as number)) * scale;
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len > 0) moves.push(dx, dy, 0, len * filamentPerMm, feed, MoveKind.extrude, feature);
  }
}

/**
 * A loop whose every corner is cut in two half-turns: a bead between two sides of a thin wall has
 * junctions from the vertices of both sides (Arachne's medial axis), so where the sides' vertices do
 * not face each other each corner of the outline becomes two. The cut is a tenth of the shorter
 * neighbouring segment on each side of the vertex.
 */
function splitLoop(
  moves: LayerMoves,
  xy: Float64Array,
  scale: number,
  filamentPerMm: number,
  feed: number,
  feature: Feature,
): void {
  const n = xy.length / 2;
  const segX = (i: number) => ((xy[2 * ((i + 1) % n)] as number) - (xy[2 * i] as number)) * scale;
  const segY = (i: number) => ((xy[2 * ((i + 1) % n) + 1] as number) - (xy[2 * i + 1] as number)) * scale;
  for (let i = 0; i < n; i++) {
    const dx = segX(i);
    const dy = segY(i);
    const len = Math.sqrt(dx * dx + dy * dy);
    if (!(len > 0)) continue;
    const nx = segX((i + 1) % n);
    const ny = segY((i + 1) % n);
    const nlen = Math.sqrt(nx * nx + ny * ny);
    const cut = 0.1 * Math.min(len, nlen > 0 ? nlen : len);
    // this segment less a cut at each end, then the chamfer across the next vertex
    const main = len - 2 * cut;
    moves.push(
      (dx * main) / len,
      (dy * main) / len,
      0,
      main * filamentPerMm,
      feed,
      MoveKind.extrude,
      feature,
    );
    if (nlen > 0) {
      const cx = (dx * cut) / len + (nx * cut) / nlen;
      const cy = (dy * cut) / len + (ny * cut) / nlen;
      const clen = Math.sqrt(cx * cx + cy * cy);
      if (clen > 0) moves.push(cx, cy, 0, clen * filamentPerMm, feed, MoveKind.extrude, feature);
    }
  }
}

/** Turns under this (radians) stay corners in roundLoop. */
const ROUND_FROM = Math.PI / 12;
/** Largest turn (radians) of one chord of a rounded corner: Arachne's skeleton round a reflex
 * vertex, as PrusaSlicer 2.5 discretises it (a square corner of a three-bead wall's middle bead is
 * eight 0.12 mm chords in its G-code). */
const ROUND_STEP = Math.PI / 16;

/**
 * A loop (its points scaled by `scale` about its start) whose corners of 15° or more are rounded to
 * `radius` mm, as chords of up to 11.25°: the middle bead of a thin wall runs on Arachne's skeleton,
 * which turns round the inside corner's vertex at half the wall from it. (Where a corner's
 * neighbouring sides are short, the arc is cut to 0.45 of the shorter.)
 */
export function roundLoop(
  moves: LayerMoves,
  xy: Float64Array,
  scale: number,
  radius: number,
  filamentPerMm: number,
  feed: number,
  feature: Feature,
): void {
  const n = xy.length / 2;
  if (n < 3) {
    followLoop(moves, xy, scale, filamentPerMm, feed, feature);
    return;
  }
  const segX = (i: number) => ((xy[2 * ((i + 1) % n)] as number) - (xy[2 * i] as number)) * scale;
  const segY = (i: number) => ((xy[2 * ((i + 1) % n) + 1] as number) - (xy[2 * i + 1] as number)) * scale;
  const len = new Float64Array(n);
  const dir = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    len[i] = Math.hypot(segX(i), segY(i));
    dir[i] = Math.atan2(segY(i), segX(i));
  }
  // per vertex i (between segment i - 1 and segment i): its turn and the length the arc takes off
  // each neighbouring segment
  const turn = new Float64Array(n);
  const cut = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const p = (i + n - 1) % n;
    if (!((len[p] as number) > 0) || !((len[i] as number) > 0)) continue;
    let t = (dir[i] as number) - (dir[p] as number);
    if (t > Math.PI) t -= 2 * Math.PI;
    if (t < -Math.PI) t += 2 * Math.PI;
    if (Math.abs(t) < ROUND_FROM) continue;
    turn[i] = t;
    cut[i] = Math.min(
      radius * Math.tan(Math.abs(t) / 2),
      0.45 * Math.min(len[p] as number, len[i] as number),
    );
  }
  for (let i = 0; i < n; i++) {
    const l = len[i] as number;
    if (!(l > 0)) continue;
    const j = (i + 1) % n;
    const d = dir[i] as number;
    extrude(moves, l - (cut[i] as number) - (cut[j] as number), d, filamentPerMm, feed, feature);
    // the arc across vertex j, from this segment's direction to the next one's
    const t = turn[j] as number;
    if (t === 0) continue;
    const r = (cut[j] as number) / Math.tan(Math.abs(t) / 2);
    const k = Math.max(1, Math.ceil(Math.abs(t) / ROUND_STEP));
    const chord = 2 * r * Math.sin(Math.abs(t) / (2 * k));
    for (let m = 0; m < k; m++) extrude(moves, chord, d + (t * (m + 0.5)) / k, filamentPerMm, feed, feature);
  }
}

/** A closed regular polygon of `sides` sides and `perimeter` mm (a loop whose outline is unknown). */
export function polygonLoop(
  moves: LayerMoves,
  perimeter: number,
  sides: number,
  filamentPerMm: number,
  feed: number,
  feature: Feature,
): void {
  const side = perimeter / sides;
  for (let i = 0; i < sides; i++)
    extrude(moves, side, (2 * Math.PI * i) / sides, filamentPerMm, feed, feature);
}

/**
 * Stage "planner" for one layer: PrusaSlicer's cooling slowdown on the plain time, then every move
 * through the motion planner (which carries on from the previous layer).
 */
export function planLayer(planner: MotionPlanner, moves: LayerMoves): void {
  const n = moves.count;
  const { dx, dy, dz, de, feed, kind, feature, fixed } = moves;
  // plain time per move (what the cooling logic sees)
  let plain = 0;
  let adjustableLength = 0;
  let maxFeed = 0;
  for (let i = 0; i < n; i++) {
    const xyz = Math.sqrt((dx[i] as number) ** 2 + (dy[i] as number) ** 2 + (dz[i] as number) ** 2);
    const len = xyz > 0 ? xyz : Math.abs(de[i] as number);
    plain += len / (feed[i] as number);
    if (kind[i] === MoveKind.extrude && fixed[i] === 0) {
      adjustableLength += len;
      if ((feed[i] as number) > maxFeed) maxFeed = feed[i] as number;
    }
  }
  let cap: number = Number.POSITIVE_INFINITY;
  const target = MOTION.slowdownBelowLayerTime;
  if (plain < target * 1.001 && adjustableLength > 0) {
    // the common feedrate F that makes the layer last `target`: extrusions faster than F run at F
    const timeAt = (f: number) => {
      let t = 0;
      for (let i = 0; i < n; i++) {
        const xyz = Math.sqrt((dx[i] as number) ** 2 + (dy[i] as number) ** 2 + (dz[i] as number) ** 2);
        const len = xyz > 0 ? xyz : Math.abs(de[i] as number);
        const v =
          kind[i] === MoveKind.extrude && fixed[i] === 0
            ? Math.min(feed[i] as number, f)
            : (feed[i] as number);
        t += len / v;
      }
      return t;
    };
    if (timeAt(MOTION.minPrintSpeed) <= target) cap = MOTION.minPrintSpeed;
    else {
      let lo: number = MOTION.minPrintSpeed;
      let hi = maxFeed;
      for (let it = 0; it < 40; it++) {
        const mid = (lo + hi) / 2;
        if (timeAt(mid) > target) lo = mid;
        else hi = mid;
      }
      cap = (lo + hi) / 2;
    }
  }
  for (let i = 0; i < n; i++) {
    const k = kind[i] as MoveKind;
    const f =
      k === MoveKind.extrude && fixed[i] === 0 ? Math.min(feed[i] as number, cap) : (feed[i] as number);
    planner.move(
      dx[i] as number,
      dy[i] as number,
      dz[i] as number,
      de[i] as number,
      f,
      k,
      feature[i] as number,
    );
  }
  moves.clear();
}

/**
 * The nozzle's position through a layer's toolpaths: travels go from where the last move ended to
 * where the next path starts, retracting when longer than retract_before_travel (PrusaSlicer 2.5
 * makes no exception inside an object's island by default; it does within support, which the
 * support stage says through `retract`).
 */
export class Pen {
  x = 0;
  y = 0;
  constructor(
    readonly moves: LayerMoves,
    readonly retractBefore: number,
  ) {}

  /** A travel to (x, y); retracted when at least retract_before_travel long, unless `retract` is
   * false (a travel PrusaSlicer does not retract, whatever its length). */
  travelTo(x: number, y: number, retract = true): void {
    const dx = x - this.x;
    const dy = y - this.y;
    const length = Math.sqrt(dx * dx + dy * dy);
    if (length > 1e-9)
      travel(this.moves, length, Math.atan2(dy, dx), retract && length >= this.retractBefore);
    this.x = x;
    this.y = y;
  }

  /** Extrude along a polyline (x, y pairs), travelling to its start first (`retract`: as
   * travelTo). Returns its length. */
  path(
    xy: ArrayLike<number>,
    filamentPerMm: number,
    feed: number,
    feature: Feature,
    fixed = false,
    retract = true,
  ): number {
    const n = xy.length / 2;
    if (n < 2) return 0;
    this.travelTo(xy[0] as number, xy[1] as number, retract);
    this.moves.fixedNext = fixed;
    let length = 0;
    for (let i = 1; i < n; i++) {
      const dx = (xy[2 * i] as number) - this.x;
      const dy = (xy[2 * i + 1] as number) - this.y;
      const len = Math.sqrt(dx * dx + dy * dy);
      if (len > 0) {
        this.moves.push(dx, dy, 0, len * filamentPerMm, feed, MoveKind.extrude, feature);
        length += len;
      }
      this.x = xy[2 * i] as number;
      this.y = xy[2 * i + 1] as number;
    }
    this.moves.fixedNext = false;
    return length;
  }
}

/** Of open paths (x y pairs) not marked in `skip`, the one with an end nearest (x, y): its index
 * (−1: none), whether that end is its last, and the squared distance. */
export function nearestEnd(
  paths: number[][],
  x: number,
  y: number,
  skip?: Uint8Array,
): [index: number, reverse: boolean, d2: number] {
  let best = -1;
  let bestD = Number.POSITIVE_INFINITY;
  let reverse = false;
  for (let k = 0; k < paths.length; k++) {
    if (skip && skip[k] === 1) continue;
    const m = paths[k] as number[];
    const d0 = ((m[0] as number) - x) ** 2 + ((m[1] as number) - y) ** 2;
    const d1 = ((m[m.length - 2] as number) - x) ** 2 + ((m[m.length - 1] as number) - y) ** 2;
    if (d0 < bestD) {
      bestD = d0;
      best = k;
      reverse = false;
    }
    if (d1 < bestD) {
      bestD = d1;
      best = k;
      reverse = true;
    }
  }
  return [best, reverse, bestD];
}

/** A path (x y pairs) the other way round. */
export function reversedPath(xy: number[]): number[] {
  const out: number[] = [];
  for (let i = xy.length - 2; i >= 0; i -= 2) out.push(xy[i] as number, xy[i + 1] as number);
  return out;
}
