import { describe, expect, it } from 'vitest';
import { applyMaterialLimits, DEFAULT_PARAMETERS, farmParameters, maxLayerHeight } from './index.js';

describe('material limits', () => {
  it('prices TPU at its top speed of 40 mm/s and says so', () => {
    const asked = { ...DEFAULT_PARAMETERS, filamentType: 'TPU' as const, printSpeed: 150 };
    const r = applyMaterialLimits(asked);
    expect(r.parameters.printSpeed).toBe(40);
    expect(r.notes).toEqual([
      {
        field: 'printSpeed',
        asked: 150,
        priced: 40,
        message: 'TPU prints at up to 40 mm/s; priced at 40',
      },
    ]);
    // the request itself is left as asked
    expect(asked.printSpeed).toBe(150);
  });

  it('leaves speeds within the material limit alone', () => {
    const asked = { ...DEFAULT_PARAMETERS, filamentType: 'TPU' as const, printSpeed: 40 };
    expect(applyMaterialLimits(asked)).toEqual({ parameters: asked, notes: [] });
    const pla = { ...DEFAULT_PARAMETERS, filamentType: 'PLA' as const, printSpeed: 150 };
    expect(applyMaterialLimits(pla).parameters).toBe(pla);
  });

  it('caps the layer at 75 % of the 0.4 mm nozzle (0.3 mm)', () => {
    expect(maxLayerHeight()).toBe(0.3);
    expect(maxLayerHeight(0.6)).toBe(0.45);
    const r = applyMaterialLimits({ ...DEFAULT_PARAMETERS, layerHeight: 0.4 });
    expect(r.parameters.layerHeight).toBe(0.3);
    expect(r.notes[0]?.message).toBe('Layers are at most 0.3 mm on our 0.4 mm nozzle (75 %); priced at 0.3');
    expect(applyMaterialLimits({ ...DEFAULT_PARAMETERS, layerHeight: 0.3 }).notes).toEqual([]);
  });

  it('clamps both at once (TPU at 150 mm/s with 0.4 mm layers)', () => {
    const p = farmParameters({
      ...DEFAULT_PARAMETERS,
      filamentType: 'TPU',
      printSpeed: 150,
      layerHeight: 0.4,
    });
    expect([p.printSpeed, p.layerHeight]).toEqual([40, 0.3]);
  });
});
