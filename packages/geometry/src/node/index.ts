/**
 * Server side: a worker-thread pool (piscina) that parses and measures files off the main thread.
 *
 *   const pool = createGeometryPool();
 *   const { analysis, positions } = await pool.analyzeFile('/uploads/part.stl', 'part.stl');
 */
import os from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { GeometryError, type GeometryErrorCode } from '../errors.js';
import type { Analysis, Units } from '../types.js';
import type { PoolTask, PoolTaskResult } from './worker.js';

export interface AnalyzeFileOptions {
  units?: Units;
  /** Called with progress reported by the worker thread. */
  onProgress?: (phase: 'parse' | 'analyze', fraction: number) => void;
  /** Abort the analysis (the worker thread is terminated). */
  signal?: AbortSignal;
  /** Time limit in ms (default: the pool's). */
  timeoutMs?: number;
}

export interface AnalyzeFileResult {
  analysis: Analysis;
  /** Triangle soup in mm, 9 floats per triangle (its buffer was transferred, not copied). */
  positions: Float32Array;
}

export interface GeometryPoolOptions {
  maxThreads?: number;
  minThreads?: number;
  /** ms an idle thread is kept (keeps the STEP reader warm). Default 60 s. */
  idleTimeout?: number;
  /** Default time limit per file, in ms. Default 120 s. */
  timeoutMs?: number;
}

export interface GeometryPool {
  /**
   * Analyses a file given by path (read inside the worker) or by its bytes. A Uint8Array that
   * spans its whole ArrayBuffer is transferred to the worker (and detached here); a view into a
   * larger buffer is copied.
   */
  analyzeFile(
    input: string | Uint8Array,
    fileName?: string,
    options?: AnalyzeFileOptions,
  ): Promise<AnalyzeFileResult>;
  destroy(): Promise<void>;
  readonly threads: number;
}

/**
 * The worker runs the built JavaScript, so it must not resolve workspace packages through the
 * `@printloop/source` condition a test runner may have put in execArgv (the worker imports
 * @printloop/materials, whose source is TypeScript).
 */
function withoutConditions(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--conditions' || a === '-C') i++;
    else if (!a.startsWith('--conditions=')) out.push(a);
  }
  return out;
}

/** The worker file, next to this module (dist/node/worker.js at runtime). */
export function workerUrl(): URL {
  return new URL('./worker.js', import.meta.url);
}

export function createGeometryPool(options: GeometryPoolOptions = {}): GeometryPool {
  const maxThreads = options.maxThreads ?? Math.max(1, Math.min(4, os.availableParallelism() - 1));
  const pool = new Piscina({
    filename: workerUrl().href,
    execArgv: withoutConditions(process.execArgv),
    maxThreads,
    minThreads: Math.min(options.minThreads ?? 0, maxThreads),
    idleTimeout: options.idleTimeout ?? 60_000,
  });
  const defaultTimeout = options.timeoutMs ?? 120_000;

  return {
    get threads() {
      return pool.threads.length;
    },
    async analyzeFile(input, fileName, opts = {}) {
      const name = fileName ?? (typeof input === 'string' ? path.basename(input) : 'model');
      const task: PoolTask = { fileName: name };
      if (opts.units) task.options = { units: opts.units };
      const transferList: ArrayBuffer[] = [];
      if (typeof input === 'string') task.path = path.resolve(input);
      else {
        const whole = input.byteOffset === 0 && input.byteLength === input.buffer.byteLength;
        const owned = whole && input.buffer instanceof ArrayBuffer ? input : input.slice();
        task.data = owned;
        transferList.push(owned.buffer as ArrayBuffer);
      }
      let channel: MessageChannel | null = null;
      if (opts.onProgress) {
        channel = new MessageChannel();
        const cb = opts.onProgress;
        channel.port1.on('message', (m: { phase: 'parse' | 'analyze'; fraction: number }) =>
          cb(m.phase, m.fraction),
        );
        task.progressPort = channel.port2;
        transferList.push(channel.port2 as unknown as ArrayBuffer);
      }
      const timeout = AbortSignal.timeout(opts.timeoutMs ?? defaultTimeout);
      const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
      let result: PoolTaskResult;
      try {
        result = (await pool.run(task, { transferList, signal })) as PoolTaskResult;
      } catch (err) {
        if (timeout.aborted) {
          throw new GeometryError('timeout', 'Analysing the file took too long and was stopped.', {
            cause: err,
          });
        }
        if (opts.signal?.aborted) throw err;
        throw new GeometryError('internal', 'The file could not be analysed (the worker failed).', {
          cause: err,
        });
      } finally {
        channel?.port1.close();
      }
      if (!result.ok) throw new GeometryError(result.code as GeometryErrorCode, result.message);
      return { analysis: result.analysis, positions: result.positions };
    },
    destroy() {
      return pool.destroy();
    },
  };
}

let shared: GeometryPool | null = null;

/** Analyses a file in the shared pool (created on first use). */
export function analyzeFile(
  input: string | Uint8Array,
  fileName?: string,
  options?: AnalyzeFileOptions,
): Promise<AnalyzeFileResult> {
  shared ??= createGeometryPool();
  return shared.analyzeFile(input, fileName, options);
}

/** Stops the shared pool's threads (e.g. at shutdown). */
export async function destroySharedPool(): Promise<void> {
  const p = shared;
  shared = null;
  await p?.destroy();
}

export { GeometryError } from '../errors.js';
export type { Analysis } from '../types.js';
