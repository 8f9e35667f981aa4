import { describe, expect, it } from 'vitest';
import { MotionPlanner, MoveKind, trapezoidTime } from './planner.js';

describe('planner stage (PrusaSlicer 2.5 time model)', () => {
  it('times a trapezoid: accelerate, cruise, decelerate', () => {
    // 100 mm at 50 mm/s from and to 8 mm/s at 1000 mm/s²: ramps of (50² − 8²)/2000 mm each
    const ramp = (50 * 50 - 8 * 8) / 2000;
    const expected = 2 * ((50 - 8) / 1000) + (100 - 2 * ramp) / 50;
    expect(trapezoidTime(100, 8, 50, 8, 1000)).toBeCloseTo(expected, 9);
    // too short to reach the cruise speed: a triangle profile
    const peak = Math.sqrt(8 * 8 + 1000 * 1);
    expect(trapezoidTime(1, 8, 50, 8, 1000)).toBeCloseTo((2 * (peak - 8)) / 1000, 9);
  });

  it('keeps speed through straight junctions and slows down at corners', () => {
    const straight = new MotionPlanner();
    const square = new MotionPlanner();
    for (let k = 0; k < 40; k++) {
      straight.move(5, 0, 0, 0.15, 60, MoveKind.extrude);
      const angle = (Math.PI / 2) * k;
      square.move(5 * Math.cos(angle), 5 * Math.sin(angle), 0, 0.15, 60, MoveKind.extrude);
    }
    straight.flush();
    square.flush();
    expect(straight.time).toBeLessThan(200 / 60 + 0.2);
    // every 90° corner stops the crossing axis: each 5 mm side is a full trapezoid from 8 mm/s
    expect(square.time).toBeGreaterThan(straight.time * 1.3);
    expect(square.time).toBeCloseTo(40 * trapezoidTime(5, 8, 60, 8, 1000), 1);
  });

  it('clamps a move to the axis limits (Z at 12 mm/s)', () => {
    const p = new MotionPlanner();
    p.move(0, 0, 10, 0, 150, MoveKind.travel);
    p.flush();
    expect(p.time).toBeGreaterThan(10 / 12);
  });

  it('books time per tag', () => {
    const p = new MotionPlanner();
    p.move(10, 0, 0, 0.3, 60, MoveKind.extrude, 1);
    p.move(0, 10, 0, 0, 150, MoveKind.travel, 5);
    p.flush();
    expect((p.timeByTag[1] as number) + (p.timeByTag[5] as number)).toBeCloseTo(p.time, 9);
  });
});
