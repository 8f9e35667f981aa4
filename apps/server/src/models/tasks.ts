import { promisify } from 'node:util';
import type { MessagePort } from 'node:worker_threads';
import { constants, gunzip, gzip } from 'node:zlib';
import { type EstimateResult, estimatePrint, type PreparedMesh, prepareMesh } from '@printloop/estimate';
import {
  type Analysis,
  analyzeParsed,
  decodeMesh,
  encodeMesh,
  GeometryError,
  type Orientation,
  orientedFit,
  orientPositions,
  parseModel,
  printableProblem,
  releaseScratch,
  type Units,
} from '@printloop/geometry';
import type { PrintParameters } from '@printloop/quote';

/**
 * The CPU-heavy work on model files, as plain functions: run inside worker threads by the pools
 * (model.worker.ts) and directly in tests. Inputs and outputs are structured-clone friendly.
 *
 * Stored meshes are `encodeMesh`'s indexed form, gzipped once (`storedMesh`): the server keeps and
 * serves those bytes as they are (Content-Encoding: gzip), and never compresses them again. Tasks take
 * and give the encoded form; the gzip is done by the caller on libuv's threads, never in a worker
 * thread: a task that overruns is stopped by terminating its thread, and Node aborts the whole process
 * when a thread ends between creating a zlib stream and starting it.
 */
export interface AnalyzeTask {
  kind: 'analyze';
  bytes: Uint8Array;
  fileName: string;
  /** Unset: the file's own units (mm for STL/OBJ), and the analysis may suggest others. */
  units?: Units;
  /** Share a copy of the parsed mesh as soon as it exists, so it can be priced while it is measured. */
  shareMesh?: boolean;
  /** Or price it here, after measuring it (one thread for the whole upload). */
  estimate?: { parameters: PrintParameters };
  /** In a worker: receives `{ parsed }` (when shared), `{ analysis }`, then `{ mesh }`. */
  port?: MessagePort;
}

/** The parsed triangle soup in mm, as soon as the file is read (before it is measured). */
export interface ParsedMesh {
  positions: Float32Array<ArrayBuffer>;
  triangleCount: number;
  units: Units;
}

export interface AnalyzeHooks {
  onParsed?: (parsed: ParsedMesh) => void;
  /** The analysis, and the estimate when `task.estimate` asked for one (and the model fits). */
  onAnalysis?: (analysis: Analysis, estimate: EstimateResult | null) => void;
}

export interface AnalyzeResult {
  analysis: Analysis;
  /** The mesh in `encodeMesh`'s form, in its own buffer (to be transferred, then `storedMesh`). */
  mesh: Uint8Array<ArrayBuffer>;
}

export interface EstimateTask {
  kind: 'estimate';
  /** Cache key of the mesh: a worker that has prepared it before reuses it. */
  meshKey: string;
  /** The stored mesh, expanded (`expandStoredMesh`) to `encodeMesh`'s form; omitted on the first try (the
   * worker answers NEED_MESH if it lacks it). */
  mesh?: Uint8Array;
  /** Or the triangle soup itself, fresh from an upload's parse. */
  positions?: Float32Array;
  parameters: PrintParameters;
  /** The face put down: the mesh is turned with `orientPositions` (as the calculator turns it) first. */
  orientation?: Orientation;
}

export type EstimateReply =
  | { needMesh: true }
  /** `fits` is false when the turned part does not fit the build volume (then no estimate is made). */
  | { needMesh: false; estimate: EstimateResult; fits?: true }
  | { needMesh: false; fits: false; size: [number, number, number] };

/** gzip level for stored meshes: fast (float data barely compresses further at higher levels). */
const MESH_GZIP_LEVEL = 3;

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** The stored form of an encoded mesh: gzip, on libuv's threads. */
export async function storedMesh(encoded: Uint8Array): Promise<Uint8Array> {
  return await gzipAsync(encoded, { level: MESH_GZIP_LEVEL, strategy: constants.Z_DEFAULT_STRATEGY });
}

/** A stored mesh expanded to `encodeMesh`'s form, in its own buffer (so it can be transferred). */
export async function expandStoredMesh(stored: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  let raw: Buffer;
  try {
    raw = await gunzipAsync(stored);
  } catch (err) {
    throw new GeometryError('invalid_mesh', 'The stored mesh is damaged.', { cause: err });
  }
  // A small Buffer may sit in Node's shared pool: copy it out.
  if (raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength)
    return new Uint8Array(raw.buffer as ArrayBuffer);
  return new Uint8Array(raw);
}

/** Prepared meshes of this pricing thread, most recently used last, bounded in count and triangles. */
const prepared = new Map<string, { pm: PreparedMesh; triangles: number }>();
const PREPARED_CACHE = 8;
const PREPARED_MAX_TRIANGLES = 4_000_000;

function remember(meshKey: string, pm: PreparedMesh, triangles: number) {
  prepared.delete(meshKey);
  prepared.set(meshKey, { pm, triangles });
  let total = 0;
  for (const v of prepared.values()) total += v.triangles;
  for (const [k, v] of prepared) {
    if (prepared.size <= 1 || (prepared.size <= PREPARED_CACHE && total <= PREPARED_MAX_TRIANGLES)) break;
    prepared.delete(k);
    total -= v.triangles;
  }
}

export async function runAnalyze(task: AnalyzeTask, hooks: AnalyzeHooks = {}): Promise<AnalyzeResult> {
  try {
    const parsed = await parseModel(task.bytes, task.fileName, task.units ? { units: task.units } : {});
    const { positions, triangleCount } = parsed.mesh;
    if (task.shareMesh && hooks.onParsed) {
      hooks.onParsed({ positions: new Float32Array(positions), triangleCount, units: parsed.units });
    }
    const analysis = analyzeParsed(parsed, task.fileName);
    const problem = printableProblem(analysis);
    if (problem) throw new GeometryError('no_volume', problem);
    const estimate =
      task.estimate && analysis.fits_build_volume
        ? estimatePrint(prepareMesh({ positions, triangleCount }), task.estimate.parameters)
        : null;
    hooks.onAnalysis?.(analysis, estimate);
    // encodeMesh allocates its own buffer
    const mesh = encodeMesh(positions, triangleCount) as Uint8Array<ArrayBuffer>;
    return { analysis, mesh };
  } finally {
    // The measurement keeps its scratch memory for the next model (over 100 MB after a
    // million-triangle file); a shared server thread gives it back instead.
    releaseScratch();
  }
}

export function runEstimate(task: EstimateTask): EstimateReply {
  if (task.orientation) return runOrientedEstimate(task, task.orientation);
  let entry = prepared.get(task.meshKey);
  if (!entry) {
    const mesh = task.positions
      ? { positions: task.positions, triangleCount: task.positions.length / 9 }
      : task.mesh
        ? decodeMesh(task.mesh)
        : null;
    if (!mesh) return { needMesh: true };
    entry = { pm: prepareMesh(mesh), triangles: mesh.triangleCount };
  }
  remember(task.meshKey, entry.pm, entry.triangles);
  return { needMesh: false, estimate: estimatePrint(entry.pm, task.parameters) };
}

/** Cache key of a mesh turned to an orientation. */
export function orientedMeshKey(meshKey: string, n: Orientation): string {
  return `${meshKey}@${n.join(',')}`;
}

/**
 * The estimate of the stored mesh turned face `n` down: the turned mesh is prepared once and kept under
 * its own key (from the plain mesh when this thread has it, else from the stored bytes).
 */
function runOrientedEstimate(task: EstimateTask, n: Orientation): EstimateReply {
  const key = orientedMeshKey(task.meshKey, n);
  let entry = prepared.get(key);
  if (!entry) {
    const plain = prepared.get(task.meshKey);
    const mesh = plain
      ? plain.pm.mesh
      : task.positions
        ? { positions: task.positions, triangleCount: task.positions.length / 9 }
        : task.mesh
          ? decodeMesh(task.mesh)
          : null;
    if (!mesh) return { needMesh: true };
    const positions = orientPositions(mesh.positions, mesh.triangleCount, n);
    const fit = orientedFit(positions, [0, 0, -1]);
    if (!fit.fits) return { needMesh: false, fits: false, size: fit.size };
    entry = {
      pm: prepareMesh({ positions, triangleCount: mesh.triangleCount }),
      triangles: mesh.triangleCount,
    };
  }
  remember(key, entry.pm, entry.triangles);
  return { needMesh: false, estimate: estimatePrint(entry.pm, task.parameters) };
}
