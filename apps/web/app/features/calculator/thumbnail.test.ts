import { describe, expect, it } from 'vitest';
import { dataUrlBytes } from './thumbnail';

describe('dataUrlBytes', () => {
  it('counts the decoded bytes of a base64 data URL, padding included', () => {
    for (const n of [1, 2, 3, 4, 5, 100, 20 * 1024]) {
      const b64 = Buffer.alloc(n, 7).toString('base64');
      expect(dataUrlBytes(`data:image/png;base64,${b64}`), String(n)).toBe(n);
    }
  });
});
