import os from 'node:os';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type TransferListItem } from 'node:worker_threads';
import type { EstimateResult } from '@printloop/estimate';
import {
  type Analysis,
  GeometryError,
  type GeometryErrorCode,
  HOUSE_PRINTER,
  isIdentityOrientation,
  type Orientation,
  printableProblem,
  type Units,
} from '@printloop/geometry';
import { farmParameters } from '@printloop/materials';
import type { PrintParameters } from '@printloop/quote';
import { Piscina } from 'piscina';
import { AppError, tooManyRequests } from '../lib/errors.js';
import type { Storage } from '../storage/storage.js';
import { FairLane } from './lane.js';
import {
  type AnalyzeTask,
  type EstimateReply,
  type EstimateTask,
  expandStoredMesh,
  orientedMeshKey,
  type ParsedMesh,
  runAnalyze,
  runEstimate,
  storedMesh,
} from './tasks.js';

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

/** Threads computing prices: two, so one user's large price never makes another's wait. */
const PRICING_THREADS = 2;

/** Thrown when a job's stored mesh is gone (a crash before it was written, or an older format). */
export class MeshMissingError extends Error {
  override name = 'MeshMissingError';
}

/** A small least-recently-used map, bounded by a cost per entry. */
class Lru<V> {
  private readonly map = new Map<string, { value: V; cost: number }>();
  private total = 0;
  constructor(
    private readonly maxCost: number,
    private readonly costOf: (v: V) => number,
  ) {}
  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }
  set(key: string, value: V) {
    this.delete(key);
    const cost = this.costOf(value);
    if (cost > this.maxCost) return;
    this.map.set(key, { value, cost });
    this.total += cost;
    for (const [k, v] of this.map) {
      if (this.total <= this.maxCost) break;
      this.map.delete(k);
      this.total -= v.cost;
    }
  }
  delete(key: string) {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.total -= hit.cost;
    }
  }
  deleteWhere(pred: (key: string) => boolean) {
    for (const k of [...this.map.keys()]) if (pred(k)) this.delete(k);
  }
}

export interface LaneLimits {
  /** Tasks waiting, all users together (503 beyond). */
  maxQueued: number;
  /** Tasks one user may have running or waiting (429 beyond). */
  maxPerUser: number;
}

export interface ModelServiceOptions {
  /** Run tasks in this thread (tests run from source); the lanes and their limits still apply. */
  inline?: boolean;
  workerFile?: string;
  /** Running time allowed per task (default 60 s); time spent waiting for a worker does not count. */
  taskTimeoutMs?: number;
  /** Threads analysing uploads (default: cores − 1, 2 to 4). Pricing has its own thread. */
  analysisThreads?: number;
  analysis?: Partial<LaneLimits>;
  pricing?: Partial<LaneLimits>;
  /** Stored meshes (compressed) kept in memory, in bytes (default 256 MB). */
  maxCacheBytes?: number;
}

export interface AnalyzeOutcome {
  analysis: Analysis;
  /** The price's estimate, when parameters were given and the model fits (else null). */
  estimate: EstimateResult | null;
  /** The compressed stored form of the mesh, once encoded (after the analysis is answered). */
  mesh: Promise<Uint8Array>;
}

export interface PriceWithAnalysis {
  parameters: PrintParameters;
  /** The key (storage path) of the mesh for the units the file is read in. */
  meshKeyFor: (units: Units) => string;
}

/**
 * Analysis and pricing of model files, in worker threads so the event loop stays free. Two lanes
 * with their own threads: uploads are analysed in one, prices computed in the other, so a price never
 * waits behind someone's analysis. Each lane serves users fairly and is bounded (see FairLane).
 *
 * Meshes are stored compactly (indexed, gzipped once) beside the model file; the pricing thread keeps
 * the prepared meshes it has seen, and is sent a mesh only when it lacks it. Estimates are pure, so
 * the last few thousand are remembered, and identical concurrent requests share one computation.
 */
export class ModelService {
  private readonly analysisPool: Piscina | null;
  private readonly pricingPool: Piscina | null;
  readonly analysisLane: FairLane;
  readonly pricingLane: FairLane;
  private readonly taskTimeoutMs: number;
  private readonly meshes: Lru<Uint8Array>;
  private readonly pendingMeshes = new Map<string, Promise<Uint8Array>>();
  private readonly estimates = new Lru<EstimateResult>(4000, () => 1);
  private readonly inflight = new Map<string, Promise<EstimateResult>>();

  constructor(
    private readonly storage: Storage,
    opts: ModelServiceOptions = {},
  ) {
    this.taskTimeoutMs = opts.taskTimeoutMs ?? 60_000;
    this.meshes = new Lru(opts.maxCacheBytes ?? 256 * 1024 * 1024, (b) => b.byteLength);
    // At least two, so that one user (who may run one analysis at a time) never holds every thread.
    const analysisThreads = opts.analysisThreads ?? Math.max(2, Math.min(4, os.availableParallelism() - 1));
    const pool = (threads: number) =>
      new Piscina({
        filename: opts.workerFile ?? fileURLToPath(new URL('./model.worker.js', import.meta.url)),
        minThreads: threads,
        maxThreads: threads,
        idleTimeout: 60_000,
        // Workers load the built packages: drop resolution conditions a test runner may have set.
        execArgv: withoutConditions(process.execArgv),
      });
    this.analysisPool = opts.inline ? null : pool(analysisThreads);
    this.pricingPool = opts.inline ? null : pool(PRICING_THREADS);
    this.analysisLane = new FairLane({
      name: ['model analysis', 'model analyses'],
      concurrency: opts.inline ? 1 : analysisThreads,
      maxQueued: opts.analysis?.maxQueued ?? 32,
      maxPerUser: opts.analysis?.maxPerUser ?? 2,
      maxRunningPerUser: 1,
      retryAfterS: 3,
    });
    this.pricingLane = new FairLane({
      name: ['price calculation', 'price calculations'],
      concurrency: opts.inline ? 1 : PRICING_THREADS,
      maxQueued: opts.pricing?.maxQueued ?? 128,
      maxPerUser: opts.pricing?.maxPerUser ?? 16,
      // The price of someone's large upload never holds both pricing threads.
      maxRunningPerUser: 1,
      retryAfterS: 1,
    });
    this.maxUploadsPerUser = opts.analysis?.maxPerUser ?? 2;
  }

  private readonly maxUploadsPerUser: number;
  private readonly uploading = new Map<string, number>();

  /**
   * Reserve one of the user's upload slots before their body is read, so a user already at their limit
   * is refused at once (429) instead of after sending 50 MB. Returns the release function.
   */
  beginUpload(user: string): () => void {
    const n = this.uploading.get(user) ?? 0;
    if (n >= this.maxUploadsPerUser) {
      throw tooManyRequests(
        `You already have ${n} ${n === 1 ? 'upload' : 'uploads'} in progress. Please wait for ${n === 1 ? 'it' : 'them'} to finish.`,
        3,
      );
    }
    this.uploading.set(user, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.uploading.get(user) ?? 1) - 1;
      if (left <= 0) this.uploading.delete(user);
      else this.uploading.set(user, left);
    };
  }

  private async run<T>(pool: Piscina, task: AnalyzeTask | EstimateTask, transferList?: TransferListItem[]) {
    let reply: WorkerReply<T>;
    try {
      // The lane starts a task only when a thread is free, so this limit counts running time.
      reply = (await pool.run(task, {
        signal: AbortSignal.timeout(this.taskTimeoutMs),
        ...(transferList ? { transferList } : {}),
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

  /**
   * Analyse model bytes for `user` in the analysis lane, and price them when `price` is given. When no
   * one else is waiting for the workers, the parsed mesh is priced in the pricing lane while it is being
   * measured (sooner, and the pricing thread then keeps it for the next prices); when others are, the
   * analysis thread prices it after measuring, so one upload never occupies two threads. Resolves once
   * the analysis and the price exist; the stored mesh follows in `mesh`.
   */
  analyze(
    user: string,
    bytes: Uint8Array,
    fileName: string,
    opts: { units?: Units; price?: PriceWithAnalysis } = {},
  ): Promise<AnalyzeOutcome> {
    // Priced as the farm runs it (the material's top speed, layers at most 75 % of the nozzle).
    if (opts.price)
      opts = { ...opts, price: { ...opts.price, parameters: farmParameters(opts.price.parameters) } };
    const parallel =
      opts.price !== undefined &&
      !this.analysisLane.busyWithOthers(user) &&
      !this.pricingLane.busyWithOthers(user);
    const task: AnalyzeTask = {
      kind: 'analyze',
      bytes,
      fileName,
      ...(opts.units ? { units: opts.units } : {}),
      ...(opts.price
        ? parallel
          ? { shareMesh: true }
          : { estimate: { parameters: opts.price.parameters } }
        : {}),
    };
    let priced: Promise<EstimateResult | null> = Promise.resolve(null);
    const onParsed = (parsed: ParsedMesh) => {
      const price = opts.price;
      if (!price) return;
      const meshKey = price.meshKeyFor(parsed.units);
      priced = this.estimateFresh(user, meshKey, parsed.positions, price.parameters).catch(() => null);
    };
    let resolveAnalysis!: (a: Analysis) => void;
    const onAnalysis = (analysis: Analysis, estimate: EstimateResult | null) => {
      if (estimate && opts.price) {
        const meshKey = opts.price.meshKeyFor(analysis.units);
        this.estimates.set(estimateKey(meshKey, opts.price.parameters), estimate);
        priced = Promise.resolve(estimate);
      }
      resolveAnalysis(analysis);
    };
    let rejectAnalysis!: (e: unknown) => void;
    const analysed = new Promise<Analysis>((res, rej) => {
      resolveAnalysis = res;
      rejectAnalysis = rej;
    });
    let meshDone!: (b: Uint8Array) => void;
    let meshFailed!: (e: unknown) => void;
    const mesh = new Promise<Uint8Array>((res, rej) => {
      meshDone = res;
      meshFailed = rej;
    });
    // Nobody may be waiting for the mesh when the analysis itself fails.
    mesh.catch(() => {});
    const pool = this.analysisPool;
    void this.analysisLane
      .run(user, async (): Promise<Uint8Array> => {
        if (!pool) return await storedMesh((await runAnalyze(task, { onParsed, onAnalysis })).mesh);
        const channel = new MessageChannel();
        try {
          // The worker posts the parsed mesh, the analysis, then the encoded mesh (one port keeps order).
          const stored = new Promise<Uint8Array>((res) => {
            channel.port1.on(
              'message',
              (m: {
                parsed?: ParsedMesh;
                analysis?: Analysis;
                estimate?: EstimateResult | null;
                mesh?: Uint8Array;
              }) => {
                if (m.parsed) onParsed(m.parsed);
                if (m.analysis) onAnalysis(m.analysis, m.estimate ?? null);
                if (m.mesh) res(m.mesh);
              },
            );
          });
          await this.run<null>(pool, { ...task, port: channel.port2 }, [channel.port2]);
          // A task that succeeded has posted every message; they may arrive after its result.
          return await storedMesh(await stored);
        } finally {
          channel.port1.close();
        }
      })
      .then(
        (meshBytes) => meshDone(meshBytes),
        (err: unknown) => {
          rejectAnalysis(err);
          meshFailed(err);
        },
      );
    return analysed.then(async (analysis) => {
      const estimate = await priced;
      // A part that fits only laid on a side: the estimate of the upright mesh is not its price (the
      // first price is then the preview's, of the mesh turned that way).
      const usable =
        analysis.fits_build_volume && printableProblem(analysis) === null && !analysis.fit_orientation;
      return { analysis, estimate: usable ? estimate : null, mesh };
    });
  }

  /** Price a freshly parsed mesh in the pricing lane; the pricing thread keeps it under `meshKey`. */
  private estimateFresh(
    user: string,
    meshKey: string,
    positions: Float32Array<ArrayBuffer>,
    parameters: PrintParameters,
  ): Promise<EstimateResult> {
    const pool = this.pricingPool;
    const task: EstimateTask = { kind: 'estimate', meshKey, positions, parameters };
    return this.pricingLane.run(user, async () => {
      const reply = pool ? await this.run<EstimateReply>(pool, task, [positions.buffer]) : runEstimate(task);
      if (reply.needMesh || !('estimate' in reply))
        throw new Error('The pricing worker did not take the mesh.');
      this.estimates.set(estimateKey(meshKey, parameters), reply.estimate);
      return reply.estimate;
    });
  }

  /** Keep a freshly encoded mesh in memory and write it to storage (in the background). */
  storeMesh(meshPath: string, mesh: Promise<Uint8Array>, onError: (err: unknown) => void): Promise<void> {
    const pending = mesh.then(async (bytes) => {
      this.meshes.set(meshPath, bytes);
      await this.storage.put(
        meshPath,
        Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
      );
      return bytes;
    });
    this.pendingMeshes.set(meshPath, pending);
    const done = pending.then(
      () => undefined,
      (err: unknown) => onError(err),
    );
    void done.finally(() => {
      if (this.pendingMeshes.get(meshPath) === pending) this.pendingMeshes.delete(meshPath);
    });
    return done;
  }

  /** The stored (compressed) mesh: from memory, from a write still under way, or from storage. */
  async meshBytes(meshPath: string): Promise<Uint8Array> {
    const hit = this.meshes.get(meshPath);
    if (hit) return hit;
    const pending = this.pendingMeshes.get(meshPath);
    if (pending) {
      try {
        return await pending;
      } catch {
        throw new MeshMissingError(meshPath);
      }
    }
    let bytes: Uint8Array;
    try {
      bytes = await this.storage.getBytes(meshPath);
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT' || (err as { name?: string }).name === 'NoSuchKey') {
        throw new MeshMissingError(meshPath);
      }
      throw err;
    }
    this.meshes.set(meshPath, bytes);
    return bytes;
  }

  /** Forget everything held for a mesh (its job was deleted or re-analysed). */
  forget(meshPath: string) {
    this.meshes.delete(meshPath);
    this.estimates.deleteWhere((k) => k.startsWith(`${meshPath}|`) || k.startsWith(`${meshPath}@`));
  }

  /**
   * The estimate for a stored mesh, in the pricing lane, turned face `orientation` down when given (a
   * 422 DOES_NOT_FIT when it does not fit the printer that way). Throws MeshMissingError when the mesh
   * is gone.
   */
  estimate(
    user: string,
    meshPath: string,
    asked: PrintParameters,
    orientation?: Orientation | null,
  ): Promise<EstimateResult> {
    // Priced as the farm runs it (the material's top speed, layers at most 75 % of the nozzle).
    const parameters = farmParameters(asked);
    const turned = orientation && !isIdentityOrientation(orientation) ? orientation : null;
    const key = estimateKey(turned ? orientedMeshKey(meshPath, turned) : meshPath, parameters);
    const known = this.estimates.get(key);
    if (known) return Promise.resolve(known);
    const running = this.inflight.get(key);
    if (running) return running;
    const pool = this.pricingPool;
    const task: EstimateTask = {
      kind: 'estimate',
      meshKey: meshPath,
      parameters,
      ...(turned ? { orientation: turned } : {}),
    };
    const work = this.pricingLane.run(user, async () => {
      let reply: EstimateReply = pool ? await this.run<EstimateReply>(pool, task) : runEstimate(task);
      if (reply.needMesh) {
        const mesh = await expandStoredMesh(await this.meshBytes(meshPath));
        const withMesh: EstimateTask = { ...task, mesh };
        reply = pool ? await this.run<EstimateReply>(pool, withMesh, [mesh.buffer]) : runEstimate(withMesh);
      }
      if (reply.needMesh) throw new Error('The pricing worker did not take the mesh.');
      if (!('estimate' in reply)) {
        const [x, y, z] = reply.size.map((v) => Math.round(v * 10) / 10);
        const message = `Turned that way the part (${x} × ${y} × ${z} mm) does not fit the printer (${HOUSE_PRINTER.x} × ${HOUSE_PRINTER.y} × ${HOUSE_PRINTER.z} mm).`;
        throw new AppError(422, 'DOES_NOT_FIT', message, { orientation: message });
      }
      this.estimates.set(key, reply.estimate);
      return reply.estimate;
    });
    this.inflight.set(key, work);
    void work.then(
      () => this.inflight.delete(key),
      () => this.inflight.delete(key),
    );
    return work;
  }

  async close() {
    const closing = new Error('The server is shutting down.');
    this.analysisLane.drain(closing);
    this.pricingLane.drain(closing);
    await Promise.all([this.analysisPool?.destroy(), this.pricingPool?.destroy()]);
  }
}

function estimateKey(meshPath: string, p: PrintParameters): string {
  return `${meshPath}|${p.layerHeight}|${p.infillPercentage}|${p.printSpeed}|${p.filamentType}|${p.supportRequired}`;
}
