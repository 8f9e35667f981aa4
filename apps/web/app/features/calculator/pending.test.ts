import { DEFAULT_PARAMETERS } from '@printloop/quote';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from './files';
import { checkPending, PENDING_MAX_AGE_MS } from './pending';

const now = Date.parse('2026-11-23T10:00:00Z');
const file = new Blob([new Uint8Array(84)]);
const good = {
  file,
  name: 'bracket.stl',
  parameters: { ...DEFAULT_PARAMETERS, infillPercentage: 40, postProcessing: [] },
  quantity: 12,
  action: 'save',
  savedAt: now - 60_000,
};

describe('checkPending', () => {
  it('gives back what the visitor kept: file, name, parameters, quantity and action', () => {
    const p = checkPending(good, now)!;
    expect(p.file).toBe(file);
    expect(p).toMatchObject({ name: 'bracket.stl', quantity: 12, action: 'save' });
    expect(p.parameters.infillPercentage).toBe(40);
    expect(checkPending({ ...good, action: 'order' }, now)?.action).toBe('order');
  });

  it('keeps a colour only when the material stocks it, and a quantity only within the bounds', () => {
    const petg = { ...DEFAULT_PARAMETERS, filamentType: 'PETG', postProcessing: [] };
    expect(checkPending({ ...good, parameters: { ...petg, color: 'clear' } }, now)?.parameters.color).toBe(
      'clear',
    );
    // PLA has no clear: black instead; a missing colour too.
    expect(
      checkPending({ ...good, parameters: { ...good.parameters, color: 'clear' } }, now)?.parameters.color,
    ).toBe('black');
    expect(checkPending(good, now)?.parameters.color).toBe('black');
    expect(checkPending({ ...good, quantity: 100_000 }, now)?.quantity).toBe(1);
    expect(checkPending({ ...good, quantity: 1.5 }, now)?.quantity).toBe(1);
  });

  it('keeps a valid orientation only', () => {
    expect(checkPending({ ...good, orientation: [0, 1, 0] }, now)?.orientation).toEqual([0, 1, 0]);
    expect(checkPending(good, now)?.orientation).toBeNull();
    for (const bad of [[0, 0.5, 0], [0, 0, -1], 'side', [0, 1]]) {
      expect(checkPending({ ...good, orientation: bad }, now)?.orientation).toBeNull();
    }
  });

  it('drops records that are old, from the future, or not a quote', () => {
    expect(checkPending({ ...good, savedAt: now - PENDING_MAX_AGE_MS - 1 }, now)).toBeNull();
    expect(checkPending({ ...good, savedAt: now + 10 * 60_000 }, now)).toBeNull();
    for (const bad of [
      null,
      'x',
      { ...good, file: 'bytes' },
      { ...good, file: new Blob([]) },
      { ...good, name: '' },
      { ...good, action: 'delete' },
      { ...good, savedAt: 'yesterday' },
    ])
      expect(checkPending(bad, now)).toBeNull();
  });

  it('refuses a file over the upload limit', () => {
    const big = { size: MAX_FILE_BYTES + 1 };
    Object.setPrototypeOf(big, Blob.prototype);
    expect(checkPending({ ...good, file: big }, now)).toBeNull();
  });

  it('falls back to the defaults for parameters or a quantity the form would refuse', () => {
    const p = checkPending({ ...good, parameters: { layerHeight: 7 }, quantity: -3 }, now)!;
    expect(p.parameters).toEqual({
      ...DEFAULT_PARAMETERS,
      postProcessing: [...DEFAULT_PARAMETERS.postProcessing],
      color: 'black',
    });
    expect(p.quantity).toBe(1);
  });
});
