import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toBinaryStl, torus } from '@printloop/estimate';
import { decodeMesh, encodeMesh, GeometryError } from '@printloop/geometry';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../storage/disk.js';
import type { Storage } from '../storage/storage.js';
import { modelsDir } from '../test-helpers.js';
import { MeshMissingError, ModelService } from './model-service.js';
import { expandStoredMesh, runAnalyze, storedMesh } from './tasks.js';

// The worker threads run the built worker (npm test builds first).
const workerFile = fileURLToPath(new URL('../../dist/models/model.worker.js', import.meta.url));
const params = {
  layerHeight: 0.2,
  infillPercentage: 20,
  printSpeed: 60,
  filamentType: 'PLA' as const,
  supportRequired: false,
};

let dir: string;
let storage: Storage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'printloop-model-service-'));
  storage = createDiskStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));
const cube = async () => new Uint8Array(await readFile(path.join(modelsDir, 'cube_20mm.stl')));

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

  it('analyses and prices in a worker thread, then hands over the stored mesh', async () => {
    service = new ModelService(storage, { workerFile });
    const out = await service.analyze('u1', await cube(), 'cube_20mm.stl', {
      price: { parameters: params, meshKeyFor: (u) => `models/u1/j0/mesh-${u}.plm.gz` },
    });
    expect(out.analysis.volume_mm3).toBeCloseTo(8000, 3);
    // PrusaSlicer: 915 s for this job; the estimator's accuracy is tested in its own package.
    expect(out.estimate!.print_time_s).toBeGreaterThan(915 * 0.8);
    const mesh = decodeMesh(await expandStoredMesh(await out.mesh));
    expect(mesh.triangleCount).toBe(12);
  });

  it('prices in the analysis thread itself while someone else is using the workers', async () => {
    service = new ModelService(storage, { workerFile });
    const other = service.analyze('someone-else', toBinaryStl(torus(40, 12, 600, 100)), 'torus.stl');
    const out = await service.analyze('u1', await cube(), 'cube_20mm.stl', {
      price: { parameters: params, meshKeyFor: (u) => `models/u1/j9/mesh-${u}.plm.gz` },
    });
    expect(out.estimate!.print_time_s).toBeGreaterThan(915 * 0.8);
    // Remembered for the next identical request.
    expect(await service.estimate('u1', 'models/u1/j9/mesh-mm.plm.gz', params)).toEqual(out.estimate);
    await other;
  });

  it('reports an unreadable file as a GeometryError across the thread', async () => {
    service = new ModelService(storage, { workerFile });
    await expect(
      service.analyze('u1', new TextEncoder().encode('not a mesh'), 'x.stl'),
    ).rejects.toBeInstanceOf(GeometryError);
  });

  it('stops a task that overruns its running time', async () => {
    service = new ModelService(storage, { workerFile, taskTimeoutMs: 1 });
    const bytes = new Uint8Array(await readFile(path.join(modelsDir, 'sphere_holes.stl')));
    await expect(service.analyze('u1', bytes, 'sphere_holes.stl')).rejects.toMatchObject({ code: 'timeout' });
  });

  it('sends the pricing thread a mesh only when it lacks it, and remembers estimates', async () => {
    service = new ModelService(storage, { workerFile });
    const out = await service.analyze('u1', await cube(), 'cube_20mm.stl');
    await service.storeMesh('models/u1/j1/mesh-mm.plm.gz', out.mesh, (e) => {
      throw e;
    });
    const a = await service.estimate('u1', 'models/u1/j1/mesh-mm.plm.gz', params);
    const b = await service.estimate('u1', 'models/u1/j1/mesh-mm.plm.gz', {
      ...params,
      infillPercentage: 50,
    });
    expect(b.filament_g).toBeGreaterThan(a.filament_g);
    // The same request again is answered from memory: identical object.
    expect(await service.estimate('u1', 'models/u1/j1/mesh-mm.plm.gz', params)).toBe(a);
    await expect(service.estimate('u1', 'models/u1/none/mesh-mm.plm.gz', params)).rejects.toBeInstanceOf(
      MeshMissingError,
    );
  });
});

describe('the lanes in front of the workers', () => {
  it('count only running time against the time limit, not the wait in the queue', async () => {
    const limitMs = 500;
    const service = new ModelService(storage, {
      workerFile,
      analysisThreads: 1,
      analysis: { maxPerUser: 1, maxQueued: 20_000 },
      taskTimeoutMs: limitMs,
    });
    try {
      const bytes = await cube();
      await service.analyze('warm-up', bytes, 'cube.stl');
      // Queue cube analyses (a few ms each) all at once, more each round, until the last of a round
      // waited over twice the limit before it could start.
      let count = 250;
      for (;;) {
        const started = performance.now();
        const all = Array.from({ length: count }, (_, i) =>
          service.analyze(`u${count}-${i}`, bytes, 'cube.stl'),
        );
        const settled = await Promise.allSettled(all);
        const elapsed = performance.now() - started;
        // Every one of them succeeded: none was charged for its wait.
        const failures = settled.filter((r) => r.status === 'rejected').map((r) => String(r.reason));
        expect(failures, `${failures.length} of ${count} failed in ${Math.round(elapsed)} ms`).toEqual([]);
        if (elapsed > 2 * limitMs) break;
        expect(count, 'the queue never grew long enough to test the limit').toBeLessThan(16_000);
        count *= 2;
      }
    } finally {
      await service.close();
    }
  });

  it('never make a price wait behind analyses', async () => {
    const service = new ModelService(storage, {
      workerFile,
      analysisThreads: 1,
      analysis: { maxPerUser: 8, maxQueued: 16 },
    });
    try {
      const heavy = toBinaryStl(torus(40, 12, 1000, 100));
      const cube20 = await cube();
      const first = await service.analyze('b', cube20, 'cube.stl');
      await service.storeMesh('models/b/j/mesh-mm.plm.gz', first.mesh, (e) => {
        throw e;
      });
      // The pricing thread is up and holds the cube, as after the user's first price.
      await service.estimate('b', 'models/b/j/mesh-mm.plm.gz', params);
      const order: string[] = [];
      const flood = Array.from({ length: 4 }, (_, i) =>
        service.analyze('a', heavy, `heavy-${i}.stl`).then(() => order.push(`analysis ${i}`)),
      );
      const price = service
        .estimate('b', 'models/b/j/mesh-mm.plm.gz', { ...params, infillPercentage: 35 })
        .then(() => order.push('price'));
      await Promise.all([...flood, price]);
      // The price did not wait for the pile: it has its own lane and thread (a shared lane would put it
      // last). At most the analysis already running may finish first.
      expect(order.indexOf('price')).toBeLessThanOrEqual(1);
      expect(order).toHaveLength(5);
    } finally {
      await service.close();
    }
  });

  it('serve users in turn: a second user waits for the running task, not for the pile of the first', async () => {
    const service = new ModelService(storage, { inline: true, analysis: { maxPerUser: 8, maxQueued: 16 } });
    const bytes = await cube();
    const order: string[] = [];
    const a = Array.from({ length: 4 }, (_, i) =>
      service.analyze('a', bytes, 'a.stl').then(() => order.push(`a${i}`)),
    );
    const b = service.analyze('b', bytes, 'b.stl').then(() => order.push('b'));
    await Promise.all([...a, b]);
    expect(order.indexOf('b')).toBeLessThanOrEqual(2);
    await service.close();
  });

  it('answer 503 when the queue is full', async () => {
    const service = new ModelService(storage, { inline: true, analysis: { maxPerUser: 100, maxQueued: 2 } });
    const bytes = await cube();
    const tasks = Array.from({ length: 5 }, (_, i) =>
      service.analyze(`u${i}`, bytes, 'x.stl').then(
        () => 'ok',
        (e: { statusCode?: number }) => String(e.statusCode),
      ),
    );
    const results = await Promise.all(tasks);
    expect(results.filter((r) => r === '503').length).toBeGreaterThan(0);
    expect(results.filter((r) => r === 'ok').length).toBeGreaterThanOrEqual(3);
    await service.close();
  });

  it('refuse a user over their analyses in flight with a 429 and Retry-After', async () => {
    const service = new ModelService(storage, { inline: true, analysis: { maxPerUser: 1, maxQueued: 8 } });
    const bytes = await cube();
    const first = service.analyze('greedy', bytes, 'a.stl');
    await expect(service.analyze('greedy', bytes, 'b.stl')).rejects.toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      retryAfterS: 3,
    });
    // Another user is not affected.
    await expect(service.analyze('other', bytes, 'c.stl')).resolves.toBeTruthy();
    await first;
    await service.close();
  });
});

describe('stored meshes', () => {
  it('are compressed by the caller, not in the task: a thread stopped mid-task never holds a zlib stream', async () => {
    // Node aborts the whole process when a worker thread is terminated (a task's time limit) between
    // creating a zlib stream and starting it; the task hands back the encoded mesh, uncompressed.
    const out = await runAnalyze({ kind: 'analyze', bytes: await cube(), fileName: 'cube_20mm.stl' });
    expect(decodeMesh(out.mesh).triangleCount).toBe(12);
    expect(out.mesh.byteOffset).toBe(0);
    expect(out.mesh.byteLength).toBe(out.mesh.buffer.byteLength);
  });

  it('round-trip exactly through their compressed indexed form', async () => {
    // Two triangles sharing an edge, with a -0-free soup as the parsers produce.
    const soup = new Float32Array([0, 0, 0, 1.5, 0, 0, 0, 2.25, 0, 1.5, 0, 0, 1.5, 2.25, 3, 0, 2.25, 0]);
    const bytes = await storedMesh(encodeMesh(soup, 2));
    const back = decodeMesh(await expandStoredMesh(bytes));
    expect(back.triangleCount).toBe(2);
    expect([...back.positions]).toEqual([...soup]);
    await expect(expandStoredMesh(bytes.subarray(0, bytes.length - 4))).rejects.toThrow(GeometryError);
  });
});
