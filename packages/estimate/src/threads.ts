/**
 * The estimate on two threads (Node): a worker slices the mesh and types its surfaces a layer at a
 * time (`layerStream`) and finishes each layer's surfaces (vertical shells, bridges over infill:
 * `layerShells`) as soon as the layers its shells read are typed, while this thread lays and plans
 * each finished layer (`estimateRun`, which reads a layer's own types only). The stages and their
 * order per layer are those of `estimatePrint`, so the result is the same to the byte; only the
 * wall-clock time differs.
 *
 * With supports on, the supports are planned from the whole geometry before the first layer is
 * laid, so there is nothing to overlap: that estimate runs on this thread.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TriangleMesh } from '@printloop/geometry';
import type { PrintParameters } from '@printloop/materials';
import { type EstimateResult, type EstimateRun, estimatePrint, estimateRun } from './estimate.js';
import type { LayerSurfaces } from './fills.js';
import type { Loops } from './hatch.js';
import type { Island, LayerGeometry } from './slice.js';

/** What the worker posts: first the geometry's frame (without its islands, which follow; its
 * raster, distance field and the surface types on shared memory)… */
export interface FrameMessage {
  kind: 'frame';
  geometry: LayerGeometry;
  /** The surface types, layer-major (a layer's are final once its regions are posted). */
  types: Uint8Array;
}

/** …then the typed layers, a few at a time, from layer `from` on, and the surface regions of the
 * layers whose surfaces became final since the last batch (their shells done: those may be laid),
 * from layer `finishedFrom` on… */
export interface LayersMessage {
  kind: 'layers';
  from: number;
  islands: Island[][];
  areas: Loops[][];
  finishedFrom: number;
  surfaces: LayerSurfaces[];
}

/** …or why it could not. */
export interface FailureMessage {
  kind: 'error';
  message: string;
}

export type WorkerMessage = FrameMessage | LayersMessage | FailureMessage;

export interface WorkerRequest {
  positions: Float32Array;
  triangleCount: number;
  params: PrintParameters;
}

/** A worker started ahead of the estimate (its modules load while the file is read and parsed). */
export interface LayerWorker {
  estimate(mesh: TriangleMesh, params: PrintParameters): Promise<EstimateResult>;
  close(): Promise<void>;
}

/** True when a second thread can help here: more than one core, no supports, and not turned off
 * (PRINTLOOP_ESTIMATE_THREADS=1). */
export function threadsHelp(params: Pick<PrintParameters, 'supportRequired'>): boolean {
  return (
    availableParallelism() > 1 && !params.supportRequired && process.env.PRINTLOOP_ESTIMATE_THREADS !== '1'
  );
}

/** The built worker: beside this module, or (this module run from its source by a test runner) in
 * the package's dist. */
function defaultWorkerFile(): string {
  const beside = fileURLToPath(new URL('./layer-worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  const built = fileURLToPath(new URL('../dist/layer-worker.js', import.meta.url));
  if (existsSync(built)) return built;
  throw new Error(`${beside} is missing: run "npm run build" first.`);
}

export function startLayerWorker(opts: { workerFile?: string } = {}): LayerWorker {
  // the thread loads the built package: without the resolution conditions a test runner may have
  // set (otherwise it inherits this process's options; V8 and process-wide options may not be
  // passed to it explicitly)
  const argv = process.execArgv;
  const conditions = argv.some((a) => a === '-C' || a.startsWith('--conditions'));
  const worker = new Worker(
    opts.workerFile ?? defaultWorkerFile(),
    conditions
      ? {
          execArgv: argv.filter(
            (a, i) =>
              !a.startsWith('--conditions') &&
              a !== '-C' &&
              argv[i - 1] !== '--conditions' &&
              argv[i - 1] !== '-C',
          ),
        }
      : {},
  );
  let used = false;
  return {
    estimate(mesh, params) {
      if (used) throw new Error('a layer worker runs one estimate');
      used = true;
      if (params.supportRequired) {
        void worker.terminate();
        return Promise.resolve(estimatePrint(mesh, params));
      }
      return new Promise<EstimateResult>((resolve, reject) => {
        let geo: LayerGeometry | null = null;
        const areas: Loops[][] = [];
        let run: EstimateRun | null = null;
        let laid = 0;
        const fail = (err: unknown) => {
          void worker.terminate();
          reject(err instanceof Error ? err : new Error(String(err)));
        };
        worker.on('error', fail);
        worker.on('message', (msg: WorkerMessage) => {
          try {
            if (msg.kind === 'error') throw new Error(msg.message);
            if (msg.kind === 'frame') {
              geo = msg.geometry;
              run = estimateRun(geo, areas, msg.types, params);
              return;
            }
            if (!geo || !run) throw new Error('layers before the frame');
            const g: LayerGeometry = geo;
            msg.islands.forEach((list, k) => {
              g.islands[msg.from + k] = list;
            });
            msg.areas.forEach((list, k) => {
              areas[msg.from + k] = list;
            });
            // each layer whose surfaces the worker has finished, laid and planned
            msg.surfaces.forEach((regions, k) => {
              if (msg.finishedFrom + k !== laid) throw new Error('a layer finished out of order');
              run?.layer(laid++, regions);
            });
            if (laid === g.layerCount) {
              const result = run.result();
              void worker.terminate();
              resolve(result);
            }
          } catch (err) {
            fail(err);
          }
        });
        // the positions move to the worker (this thread has no more use for them)
        const positions = mesh.positions;
        const whole = positions.byteOffset === 0 && positions.byteLength === positions.buffer.byteLength;
        const own = whole && !(positions.buffer instanceof SharedArrayBuffer) ? positions : positions.slice();
        const request: WorkerRequest = { positions: own, triangleCount: mesh.triangleCount, params };
        worker.postMessage(request, [own.buffer as ArrayBuffer]);
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
