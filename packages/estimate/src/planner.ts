/**
 * Stage "planner": the print time of a sequence of moves, the way PrusaSlicer 2.5's G-code processor
 * estimates it (its "normal mode" figure). Written here from the facts of that model:
 *
 *  - each move is a block with a trapezoidal speed profile: accelerate from the entry speed, cruise,
 *    decelerate to the exit speed, at one acceleration (printing: default_acceleration; travel: the
 *    travel acceleration; extruder-only moves: the retract acceleration), reduced to an axis's limit
 *    when the move's share on that axis would exceed it;
 *  - the cruise speed is the requested feedrate scaled down so that no axis exceeds its maximum
 *    feedrate;
 *  - a block may start and stop at its "safe" speed: the cruise speed, or the smallest jerk of an
 *    axis whose own speed exceeds its jerk;
 *  - the junction speed between two blocks is the smaller nominal speed scaled down until no axis
 *    changes speed by more than its jerk (a reversal counts the larger of the two speeds); when both
 *    safe speeds are already above 99 % of it, the block starts at its own safe speed instead;
 *  - planning runs in windows (every 256 blocks, keeping the last 64): a forward pass then a reverse
 *    pass (which resets each entry to its maximum and only keeps deceleration limits), then the
 *    trapezoids are recomputed and the settled blocks' times are added.
 *
 * Pure and allocation-free per move (typed-array ring of blocks).
 */
import { HOUSE_PRINTER, type PrinterProfile } from '@printloop/materials';

/** How a move is accelerated. */
export const MoveKind = { extrude: 0, travel: 1, retract: 2 } as const;
export type MoveKind = (typeof MoveKind)[keyof typeof MoveKind];

const QUEUE_KEEP = 64;
const QUEUE_REFRESH = QUEUE_KEEP * 4;
const CAPACITY = QUEUE_REFRESH + 2;

export class MotionPlanner {
  /** Total time of the settled blocks (s). Call `flush()` first for the whole sequence. */
  time = 0;
  /** The same per tag (0..15, given with each move): what each feature costs. */
  readonly timeByTag = new Float64Array(16);
  /** Path length (mm) and moves (extruder-only moves not counted) per tag, for comparing toolpaths. */
  readonly lengthByTag = new Float64Array(16);
  readonly movesByTag = new Float64Array(16);
  private readonly limits: PrinterProfile;
  private printAcceleration: number;
  private travelAcceleration: number;
  private retractAcceleration: number;
  // blocks in the window
  private count = 0;
  private readonly distance = new Float64Array(CAPACITY);
  private readonly acceleration = new Float64Array(CAPACITY);
  private readonly cruise = new Float64Array(CAPACITY);
  private readonly entry = new Float64Array(CAPACITY);
  private readonly maxEntry = new Float64Array(CAPACITY);
  private readonly safe = new Float64Array(CAPACITY);
  private readonly nominalLength = new Uint8Array(CAPACITY);
  private readonly tag = new Uint8Array(CAPACITY);
  // the previous move (for the junction)
  private prevFeedrate = 0;
  private prevSafe = 0;
  private readonly prevAxis = new Float64Array(4);
  private readonly axis = new Float64Array(4);
  private readonly maxFeedrate: Float64Array;
  private readonly maxAxisAcceleration: Float64Array;
  private readonly jerk: Float64Array;

  constructor(limits: PrinterProfile = HOUSE_PRINTER) {
    this.limits = limits;
    this.printAcceleration = Math.min(limits.printAcceleration, limits.maxAccelerationExtruding);
    this.travelAcceleration = limits.maxAccelerationTravel;
    this.retractAcceleration = limits.maxAccelerationRetracting;
    const { maxFeedrate: f, maxAcceleration: a, maxJerk: j } = limits;
    this.maxFeedrate = Float64Array.of(f.x, f.y, f.z, f.e);
    this.maxAxisAcceleration = Float64Array.of(a.x, a.y, a.z, a.e);
    this.jerk = Float64Array.of(j.x, j.y, j.z, j.e);
  }

  /** M204 P (printing) / T (travel) (mm/s²), clamped to the machine maxima. */
  setAccelerations(print: number, travel = this.travelAcceleration): void {
    this.printAcceleration = Math.min(print, this.limits.maxAccelerationExtruding);
    this.travelAcceleration = Math.min(travel, this.limits.maxAccelerationTravel);
  }

  /**
   * One move by (dx, dy, dz) mm with `de` mm of filament, requested at `feedrate` mm/s. `kind` picks
   * the acceleration (an extrusion, a travel, or an extruder-only retraction).
   */
  move(dx: number, dy: number, dz: number, de: number, feedrate: number, kind: MoveKind, tag = 0): void {
    const xyz = Math.sqrt(dx * dx + dy * dy + dz * dz);
    const distance = xyz > 0 ? xyz : Math.abs(de);
    if (!(distance > 0)) return;
    this.lengthByTag[tag] = (this.lengthByTag[tag] as number) + xyz;
    if (xyz > 0) this.movesByTag[tag] = (this.movesByTag[tag] as number) + 1;
    const inv = 1 / distance;
    const axis = this.axis;
    axis[0] = feedrate * dx * inv;
    axis[1] = feedrate * dy * inv;
    axis[2] = feedrate * dz * inv;
    axis[3] = feedrate * de * inv;
    let factor = 1;
    for (let a = 0; a < 4; a++) {
      const v = Math.abs(axis[a] as number);
      const max = this.maxFeedrate[a] as number;
      if (v > 0 && max > 0) factor = Math.min(factor, max / v);
    }
    const cruise = factor * feedrate;
    if (factor < 1) for (let a = 0; a < 4; a++) axis[a] = (axis[a] as number) * factor;

    let acceleration =
      kind === MoveKind.travel
        ? this.travelAcceleration
        : kind === MoveKind.retract
          ? this.retractAcceleration
          : this.printAcceleration;
    // an axis whose share of the acceleration would exceed its limit caps the block's acceleration
    const limits = this.maxAxisAcceleration;
    if (acceleration * Math.abs(dx) * inv > (limits[0] as number)) acceleration = limits[0] as number;
    if (acceleration * Math.abs(dy) * inv > (limits[1] as number)) acceleration = limits[1] as number;
    if (acceleration * Math.abs(dz) * inv > (limits[2] as number)) acceleration = limits[2] as number;
    if (acceleration * Math.abs(de) * inv > (limits[3] as number)) acceleration = limits[3] as number;

    // the speed this block may start and stop at from rest
    let safe = cruise;
    for (let a = 0; a < 4; a++) {
      const j = this.jerk[a] as number;
      if (Math.abs(axis[a] as number) > j) safe = Math.min(safe, j);
    }

    // junction with the previous block
    let junction = safe;
    if (this.count > 0 && this.prevFeedrate > 1e-4) {
      const prevFaster = this.prevFeedrate > cruise;
      const smaller = prevFaster ? cruise / this.prevFeedrate : this.prevFeedrate / cruise;
      junction = prevFaster ? cruise : this.prevFeedrate;
      let scale = 1;
      let limited = false;
      for (let a = 0; a < 4; a++) {
        let exit = this.prevAxis[a] as number;
        let enter = axis[a] as number;
        if (prevFaster) exit *= smaller;
        if (limited) {
          exit *= scale;
          enter *= scale;
        }
        const change =
          exit > enter
            ? enter > 0 || exit < 0
              ? exit - enter
              : Math.max(exit, -enter)
            : enter < 0 || exit > 0
              ? enter - exit
              : Math.max(-exit, enter);
        const j = this.jerk[a] as number;
        if (change > j) {
          scale *= j / change;
          limited = true;
        }
      }
      if (limited) junction *= scale;
      const threshold = junction * 0.99;
      if (this.prevSafe > threshold && safe > threshold) junction = safe;
    }
    const allowable = Math.sqrt(Math.max(0, safe * safe + 2 * acceleration * distance));

    const i = this.count++;
    this.distance[i] = distance;
    this.acceleration[i] = acceleration;
    this.cruise[i] = cruise;
    this.entry[i] = Math.min(junction, allowable);
    this.maxEntry[i] = junction;
    this.safe[i] = safe;
    this.nominalLength[i] = cruise <= allowable ? 1 : 0;
    this.tag[i] = tag;

    // the requested (not clamped) feedrate and the clamped axis speeds carry to the next junction
    this.prevFeedrate = feedrate;
    this.prevSafe = safe;
    this.prevAxis.set(axis);

    if (this.count > QUEUE_REFRESH) this.plan(QUEUE_KEEP);
  }

  /** Plan and settle every block (PrusaSlicer does this at waits and at the end). */
  flush(): void {
    this.plan(0);
  }

  /** Forward pass, reverse pass, then settle all but the last `keep` blocks. */
  private plan(keep: number): void {
    const n = this.count;
    if (n === 0) return;
    const { distance, acceleration, entry, maxEntry, nominalLength, cruise, safe, tag, timeByTag } = this;
    if (n >= 2) {
      for (let i = 0; i + 1 < n; i++) {
        if (nominalLength[i] === 0 && (entry[i] as number) < (entry[i + 1] as number)) {
          const reach = Math.sqrt(
            (entry[i] as number) ** 2 + 2 * (acceleration[i] as number) * (distance[i] as number),
          );
          if (reach < (entry[i + 1] as number)) entry[i + 1] = reach;
        }
      }
      for (let i = n - 1; i > 0; i--) {
        const c = i - 1;
        if (entry[c] !== maxEntry[c]) {
          if (nominalLength[c] === 0 && (maxEntry[c] as number) > (entry[i] as number)) {
            const reach = Math.sqrt(
              (entry[i] as number) ** 2 + 2 * (acceleration[c] as number) * (distance[c] as number),
            );
            entry[c] = Math.min(maxEntry[c] as number, reach);
          } else entry[c] = maxEntry[c] as number;
        }
      }
    }
    const settle = n < 2 ? (keep === 0 ? n : 0) : n - keep;
    let total = 0;
    for (let i = 0; i < settle; i++) {
      const exit = i + 1 < n ? (entry[i + 1] as number) : (safe[i] as number);
      const t = trapezoidTime(
        distance[i] as number,
        entry[i] as number,
        cruise[i] as number,
        exit,
        acceleration[i] as number,
      );
      total += t;
      const k = tag[i] as number;
      timeByTag[k] = (timeByTag[k] as number) + t;
    }
    this.time += total;
    if (settle > 0) {
      const left = n - settle;
      for (const arr of [distance, acceleration, cruise, entry, maxEntry, safe]) arr.copyWithin(0, settle, n);
      nominalLength.copyWithin(0, settle, n);
      tag.copyWithin(0, settle, n);
      this.count = left;
    }
  }
}

/** Time of one trapezoid block: accelerate from `entry` towards `cruise`, end at `exit`. */
export function trapezoidTime(
  distance: number,
  entry: number,
  cruise: number,
  exit: number,
  acceleration: number,
): number {
  if (!(acceleration > 0)) return cruise > 0 ? distance / cruise : 0;
  let accelerate = Math.max(0, (cruise * cruise - entry * entry) / (2 * acceleration));
  const decelerate = Math.max(0, (cruise * cruise - exit * exit) / (2 * acceleration));
  let cruising = distance - accelerate - decelerate;
  let top = cruise;
  if (cruising < 0) {
    accelerate = Math.min(
      distance,
      Math.max(0, (2 * acceleration * distance - entry * entry + exit * exit) / (4 * acceleration)),
    );
    cruising = 0;
    top = Math.sqrt(Math.max(0, entry * entry + 2 * acceleration * accelerate));
  }
  const accelerateTime = (top - entry) / acceleration;
  const cruiseTime = top > 0 ? cruising / top : 0;
  const rest = distance - accelerate - cruising;
  const decelerateTime = (top - Math.sqrt(Math.max(0, top * top - 2 * acceleration * rest))) / acceleration;
  return accelerateTime + cruiseTime + decelerateTime;
}
