import { buildShape, estimatePrint, prepareMesh } from '@printloop/estimate';
import { orientPositions } from '@printloop/geometry';
import {
  DEFAULT_PARAMETERS,
  farmParameters,
  MIN_HINT_SAVING,
  priceQuote,
  type QuoteParameters,
  savingsHints,
} from '@printloop/quote';
import { describe, expect, it } from 'vitest';
import { hintCandidates, orientationHintCandidates } from './savings';

const NOW = new Date('2026-11-23T10:00:00.000Z');

/** The price the calculator shows for these inputs: the worker's estimate, priced in the browser. */
function shownTotal(prepared: ReturnType<typeof prepareMesh>, params: QuoteParameters, quantity: number) {
  const e = estimatePrint(prepared, farmParameters(params));
  return priceQuote(e, params, { quantity, postProcessing: params.postProcessing, now: NOW }).total_pence;
}

describe('savings hints on real estimates', () => {
  const cube = prepareMesh(buildShape({ kind: 'box', args: [40, 40, 40] }));
  const params: QuoteParameters = { ...DEFAULT_PARAMETERS, infillPercentage: 40, postProcessing: [] };

  it('offers a lower infill, a thicker layer and the next discount band, each at the exact price applied', () => {
    const candidates = hintCandidates(cube, params);
    expect(candidates.map((c) => c.kind)).toEqual(['infill', 'layer']);
    const current = estimatePrint(cube, farmParameters(params));
    const hints = savingsHints({ estimate: current, parameters: params, quantity: 1, now: NOW }, candidates);
    expect(hints.map((h) => h.kind).sort()).toEqual(['infill', 'layer', 'quantity']);
    const before = shownTotal(cube, params, 1);
    for (let i = 1; i < hints.length; i++) expect(hints[i]!.saving).toBeLessThanOrEqual(hints[i - 1]!.saving);
    for (const h of hints) {
      // Apply it as the calculator does, estimate again from scratch, price: exactly the promised total.
      const applied = { ...params, ...h.change.parameters };
      const quantity = h.change.quantity ?? 1;
      const after = shownTotal(cube, applied, quantity);
      expect(after, h.title).toBe(h.quote.total_pence);
      // And it is cheaper per part, by at least 5 %.
      expect(after / quantity, h.title).toBeLessThanOrEqual(before * (1 - MIN_HINT_SAVING));
    }
    const layer = hints.find((h) => h.kind === 'layer')!;
    expect(layer.change).toEqual({ parameters: { layerHeight: 0.3 } });
    expect(hints.find((h) => h.kind === 'quantity')!.change).toEqual({ quantity: 10 });
  });

  it('offers no thicker layer for a sphere (its curved surface is fine vertical detail)', () => {
    const sphere = prepareMesh(buildShape({ kind: 'sphere', args: [15, 48, 24] }));
    expect(hintCandidates(sphere, params).map((c) => c.kind)).toEqual(['infill']);
  });

  it('offers nothing the farm already does: the sparsest infill, or layers at the 0.3 mm limit', () => {
    const lean = { ...params, infillPercentage: 10, layerHeight: 0.4 };
    expect(hintCandidates(cube, lean)).toEqual([]);
  });
});

describe('the orientation hint', () => {
  /** A gallows bracket standing up (Γ, 60 mm tall, its 40 mm arm at the top): the arm overhangs. */
  const gallows = buildShape({
    kind: 'profileXZ',
    args: [
      [
        [0, 0],
        [10, 0],
        [10, 50],
        [50, 50],
        [50, 60],
        [0, 60],
      ],
      10,
    ],
  });
  const standing = prepareMesh(gallows);
  const params: QuoteParameters = { ...DEFAULT_PARAMETERS, supportRequired: true, postProcessing: [] };

  it('lays a bracket that needs supports standing on its side: no supports, at the exact price', () => {
    const current = estimatePrint(standing, farmParameters(params));
    expect(current.breakdown.support_g).toBeGreaterThan(0);
    const candidates = orientationHintCandidates(standing, params);
    expect(candidates.length).toBeGreaterThan(0);
    const hints = savingsHints({ estimate: current, parameters: params, quantity: 1, now: NOW }, candidates);
    const hint = hints.find((h) => h.kind === 'orientation');
    expect(hint).toBeDefined();
    expect(hint!.title).toBe('Print it on its side: no supports needed');
    expect(hint!.change.parameters).toEqual({ supportRequired: false });
    const n = hint!.change.orientation!;
    expect(Math.abs(n[1])).toBe(1);
    expect(hint!.size![2]).toBeCloseTo(10, 4);
    // The promised price is priceQuote(estimatePrint(the rotated mesh)) with the change applied.
    const rotated = prepareMesh({
      positions: orientPositions(gallows.positions, gallows.triangleCount, n),
      triangleCount: gallows.triangleCount,
    });
    const applied = { ...params, ...hint!.change.parameters };
    expect(shownTotal(rotated, applied, 1)).toBe(hint!.quote.total_pence);
    expect(hint!.quote.total_pence).toBeLessThan(shownTotal(standing, params, 1) * (1 - MIN_HINT_SAVING));
  });

  it('offers no orientation for a cube (every face is the same)', () => {
    const cube = prepareMesh(buildShape({ kind: 'box', args: [20, 20, 20] }));
    const cubeParams = { ...params, infillPercentage: 15 };
    const current = estimatePrint(cube, farmParameters(cubeParams));
    const candidates = orientationHintCandidates(cube, cubeParams);
    const hints = savingsHints(
      { estimate: current, parameters: cubeParams, quantity: 1, now: NOW },
      candidates,
    );
    expect(hints.find((h) => h.kind === 'orientation')).toBeUndefined();
  });
});
