/**
 * How PrusaSlicer 2.5's Arachne perimeter generator divides a wall of a given thickness into beads
 * (pure). Written from the facts of its beading strategies (src/libslic3r/Arachne/BeadingStrategy/
 * at version_2.5.0: Distributed, wrapped by Redistribute, Widening and Limited, as
 * BeadingStrategyFactory stacks them; parameters as WallToolPaths derives them), not copied:
 *
 *  - the outline is first moved in by (width − spacing) / 2 of the external perimeter, so the
 *    thickness the beads share is the wall's minus (width − spacing);
 *  - bead sizes are spacings: outer beads optimally the external perimeter's spacing, inner ones the
 *    perimeter's;
 *  - min_bead_width (85 % of the nozzle) sets the two thresholds: for an odd count, a middle bead
 *    splits in two when 2·min_bead_width / external width − 1 of a bead is left over; for an even
 *    count, a middle bead is added when min_bead_width / perimeter width of a bead is left over;
 *  - up to 2 × perimeters beads (Limited); a wall thinner than one bead gets one bead (Widening);
 *  - two beads share the thickness equally; with three or more, the two outer beads are at most the
 *    external spacing and the inner ones share the rest.
 */

export interface ArachneSettings {
  /** Spacing of the external and of the other perimeters (mm). */
  outerSpacing: number;
  innerSpacing: number;
  /** Extrusion widths the spacings come from (mm). */
  outerWidth: number;
  innerWidth: number;
  /** min_bead_width and min_feature_size (mm). */
  minBeadWidth: number;
  minFeatureSize: number;
  /** perimeters (the count of beads is at most twice this). */
  perimeters: number;
}

/**
 * Arachne's settings for perimeters `width` wide at line `spacing`, with PrusaSlicer 2.5's defaults
 * min_bead_width 85 % and min_feature_size 25 % of the `nozzle`, and `perimeters` a side.
 */
export function arachneSettings(
  width: number,
  spacing: number,
  nozzle: number,
  perimeters: number,
): ArachneSettings {
  return {
    outerSpacing: spacing,
    innerSpacing: spacing,
    outerWidth: width,
    innerWidth: width,
    minBeadWidth: 0.85 * nozzle,
    minFeatureSize: 0.25 * nozzle,
    perimeters,
  };
}

const clamp = (x: number) => Math.min(0.99, Math.max(0.01, x));

/** Count of beads Arachne lays across a thickness (mm, after the outline's first inset). */
export function beadCount(thickness: number, s: ArachneSettings): number {
  if (!(thickness >= s.minFeatureSize)) return 0;
  const split = clamp((2 * s.minBeadWidth) / s.outerWidth - 1);
  const add = clamp(s.minBeadWidth / s.innerWidth);
  let count: number;
  if (thickness <= 2 * s.outerSpacing) count = thickness > (1 + split) * s.outerSpacing ? 2 : 1;
  else {
    const rest = thickness - 2 * s.outerSpacing;
    const naive = Math.floor(rest / s.innerSpacing);
    const remainder = rest - naive * s.innerSpacing;
    count = 2 + naive + (remainder >= s.innerSpacing * (naive % 2 === 1 ? split : add) ? 1 : 0);
  }
  return Math.min(count, 2 * s.perimeters);
}

/** The beads' widths (spacings, mm) from the outside in, for `count` beads across `thickness`. */
export function beadWidths(thickness: number, count: number, s: ArachneSettings): number[] {
  if (count <= 0) return [];
  if (count === 1) return [Math.max(thickness, s.minBeadWidth)];
  if (count === 2) return [thickness / 2, thickness / 2];
  const outer = Math.min(thickness / 2, s.outerSpacing);
  const inner = (thickness - 2 * outer) / (count - 2);
  return [outer, ...Array.from({ length: count - 2 }, () => inner), outer];
}

/**
 * How far (mm, along the wall) the beads of a count run on into the thinner wall past where the
 * count drops, for a wall going from `count` to `count − 1` beads. Arachne lays a transition
 * wall_transition_length long (100 % of the nozzle) round the thickness where the count changes;
 * its anchor, 1 − (transition − optimal(count − 1)) / (optimal(count) − optimal(count − 1)), of it
 * lies on the thinner side, where the extra bead narrows to nothing (SkeletalTrapezoidation::
 * generateTransitionEnds, BeadingStrategy::getTransitionAnchorPos at 2.5.0).
 */
export function transitionReach(count: number, s: ArachneSettings, nozzle: number): number {
  if (count < 2) return 0;
  const optimal = (n: number) =>
    n <= 2 ? n * s.outerSpacing : 2 * s.outerSpacing + (n - 2) * s.innerSpacing;
  const lower = optimal(count - 1);
  const upper = optimal(count);
  const transition = thicknessFor(count, s);
  if (!Number.isFinite(transition) || !(upper > lower)) return 0;
  const anchor = 1 - (transition - lower) / (upper - lower);
  return Math.min(1, Math.max(0, anchor)) * nozzle;
}

/** Thickness at which the bead count first reaches `count` (the smallest, to 1 µm). */
export function thicknessFor(count: number, s: ArachneSettings): number {
  let lo = 0;
  let hi = 2 * s.perimeters * (s.outerSpacing + s.innerSpacing) + 1;
  if (beadCount(hi, s) < count) return Number.POSITIVE_INFINITY;
  while (hi - lo > 1e-3) {
    const mid = (lo + hi) / 2;
    if (beadCount(mid, s) >= count) hi = mid;
    else lo = mid;
  }
  return hi;
}
