import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TriangleMesh } from '@printloop/geometry';
import type { PrintParameters } from '@printloop/materials';
import { describe, expect, it } from 'vitest';
import { buildPart } from './corpus/index.js';
import { estimatePrint } from './estimate.js';
import { torus } from './shapes.js';
import { startLayerWorker } from './threads.js';

const workerFile = fileURLToPath(new URL('../dist/layer-worker.js', import.meta.url));

const params = (over: Partial<PrintParameters> = {}): PrintParameters => ({
  layerHeight: 0.2,
  infillPercentage: 20,
  printSpeed: 60,
  filamentType: 'PLA',
  supportRequired: false,
  ...over,
});

/**
 * The estimate on two threads (the built worker slices and classifies, this thread lays and plans
 * each layer as it comes) is the one-thread estimate to the byte: the same stages in the same order
 * per layer. Tolerance: none.
 */
describe('the estimate on two threads', () => {
  it('is built', () => {
    expect(
      existsSync(workerFile),
      `${workerFile} is missing: run "npm run build" first (npm test does)`,
    ).toBe(true);
  });

  const cases: Array<[string, () => TriangleMesh, Partial<PrintParameters>]> = [
    ['a torus (tops, bottoms and sparse infill on every layer)', () => torus(20, 6, 120, 60), {}],
    [
      'a gear at 0.1 mm and full infill',
      () => buildPart({ kind: 'gear', teeth: 20, module: 1, thickness: 6, bore: 5 }),
      { layerHeight: 0.1, infillPercentage: 100 },
    ],
    [
      'a bridge at 0.3 mm and 150 mm/s (bridges, bridges over infill)',
      () =>
        buildPart({
          kind: 'bridge',
          profile: [
            [0, 0],
            [8, 0],
            [8, 12],
            [32, 12],
            [32, 0],
            [40, 0],
            [40, 16],
            [0, 16],
          ],
          depth: 20,
        }),
      { layerHeight: 0.3, printSpeed: 150, infillPercentage: 15 },
    ],
  ];
  for (const [name, mesh, over] of cases)
    it(`equals the one-thread estimate: ${name}`, async () => {
      const p = params(over);
      const one = estimatePrint(mesh(), p);
      const two = await startLayerWorker({ workerFile }).estimate(mesh(), p);
      expect(two).toEqual(one);
    });

  it('with supports runs on this thread (they are planned from every layer first)', async () => {
    const p = params({ supportRequired: true });
    const mesh = torus(20, 6, 120, 60);
    const one = estimatePrint(mesh, p);
    expect(await startLayerWorker({ workerFile }).estimate(mesh, p)).toEqual(one);
  });

  it('reports a mesh the worker cannot slice as an error, not a hang', async () => {
    const empty = { positions: new Float32Array(0), triangleCount: 0 };
    await expect(startLayerWorker({ workerFile }).estimate(empty, params())).rejects.toThrow(/no triangles/);
  });
});
