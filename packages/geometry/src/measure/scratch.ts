/**
 * Scratch memory kept from one measurement to the next in the same thread (a Web Worker or a
 * worker thread analyses model after model).
 *
 * A fresh large typed array costs a page fault for every 4 KB on first touch (about 3 µs each
 * on the reference machine: 10–20 ms for the 12 MB a million-triangle mesh needs per corner
 * array), which was a third of the measuring time. Arrays from here are NOT zeroed: callers
 * initialise what they read. Each slot backs one array at a time; the slots in use by one
 * measurement are listed where it asks for them.
 */

/** Scratch kept between calls, in bytes; a measurement that needs more gets fresh memory. */
export const SCRATCH_KEEP_BYTES = 256 * 1024 * 1024;

const slots: (ArrayBuffer | undefined)[] = [];
let kept = 0;

function buffer(slot: number, bytes: number): ArrayBuffer {
  const have = slots[slot];
  if (have && !isDetached(have) && have.byteLength >= bytes) return have;
  if (have && !isDetached(have)) kept -= have.byteLength;
  slots[slot] = undefined;
  // Round up so that slightly larger models reuse the slot.
  const size = Math.max(4096, Math.ceil((bytes * 1.25) / 4096) * 4096);
  if (kept + size > SCRATCH_KEEP_BYTES) return new ArrayBuffer(bytes);
  const next = new ArrayBuffer(size);
  slots[slot] = next;
  kept += size;
  return next;
}

function isDetached(b: ArrayBuffer): boolean {
  return (b as ArrayBuffer & { detached?: boolean }).detached === true || b.byteLength === 0;
}

export function scratchI32(slot: number, length: number): Int32Array {
  return new Int32Array(buffer(slot, length * 4), 0, length);
}

export function scratchU8(slot: number, length: number): Uint8Array {
  return new Uint8Array(buffer(slot, length), 0, length);
}

/** Bytes of scratch memory currently kept. */
export function scratchBytes(): number {
  return kept;
}

/** Drops all kept scratch memory (for a long-lived thread that will sit idle). */
export function releaseScratch(): void {
  slots.length = 0;
  kept = 0;
}
