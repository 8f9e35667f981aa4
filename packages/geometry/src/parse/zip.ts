/**
 * Reads chosen entries of a zip archive (the 3MF package) with a hard cap on the bytes it inflates.
 * The sizes written in a zip are claims: the cap counts the real inflated bytes while inflating, and
 * stops at the cap, so a falsified size cannot make it inflate further, and an honest bomb stops at
 * the cap instead of after it. Central directory (with ZIP64 sizes and offsets), stored and deflated
 * entries; anything else is refused with a clear message.
 */
import { Inflate } from 'fflate';
import { GeometryError } from '../errors.js';

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Compressed bytes fed to the inflater at a time: at most ~1032× this comes out of one push. */
const SLICE = 16 * 1024;

function damaged(detail: string): GeometryError {
  return new GeometryError('invalid_3mf', `The 3MF file is damaged: ${detail}.`);
}

export function tooMuchData(): GeometryError {
  return new GeometryError('file_too_large', 'The 3MF file unpacks to more data than we can process.');
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

function u64(view: DataView, at: number): number {
  const lo = view.getUint32(at, true);
  const hi = view.getUint32(at + 4, true);
  if (hi >= 0x200000) throw damaged('a size in its zip directory is out of range');
  return hi * 2 ** 32 + lo;
}

function decodeName(bytes: Uint8Array, utf8: boolean): string {
  if (utf8) return new TextDecoder().decode(bytes);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return s;
}

function centralDirectory(data: Uint8Array): Entry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const n = data.byteLength;
  let eocd = -1;
  for (let i = n - 22; i >= Math.max(0, n - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw damaged('its zip archive cannot be read');
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if (
    (count === 0xffff || offset === 0xffffffff) &&
    eocd >= 20 &&
    view.getUint32(eocd - 20, true) === ZIP64_LOCATOR
  ) {
    const z = u64(view, eocd - 12);
    if (z + 56 > n || view.getUint32(z, true) !== ZIP64_EOCD) throw damaged('its zip64 directory is missing');
    count = u64(view, z + 32);
    offset = u64(view, z + 48);
  }
  if (count > 100_000) throw damaged('its zip archive lists too many entries');
  const entries: Entry[] = [];
  let p = offset;
  for (let k = 0; k < count; k++) {
    if (p + 46 > n || view.getUint32(p, true) !== CENTRAL) throw damaged('its zip directory is cut short');
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    let compressedSize = view.getUint32(p + 20, true);
    let uncompressedSize = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    let localOffset = view.getUint32(p + 42, true);
    if (p + 46 + nameLen + extraLen + commentLen > n) throw damaged('its zip directory is cut short');
    const name = decodeName(data.subarray(p + 46, p + 46 + nameLen), (flags & 0x800) !== 0);
    // ZIP64 extra field: the 64-bit values of the fields that read 0xFFFFFFFF, in this order.
    let e = p + 46 + nameLen;
    const extraEnd = e + extraLen;
    while (e + 4 <= extraEnd) {
      const id = view.getUint16(e, true);
      const size = view.getUint16(e + 2, true);
      if (id === 0x0001) {
        let q = e + 4;
        if (uncompressedSize === 0xffffffff && q + 8 <= e + 4 + size) {
          uncompressedSize = u64(view, q);
          q += 8;
        }
        if (compressedSize === 0xffffffff && q + 8 <= e + 4 + size) {
          compressedSize = u64(view, q);
          q += 8;
        }
        if (localOffset === 0xffffffff && q + 8 <= e + 4 + size) localOffset = u64(view, q);
      }
      e += 4 + size;
    }
    entries.push({ name, method, flags, compressedSize, localOffset });
    p = extraEnd + commentLen;
  }
  return entries;
}

/**
 * The entries whose name `wanted` accepts, inflated, refusing once their total inflated size would
 * pass `maxBytes`. Throws GeometryError ('invalid_3mf' or 'file_too_large').
 */
export function readZipEntries(
  data: Uint8Array,
  wanted: (name: string) => boolean,
  maxBytes: number,
): Record<string, Uint8Array> {
  const n = data.byteLength;
  const view = new DataView(data.buffer, data.byteOffset, n);
  const out: Record<string, Uint8Array> = {};
  let total = 0;
  for (const entry of centralDirectory(data)) {
    if (!wanted(entry.name) || entry.name.endsWith('/')) continue;
    if (entry.flags & 1) throw damaged('it is encrypted');
    const at = entry.localOffset;
    if (at + 30 > n || view.getUint32(at, true) !== LOCAL) throw damaged('a zip entry is missing');
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const end = start + entry.compressedSize;
    if (end > n) throw damaged('a zip entry is cut short');
    const compressed = data.subarray(start, end);
    if (entry.method === 0) {
      total += compressed.byteLength;
      if (total > maxBytes) throw tooMuchData();
      out[entry.name] = compressed;
      continue;
    }
    if (entry.method !== 8)
      throw damaged(`a zip entry uses an unsupported compression method (${entry.method})`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    let over = false;
    let ended = false;
    const inflater = new Inflate((chunk, final) => {
      size += chunk.byteLength;
      if (total + size > maxBytes) over = true;
      else chunks.push(chunk);
      if (final) ended = true;
    });
    try {
      for (let i = 0; i < compressed.byteLength && !over && !ended; i += SLICE) {
        const last = i + SLICE >= compressed.byteLength;
        inflater.push(compressed.subarray(i, Math.min(i + SLICE, compressed.byteLength)), last);
      }
      if (compressed.byteLength === 0) inflater.push(new Uint8Array(0), true);
    } catch (err) {
      throw new GeometryError('invalid_3mf', 'The 3MF file is damaged: a zip entry cannot be inflated.', {
        cause: err,
      });
    }
    if (over) throw tooMuchData();
    total += size;
    if (chunks.length === 1) {
      out[entry.name] = chunks[0]!;
    } else {
      const joined = new Uint8Array(size);
      let o = 0;
      for (const c of chunks) {
        joined.set(c, o);
        o += c.byteLength;
      }
      out[entry.name] = joined;
    }
  }
  return out;
}
