/**
 * Promise wrapper of the model worker. The worker is created on first use; estimates are coalesced
 * (while one runs, only the newest request waits; older ones resolve to null).
 */
import type { Analysis, Orientation, Units } from '@printloop/geometry';
import type { HintCandidate, PrintParameters } from '@printloop/quote';
import type { ClientEstimate, WorkerRequest, WorkerResponse } from './worker-protocol';

export class WorkerError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'WorkerError';
    this.code = code;
  }
}

export interface LoadedModel {
  modelId: number;
  analysis: Analysis | null;
  positions: Float32Array;
  overhang: Uint8Array;
  overhangCount: number;
}

type Pending = { resolve: (r: WorkerResponse) => void; reject: (e: Error) => void };

export class ModelWorkerClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private early = new Map<number, (params: PrintParameters, estimate: ClientEstimate) => void>();
  private estimating = false;
  private queued: {
    modelId: number;
    params: PrintParameters;
    orientation: Orientation | null;
    resolve: (e: ClientEstimate | null) => void;
  } | null = null;

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./model.worker.ts', import.meta.url), { type: 'module', name: 'model' });
    w.onmessage = (e: MessageEvent<WorkerResponse>) => {
      if (e.data.type === 'early-estimate') {
        this.early.get(e.data.id)?.(e.data.params, e.data.estimate);
        return;
      }
      const p = this.pending.get(e.data.id);
      if (!p) return;
      this.pending.delete(e.data.id);
      p.resolve(e.data);
    };
    w.onerror = (e) => {
      e.preventDefault();
      this.failAll(new WorkerError('worker_failed', 'The model worker stopped.'));
    };
    this.worker = w;
    return w;
  }

  /** Starts the worker ahead of the first file, so its code is loaded and compiled before a drop. */
  warm() {
    this.ensure();
  }

  private failAll(err: Error) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.worker?.terminate();
    this.worker = null;
    this.estimating = false;
    if (this.queued) {
      this.queued.resolve(null);
      this.queued = null;
    }
  }

  private request(msg: WorkerRequest, transfer: Transferable[] = []): Promise<WorkerResponse> {
    const w = this.ensure();
    return new Promise((resolve, reject) => {
      this.pending.set(msg.id, { resolve, reject });
      w.postMessage(msg, transfer);
    });
  }

  /** Parses and measures a file in the worker. The buffer is transferred (unusable afterwards). */
  async load(
    buffer: ArrayBuffer,
    fileName: string,
    units: Units | null,
    first?: {
      params: PrintParameters;
      onEstimate: (modelId: number, params: PrintParameters, e: ClientEstimate) => void;
    },
  ): Promise<LoadedModel> {
    const id = this.nextId++;
    if (first) this.early.set(id, (params, e) => first.onEstimate(id, params, e));
    let r: WorkerResponse;
    try {
      r = await this.request(
        { type: 'load', id, buffer, fileName, units, ...(first ? { params: first.params } : {}) },
        [buffer],
      );
    } finally {
      this.early.delete(id);
    }
    if (r.type === 'error') throw new WorkerError(r.code, r.message);
    if (r.type !== 'loaded') throw new WorkerError('protocol', 'Unexpected answer from the model worker.');
    return {
      modelId: id,
      analysis: r.analysis,
      positions: r.positions,
      overhang: r.overhang,
      overhangCount: r.overhangCount,
    };
  }

  /** Adopts a ready triangle soup (mm); the array is transferred. */
  async loadMesh(positions: Float32Array): Promise<LoadedModel> {
    const id = this.nextId++;
    const r = await this.request({ type: 'loadMesh', id, positions }, [positions.buffer]);
    if (r.type === 'error') throw new WorkerError(r.code, r.message);
    if (r.type !== 'loaded') throw new WorkerError('protocol', 'Unexpected answer from the model worker.');
    return {
      modelId: id,
      analysis: null,
      positions: r.positions,
      overhang: r.overhang,
      overhangCount: r.overhangCount,
    };
  }

  /** The instant estimate for the loaded model; null when a newer request superseded this one. */
  estimate(
    modelId: number,
    params: PrintParameters,
    orientation: Orientation | null = null,
  ): Promise<ClientEstimate | null> {
    return new Promise((resolve, reject) => {
      if (this.estimating) {
        this.queued?.resolve(null);
        this.queued = { modelId, params, orientation, resolve };
        return;
      }
      this.runEstimate(modelId, params, orientation).then(resolve, reject);
    });
  }

  private async runEstimate(
    modelId: number,
    params: PrintParameters,
    orientation: Orientation | null,
  ): Promise<ClientEstimate> {
    this.estimating = true;
    try {
      const id = this.nextId++;
      const r = await this.request({
        type: 'estimate',
        id,
        modelId,
        params,
        ...(orientation ? { orientation } : {}),
      });
      if (r.type === 'error') throw new WorkerError(r.code, r.message);
      if (r.type !== 'estimated')
        throw new WorkerError('protocol', 'Unexpected answer from the model worker.');
      return r.estimate;
    } finally {
      this.estimating = false;
      const q = this.queued;
      this.queued = null;
      if (q) this.runEstimate(q.modelId, q.params, q.orientation).then(q.resolve, () => q.resolve(null));
    }
  }

  /** The faces worth trying for the orientation hint, and whether the part needs supports as it lies. */
  async orientationFaces(
    modelId: number,
    params: PrintParameters,
  ): Promise<{ faces: Orientation[]; supportNeeded: boolean }> {
    const id = this.nextId++;
    const r = await this.request({ type: 'orientation-faces', id, modelId, params });
    if (r.type === 'error') throw new WorkerError(r.code, r.message);
    if (r.type !== 'orientation-faces')
      throw new WorkerError('protocol', 'Unexpected answer from the model worker.');
    return { faces: r.faces, supportNeeded: r.supportNeeded };
  }

  /** One face's orientation candidate (its estimate on the turned mesh). */
  async orientationHint(
    modelId: number,
    params: PrintParameters,
    orientation: Orientation,
    supportNeeded: boolean,
  ): Promise<HintCandidate[]> {
    const id = this.nextId++;
    const r = await this.request({
      type: 'orientation-hint',
      id,
      modelId,
      params,
      orientation,
      supportNeeded,
    });
    if (r.type === 'error') throw new WorkerError(r.code, r.message);
    if (r.type !== 'hint-candidates')
      throw new WorkerError('protocol', 'Unexpected answer from the model worker.');
    return r.candidates;
  }

  /** The savings hints' candidates (each a changed parameter with its estimate) for the loaded model. */
  async hintCandidates(
    modelId: number,
    params: PrintParameters,
    orientation: Orientation | null = null,
  ): Promise<HintCandidate[]> {
    const id = this.nextId++;
    const r = await this.request({
      type: 'hints',
      id,
      modelId,
      params,
      ...(orientation ? { orientation } : {}),
    });
    if (r.type === 'error') throw new WorkerError(r.code, r.message);
    if (r.type !== 'hint-candidates')
      throw new WorkerError('protocol', 'Unexpected answer from the model worker.');
    return r.candidates;
  }

  dispose() {
    this.failAll(new WorkerError('disposed', 'The model worker was closed.'));
  }
}
