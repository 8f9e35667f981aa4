/** Piscina worker: parses and measures one file in a worker thread. */
import { readFile } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { GeometryError } from '../errors.js';
import { analyzeParsed } from '../measure/analyze.js';
import { parseModel } from '../parse/index.js';
import { release } from '../release.js';
import type { Analysis, Units } from '../types.js';

export interface PoolTask {
  path?: string;
  data?: Uint8Array;
  fileName: string;
  options?: { units?: Units };
  progressPort?: MessagePort;
}

export type PoolTaskResult =
  | { ok: true; analysis: Analysis; positions: Float32Array }
  | { ok: false; code: string; message: string };

export default async function analyzeTask(task: PoolTask): Promise<unknown> {
  const port = task.progressPort;
  try {
    let data: Uint8Array;
    if (task.data) data = task.data;
    else if (task.path) {
      try {
        const buf = await readFile(task.path);
        data = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        throw new GeometryError(
          'unreadable',
          code === 'ENOENT' ? 'The file was not found.' : `The file could not be read (${code ?? 'error'}).`,
        );
      }
    } else throw new GeometryError('malformed', 'No file data was given.');
    let last = -1;
    let lastPhase = '';
    const onProgress = port
      ? (phase: 'parse' | 'analyze', fraction: number) => {
          if (phase === lastPhase && fraction < 1 && fraction - last < 0.02) return;
          last = fraction;
          lastPhase = phase;
          port.postMessage({ type: 'progress', phase, fraction });
        }
      : undefined;
    const parsed = await parseModel(data, task.fileName, {
      ...(task.options ?? {}),
      ...(onProgress ? { onProgress } : {}),
    });
    // The file's bytes are not needed any more: let them be collected before the analysis.
    // This thread owns them (read here, or transferred in).
    release(data);
    data = new Uint8Array(0);
    task.data = undefined;
    const analysis = analyzeParsed(parsed, task.fileName, onProgress ? { onProgress } : {});
    const positions = parsed.mesh.positions;
    const value: PoolTaskResult = { ok: true, analysis, positions };
    // Transfer the positions' buffer back instead of copying it.
    return Piscina.move({
      [Piscina.transferableSymbol]: [positions.buffer],
      [Piscina.valueSymbol]: value,
    } as never);
  } catch (err) {
    const value: PoolTaskResult =
      err instanceof GeometryError
        ? { ok: false, code: err.code, message: err.message }
        : {
            ok: false,
            code: 'internal',
            message: 'The file could not be analysed because of an internal error.',
          };
    return value;
  } finally {
    port?.close();
  }
}
