import os from 'node:os';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { EstimateResult } from '@printloop/estimate';
import { type Analysis, GeometryError, type GeometryErrorCode, type Units } from '@printloop/geometry';
import type { PrintParameters } from '@printloop/quote';
import { Piscina } from 'piscina';
import type { Storage } from '../storage/storage.js';
import { type AnalyzeResult, type AnalyzeTask, type EstimateTask, runAnalyze, runEstimate } from './tasks.js';

type WorkerReply<T> =
  | { ok: true; value: T }
  | { ok: false; geometry: boolean; code: string; message: string };

function withoutConditions(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--conditions' || a === '-C') i++;
    else if (!a.startsWith('--conditions=')) out.push(a);
  }
  return out;
}

/** Serialise a mesh for storage: the raw little-endian Float32 bytes. */
export function meshToBytes(positions: Float32Array): Buffer {
  return Buffer.from(positions.buffer, positions.byteOffset, positions.byteLength);
}

export function bytesToMesh(bytes: Uint8Array): Float32Array {
  // Copy into an aligned buffer: storage reads are not guaranteed to be 4-byte aligned.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer, 0, Math.floor(bytes.byteLength / 4));
}

/**
 * Analysis and estimates of stored models, in worker threads so the event loop stays free. Parsed
 * meshes are kept in storage beside the model and in a bounded in-memory cache, so re-pricing never
 * re-parses the file.
 */
export class ModelService {
  private readonly pool: Piscina | null;
  private readonly meshes = new Map<string, Float32Array>();
  private meshBytes = 0;

  private readonly taskTimeoutMs: number;

  constructor(
    private readonly storage: Storage,
    opts: { inline?: boolean; maxCacheBytes?: number; taskTimeoutMs?: number; workerFile?: string } = {},
  ) {
    this.taskTimeoutMs = opts.taskTimeoutMs ?? 60_000;
    this.maxCacheBytes = opts.maxCacheBytes ?? 512 * 1024 * 1024;
    this.pool = opts.inline
      ? null
      : new Piscina({
          filename: opts.workerFile ?? fileURLToPath(new URL('./model.worker.js', import.meta.url)),
          minThreads: 1,
          maxThreads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
          idleTimeout: 60_000,
          // Workers load the built packages: drop resolution conditions a test runner may have set.
          execArgv: withoutConditions(process.execArgv),
        });
  }

  private readonly maxCacheBytes: number;

  private async run<T>(task: AnalyzeTask | EstimateTask, inline: () => Promise<T> | T): Promise<T> {
    if (!this.pool) return inline();
    let reply: WorkerReply<T>;
    try {
      // Every task is bounded in time: a worker that overruns is stopped and the request fails cleanly.
      reply = (await this.pool.run(task, {
        signal: AbortSignal.timeout(this.taskTimeoutMs),
      })) as WorkerReply<T>;
    } catch (err) {
      if ((err as Error).name === 'AbortError' || (err as Error).name === 'TimeoutError') {
        throw new GeometryError('timeout', 'The model took too long to process.');
      }
      throw err;
    }
    if (reply.ok) return reply.value;
    if (reply.geometry) throw new GeometryError(reply.code as GeometryErrorCode, reply.message);
    throw new Error(reply.message);
  }

  analyze(bytes: Uint8Array, fileName: string, units?: Units): Promise<AnalyzeResult> {
    const task: AnalyzeTask = { kind: 'analyze', bytes, fileName, ...(units ? { units } : {}) };
    return this.run(task, () => runAnalyze(task));
  }

  /**
   * Analyse a stored model file and store its parsed mesh at `meshKey` (replacing an older one), so
   * later estimates never re-parse the file.
   */
  async analyzeStored(fileKey: string, meshKey: string, fileName: string, units?: Units): Promise<Analysis> {
    const { analysis, positions } = await this.analyze(await this.storage.getBytes(fileKey), fileName, units);
    await this.storage.put(meshKey, Readable.from([meshToBytes(positions)]));
    this.remember(meshKey, positions);
    return analysis;
  }

  /** The mesh of a job (from the cache, else from storage). */
  async mesh(meshPath: string): Promise<Float32Array> {
    const hit = this.meshes.get(meshPath);
    if (hit) {
      this.meshes.delete(meshPath);
      this.meshes.set(meshPath, hit);
      return hit;
    }
    const mesh = bytesToMesh(await this.storage.getBytes(meshPath));
    this.remember(meshPath, mesh);
    return mesh;
  }

  remember(meshPath: string, mesh: Float32Array) {
    this.forget(meshPath);
    if (mesh.byteLength > this.maxCacheBytes) return;
    this.meshes.set(meshPath, mesh);
    this.meshBytes += mesh.byteLength;
    for (const [k, v] of this.meshes) {
      if (this.meshBytes <= this.maxCacheBytes) break;
      this.meshes.delete(k);
      this.meshBytes -= v.byteLength;
    }
  }

  forget(meshPath: string) {
    const m = this.meshes.get(meshPath);
    if (m) {
      this.meshes.delete(meshPath);
      this.meshBytes -= m.byteLength;
    }
  }

  /** `version` distinguishes re-analyses of the same mesh path (e.g. the units), for the workers' caches. */
  async estimate(meshPath: string, version: string, parameters: PrintParameters): Promise<EstimateResult> {
    const positions = await this.mesh(meshPath);
    const task: EstimateTask = { kind: 'estimate', meshKey: `${meshPath}@${version}`, positions, parameters };
    return this.run(task, () => runEstimate(task));
  }

  async close() {
    await this.pool?.destroy();
  }
}
