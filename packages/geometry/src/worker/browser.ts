/**
 * Message wiring for a browser Web Worker. The web app's own worker file does:
 *
 *   import { attachGeometryWorker } from '@printloop/geometry/browser-worker';
 *   attachGeometryWorker(self);
 *
 * and posts `AnalyzeRequest`s with the file's ArrayBuffer in the transfer list. Replies are
 * `progress`, then `result` (positions transferred) or `error`.
 */
import { GeometryError } from '../errors.js';
import { analyzeParsed } from '../measure/analyze.js';
import { type ProgressCallback, parseModel } from '../parse/index.js';
import { configureStepLoader, type OcctLoader } from '../parse/step.js';
import { release } from '../release.js';
import type { AnalyzeRequest, ErrorMessage, ResultMessage, WorkerReply } from './protocol.js';

export type {
  AnalyzeRequest,
  ErrorMessage,
  ProgressMessage,
  ResultMessage,
  WorkerReply,
} from './protocol.js';

/** The parts of a worker's global scope (`self`) that are used. */
export interface GeometryWorkerScope {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface GeometryWorkerOptions {
  /** URL of occt-import-js.wasm, or a loader for the OpenCascade module (STEP). */
  stepWasmUrl?: string;
  stepLoader?: OcctLoader;
}

function isRequest(v: unknown): v is AnalyzeRequest {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Partial<AnalyzeRequest>;
  return r.type === 'analyze' && typeof r.fileName === 'string';
}

/** Handles one request, calling `post` with each reply (and its transfer list). */
export async function handleRequest(
  request: AnalyzeRequest,
  post: (reply: WorkerReply, transfer: ArrayBuffer[]) => void,
): Promise<void> {
  const id = request.id;
  const withId = <T extends WorkerReply>(m: T): T => (id === undefined ? m : { ...m, id });
  try {
    const d = request.data;
    const data = d instanceof Uint8Array ? d : d instanceof ArrayBuffer ? new Uint8Array(d) : null;
    if (!data) throw new GeometryError('malformed', 'No file data was given.');
    let last = -1;
    let lastPhase = '';
    const onProgress: ProgressCallback = (phase, fraction) => {
      if (phase === lastPhase && fraction < 1 && fraction - last < 0.02) return;
      last = fraction;
      lastPhase = phase;
      post(withId({ type: 'progress', phase, fraction }), []);
    };
    const parsed = await parseModel(data, request.fileName, { ...(request.options ?? {}), onProgress });
    release(data); // the worker owns the bytes it was sent; free them before the analysis
    const analysis = analyzeParsed(parsed, request.fileName, { onProgress });
    const positions = parsed.mesh.positions;
    const result: ResultMessage = withId({ type: 'result', analysis, positions });
    post(result, [positions.buffer as ArrayBuffer]);
  } catch (err) {
    const e: ErrorMessage =
      err instanceof GeometryError
        ? { type: 'error', code: err.code, message: err.message }
        : {
            type: 'error',
            code: 'internal',
            message: 'The file could not be analysed because of an internal error.',
          };
    post(withId(e), []);
  }
}

/** Wires a Web Worker scope: requests in, replies out (buffers transferred). */
export function attachGeometryWorker(scope: GeometryWorkerScope, options: GeometryWorkerOptions = {}): void {
  if (options.stepLoader) configureStepLoader(options.stepLoader);
  else if (options.stepWasmUrl) configureStepLoader({ wasmUrl: options.stepWasmUrl });
  // One request at a time, in order: the analysis is CPU-bound anyway.
  let queue: Promise<void> = Promise.resolve();
  scope.addEventListener('message', (event) => {
    const msg = event.data;
    if (!isRequest(msg)) {
      const id = typeof msg === 'object' && msg !== null ? (msg as { id?: unknown }).id : undefined;
      scope.postMessage(
        {
          type: 'error',
          ...(typeof id === 'number' ? { id } : {}),
          code: 'bad_request',
          message: 'The worker received a message it does not understand.',
        },
        [],
      );
      return;
    }
    queue = queue.then(() => handleRequest(msg, (reply, transfer) => scope.postMessage(reply, transfer)));
  });
}
