/**
 * The worker of threads.ts: prepares the mesh, then builds its layers in order (`layerStream`) and
 * posts each batch as soon as it is finished (at least every few milliseconds, so that the other
 * thread always has a layer to lay).
 */
import { parentPort } from 'node:worker_threads';
import { layerStream } from './estimate.js';
import { prepareMesh } from './slice.js';
import type { FrameMessage, LayersMessage, WorkerMessage, WorkerRequest } from './threads.js';

/** Longest a finished layer waits before it is posted (ms). */
const BATCH_MS = 4;

const port = parentPort;
if (!port) throw new Error('layer-worker.js runs as a worker thread');

port.once('message', (req: WorkerRequest) => {
  const post = (msg: WorkerMessage) => port.postMessage(msg);
  try {
    const prepared = prepareMesh({ positions: req.positions, triangleCount: req.triangleCount });
    const stream = layerStream(prepared, req.params, (bytes) => new Uint8Array(new SharedArrayBuffer(bytes)));
    const geo = stream.geometry;
    const frame: FrameMessage = {
      kind: 'frame',
      layerHeight: geo.layerHeight,
      layerCount: geo.layerCount,
      cellSize: geo.cellSize,
      raster: geo.raster,
      types: stream.types,
      firstLayerHullPerimeter: geo.firstLayerHullPerimeter,
      size: geo.size,
    };
    post(frame);
    let from = 0;
    let since = performance.now();
    for (let i = stream.next(); i >= 0; i = stream.next()) {
      const now = performance.now();
      if (now - since < BATCH_MS && i + 1 < geo.layerCount) continue;
      const batch: LayersMessage = {
        kind: 'layers',
        from,
        islands: geo.islands.slice(from, i + 1),
        areas: stream.areas.slice(from, i + 1),
      };
      post(batch);
      from = i + 1;
      since = now;
    }
  } catch (err) {
    post({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  }
});
