/**
 * Frees a typed array's memory now rather than at the next garbage collection, by detaching its
 * buffer (`ArrayBuffer.prototype.transfer(0)`, ES2024). Only for arrays that own their buffer
 * and that nothing else uses any more. A no-op where `transfer` is missing or the buffer is shared.
 */
export function release(array: ArrayBufferView | null | undefined): void {
  const buf = array?.buffer as
    | (ArrayBuffer & { transfer?: (length: number) => ArrayBuffer; detached?: boolean })
    | undefined;
  if (!buf || typeof buf.transfer !== 'function' || buf.detached) return;
  // Only a view over the whole buffer: a slice of a pooled Buffer must be left alone.
  if (array!.byteOffset !== 0 || array!.byteLength !== buf.byteLength) return;
  if (typeof SharedArrayBuffer !== 'undefined' && (buf as unknown) instanceof SharedArrayBuffer) return;
  try {
    buf.transfer(0);
  } catch {
    // not detachable (e.g. a WebAssembly memory): leave it to the garbage collector
  }
}
