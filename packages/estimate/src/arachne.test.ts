import { describe, expect, it } from 'vitest';
import { arachneSettings, beadCount, beadWidths, thicknessFor, transitionReach } from './arachne.js';

// the house profile at 0.2 mm layers: every perimeter 0.45 wide, spacing 0.45 − 0.2·(1 − π/4),
// 0.4 mm nozzle (min_bead_width 0.34, min_feature_size 0.1), 2 perimeters
const spacing = 0.45 - 0.2 * (1 - Math.PI / 4);
const house = arachneSettings(0.45, spacing, 0.4, 2);

describe('Arachne bead count (PrusaSlicer 2.5 beading strategies)', () => {
  it('counts beads by the thresholds min_bead_width sets', () => {
    expect(beadCount(0.05, house)).toBe(0); // under min_feature_size
    expect(beadCount(0.3, house)).toBe(1); // thinner than a bead: one widened bead
    // two beads once one bead + (2·0.34/0.45 − 1) of a bead fits
    expect(thicknessFor(2, house)).toBeCloseTo((1 + (2 * 0.34) / 0.45 - 1) * spacing, 2);
    // a third (middle) bead once 2 beads + 0.34/0.45 of a bead fits
    expect(thicknessFor(3, house)).toBeCloseTo((2 + 0.34 / 0.45) * spacing, 2);
    expect(beadCount(1.1, house)).toBe(2);
    expect(beadCount(1.14, house)).toBe(3);
    expect(beadCount(1.5, house)).toBe(4);
    expect(beadCount(10, house)).toBe(4); // at most 2 × perimeters
  });

  it('shares the thickness between the beads', () => {
    expect(beadWidths(1.0, 2, house)).toEqual([0.5, 0.5]);
    const three = beadWidths(1.2, 3, house);
    expect(three[0]).toBeCloseTo(spacing);
    expect(three[2]).toBeCloseTo(spacing);
    expect(three[1]).toBeCloseTo(1.2 - 2 * spacing);
    expect(beadWidths(0.2, 1, house)).toEqual([0.34]); // widened to min_bead_width
  });
});

describe('transitionReach', () => {
  it("puts the anchor's share of a nozzle-long transition on the thinner side", () => {
    // three to four beads: the split threshold leaves 2·0.34/0.45 − 1 = 0.511 of a bead over, so
    // the anchor is 1 − 0.511 = 0.489 of the 0.4 mm transition: 0.196 mm (to 2 µm)
    expect(transitionReach(4, house, 0.4)).toBeCloseTo(0.4 * (1 - (2 * 0.34) / 0.45 + 1), 2);
    expect(Math.abs(transitionReach(4, house, 0.4) - 0.1956)).toBeLessThan(0.002);
    // two to three beads: the add threshold (0.34 / 0.45 of a bead) sets it
    expect(Math.abs(transitionReach(3, house, 0.4) - 0.4 * (1 - 0.34 / 0.45))).toBeLessThan(0.002);
  });

  it('is nothing for a single bead, and for a count the wall never reaches', () => {
    expect(transitionReach(1, house, 0.4)).toBe(0);
    expect(transitionReach(9, house, 0.4)).toBe(0);
  });
});
