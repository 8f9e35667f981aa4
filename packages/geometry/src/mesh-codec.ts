/**
 * A compact, exact form of a triangle mesh for storage and for the viewer: each distinct vertex once
 * (bit-identical corners welded), and three indices per triangle. Decoding gives back exactly the
 * triangle soup that was encoded, so estimates from a stored mesh equal estimates from the file.
 *
 * Layout, little-endian: "PLM1", vertex count (u32), triangle count (u32), vertices (f32 × 3 × V),
 * indices (u32 × 3 × T). Pure: no Node or DOM APIs (the server compresses the bytes once).
 */
import { GeometryError } from './errors.js';
import { MAX_TRIANGLES } from './limits.js';
import { weld } from './measure/mesh.js';

const MAGIC = 0x314d4c50; // "PLM1" read as a little-endian u32
const HEADER_BYTES = 12;

export const MESH_CODEC_MEDIA_TYPE = 'application/vnd.printloop.mesh';

/** Encode a triangle soup (9 floats per triangle, no NaN) as an indexed mesh. */
export function encodeMesh(positions: Float32Array, triangleCount: number): Uint8Array {
  if (triangleCount === 0) {
    const out = new Uint8Array(HEADER_BYTES);
    new DataView(out.buffer).setUint32(0, MAGIC, true);
    return out;
  }
  // Welding needs -0 as 0 (bit-identical keys); the parsers already store it that way.
  const { vid, count } = weld(positions, triangleCount);
  const out = new Uint8Array(HEADER_BYTES + count * 12 + triangleCount * 12);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, count, true);
  view.setUint32(8, triangleCount, true);
  const vertices = new Float32Array(out.buffer, HEADER_BYTES, count * 3);
  const indices = new Uint32Array(out.buffer, HEADER_BYTES + count * 12, triangleCount * 3);
  const corners = triangleCount * 3;
  for (let c = 0; c < corners; c++) {
    const v = vid[c]!;
    indices[c] = v;
    const src = c * 3;
    const dst = v * 3;
    vertices[dst] = positions[src]!;
    vertices[dst + 1] = positions[src + 1]!;
    vertices[dst + 2] = positions[src + 2]!;
  }
  return out;
}

function corrupt(): GeometryError {
  return new GeometryError('invalid_mesh', 'The stored mesh is damaged.');
}

/** Decode `encodeMesh`'s bytes back into the triangle soup. Throws GeometryError on damaged input. */
export function decodeMesh(bytes: Uint8Array): { positions: Float32Array; triangleCount: number } {
  if (bytes.byteLength < HEADER_BYTES) throw corrupt();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw corrupt();
  const vertexCount = view.getUint32(4, true);
  const triangleCount = view.getUint32(8, true);
  if (triangleCount > MAX_TRIANGLES) throw corrupt();
  if (bytes.byteLength !== HEADER_BYTES + vertexCount * 12 + triangleCount * 12) throw corrupt();
  // Copy into aligned arrays (a view of a larger buffer may start anywhere).
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const vertices = new Float32Array(aligned.buffer, aligned.byteOffset + HEADER_BYTES, vertexCount * 3);
  const indices = new Uint32Array(
    aligned.buffer,
    aligned.byteOffset + HEADER_BYTES + vertexCount * 12,
    triangleCount * 3,
  );
  const positions = new Float32Array(triangleCount * 9);
  const corners = triangleCount * 3;
  for (let c = 0; c < corners; c++) {
    const v = indices[c]!;
    if (v >= vertexCount) throw corrupt();
    const src = v * 3;
    const dst = c * 3;
    positions[dst] = vertices[src]!;
    positions[dst + 1] = vertices[src + 1]!;
    positions[dst + 2] = vertices[src + 2]!;
  }
  return { positions, triangleCount };
}
