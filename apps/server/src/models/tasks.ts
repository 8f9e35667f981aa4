import { type EstimateResult, estimatePrint, type PreparedMesh, prepareMesh } from '@printloop/estimate';
import { type Analysis, analyzeParsed, parseModel, releaseScratch, type Units } from '@printloop/geometry';
import type { PrintParameters } from '@printloop/quote';

/**
 * The CPU-heavy work on model files, as plain functions: run inside worker threads by the pool
 * (model.worker.ts) and directly in tests. Inputs and outputs are structured-clone friendly.
 */
export interface AnalyzeTask {
  kind: 'analyze';
  bytes: Uint8Array;
  fileName: string;
  /** Unset: the file's own units (mm for STL/OBJ), and the analysis may suggest others. */
  units?: Units;
}
export interface AnalyzeResult {
  analysis: Analysis;
  /** Triangle soup in mm at the chosen units, 9 floats per triangle. */
  positions: Float32Array;
}

export interface EstimateTask {
  kind: 'estimate';
  /** Cache key of the mesh (job id and units): a worker that has prepared it before reuses it. */
  meshKey: string;
  positions: Float32Array;
  parameters: PrintParameters;
}

export async function runAnalyze(task: AnalyzeTask): Promise<AnalyzeResult> {
  try {
    const parsed = await parseModel(task.bytes, task.fileName, task.units ? { units: task.units } : {});
    const analysis = analyzeParsed(parsed, task.fileName);
    return { analysis, positions: parsed.mesh.positions };
  } finally {
    // The measurement keeps its scratch memory for the next model (over 100 MB after a
    // million-triangle file); a shared server thread gives it back instead.
    releaseScratch();
  }
}

const prepared = new Map<string, PreparedMesh>();
const PREPARED_CACHE = 8;

export function runEstimate(task: EstimateTask): EstimateResult {
  let pm = prepared.get(task.meshKey);
  if (!pm) {
    pm = prepareMesh({ positions: task.positions, triangleCount: task.positions.length / 9 });
    prepared.set(task.meshKey, pm);
    if (prepared.size > PREPARED_CACHE) prepared.delete(prepared.keys().next().value as string);
  }
  return estimatePrint(pm, task.parameters);
}
