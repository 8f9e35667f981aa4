/// <reference path="./occt-import-js.d.ts" />
import { GeometryError } from '../errors.js';
import { MAX_TRIANGLES } from '../limits.js';
import { tooManyTriangles } from './grow.js';

/** The part of occt-import-js's module the STEP reader uses. */
export interface OcctModule {
  ReadStepFile(content: Uint8Array, params: OcctParams | null): OcctResult;
}

export interface OcctParams {
  linearUnit?: 'millimeter' | 'centimeter' | 'meter' | 'inch' | 'foot';
  linearDeflectionType?: 'bounding_box_ratio' | 'absolute_value';
  linearDeflection?: number;
  angularDeflection?: number;
}

export interface OcctMesh {
  name?: string;
  attributes: { position: { array: ArrayLike<number> } };
  index: { array: ArrayLike<number> };
}

export interface OcctResult {
  success: boolean;
  meshes?: OcctMesh[];
}

/** Loads (and instantiates) the OpenCascade WASM module. */
export type OcctLoader = () => Promise<OcctModule>;

type OcctFactory = (moduleOverrides?: {
  locateFile?: (path: string, prefix: string) => string;
}) => Promise<OcctModule>;

/**
 * Tessellation settings. The deflection is relative to the part's size (0.05 % of its bounding
 * box) and the angular deflection is 0.05 rad: a circle becomes a polygon of ≥ 126 sides, whose
 * area differs from the circle's by under 0.05 %, well inside the 0.5 % volume goal.
 */
export const STEP_TESSELLATION: OcctParams = {
  linearUnit: 'millimeter',
  linearDeflectionType: 'bounding_box_ratio',
  linearDeflection: 0.0005,
  angularDeflection: 0.05,
};

function defaultLoader(locateWasm?: (path: string, prefix: string) => string): OcctLoader {
  return async () => {
    // A dynamic import: bundlers put the OpenCascade glue in its own chunk, loaded only for STEP.
    const mod = (await import('occt-import-js')) as { default?: unknown };
    const factory = (typeof mod.default === 'function' ? mod.default : mod) as OcctFactory;
    return factory(locateWasm ? { locateFile: locateWasm } : undefined);
  };
}

let loader: OcctLoader = defaultLoader();
let warm: Promise<OcctModule> | null = null;

/**
 * Replaces how the OpenCascade module is loaded: either a loader function, or the URL of
 * `occt-import-js.wasm` (for browsers, where the package folder does not exist).
 */
export function configureStepLoader(option: OcctLoader | { wasmUrl: string }): void {
  loader = typeof option === 'function' ? option : defaultLoader(() => option.wasmUrl);
  warm = null;
}

/** Loads the module once and keeps it (warm) for later files. */
export function loadOcct(): Promise<OcctModule> {
  if (!warm) {
    warm = loader().catch((err: unknown) => {
      warm = null;
      throw new GeometryError(
        'step_unavailable',
        'STEP files cannot be read right now (the STEP reader failed to load).',
        {
          cause: err,
        },
      );
    });
  }
  return warm;
}

export interface StepResult {
  positions: Float32Array;
  triangleCount: number;
  solids: number;
  warnings: string[];
}

function looksLikeStep(b: Uint8Array): boolean {
  let i = 0;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) i = 3;
  while (i < b.length && b[i]! <= 32) i++;
  const magic = 'ISO-10303-21';
  if (b.length - i < magic.length) return false;
  for (let k = 0; k < magic.length; k++) if (b[i + k] !== magic.charCodeAt(k)) return false;
  return true;
}

/** Reads a STEP file through OpenCascade (WASM) and tessellates it in millimetres. */
export async function parseStep(data: Uint8Array): Promise<StepResult> {
  if (data.byteLength === 0) throw new GeometryError('empty_file', 'The file is empty.');
  if (!looksLikeStep(data)) {
    throw new GeometryError(
      'invalid_step',
      'The file is not a STEP file (it lacks the ISO-10303-21 header).',
    );
  }
  const occt = await loadOcct();
  let result: OcctResult;
  try {
    result = occt.ReadStepFile(data, STEP_TESSELLATION);
  } catch (err) {
    // A WASM abort can leave the module unusable: load a fresh one next time.
    warm = null;
    throw new GeometryError('invalid_step', 'The STEP file is damaged and could not be read.', {
      cause: err,
    });
  }
  if (!result?.success) {
    throw new GeometryError('invalid_step', 'The STEP file is damaged and could not be read.');
  }
  const meshes = result.meshes ?? [];
  let triangleCount = 0;
  for (const m of meshes) triangleCount += Math.floor(m.index.array.length / 3);
  if (triangleCount > MAX_TRIANGLES) throw tooManyTriangles();
  if (triangleCount === 0)
    throw new GeometryError('no_triangles', 'The STEP file holds no solid or surface.');
  const positions = new Float32Array(triangleCount * 9);
  let o = 0;
  for (const m of meshes) {
    const p = m.attributes.position.array;
    const idx = m.index.array;
    const nv = Math.floor(p.length / 3);
    const n = Math.floor(idx.length / 3) * 3;
    for (let k = 0; k < n; k++) {
      const v = idx[k]!;
      if (!(v >= 0 && v < nv))
        throw new GeometryError('invalid_step', 'The STEP file produced an invalid mesh.');
      positions[o++] = p[3 * v]!;
      positions[o++] = p[3 * v + 1]!;
      positions[o++] = p[3 * v + 2]!;
    }
  }
  return { positions, triangleCount, solids: meshes.length, warnings: [] };
}
