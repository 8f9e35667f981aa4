import { GeometryError } from '../errors.js';
import { MAX_3MF_DEPTH, MAX_3MF_XML_BYTES, MAX_TRIANGLES } from '../limits.js';
import { release } from '../release.js';
import type { Units } from '../types.js';
import { F64Builder, I32Builder, tooManyTriangles } from './grow.js';
import { latin1, scan, scanInt, scanNumber } from './numbers.js';
import type { ProgressFn } from './stl.js';
import { readZipEntries } from './zip.js';

export interface ThreeMfResult {
  positions: Float32Array;
  triangleCount: number;
  /** The unit declared by the file, mapped onto the product's units where one matches. */
  units: Units;
  /** The unit attribute as written (`millimeter`, `micron`, …). */
  unitName: string;
  warnings: string[];
}

const UNIT_MM: Record<string, number> = {
  micron: 0.001,
  millimeter: 1,
  centimeter: 10,
  inch: 25.4,
  foot: 304.8,
  meter: 1000,
};
const UNIT_MAP: Record<string, Units> = { millimeter: 'mm', centimeter: 'cm', inch: 'in' };

/** 3×4 affine matrix, 3MF order: m00 m01 m02 m10 m11 m12 m20 m21 m22 m30 m31 m32 (row vectors). */
type Mat = Float64Array;

interface ObjectDef {
  verts: F64Builder;
  tris: I32Builder;
  components: { key: string; m: Mat }[];
}

interface BuildItem {
  key: string;
  m: Mat;
}

const IDENTITY: Mat = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0);

function invalid(message: string): GeometryError {
  return new GeometryError('invalid_3mf', message);
}

/** Reads a 3MF package: the zip's `3D/*.model` parts, scanned byte by byte (no DOM). */
export function parse3mf(data: Uint8Array, onProgress?: ProgressFn): ThreeMfResult {
  if (data.byteLength === 0) throw new GeometryError('empty_file', 'The file is empty.');
  if (data.byteLength < 22 || data[0] !== 0x50 || data[1] !== 0x4b) {
    throw invalid('The 3MF file is not a valid 3MF package (it is not a zip archive).');
  }
  // The real inflated bytes are counted while inflating: the sizes the zip claims are not trusted.
  const files = readZipEntries(
    data,
    (name) => {
      const lower = name.toLowerCase();
      return lower.endsWith('.model') || lower.endsWith('.rels');
    },
    MAX_3MF_XML_BYTES,
  );
  onProgress?.(0.3);
  const names = Object.keys(files);
  const modelNames = names.filter((n) => n.toLowerCase().endsWith('.model'));
  if (modelNames.length === 0) throw invalid('The 3MF file holds no 3D model part.');
  const rootName = findRootModel(files, names, modelNames);

  const objects = new Map<string, ObjectDef>();
  let items: BuildItem[] = [];
  let unitName = 'millimeter';
  for (const name of modelNames) {
    const isRoot = name === rootName;
    const part = files[name]!;
    const parsed = scanModel(part, normPath(name), objects);
    // Free the XML now (unless it is stored uncompressed inside the caller's buffer).
    if (part.buffer !== data.buffer) release(part);
    if (isRoot) {
      items = parsed.items;
      unitName = parsed.unit ?? 'millimeter';
    }
  }
  onProgress?.(0.8);
  const scale = UNIT_MM[unitName];
  if (scale === undefined) throw invalid(`The 3MF file uses an unknown unit "${unitName}".`);
  if (items.length === 0)
    throw new GeometryError('no_triangles', 'The 3MF file has no build items to print.');

  // Count first (bounded), then emit.
  const memo = new Map<string, number>();
  const count = (key: string, depth: number): number => {
    const known = memo.get(key);
    if (known !== undefined) {
      if (known < 0) throw invalid('The 3MF file has components that contain themselves.');
      return known;
    }
    if (depth > MAX_3MF_DEPTH) throw invalid('The 3MF file nests components too deeply.');
    const obj = objects.get(key);
    if (!obj) throw invalid(`The 3MF file refers to an object (${key.split('#')[1]}) that does not exist.`);
    memo.set(key, -1);
    let n = obj.tris.length / 3;
    for (const c of obj.components) {
      n += count(c.key, depth + 1);
      if (n > MAX_TRIANGLES) throw tooManyTriangles(true);
    }
    memo.set(key, n);
    return n;
  };
  let triangleCount = 0;
  for (const it of items) {
    triangleCount += count(it.key, 0);
    if (triangleCount > MAX_TRIANGLES) throw tooManyTriangles(true);
  }
  if (triangleCount === 0) throw new GeometryError('no_triangles', 'The 3MF file holds no triangles.');

  const positions = new Float32Array(triangleCount * 9);
  let out = 0;
  const scaleM = Float64Array.of(scale, 0, 0, 0, scale, 0, 0, 0, scale, 0, 0, 0);
  const emit = (key: string, m: Mat): void => {
    const obj = objects.get(key)!;
    const nv = obj.verts.length / 3;
    const nt = obj.tris.length / 3;
    if (nt > 0) {
      const v = obj.verts.data;
      const tv = new Float64Array(nv * 3);
      for (let k = 0; k < nv; k++) {
        const x = v[3 * k]!;
        const y = v[3 * k + 1]!;
        const z = v[3 * k + 2]!;
        tv[3 * k] = x * m[0]! + y * m[3]! + z * m[6]! + m[9]!;
        tv[3 * k + 1] = x * m[1]! + y * m[4]! + z * m[7]! + m[10]!;
        tv[3 * k + 2] = x * m[2]! + y * m[5]! + z * m[8]! + m[11]!;
      }
      const mirrored = det(m) < 0;
      const t = obj.tris.data;
      for (let k = 0; k < nt; k++) {
        const a = t[3 * k]!;
        const b = mirrored ? t[3 * k + 2]! : t[3 * k + 1]!;
        const c = mirrored ? t[3 * k + 1]! : t[3 * k + 2]!;
        if (a >= nv || b >= nv || c >= nv) {
          throw new GeometryError(
            'index_out_of_range',
            `A triangle in the 3MF file refers to vertex ${Math.max(a, b, c)}, but its object has only ${nv} vertices.`,
          );
        }
        positions[out++] = tv[3 * a]!;
        positions[out++] = tv[3 * a + 1]!;
        positions[out++] = tv[3 * a + 2]!;
        positions[out++] = tv[3 * b]!;
        positions[out++] = tv[3 * b + 1]!;
        positions[out++] = tv[3 * b + 2]!;
        positions[out++] = tv[3 * c]!;
        positions[out++] = tv[3 * c + 1]!;
        positions[out++] = tv[3 * c + 2]!;
      }
    }
    // Component transforms apply first, then the parent's.
    for (const c of obj.components) emit(c.key, mul(c.m, m));
  };
  for (const it of items) emit(it.key, mul(it.m, scaleM));
  for (const obj of objects.values()) {
    release(obj.verts.data);
    release(obj.tris.data);
  }
  onProgress?.(1);

  const warnings: string[] = [];
  const units = UNIT_MAP[unitName] ?? 'mm';
  if (!UNIT_MAP[unitName]) warnings.push(`The file is in ${unitName}s; it was converted to millimetres.`);
  return { positions, triangleCount, units, unitName, warnings };
}

/** a then b: p·a·b for row vectors. */
function mul(a: Mat, b: Mat): Mat {
  const r = new Float64Array(12);
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 3; col++) {
      let s = row === 3 ? b[9 + col]! : 0;
      for (let k = 0; k < 3; k++) s += a[row * 3 + k]! * b[k * 3 + col]!;
      r[row * 3 + col] = s;
    }
  }
  return r;
}

function det(m: Mat): number {
  return (
    m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
    m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
    m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!)
  );
}

function normPath(p: string): string {
  return p.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
}

function findRootModel(files: Record<string, Uint8Array>, names: string[], modelNames: string[]): string {
  const rels = names.find((n) => normPath(n) === '_rels/.rels');
  if (rels) {
    const text = latin1(files[rels]!, 0, files[rels]!.length);
    for (const m of text.matchAll(/<[^>]*Target\s*=\s*["']([^"']+)["'][^>]*>/g)) {
      const tag = m[0];
      if (/3dmodel/i.test(tag)) {
        const target = normPath(m[1]!);
        const hit = modelNames.find((n) => normPath(n) === target);
        if (hit) return hit;
      }
    }
  }
  return modelNames.find((n) => normPath(n) === '3d/3dmodel.model') ?? modelNames[0]!;
}

// ---------------------------------------------------------------------------------------------
// Byte-level XML scanner (just enough XML for 3MF core + production extension paths).

const MAX_ATTRS = 64;
const aNameS = new Int32Array(MAX_ATTRS);
const aNameE = new Int32Array(MAX_ATTRS);
const aValS = new Int32Array(MAX_ATTRS);
const aValE = new Int32Array(MAX_ATTRS);
let aCount = 0;

enum Tag {
  Other = 0,
  Vertex = 1,
  Triangle = 2,
  Object = 3,
  Component = 4,
  Item = 5,
  Model = 6,
}

function tagKind(b: Uint8Array, s: number, e: number): Tag {
  // local name (after any namespace prefix)
  for (let k = e - 1; k >= s; k--) {
    if (b[k] === 58) {
      s = k + 1;
      break;
    }
  }
  const n = e - s;
  const c = b[s];
  if (n === 6 && c === 118 && eq(b, s, 'vertex')) return Tag.Vertex;
  if (n === 8 && c === 116 && eq(b, s, 'triangle')) return Tag.Triangle;
  if (n === 6 && c === 111 && eq(b, s, 'object')) return Tag.Object;
  if (n === 9 && c === 99 && eq(b, s, 'component')) return Tag.Component;
  if (n === 4 && c === 105 && eq(b, s, 'item')) return Tag.Item;
  if (n === 5 && c === 109 && eq(b, s, 'model')) return Tag.Model;
  return Tag.Other;
}

function eq(b: Uint8Array, s: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (b[s + k] !== word.charCodeAt(k)) return false;
  return true;
}

/** Index of the attribute whose local name is `name`, or -1. */
function attr(b: Uint8Array, name: string): number {
  for (let k = 0; k < aCount; k++) {
    let s = aNameS[k]!;
    const e = aNameE[k]!;
    for (let j = e - 1; j >= s; j--) {
      if (b[j] === 58) {
        s = j + 1;
        break;
      }
    }
    if (e - s === name.length && eq(b, s, name)) return k;
  }
  return -1;
}

function attrString(b: Uint8Array, name: string): string | null {
  const k = attr(b, name);
  return k < 0 ? null : latin1(b, aValS[k]!, aValE[k]!).trim();
}

function findSeq(b: Uint8Array, from: number, seq: string): number {
  const c0 = seq.charCodeAt(0);
  let i = b.indexOf(c0, from);
  while (i >= 0) {
    if (eq(b, i, seq)) return i;
    i = b.indexOf(c0, i + 1);
  }
  return -1;
}

function parseTransform(text: string | null, line: () => number): Mat {
  if (text === null || text === '') return IDENTITY;
  const parts = text.split(/\s+/).filter((p) => p.length > 0);
  const m = new Float64Array(12);
  if (parts.length !== 12) throw invalid(`The 3MF file has a transform without 12 numbers (line ${line()}).`);
  for (let k = 0; k < 12; k++) {
    const v = Number(parts[k]);
    if (!Number.isFinite(v))
      throw invalid(`The 3MF file has a transform with a value that is not a number (line ${line()}).`);
    m[k] = v;
  }
  return m;
}

function scanModel(
  b: Uint8Array,
  path: string,
  objects: Map<string, ObjectDef>,
): { unit: string | null; items: BuildItem[] } {
  const len = b.length;
  const items: BuildItem[] = [];
  let unit: string | null = null;
  let current: ObjectDef | null = null;
  let i = 0;
  const lineAt = (pos: number) => {
    let n = 1;
    for (let k = 0; k < pos && k < len; k++) if (b[k] === 10) n++;
    return n;
  };
  while (true) {
    const lt = b.indexOf(60, i);
    if (lt < 0) break;
    i = lt + 1;
    const c = b[i];
    if (c === 63) {
      const e = findSeq(b, i, '?>');
      if (e < 0) throw invalid('The 3MF model part is cut short.');
      i = e + 2;
      continue;
    }
    if (c === 33) {
      const close = eq(b, i, '!--') ? '-->' : eq(b, i, '![CDATA[') ? ']]>' : '>';
      const e = findSeq(b, i, close);
      if (e < 0) throw invalid('The 3MF model part is cut short.');
      i = e + close.length;
      continue;
    }
    if (c === 47) {
      // closing tag
      const s = i + 1;
      let e = s;
      while (e < len && b[e]! > 32 && b[e] !== 62) e++;
      if (tagKind(b, s, e) === Tag.Object) current = null;
      const gt = b.indexOf(62, e);
      if (gt < 0) throw invalid('The 3MF model part is cut short.');
      i = gt + 1;
      continue;
    }
    // opening tag: name
    const s = i;
    while (i < len && b[i]! > 32 && b[i] !== 47 && b[i] !== 62) i++;
    const kind = tagKind(b, s, i);
    // attributes
    aCount = 0;
    while (true) {
      while (i < len && b[i]! <= 32) i++;
      if (i >= len) throw invalid('The 3MF model part is cut short.');
      const ch = b[i];
      if (ch === 47 || ch === 62) break;
      const ns = i;
      while (i < len && b[i] !== 61 && b[i]! > 32 && b[i] !== 62 && b[i] !== 47) i++;
      const ne = i;
      while (i < len && b[i]! <= 32) i++;
      if (b[i] !== 61) {
        if (ne === ns) throw invalid(`The 3MF model part has a malformed tag (line ${lineAt(i)}).`);
        continue; // attribute without value: tolerate
      }
      i++;
      while (i < len && b[i]! <= 32) i++;
      const q = b[i];
      if (q !== 34 && q !== 39)
        throw invalid(`The 3MF model part has a malformed attribute (line ${lineAt(i)}).`);
      const vs = i + 1;
      const ve = b.indexOf(q, vs);
      if (ve < 0) throw invalid('The 3MF model part is cut short.');
      if (aCount < MAX_ATTRS) {
        aNameS[aCount] = ns;
        aNameE[aCount] = ne;
        aValS[aCount] = vs;
        aValE[aCount] = ve;
        aCount++;
      }
      i = ve + 1;
    }
    const gt = b.indexOf(62, i);
    if (gt < 0) throw invalid('The 3MF model part is cut short.');
    i = gt + 1;

    switch (kind) {
      case Tag.Vertex: {
        if (!current) break;
        current.verts.reserve(3);
        const d = current.verts.data;
        for (let axis = 0; axis < 3; axis++) {
          const k = attr(b, axis === 0 ? 'x' : axis === 1 ? 'y' : 'z');
          let v = Number.NaN;
          if (k >= 0) {
            let p = aValS[k]!;
            const end = aValE[k]!;
            while (p < end && b[p]! <= 32) p++;
            v = scanNumber(b, p, end);
            let after = scan[0]!;
            while (after < end && b[after]! <= 32) after++;
            if (scan[0]! === p || after !== end) v = Number.NaN;
          }
          if (!Number.isFinite(v)) {
            throw new GeometryError(
              'invalid_number',
              `The 3MF file has a vertex with a missing or invalid coordinate (line ${lineAt(s)}).`,
            );
          }
          d[current.verts.length++] = v;
        }
        break;
      }
      case Tag.Triangle: {
        if (!current) break;
        current.tris.reserve(3);
        const d = current.tris.data;
        for (let corner = 0; corner < 3; corner++) {
          const k = attr(b, corner === 0 ? 'v1' : corner === 1 ? 'v2' : 'v3');
          let v = Number.NaN;
          if (k >= 0) {
            let p = aValS[k]!;
            while (p < aValE[k]! && b[p]! <= 32) p++;
            v = scanInt(b, p, aValE[k]!);
          }
          if (!(v >= 0 && v < 2147483647)) {
            throw new GeometryError(
              'index_out_of_range',
              `The 3MF file has a triangle with a missing or invalid vertex index (line ${lineAt(s)}).`,
            );
          }
          d[current.tris.length++] = v;
        }
        if (current.tris.length / 3 > MAX_TRIANGLES) throw tooManyTriangles();
        break;
      }
      case Tag.Object: {
        const id = attrString(b, 'id');
        if (id === null) throw invalid(`The 3MF file has an object without an id (line ${lineAt(s)}).`);
        current = { verts: new F64Builder(256), tris: new I32Builder(256), components: [] };
        objects.set(`${path}#${id}`, current);
        if (b[gt - 1] === 47) current = null;
        break;
      }
      case Tag.Component: {
        if (!current) break;
        const oid = attrString(b, 'objectid');
        if (oid === null)
          throw invalid(`The 3MF file has a component without an object id (line ${lineAt(s)}).`);
        const p = attrString(b, 'path');
        current.components.push({
          key: `${p ? normPath(p) : path}#${oid}`,
          m: parseTransform(attrString(b, 'transform'), () => lineAt(s)),
        });
        break;
      }
      case Tag.Item: {
        const oid = attrString(b, 'objectid');
        if (oid === null)
          throw invalid(`The 3MF file has a build item without an object id (line ${lineAt(s)}).`);
        const p = attrString(b, 'path');
        items.push({
          key: `${p ? normPath(p) : path}#${oid}`,
          m: parseTransform(attrString(b, 'transform'), () => lineAt(s)),
        });
        break;
      }
      case Tag.Model: {
        unit = attrString(b, 'unit');
        if (unit !== null) unit = unit.toLowerCase();
        break;
      }
      default:
        break;
    }
  }
  return { unit, items };
}
