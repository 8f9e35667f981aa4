import { describe, expect, it } from 'vitest';
import { box, type Tri } from '../testing/meshes.js';
import { hasFineVerticalDetail } from './detail.js';

const soup = (tris: Tri[]) => new Float32Array(tris.flat(2));

/** A cone-ish pyramid: four sloped faces on a square base. */
function pyramid(side: number, height: number): Tri[] {
  const c: [number, number, number] = [side / 2, side / 2, height];
  const p = (x: number, y: number): [number, number, number] => [x, y, 0];
  return [
    [p(0, 0), p(side, 0), c],
    [p(side, 0), p(side, side), c],
    [p(side, side), p(0, side), c],
    [p(0, side), p(0, 0), c],
    [p(0, 0), p(side, side), p(side, 0)],
    [p(0, 0), p(0, side), p(side, side)],
  ];
}

describe('hasFineVerticalDetail', () => {
  it('finds none in a 20 mm cube (walls and two flat faces 20 mm apart)', () => {
    expect(hasFineVerticalDetail(soup(box([0, 0, 0], [20, 20, 20])), 12, 0.3)).toBe(false);
  });

  it('finds it on sloped surfaces, in a raised ledge 0.6 mm high, and in a part a few layers tall', () => {
    expect(hasFineVerticalDetail(soup(pyramid(20, 20)), 6, 0.3)).toBe(true);
    // a 20 mm block with a 0.6 mm raised pad on top: flat faces at 20 and 20.6 mm
    const ledge = [...box([0, 0, 0], [20, 20, 20]), ...box([5, 5, 20], [15, 15, 20.6])];
    expect(hasFineVerticalDetail(soup(ledge), ledge.length, 0.3)).toBe(true);
    // at 0.1 mm layers the same pad is six layers high: not fine detail at that layer height
    expect(hasFineVerticalDetail(soup(ledge), ledge.length, 0.1)).toBe(false);
    expect(hasFineVerticalDetail(soup(box([0, 0, 0], [20, 20, 2])), 12, 0.3)).toBe(true);
  });
});
