import type { Analysis, Units } from '../types.js';

/** Request to a geometry worker. `data` is transferred (not copied) by the sender. */
export interface AnalyzeRequest {
  type: 'analyze';
  /** Echoed on every reply, so that one worker can serve several requests. */
  id?: number;
  data: ArrayBuffer | Uint8Array;
  fileName: string;
  options?: { units?: Units };
}

export interface ProgressMessage {
  type: 'progress';
  id?: number;
  phase: 'parse' | 'analyze';
  fraction: number;
}

/** The result: the analysis and the triangle soup (mm, 9 floats per triangle), whose buffer is transferred. */
export interface ResultMessage {
  type: 'result';
  id?: number;
  analysis: Analysis;
  positions: Float32Array;
}

export interface ErrorMessage {
  type: 'error';
  id?: number;
  code: string;
  message: string;
}

export type WorkerReply = ProgressMessage | ResultMessage | ErrorMessage;
