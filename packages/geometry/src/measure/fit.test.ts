import { describe, expect, it } from 'vitest';
import { convexHull2D, fitOnBed } from './fit.js';

const rect = (w: number, d: number, x0 = 0, y0 = 0) => [x0, y0, x0 + w, y0, x0 + w, y0 + d, x0, y0 + d];

/** The exact least angle at which a w × d rectangle fits a X × Y box: solve w·cos θ + d·sin θ = X. */
function railAngleDeg(w: number, d: number, X: number): number {
  const r = Math.hypot(w, d);
  return ((Math.acos(X / r) + Math.atan2(d, w)) * 180) / Math.PI;
}

describe('convex hull', () => {
  it('keeps the corners of a square with points inside and on its edges, counter-clockwise', () => {
    const pts = [...rect(10, 10), 5, 5, 2, 7, 5, 0, 10, 5, 3, 3];
    const hull = convexHull2D(pts);
    const corners = [];
    for (let i = 0; i < hull.length; i += 2) corners.push(`${hull[i]},${hull[i + 1]}`);
    expect(corners.sort()).toEqual(['0,0', '0,10', '10,0', '10,10']);
    // Counter-clockwise: positive signed area.
    let area = 0;
    for (let i = 0; i < hull.length; i += 2) {
      const j = (i + 2) % hull.length;
      area += hull[i]! * hull[j + 1]! - hull[j]! * hull[i + 1]!;
    }
    expect(area / 2).toBeCloseTo(100, 9);
  });

  it('agrees with a brute-force hull on random points (every point inside or on it)', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    const pts: number[] = [];
    for (let i = 0; i < 5000; i++) pts.push(rnd() * 100 - 50, rnd() * 60 - 30);
    const hull = convexHull2D(pts);
    for (let k = 0; k < pts.length; k += 2) {
      for (let i = 0; i < hull.length; i += 2) {
        const j = (i + 2) % hull.length;
        const cross =
          (hull[j]! - hull[i]!) * (pts[k + 1]! - hull[i + 1]!) -
          (hull[j + 1]! - hull[i + 1]!) * (pts[k]! - hull[i]!);
        expect(cross).toBeGreaterThanOrEqual(-1e-9);
      }
    }
  });
});

describe('fitting the bed by turning', () => {
  it('fits the 300 × 25 mm rail on the 250 × 210 bed on the diagonal, near the exact angle', () => {
    const fit = fitOnBed(convexHull2D(rect(300, 25)), 250, 210)!;
    expect(fit).not.toBeNull();
    expect(fit.footprint[0]).toBeLessThanOrEqual(250 + 1e-6);
    expect(fit.footprint[1]).toBeLessThanOrEqual(210 + 1e-6);
    // It fits between the angle where its width reaches 250 and the one where its depth reaches 210.
    const lo = railAngleDeg(300, 25, 250);
    const folded = Math.min(fit.rotationDeg, 180 - fit.rotationDeg);
    expect(folded).toBeGreaterThanOrEqual(lo - 1e-3);
    expect(folded).toBeLessThan(50);
  });

  it('needs no turn for a part that fits as it lies, and finds none for a 260 × 260 plate', () => {
    expect(fitOnBed(convexHull2D(rect(200, 200)), 250, 210)).toEqual({
      rotationDeg: 0,
      footprint: [200, 200],
    });
    expect(fitOnBed(convexHull2D(rect(260, 260)), 250, 210)).toBeNull();
    // Longer than the bed's diagonal (325.3 mm): no turn helps.
    expect(fitOnBed(convexHull2D(rect(330, 2)), 250, 210)).toBeNull();
  });

  it('uses the outline, not the box: a thin diagonal bar fits where its box never would', () => {
    // A 3 mm wide bar from (0, 0) to (215, 215): its box is 217 × 217 (no turn fits a 217 mm square on a
    // 210 mm deep bed), its outline about 3 × 304 mm, shorter than the bed's diagonal.
    const bar = [0, 0, 2, -2, 217, 213, 215, 215];
    const fit = fitOnBed(convexHull2D(bar), 250, 210)!;
    expect(fit).not.toBeNull();
    expect(fit.rotationDeg).toBeGreaterThan(0);
    expect(fitOnBed(convexHull2D(rect(217, 217)), 250, 210)).toBeNull();
    // Longer than the bed's diagonal: nothing fits.
    expect(fitOnBed(convexHull2D([0, 0, 2, -2, 242, 238, 240, 240]), 250, 210)).toBeNull();
  });
});
