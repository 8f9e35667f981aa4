import { describe, expect, it } from 'vitest';
import { MotionPlanner, MoveKind } from './planner.js';
import { Feature, followLoop, LayerMoves, Pen, roundLoop } from './toolpath.js';

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

describe('roundLoop', () => {
  const square = new Float64Array([0, 0, 10, 0, 10, 10, 0, 10]);
  // the moves through the planner alone (no cooling slowdown: this is no whole layer)
  const timeOf = (moves: LayerMoves) => {
    const planner = new MotionPlanner();
    for (let k = 0; k < moves.count; k++)
      planner.move(
        moves.dx[k] as number,
        moves.dy[k] as number,
        0,
        moves.de[k] as number,
        moves.feed[k] as number,
        MoveKind.extrude,
      );
    planner.flush();
    return planner.time;
  };

  // a three-bead wall's middle bead in PrusaSlicer's G-code turns a square corner as eight 0.12 mm
  // chords round the inside corner, half the wall (0.6 mm) from it
  it("turns a square's corners on arcs of the radius, eight chords each", () => {
    const moves = new LayerMoves();
    roundLoop(moves, square, 1, 0.6, 0.03, 150, Feature.walls);
    expect(moves.count).toBe(4 + 4 * 8);
    let length = 0;
    let filament = 0;
    for (let k = 0; k < moves.count; k++) {
      length += Math.hypot(moves.dx[k] as number, moves.dy[k] as number);
      filament += moves.de[k] as number;
    }
    // four sides less 2 × 0.6 each, four quarter circles of 0.6 mm as chords (within 0.01 mm)
    const chords = 4 * 8 * 2 * 0.6 * Math.sin(Math.PI / 32);
    expect(length).toBeCloseTo(40 - 4 * 1.2 + chords, 2);
    expect(filament).toBeCloseTo(length * 0.03, 9);
    // and the loop closes
    let x = 0;
    let y = 0;
    for (let k = 0; k < moves.count; k++) {
      x += moves.dx[k] as number;
      y += moves.dy[k] as number;
    }
    expect(Math.hypot(x, y)).toBeLessThan(1e-9);
  });

  it('is quicker at 150 mm/s than the sharp corners, and keeps turns under 15°', () => {
    const sharp = new LayerMoves();
    followLoop(sharp, square, 1, 0.03, 150, Feature.walls);
    const round = new LayerMoves();
    roundLoop(round, square, 1, 0.6, 0.03, 150, Feature.walls);
    expect(timeOf(round)).toBeLessThan(timeOf(sharp) * 0.9);
    // a 10° turn is no corner to round: a 36-gon keeps its 36 sides
    const polygon = new Float64Array(72);
    for (let i = 0; i < 36; i++) {
      polygon[2 * i] = 10 * Math.cos((i * Math.PI) / 18);
      polygon[2 * i + 1] = 10 * Math.sin((i * Math.PI) / 18);
    }
    const moves = new LayerMoves();
    roundLoop(moves, polygon, 1, 0.6, 0.03, 150, Feature.walls);
    expect(moves.count).toBe(36);
  });
});
