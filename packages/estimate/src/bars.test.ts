import { describe, expect, it } from 'vitest';
import { arachneSettings } from './arachne.js';
import { barBeads } from './bars.js';
import { EdgeGrid } from './edges.js';

/** The house profile's Arachne settings at 0.2 mm layers (every perimeter 0.45 wide). */
const spacing = 0.45 - 0.2 * (1 - Math.PI / 4);
const settings = arachneSettings(0.45, spacing, 0.4, 2);
const inset = 0.45 - spacing;

/** A 10 mm bar `width` wide (counter-clockwise), and a stretch along its lower side, 0.225 in. */
function bar(width: number) {
  const loop = new Float64Array([-5, 0, 5, 0, 5, width, -5, width]);
  const grid = new EdgeGrid([loop], 1);
  return barBeads(grid, -3, 0.225, 3, 0.225, settings, inset);
}

describe('barBeads', () => {
  // PrusaSlicer 2.5, beams over a 6 mm gap with supports on (house profile, 0.2 mm): 1.0, 1.4 and
  // 2.0 mm wide are supported (slivers between the beads' stamps), 1.6 mm is not.
  it("judges a lone bar's beads as PrusaSlicer's sliced beams show them", () => {
    expect(bar(1.0)).toMatchObject({ beads: 2, covered: false });
    expect(bar(1.4)).toMatchObject({ beads: 3, covered: false });
    expect(bar(1.6)).toMatchObject({ beads: 4, covered: true });
    expect(bar(2.0)).toMatchObject({ beads: 4, covered: false });
    // one bead down the middle of a bar under 0.45 mm reaches both sides
    expect(bar(0.42)).toMatchObject({ beads: 1, covered: true });
    expect(bar(0.6)?.covered).toBe(false);
  });

  it('measures the thickness across the bar and gives its centreline', () => {
    const b = bar(1.6);
    expect(b?.thickness).toBeCloseTo(1.6, 1); // tolerance: the walk's 0.02 mm steps
    expect(b?.segment[1]).toBeCloseTo(0.8, 1);
    expect(b?.segment[3]).toBeCloseTo(0.8, 1);
  });

  it('leaves a part wider than its beads, or a bar that widens at an end, to the walls', () => {
    // 3 mm: four beads and infill between them
    expect(bar(3)).toBeNull();
    // a 1.6 mm bar ending in a 6 mm block at each end (a junction)
    const loop = new Float64Array([
      -8, -2.2, -5, -2.2, -5, 0, 5, 0, 5, -2.2, 8, -2.2, 8, 3.8, 5, 3.8, 5, 1.6, -5, 1.6, -5, 3.8, -8, 3.8,
    ]);
    const grid = new EdgeGrid([loop], 1);
    expect(barBeads(grid, -3, 0.225, 3, 0.225, settings, inset)).toBeNull();
  });

  // The frame of PrusaSlicer's 2 mm lattice, half a bar wide where the box cuts it (0.6 mm on the
  // bars' first layer): one bead down its middle, supported between the junctions (its G-code's
  // contact runs along the whole frame), its bead's stamp short of the sides.
  it('gives a bar of one bead its bead whatever it meets at its ends', () => {
    const loop = new Float64Array([
      -8, -2.2, -5, -2.2, -5, 0, 5, 0, 5, -2.2, 8, -2.2, 8, 2.8, 5, 2.8, 5, 0.6, -5, 0.6, -5, 2.8, -8, 2.8,
    ]);
    const grid = new EdgeGrid([loop], 1);
    expect(barBeads(grid, -3, 0.225, 3, 0.225, settings, inset)).toMatchObject({ beads: 1, covered: false });
  });
});
