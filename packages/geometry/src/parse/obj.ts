import { GeometryError } from '../errors.js';
import { MAX_TRIANGLES } from '../limits.js';
import { release } from '../release.js';
import { growF32, growI32, tooManyTriangles } from './grow.js';
import { scan, scanInt, scanNumber } from './numbers.js';
import type { ProgressFn } from './stl.js';

export interface ObjResult {
  positions: Float32Array;
  triangleCount: number;
  warnings: string[];
  /** The vertex list and each corner's index into it (positions = vertices[indices]). */
  indexed: { vertices: Float32Array; indices: Int32Array };
}

/**
 * Wavefront OBJ: `v` records and `f` faces (`a`, `a/b`, `a/b/c`, `a//c`), polygons fan-triangulated,
 * negative (relative) indices, any number of objects and groups. Normals, texture coordinates,
 * materials, comments and unknown statements are skipped. Scans bytes directly, one pass.
 */
/** The first `used` elements: a view when little is unused, else a copy (the buffer is freed). */
function trimmed<T extends Float32Array | Int32Array>(a: T, used: number): T {
  if (used >= 0.75 * a.length) return a.subarray(0, used) as T;
  const copy = a.slice(0, used) as T;
  release(a);
  return copy;
}

/**
 * Fills each corner's x, y, z from the vertex list (positions = vertices[indices]); an index past
 * the list is an error.
 */
export function fillCorners(
  positions: Float32Array,
  vertices: Float32Array,
  indices: Int32Array,
  vcount: number,
): void {
  for (let r = 0, o = 0; r < indices.length; r++, o += 3) {
    const v = indices[r]!;
    if (v >= vcount) {
      throw new GeometryError(
        'index_out_of_range',
        `The OBJ file refers to vertex ${v + 1}, but it only has ${vcount} vertices.`,
      );
    }
    const s = v * 3;
    positions[o] = vertices[s]!;
    positions[o + 1] = vertices[s + 1]!;
    positions[o + 2] = vertices[s + 2]!;
  }
}

export function parseObj(b: Uint8Array, onProgress?: ProgressFn): ObjResult {
  const len = b.length;
  if (len === 0) throw new GeometryError('empty_file', 'The file is empty.');
  let verts = new Float32Array(Math.max(1024, Math.min(len / 8, 1 << 22)));
  let nv3 = 0; // floats used in verts
  let tris = new Int32Array(Math.max(1024, Math.min(len / 4, 1 << 22)));
  let nt3 = 0; // ints used in tris
  let poly = new Int32Array(64);
  let vcount = 0;
  let shortFaces = 0;
  let line = 1;
  let nextReport = 1 << 22;
  let i = 0;
  while (i < len) {
    // Start of a line: skip blanks.
    let c = b[i]!;
    while ((c === 32 || c === 9) && i + 1 < len) c = b[++i]!;
    const c1 = i + 1 < len ? b[i + 1]! : 10;
    if (c === 118 && (c1 === 32 || c1 === 9)) {
      // v x y z [w]
      i += 2;
      if (nv3 + 3 > verts.length) verts = growF32(verts, nv3);
      for (let k = 0; k < 3; k++) {
        while (i < len && (b[i] === 32 || b[i] === 9)) i++;
        // As stored (float32): a number beyond its range is not finite either.
        const v = Math.fround(scanNumber(b, i, len));
        if (scan[0]! === i) {
          throw new GeometryError(
            'malformed',
            `Line ${line} of the OBJ file has a vertex without three numbers.`,
          );
        }
        if (!Number.isFinite(v)) {
          throw new GeometryError(
            'invalid_number',
            `Line ${line} of the OBJ file has a coordinate that is not a finite number.`,
          );
        }
        verts[nv3++] = v + 0; // -0 (also a tiny negative that rounds to it) becomes 0
        i = scan[0]!;
      }
      vcount++;
    } else if (c === 102 && (c1 === 32 || c1 === 9)) {
      // f a/b/c d/e/f ...
      i += 2;
      let n = 0;
      while (true) {
        while (i < len && (b[i] === 32 || b[i] === 9)) i++;
        if (i >= len || b[i] === 10 || b[i] === 13 || b[i] === 35) break;
        if (b[i] === 92) {
          // line continuation
          i++;
          while (i < len && b[i] !== 10) i++;
          i++;
          line++;
          continue;
        }
        const idx = scanInt(b, i, len);
        if (scan[0]! === i) {
          throw new GeometryError(
            'malformed',
            `Line ${line} of the OBJ file has a face with an unreadable index.`,
          );
        }
        i = scan[0]!;
        // skip /vt/vn
        while (i < len && b[i]! > 32 && b[i] !== 35) i++;
        let resolved: number;
        if (idx > 0) resolved = idx - 1;
        else if (idx < 0) resolved = vcount + idx;
        else {
          throw new GeometryError(
            'index_out_of_range',
            `Line ${line} of the OBJ file refers to vertex 0 (indices start at 1).`,
          );
        }
        if (resolved < 0 || resolved > 2147483647) {
          throw new GeometryError(
            'index_out_of_range',
            `Line ${line} of the OBJ file refers to a vertex that does not exist.`,
          );
        }
        if (n === poly.length) {
          const next = new Int32Array(poly.length * 2);
          next.set(poly);
          poly = next;
        }
        poly[n++] = resolved;
      }
      if (n < 3) shortFaces++;
      else {
        const add = n - 2;
        if (nt3 / 3 + add > MAX_TRIANGLES) throw tooManyTriangles();
        while (nt3 + add * 3 > tris.length) tris = growI32(tris, nt3);
        const p0 = poly[0]!;
        for (let k = 1; k + 1 < n; k++) {
          tris[nt3++] = p0;
          tris[nt3++] = poly[k]!;
          tris[nt3++] = poly[k + 1]!;
        }
      }
    }
    // Skip to the end of the line.
    while (i < len && b[i] !== 10) i++;
    i++;
    line++;
    if (i > nextReport) {
      onProgress?.(i / len);
      nextReport += 1 << 22;
    }
  }
  const triangleCount = nt3 / 3;
  if (triangleCount === 0) {
    throw new GeometryError('no_triangles', 'The OBJ file has no faces.');
  }
  const positions = new Float32Array(triangleCount * 9);
  fillCorners(positions, verts, tris.subarray(0, nt3), vcount);
  const warnings: string[] = [];
  if (shortFaces > 0) {
    warnings.push(
      `${shortFaces} face${shortFaces === 1 ? '' : 's'} with fewer than 3 corners ${shortFaces === 1 ? 'was' : 'were'} skipped.`,
    );
  }
  onProgress?.(1);
  return {
    positions,
    triangleCount,
    warnings,
    indexed: { vertices: trimmed(verts, vcount * 3), indices: trimmed(tris, nt3) },
  };
}
