import { describe, expect, it } from 'vitest';
import { summarizeParameters } from './summary.js';

describe('summarizeParameters', () => {
  it('names every parameter that changes the price, in one line', () => {
    expect(
      summarizeParameters({
        filamentType: 'PETG',
        color: 'black',
        layerHeight: 0.2,
        infillPercentage: 20,
        printSpeed: 60,
        supportRequired: true,
        postProcessing: ['sanding'],
      }),
    ).toBe('PETG · black · 0.2 mm · 20 % infill · 60 mm/s · supports · sanding');
  });

  it('leaves out what was not chosen, and tells two quotes of the same material apart', () => {
    const base = {
      filamentType: 'PLA',
      layerHeight: 0.12,
      infillPercentage: 15,
      printSpeed: 50,
      supportRequired: false,
      postProcessing: [] as string[],
    };
    expect(summarizeParameters(base)).toBe('PLA · 0.12 mm · 15 % infill · 50 mm/s');
    expect(summarizeParameters({ ...base, infillPercentage: 40 })).not.toBe(summarizeParameters(base));
    // A float layer height is shown as typed, not as 0.30000000000000004.
    expect(summarizeParameters({ ...base, layerHeight: 0.1 + 0.2 })).toContain('0.3 mm');
  });
});
