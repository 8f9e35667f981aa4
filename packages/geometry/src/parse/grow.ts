import { GeometryError } from '../errors.js';
import { MAX_TRIANGLES } from '../limits.js';

/** A growable Float32Array (amortised doubling). */
export class F32Builder {
  data: Float32Array;
  length = 0;
  constructor(initial = 1024) {
    this.data = new Float32Array(Math.max(16, initial));
  }
  reserve(extra: number): void {
    const need = this.length + extra;
    if (need <= this.data.length) return;
    let cap = this.data.length * 2;
    while (cap < need) cap *= 2;
    const next = new Float32Array(cap);
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
  toArray(): Float32Array {
    return this.data.length === this.length ? this.data : this.data.slice(0, this.length);
  }
}

/** A growable Int32Array (amortised doubling). */
export class I32Builder {
  data: Int32Array;
  length = 0;
  constructor(initial = 1024) {
    this.data = new Int32Array(Math.max(16, initial));
  }
  reserve(extra: number): void {
    const need = this.length + extra;
    if (need <= this.data.length) return;
    let cap = this.data.length * 2;
    while (cap < need) cap *= 2;
    const next = new Int32Array(cap);
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
}

export function tooManyTriangles(placedCopies = false): GeometryError {
  const limit = MAX_TRIANGLES.toLocaleString('en-US');
  return new GeometryError(
    'too_many_triangles',
    placedCopies
      ? `The 3MF file places its objects so many times that they make more than ${limit} triangles, which is more than we can process. Place fewer copies, or order them as a quantity instead.`
      : `The model has more than ${limit} triangles, which is more than we can process. Simplify the mesh and try again.`,
  );
}

/** A growable Float64Array (amortised doubling). */
export class F64Builder {
  data: Float64Array;
  length = 0;
  constructor(initial = 1024) {
    this.data = new Float64Array(Math.max(16, initial));
  }
  reserve(extra: number): void {
    const need = this.length + extra;
    if (need <= this.data.length) return;
    let cap = this.data.length * 2;
    while (cap < need) cap *= 2;
    const next = new Float64Array(cap);
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
}

/** A copy of `a` with twice the capacity (its first `used` entries kept). */
export function growF32(a: Float32Array<ArrayBuffer>, used: number): Float32Array<ArrayBuffer> {
  const next = new Float32Array(Math.max(16, a.length * 2));
  next.set(a.subarray(0, used));
  return next;
}

export function growI32(a: Int32Array<ArrayBuffer>, used: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(Math.max(16, a.length * 2));
  next.set(a.subarray(0, used));
  return next;
}
