/**
 * The worker of threads.ts: prepares the mesh, then builds and types its layers in order
 * (`layerStream`), finishes each layer's surfaces as soon as the layers its shells read are typed
 * (`layerShells`), and posts each batch (at least every few milliseconds, so that the other thread,
 * which lays and plans the finished layers, always has a layer to go on with).
 */
import { parentPort } from 'node:worker_threads';
// (the one helper, not the package's index: this thread's start is on the estimate's path)
import { release } from '@printloop/geometry/release';
import { type LayerStream, layerShells, layerStream } from './estimate.js';
import type { LayerSurfaces } from './fills.js';
import { prepareMesh } from './slice.js';
import type { FrameMessage, LayersMessage, WorkerMessage, WorkerRequest } from './threads.js';

/** Longest a finished layer waits before it is posted (ms). */
const BATCH_MS = 4;

const port = parentPort;
if (!port) throw new Error('layer-worker.js runs as a worker thread');

port.once('message', (req: WorkerRequest) => {
  const post = (msg: WorkerMessage) => port.postMessage(msg);
  try {
    const stream = openStream(req);
    const geo = stream.geometry;
    const frame: FrameMessage = {
      kind: 'frame',
      geometry: { ...geo, islands: [] },
      types: stream.tables.types,
    };
    post(frame);
    const shells = layerShells(geo, stream.tables, stream.settings);
    const regions: LayerSurfaces[] = [];
    let shelled = 0;
    let from = 0;
    let posted = 0;
    let since = performance.now();
    for (let typed = stream.type(); typed >= 0; typed = stream.type()) {
      // each layer's surfaces finished once the layers its shells read are typed, and cut into
      // regions by type
      for (; shelled < geo.layerCount && shells.reach(shelled) <= typed; shelled++) {
        shells.shell(shelled);
        regions.push(stream.regions(shelled));
      }
      const now = performance.now();
      if (now - since < BATCH_MS && typed < geo.layerCount) continue;
      const batch: LayersMessage = {
        kind: 'layers',
        from,
        islands: geo.islands.slice(from, typed),
        areas: stream.areas.slice(from, typed),
        finishedFrom: posted,
        surfaces: regions.slice(posted, shelled),
      };
      posted = shelled;
      post(batch);
      from = typed;
      since = now;
    }
  } catch (err) {
    post({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  }
});

/**
 * The request's layer stream. Once the mesh is sliced into the stream's segments, its positions and
 * per-facet z ranges (44 MB for a million triangles) are not needed: nothing here keeps them.
 */
function openStream(req: WorkerRequest): LayerStream {
  const prepared = prepareMesh({ positions: req.positions, triangleCount: req.triangleCount });
  const stream = layerStream(prepared, req.params, (bytes) => new Uint8Array(new SharedArrayBuffer(bytes)));
  // sliced: the positions (this thread's own, transferred) are freed now
  release(req.positions);
  return stream;
}
