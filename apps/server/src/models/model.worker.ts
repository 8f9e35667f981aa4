import { isGeometryError } from '@printloop/geometry';
import { type AnalyzeTask, type EstimateTask, runAnalyze, runEstimate } from './tasks.js';

/**
 * Piscina worker: wires tasks to the pure functions. Errors cross the thread as plain data. An
 * analysis answers through its port, in order: `{ parsed }` (a copy of the mesh, when asked, so it can
 * be priced meanwhile), `{ analysis, estimate }`, then `{ mesh }` once encoded (the caller
 * compresses it for storage). Meshes are
 * transferred, not copied.
 */
export default async function handle(task: AnalyzeTask | EstimateTask) {
  try {
    if (task.kind === 'analyze') {
      const { port, ...rest } = task;
      const result = await runAnalyze(rest, {
        onParsed: (parsed) => port?.postMessage({ parsed }, [parsed.positions.buffer]),
        onAnalysis: (analysis, estimate) => port?.postMessage({ analysis, estimate }),
      });
      if (port) {
        port.postMessage({ mesh: result.mesh }, [result.mesh.buffer]);
        return { ok: true, value: null };
      }
      return { ok: true, value: result };
    }
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
