import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { binaryStl, box } from '../testing/meshes.js';
import { attachGeometryWorker, type GeometryWorkerScope, type WorkerReply } from './browser.js';

const MODELS = path.resolve(import.meta.dirname, '../../../../fixtures/models');

/** A stand-in for a Web Worker's `self`, recording posted messages and their transfer lists. */
function fakeScope() {
  const posted: { message: WorkerReply; transfer: ArrayBuffer[] }[] = [];
  let listener: ((event: { data: unknown }) => void) | null = null;
  const scope: GeometryWorkerScope = {
    postMessage: (message, transfer) => posted.push({ message: message as WorkerReply, transfer }),
    addEventListener: (_type, l) => {
      listener = l;
    },
  };
  const send = (data: unknown) => listener!({ data });
  const until = async (pred: () => boolean) => {
    for (let i = 0; i < 500 && !pred(); i++) await new Promise((r) => setTimeout(r, 10));
  };
  return { scope, posted, send, until };
}

describe('browser worker wiring', () => {
  it('posts progress, then the result with the positions buffer transferred', async () => {
    const w = fakeScope();
    attachGeometryWorker(w.scope);
    const file = binaryStl(box([0, 0, 0], [10, 20, 30]));
    w.send({ type: 'analyze', id: 7, data: file.buffer, fileName: 'box.stl' });
    await w.until(() => w.posted.some((p) => p.message.type !== 'progress'));
    const progress = w.posted.filter((p) => p.message.type === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((p) => p.message.id === 7)).toBe(true);
    const last = w.posted.at(-1)!;
    expect(last.message.type).toBe('result');
    if (last.message.type !== 'result') return;
    expect(last.message.id).toBe(7);
    expect(last.message.analysis.volume_mm3).toBe(6000);
    expect(last.message.positions).toBeInstanceOf(Float32Array);
    expect(last.message.positions.length).toBe(12 * 9);
    expect(last.transfer).toEqual([last.message.positions.buffer]);
  });

  it('posts a typed error for a bad file and for a bad request, and keeps serving', async () => {
    const w = fakeScope();
    attachGeometryWorker(w.scope);
    w.send({ type: 'analyze', id: 1, data: new Uint8Array([1, 2, 3]), fileName: 'bad.stl' });
    w.send({ type: 'nonsense', id: 2 });
    const real = new Uint8Array(readFileSync(path.join(MODELS, 'knob_quads.obj')));
    w.send({ type: 'analyze', id: 3, data: real, fileName: 'knob_quads.obj', options: { units: 'mm' } });
    await w.until(() => w.posted.some((p) => p.message.id === 3 && p.message.type === 'result'));
    const errors = w.posted.filter((p) => p.message.type === 'error').map((p) => p.message);
    expect(errors).toContainEqual(expect.objectContaining({ id: 1, code: 'truncated' }));
    expect(errors).toContainEqual(expect.objectContaining({ id: 2, code: 'bad_request' }));
    const result = w.posted.find((p) => p.message.id === 3 && p.message.type === 'result')!.message;
    expect(result.type === 'result' && result.analysis.triangles).toBe(380);
  });
});
