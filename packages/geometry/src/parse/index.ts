import { GeometryError } from '../errors.js';
import { MAX_INPUT_BYTES } from '../limits.js';
import type { AnalyzeOptions, ModelFormat, TriangleMesh, Units } from '../types.js';
import { fillCorners, parseObj } from './obj.js';
import { parseStep } from './step.js';
import { parseStl, type ReadAt, readBinaryStl, type StlResult } from './stl.js';
import { parse3mf } from './threemf.js';

export type { ReadAt } from './stl.js';

export interface ParsedModel {
  format: ModelFormat;
  /** Triangle soup in millimetres (already scaled by the units option or the file's own unit). */
  mesh: TriangleMesh;
  /** The units the file was read in. */
  units: Units;
  /** STEP only: number of solids in the file. */
  solids?: number;
  /** True when the caller chose the units (then no other units are suggested). */
  unitsExplicit?: boolean;
  warnings: string[];
}

/** Progress of a parse or analysis: phase name and a fraction in [0, 1]. */
export type ProgressCallback = (phase: 'parse' | 'analyze', fraction: number) => void;

export interface ParseOptions extends AnalyzeOptions {
  onProgress?: ProgressCallback;
}

export const UNIT_SCALE: Record<Units, number> = { mm: 1, cm: 10, in: 25.4 };

export type FileKind = 'stl' | 'obj' | '3mf' | 'step';

/** The kind of file, from its extension (case-insensitive). */
export function fileKind(fileName: string): FileKind {
  const dot = fileName.lastIndexOf('.');
  const ext = dot >= 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  switch (ext) {
    case 'stl':
      return 'stl';
    case 'obj':
      return 'obj';
    case '3mf':
      return '3mf';
    case 'step':
    case 'stp':
      return 'step';
    default:
      throw new GeometryError(
        'unsupported_format',
        `Files of type ${ext ? `.${ext}` : 'without an extension'} are not supported. Please upload an STL, OBJ, 3MF or STEP file.`,
      );
  }
}

function checkUnits(units: unknown): Units | undefined {
  if (units === undefined || units === null) return undefined;
  if (units === 'mm' || units === 'cm' || units === 'in') return units;
  throw new GeometryError('malformed', `Unknown units "${String(units)}": use mm, cm or in.`);
}

/** Parses a model file into a triangle soup in millimetres. Throws only `GeometryError`. */
export async function parseModel(
  data: Uint8Array,
  fileName: string,
  options: ParseOptions = {},
): Promise<ParsedModel> {
  try {
    return await parseInner(data, fileName, options);
  } catch (err) {
    throw asGeometryError(err);
  }
}

/**
 * A binary STL file parsed as it is read, a block at a time (`readBinaryStl`: its bytes never held
 * whole), to the same model `parseModel` gives for its bytes. Null where the file is not a binary
 * STL (another extension, or not binary by the size rule): the caller reads it whole and calls
 * `parseModel`. Throws only `GeometryError`.
 */
export function parseBinaryStlFile(
  size: number,
  read: ReadAt,
  fileName: string,
  options: ParseOptions = {},
): ParsedModel | null {
  try {
    if (fileKind(fileName) !== 'stl') return null;
    const requested = checkUnits(options.units);
    checkSize(size);
    const progress = progressOf(options);
    progress?.(0);
    const r = readBinaryStl(size, read, progress);
    return r ? stlModel(r, requested, progress) : null;
  } catch (err) {
    throw asGeometryError(err);
  }
}

function asGeometryError(err: unknown): GeometryError {
  if (err instanceof GeometryError) return err;
  if (err instanceof RangeError) {
    return new GeometryError('file_too_large', 'The model is too large to process.', { cause: err });
  }
  return new GeometryError('malformed', 'The file could not be read: it appears to be damaged.', {
    cause: err,
  });
}

function checkSize(bytes: number): void {
  if (bytes === 0) throw new GeometryError('empty_file', 'The file is empty.');
  if (bytes > MAX_INPUT_BYTES) {
    throw new GeometryError(
      'file_too_large',
      `The file is ${(bytes / 1048576).toFixed(0)} MB; the largest file we accept is ${MAX_INPUT_BYTES / 1048576} MB.`,
    );
  }
}

function progressOf(options: ParseOptions): ((f: number) => void) | undefined {
  return options.onProgress ? (f: number) => options.onProgress!('parse', f) : undefined;
}

async function parseInner(data: Uint8Array, fileName: string, options: ParseOptions): Promise<ParsedModel> {
  if (!(data instanceof Uint8Array)) throw new GeometryError('malformed', 'No file data was given.');
  const kind = fileKind(fileName);
  const requested = checkUnits(options.units);
  checkSize(data.byteLength);
  const progress = progressOf(options);
  progress?.(0);
  if (kind === 'stl') return stlModel(parseStl(data, progress), requested, progress);
  let format: ModelFormat;
  let positions: Float32Array;
  let triangleCount: number;
  let units: Units = requested ?? 'mm';
  let solids: number | undefined;
  let warnings: string[];
  let indexed: TriangleMesh['indexed'];
  let scale = 1;
  if (kind === 'obj') {
    const r = parseObj(data, progress);
    format = 'obj';
    positions = r.positions;
    triangleCount = r.triangleCount;
    warnings = r.warnings;
    indexed = r.indexed;
    scale = UNIT_SCALE[units];
  } else if (kind === '3mf') {
    const r = parse3mf(data, progress);
    format = '3mf';
    positions = r.positions;
    triangleCount = r.triangleCount;
    warnings = r.warnings;
    if (requested && requested !== r.units) {
      warnings.push(
        `The 3MF file states its own unit (${r.unitName}), so the units you chose were not applied.`,
      );
    }
    units = r.units;
  } else {
    const r = await parseStep(data);
    format = 'step';
    positions = r.positions;
    triangleCount = r.triangleCount;
    solids = r.solids;
    warnings = r.warnings;
    if (requested && requested !== 'mm') {
      warnings.push('STEP files carry their own units, so the units you chose were not applied.');
    }
    units = 'mm';
  }
  if (triangleCount === 0) throw new GeometryError('no_triangles', 'The file holds no triangles.');
  if (indexed) {
    // OBJ: the reader has checked every vertex (finite, -0 turned to 0); scale the vertex list and
    // fill the corners from it again, so that both stay equal.
    if (scale !== 1) {
      const vs = indexed.vertices;
      for (let k = 0; k < vs.length; k++) {
        const v = Math.fround(vs[k]! * scale);
        if (v - v !== 0) {
          throw new GeometryError(
            'invalid_number',
            `The file has a coordinate that is too large once converted to millimetres (vertex ${Math.floor(k / 3) + 1}).`,
          );
        }
        vs[k] = v + 0;
      }
      fillCorners(positions, vs, indexed.indices, vs.length / 3);
    }
  } else validateAndScale(positions, triangleCount * 9, scale);
  progress?.(1);
  const mesh: TriangleMesh = indexed ? { positions, triangleCount, indexed } : { positions, triangleCount };
  const parsed: ParsedModel = { format, mesh, units, warnings };
  if (solids !== undefined) parsed.solids = solids;
  if (requested !== undefined) parsed.unitsExplicit = true;
  return parsed;
}

/** An STL's model: in the units asked for (mm by default), every coordinate checked. */
function stlModel(r: StlResult, requested: Units | undefined, progress?: (f: number) => void): ParsedModel {
  if (r.triangleCount === 0) throw new GeometryError('no_triangles', 'The file holds no triangles.');
  const units = requested ?? 'mm';
  const scale = UNIT_SCALE[units];
  if (!r.checked || scale !== 1) validateAndScale(r.positions, r.triangleCount * 9, scale);
  progress?.(1);
  const parsed: ParsedModel = {
    format: r.format,
    mesh: { positions: r.positions, triangleCount: r.triangleCount },
    units,
    warnings: r.warnings,
  };
  if (requested !== undefined) parsed.unitsExplicit = true;
  return parsed;
}

/** Checks every coordinate is finite, turns -0 into 0 (for exact welding) and applies the unit scale. */
function validateAndScale(positions: Float32Array, n: number, scale: number): void {
  let bad = -1;
  if (scale === 1) {
    // Read-only unless a zero needs its sign cleared.
    for (let k = 0; k < n; k++) {
      const v = positions[k]!;
      if (v - v !== 0) {
        bad = k;
        break;
      }
      if (v === 0) positions[k] = 0;
    }
  } else {
    for (let k = 0; k < n; k++) {
      const v = Math.fround(positions[k]! * scale);
      if (v - v !== 0) {
        bad = k;
        break;
      }
      positions[k] = v + 0;
    }
  }
  if (bad >= 0) {
    throw new GeometryError(
      'invalid_number',
      `The file has a coordinate that is not a finite number (triangle ${Math.floor(bad / 9) + 1}).`,
    );
  }
}
