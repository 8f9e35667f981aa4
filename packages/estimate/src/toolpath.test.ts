import { describe, expect, it } from 'vitest';
import { MoveKind } from './planner.js';
import { Feature, LayerMoves, Pen } from './toolpath.js';

function retractions(moves: LayerMoves): number {
  let n = 0;
  for (let k = 0; k < moves.count; k++)
    if (moves.kind[k] === MoveKind.retract && (moves.de[k] as number) < 0) n++;
  return n;
}

describe('Pen', () => {
  // retract_before_travel is 2 mm in the house profile
  it('retracts before a travel of retract_before_travel or more, not before a shorter one', () => {
    const moves = new LayerMoves();
    const pen = new Pen(moves, 2);
    pen.travelTo(1.5, 0);
    expect(retractions(moves)).toBe(0);
    pen.travelTo(1.5, 5);
    expect(retractions(moves)).toBe(1);
  });

  // PrusaSlicer 2.5 (GCode::needs_retraction): a travel to a base support path that stays inside
  // the layer's support islands does not retract, however long
  it('does not retract a travel its caller says PrusaSlicer would not', () => {
    const moves = new LayerMoves();
    const pen = new Pen(moves, 2);
    const length = pen.path([10, 0, 20, 0], 0.01, 60, Feature.support, false, false);
    expect(length).toBeCloseTo(10, 9);
    expect(retractions(moves)).toBe(0);
    pen.path([20, 10, 30, 10], 0.01, 60, Feature.support);
    expect(retractions(moves)).toBe(1);
    expect(pen.x).toBe(30);
    expect(pen.y).toBe(10);
  });
});
