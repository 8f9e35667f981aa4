/// <reference lib="webworker" />
/**
 * The calculator's model worker: parses and measures the file with @printloop/geometry, keeps the
 * prepared mesh, and answers instant estimates with @printloop/estimate for each parameter change.
 */

import { estimatePrint, type PreparedMesh, prepareMesh } from '@printloop/estimate';
import {
  type Analysis,
  analyzeParsed,
  configureStepLoader,
  isGeometryError,
  type OcctModule,
  type Orientation,
  orientPositions,
  parseModel,
} from '@printloop/geometry';
import { farmParameters } from '@printloop/quote';
import occtWasmUrl from 'occt-import-js/dist/occt-import-js.wasm?url';
import { overhangMask } from './overhang';
import { hintCandidates, needsSupport, orientationFaces, orientationHintCandidate } from './savings';
import type { ClientEstimate, WorkerRequest, WorkerResponse } from './worker-protocol';

declare const self: DedicatedWorkerGlobalScope;

// STEP: OpenCascade (WASM, about 8 MB) is fetched only when a STEP file is opened.
configureStepLoader(async (): Promise<OcctModule> => {
  const mod = (await import('occt-import-js')) as unknown as {
    default?: (o: { locateFile: () => string }) => Promise<OcctModule>;
  };
  const factory = mod.default ?? (mod as unknown as (o: { locateFile: () => string }) => Promise<OcctModule>);
  return factory({ locateFile: () => occtWasmUrl });
});

let model: { id: number; prepared: PreparedMesh | null } | null = null;
/** The loaded model turned to the last orientation asked for (prepared once per orientation). */
let turned: { id: number; key: string; prepared: PreparedMesh } | null = null;

/** The prepared mesh of the loaded model, turned face `n` down when given (as the server turns it). */
function preparedFor(base: PreparedMesh, id: number, n: Orientation | undefined): PreparedMesh {
  if (!n) return base;
  const key = n.join(',');
  if (turned?.id === id && turned.key === key) return turned.prepared;
  const { positions, triangleCount } = base.mesh;
  const prepared = prepareMesh({ positions: orientPositions(positions, triangleCount, n), triangleCount });
  turned = { id, key, prepared };
  return prepared;
}

function post(msg: WorkerResponse, transfer: Transferable[] = []) {
  self.postMessage(msg, transfer);
}

function fail(id: number, err: unknown) {
  if (isGeometryError(err)) post({ type: 'error', id, code: err.code, message: err.message });
  else
    post({ type: 'error', id, code: 'internal', message: err instanceof Error ? err.message : String(err) });
}

function toClient(r: ReturnType<typeof estimatePrint>): ClientEstimate {
  return {
    print_time_s: r.print_time_s,
    filament_g: r.filament_g,
    filament_cm3: r.filament_cm3,
    filament_mm: r.filament_mm,
    layers: r.layers,
  };
}

/** Prepares the mesh for estimates once per model. */
function prepare(id: number, source: Float32Array, n: number): PreparedMesh | null {
  let prepared: PreparedMesh | null = null;
  try {
    prepared = prepareMesh({ positions: source, triangleCount: n });
  } catch {
    prepared = null;
  }
  model = { id, prepared };
  return prepared;
}

/** Keeps the mesh for estimates and sends the viewer its own copy (transferred, not cloned). */
function adopt(id: number, source: Float32Array, n: number, analysis: Analysis | null) {
  const positions = source.slice(0, n * 9);
  const { mask, count } = overhangMask(positions, n);
  if (model?.id !== id) prepare(id, source, n);
  post({ type: 'loaded', id, analysis, positions, overhang: mask, overhangCount: count }, [
    positions.buffer,
    mask.buffer,
  ]);
}

self.onmessage = async (e: MessageEvent<WorkerRequest>) => {
  const msg = e.data;
  if (msg.type === 'load') {
    model = null;
    try {
      const parsed = await parseModel(
        new Uint8Array(msg.buffer),
        msg.fileName,
        msg.units ? { units: msg.units } : {},
      );
      // The first price comes first: prepare and estimate straight after parsing, then measure.
      if (msg.params) {
        const prepared = prepare(msg.id, parsed.mesh.positions, parsed.mesh.triangleCount);
        if (prepared) {
          try {
            const estimate = toClient(estimatePrint(prepared, farmParameters(msg.params)));
            post({ type: 'early-estimate', id: msg.id, params: msg.params, estimate });
          } catch {
            // The estimate is asked for again once the model is loaded.
          }
        }
      }
      const analysis = analyzeParsed(parsed, msg.fileName);
      adopt(msg.id, parsed.mesh.positions, parsed.mesh.triangleCount, analysis);
    } catch (err) {
      fail(msg.id, err);
    }
    return;
  }
  if (msg.type === 'loadMesh') {
    model = null;
    const n = Math.floor(msg.positions.length / 9);
    if (n === 0) {
      post({ type: 'error', id: msg.id, code: 'no_triangles', message: 'The model holds no triangles.' });
      return;
    }
    adopt(msg.id, msg.positions, n, null);
    return;
  }
  if (msg.type === 'hints') {
    if (!model || model.id !== msg.modelId || !model.prepared) {
      post({ type: 'error', id: msg.id, code: 'no_model', message: 'No model is loaded for hints.' });
      return;
    }
    try {
      // Turned already: the hints for the turned part.
      const candidates = hintCandidates(preparedFor(model.prepared, model.id, msg.orientation), msg.params);
      post({ type: 'hint-candidates', id: msg.id, candidates });
    } catch (err) {
      fail(msg.id, err);
    }
    return;
  }
  if (msg.type === 'orientation-faces' || msg.type === 'orientation-hint') {
    if (!model || model.id !== msg.modelId || !model.prepared) {
      post({ type: 'error', id: msg.id, code: 'no_model', message: 'No model is loaded for hints.' });
      return;
    }
    try {
      if (msg.type === 'orientation-faces') {
        post({
          type: 'orientation-faces',
          id: msg.id,
          faces: orientationFaces(model.prepared),
          supportNeeded: needsSupport(model.prepared, msg.params),
        });
      } else {
        const candidate = orientationHintCandidate(
          model.prepared,
          msg.params,
          msg.orientation,
          msg.supportNeeded,
        );
        post({ type: 'hint-candidates', id: msg.id, candidates: [candidate] });
      }
    } catch (err) {
      fail(msg.id, err);
    }
    return;
  }
  if (msg.type === 'estimate') {
    if (!model || model.id !== msg.modelId || !model.prepared) {
      post({ type: 'error', id: msg.id, code: 'no_model', message: 'No model is loaded for an estimate.' });
      return;
    }
    try {
      post({
        type: 'estimated',
        id: msg.id,
        estimate: toClient(
          estimatePrint(preparedFor(model.prepared, model.id, msg.orientation), farmParameters(msg.params)),
        ),
      });
    } catch (err) {
      fail(msg.id, err);
    }
  }
};
