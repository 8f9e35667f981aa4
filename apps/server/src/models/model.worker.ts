import { isGeometryError } from '@printloop/geometry';
import { type AnalyzeTask, type EstimateTask, runAnalyze, runEstimate } from './tasks.js';

/** Piscina worker: wires tasks to the pure functions. Errors cross the thread as plain data. */
export default async function handle(task: AnalyzeTask | EstimateTask) {
  try {
    if (task.kind === 'analyze') return { ok: true, value: await runAnalyze(task) };
    return { ok: true, value: runEstimate(task) };
  } catch (err) {
    if (isGeometryError(err)) return { ok: false, geometry: true, code: err.code, message: err.message };
    return {
      ok: false,
      geometry: false,
      code: 'ESTIMATE_FAILED',
      message: err instanceof Error ? err.message : String(err),
    };
  }
}
