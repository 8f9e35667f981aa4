import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GeometryError } from '@printloop/geometry';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../storage/disk.js';
import { modelsDir } from '../test-helpers.js';
import { bytesToMesh, ModelService, meshToBytes } from './model-service.js';

// The worker threads run the built worker (npm test builds first).
const workerFile = fileURLToPath(new URL('../../dist/models/model.worker.js', import.meta.url));
const storage = createDiskStorage('/tmp/printloop-model-service-test');

describe('ModelService in worker threads', () => {
  let service: ModelService | null = null;
  afterEach(async () => {
    await service?.close();
    service = null;
  });

  it('needs the built worker', () => {
    expect(
      existsSync(workerFile),
      `${workerFile} is missing: run "npm run build" first (npm test does)`,
    ).toBe(true);
  });

  it('analyses a model in a worker thread and returns its mesh', async () => {
    service = new ModelService(storage, { workerFile });
    const bytes = new Uint8Array(await readFile(path.join(modelsDir, 'cube_20mm.stl')));
    const { analysis, positions } = await service.analyze(bytes, 'cube_20mm.stl');
    expect(analysis.volume_mm3).toBeCloseTo(8000, 3);
    expect(positions.length).toBe(12 * 9);
  });

  it('reports an unreadable file as a GeometryError across the thread', async () => {
    service = new ModelService(storage, { workerFile });
    await expect(service.analyze(new TextEncoder().encode('not a mesh'), 'x.stl')).rejects.toBeInstanceOf(
      GeometryError,
    );
  });

  it('stops a task that overruns its time limit', async () => {
    service = new ModelService(storage, { workerFile, taskTimeoutMs: 1 });
    const bytes = new Uint8Array(await readFile(path.join(modelsDir, 'sphere_holes.stl')));
    await expect(service.analyze(bytes, 'sphere_holes.stl')).rejects.toMatchObject({ code: 'timeout' });
  });
});

describe('the mesh cache', () => {
  it('replaces a mesh stored again under the same key without counting it twice', async () => {
    const service = new ModelService(storage, { inline: true, maxCacheBytes: 100 });
    const mesh = new Float32Array(20); // 80 bytes: one fits, two would not
    service.remember('models/u/a.mesh', mesh);
    service.remember('models/u/a.mesh', mesh);
    // Still cached: the storage has no such object, so a cache miss would throw.
    await expect(service.mesh('models/u/a.mesh')).resolves.toBe(mesh);
    await service.close();
  });
});

describe('mesh bytes', () => {
  it('round-trip, also from an unaligned view', () => {
    const mesh = new Float32Array([1.5, -2, 3.25, 4, 5, 6, 7, 8, 9]);
    const bytes = meshToBytes(mesh);
    const unaligned = new Uint8Array(bytes.length + 1);
    unaligned.set(bytes, 1);
    expect([...bytesToMesh(unaligned.subarray(1))]).toEqual([...mesh]);
  });
});
