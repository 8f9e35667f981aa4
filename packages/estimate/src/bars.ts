/**
 * Bars over air and PrusaSlicer's bridging perimeters (pure). PrusaSlicer 2.5 takes each straight
 * overhanging bead held at both ends out of the support, with 0.226 mm round it
 * (SupportMaterial.cpp, remove_bridges_from_contacts). Whether a lone bar is then left unsupported
 * depends on where Arachne lays its beads across it: where two neighbours are more than 0.452 mm
 * apart, or the outer ones more than 0.226 mm in from the sides, slivers are left between the
 * stamps, and the support's grid turns them into columns under the whole bar. Measured on sliced
 * beams over a 6 mm gap: bars 1.0, 1.4 and 2.0 mm wide are supported, 1.6 and 3 mm ones are not,
 * as this predicts.
 *
 * A bar that widens at an end (a lattice's junction) is not judged here: there Arachne's bead
 * count changes, and whether its beads stay straight (PrusaSlicer's test) depends on where the
 * transition falls against the layer below (in sliced lattices, 1.6 mm bars bent and were
 * supported, 2 mm ones stayed straight and were not). Those keep the walls' own stamps.
 */
import { type ArachneSettings, beadCount, beadWidths, thicknessFor } from './arachne.js';
import type { EdgeGrid } from './edges.js';

/** Half the bridging flow's spacing (nozzle 0.4 + 0.05, halved, + 1 µm): each bead's stamp (mm). */
const STAMP = 0.226;

/** How far along a bar a junction is looked for (mm): Arachne's transition filter's reach. */
const FILTER_DISTANCE = 100;

/** Steps of the walks across and along a bar (mm). */
const STEP_ACROSS = 0.02;
const STEP_ALONG = 0.05;

export interface BarBeads {
  /** The part's thickness across the stretch (mm). */
  thickness: number;
  /** The bar's centreline through the stretch's middle, as far as the stretch reaches. */
  segment: number[];
  /** Arachne's beads across it (0: wider than its beads, infill in the middle). */
  beads: number;
  /** Whether their stamps cover the bar from side to side. */
  covered: boolean;
}

/**
 * The bar a straight stretch of wall (x1 y1 x2 y2, the part on its left) lies along: its thickness
 * there (the widest circle inside the part, walking in from the stretch's middle), Arachne's bead
 * count across it and whether their stamps meet. `inset` is Arachne's first inset (the external
 * perimeter's width − spacing). Null when the part is wider than its 2 × perimeters beads there,
 * or, with more than one bead, widens at either end of the bar (their stamps are then the walls'
 * own); a bar of one bead has that bead down its middle whatever it meets at its ends (the frame
 * of a lattice, half a bar wide: PrusaSlicer supports it, its bead's stamp does not reach the
 * sides).
 */
export function barBeads(
  grid: EdgeGrid,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  s: ArachneSettings,
  inset: number,
): BarBeads | null {
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (!(length > 0)) return null;
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  // across: the distance to the outline rises to the bar's middle, then falls
  const maxBeads = 2 * s.perimeters;
  // past this, the beads are 2 × perimeters at their optimal widths with infill between
  // (LimitedBeadingStrategy: the optimal thickness of one bead more, less 10 µm)
  const limit = 2 * s.outerSpacing + (maxBeads - 1) * s.innerSpacing - 0.01;
  const widest = limit + inset;
  let radius = 0;
  let at = 0;
  for (let t = 0; t <= widest; t += STEP_ACROSS) {
    const d = grid.distance(mx - uy * t, my + ux * t, widest);
    if (d > radius) {
      radius = d;
      at = t;
    } else if (d < radius - 2 * STEP_ACROSS) break;
  }
  const thickness = 2 * radius;
  if (thickness >= widest) return null;
  const cx = mx - uy * at;
  const cy = my + ux * at;
  const segment = [
    cx - (ux * length) / 2,
    cy - (uy * length) / 2,
    cx + (ux * length) / 2,
    cy + (uy * length) / 2,
  ];
  const own = thickness - inset;
  const beads = beadCount(own, s);
  // one bead runs down the middle whatever the bar meets at its ends
  if (beads === 1) return { thickness, segment, beads, covered: stampsMeet(own, beads, s, inset) };
  // a bar that widens at an end (a junction, a plate) takes more beads there: Arachne's
  // transitions bend its beads near the junction, or dissolve the dip; not a lone bar
  const wider = (beads < maxBeads ? thicknessFor(beads + 1, s) : limit) + inset;
  if (widensTo(grid, cx, cy, ux, uy, thickness, wider) || widensTo(grid, cx, cy, -ux, -uy, thickness, wider))
    return null;
  return { thickness, segment, beads, covered: stampsMeet(own, beads, s, inset) };
}

/** Whether the bar, walked along from (x, y) in direction (ux, uy), widens to `wider` (a junction)
 * before it ends (the outline across the walk) or the filter's reach. */
function widensTo(
  grid: EdgeGrid,
  x: number,
  y: number,
  ux: number,
  uy: number,
  thickness: number,
  wider: number,
): boolean {
  const offsets = [-3, -2, -1, 0, 1, 2, 3].map((k) => (k * thickness) / 8);
  for (let t = 0; t <= FILTER_DISTANCE; t += STEP_ALONG) {
    const px = x + ux * t;
    const py = y + uy * t;
    if (grid.distance(px, py, wider) < STEP_ALONG) return false;
    for (const o of offsets) if (grid.distance(px - uy * o, py + ux * o, wider) >= wider / 2) return true;
  }
  return false;
}

/** Whether `beads` beads across `own` mm (after the first inset) leave no gap between their
 * stamps, nor at the sides. More beads than 2 × perimeters: the limit's beads at their optimal
 * widths, infill between them. */
function stampsMeet(own: number, beads: number, s: ArachneSettings, inset: number): boolean {
  if (beads <= 0) return false;
  // one bead runs down the middle
  if (beads === 1) return (own + inset) / 2 <= STAMP;
  const max = 2 * s.perimeters;
  const widths =
    beads > max
      ? [s.outerSpacing, ...Array.from({ length: max - 2 }, () => s.innerSpacing), s.outerSpacing]
      : beadWidths(own, beads, s);
  // centres from one side: the first inset, then the beads side by side
  let edge = inset / 2;
  let last = Number.NaN;
  for (const w of widths) {
    const centre = edge + w / 2;
    if (Number.isNaN(last) ? centre > STAMP : centre - last > 2 * STAMP) return false;
    last = centre;
    edge += w;
  }
  return beads > max || own + inset - last <= STAMP;
}
