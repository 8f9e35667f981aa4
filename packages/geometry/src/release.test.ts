import { describe, expect, it } from 'vitest';
import { release } from './release.js';

describe('release', () => {
  it('detaches a buffer the array owns', () => {
    const a = new Float32Array(1000);
    release(a);
    expect(a.buffer.byteLength).toBe(0);
    expect(a.length).toBe(0);
  });
  it('leaves views into a larger buffer alone', () => {
    const big = new Uint8Array(100);
    const view = big.subarray(10, 20);
    release(view);
    expect(big.byteLength).toBe(100);
    expect(view.byteLength).toBe(10);
  });
  it('ignores null and already-released arrays', () => {
    const a = new Int32Array(4);
    release(a);
    release(a);
    release(null);
    expect(a.length).toBe(0);
  });
});
