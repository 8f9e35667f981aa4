import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args.js';

describe('estimate CLI arguments', () => {
  it('reads every option', () => {
    expect(
      parseArgs([
        'part.stl',
        '--layer',
        '0.3',
        '--infill',
        '50',
        '--speed',
        '90',
        '--material',
        'petg',
        '--supports',
        '--units',
        'in',
      ]),
    ).toEqual({
      file: 'part.stl',
      params: {
        layerHeight: 0.3,
        infillPercentage: 50,
        printSpeed: 90,
        filamentType: 'PETG',
        supportRequired: true,
      },
      units: 'in',
    });
  });

  it('leaves unset parameters to the defaults', () => {
    expect(parseArgs(['a.obj'])).toEqual({ file: 'a.obj', params: {} });
  });

  it('refuses malformed input with a clear message', () => {
    expect(() => parseArgs([])).toThrow(/Usage: estimate <file>/);
    expect(() => parseArgs(['a.stl', '--layer'])).toThrow('--layer needs a number (got nothing)');
    expect(() => parseArgs(['a.stl', '--speed', 'fast'])).toThrow('--speed needs a number (got "fast")');
    expect(() => parseArgs(['a.stl', '--units', 'ft'])).toThrow('--units must be mm, cm or in');
    expect(() => parseArgs(['a.stl', '--colour', 'red'])).toThrow('Unknown option --colour');
    expect(() => parseArgs(['a.stl', 'b.stl'])).toThrow(UsageError);
    // pricing is @printloop/quote's job, not the estimator's
    expect(() => parseArgs(['a.stl', '--quantity', '2'])).toThrow('Unknown option --quantity');
  });
});
