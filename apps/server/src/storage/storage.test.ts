import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkedSource, collect, patternBytes, startTestS3 } from '../test-helpers.js';
import { createDiskStorage } from './disk.js';
import { createS3Storage } from './s3.js';
import { type Storage, TruncatedBodyError } from './storage.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

interface Harness {
  storage: Storage;
  close(): Promise<void>;
}

const drivers: [string, () => Promise<Harness>][] = [
  [
    'disk',
    async () => {
      const root = await mkdtemp(path.join(os.tmpdir(), 'printloop-storage-'));
      return { storage: createDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    's3',
    async () => {
      const s3 = await startTestS3();
      // Small list pages, so listing here goes through continuation tokens too.
      return { storage: createS3Storage(s3.config, { listPageSize: 2 }), close: () => s3.stop() };
    },
  ],
];

describe.each(drivers)('%s storage (the contract both drivers keep)', (_name, open) => {
  let h: Harness;
  let storage: Storage;
  beforeAll(async () => {
    h = await open();
    storage = h.storage;
  });
  afterAll(() => h?.close());

  it('streams a body in many chunks to a key and reads it back byte-exactly through get and getBytes', async () => {
    const data = patternBytes(3 * 1024 * 1024 + 123);
    expect(await storage.put('round/trip/model.stl', chunkedSource(data))).toEqual({ size: data.length });
    expect(Buffer.from(await storage.getBytes('round/trip/model.stl')).equals(data)).toBe(true);
    expect((await readAll(await storage.get('round/trip/model.stl'))).equals(data)).toBe(true);
  });

  it('stores an empty body and a one-byte body, and overwrites a key', async () => {
    expect(await storage.put('small/empty', chunkedSource(Buffer.alloc(0)))).toEqual({ size: 0 });
    expect((await storage.getBytes('small/empty')).byteLength).toBe(0);
    expect(await storage.put('small/one', chunkedSource(Buffer.from('x')))).toEqual({ size: 1 });
    expect(await storage.put('small/one', chunkedSource(Buffer.from('yz')))).toEqual({ size: 2 });
    expect(Buffer.from(await storage.getBytes('small/one')).toString()).toBe('yz');
  });

  it('rejects with the error of a body that fails half-way, leaving nothing and destroying the body', async () => {
    const body = chunkedSource(patternBytes(2 * 1024 * 1024), { failAfter: 1024 * 1024 });
    await expect(storage.put('failed/model.stl', body)).rejects.toThrow('boom');
    expect(body.destroyed).toBe(true);
    expect(await collect(storage.list('failed/'))).toEqual([]);
    await expect(storage.get('failed/model.stl')).rejects.toThrow();
  });

  it('rejects a body that ends truncated by a size limit, leaving nothing', async () => {
    const put = storage.put(
      'truncated/model.stl',
      chunkedSource(patternBytes(512 * 1024), { truncated: true }),
    );
    await expect(put).rejects.toBeInstanceOf(TruncatedBodyError);
    expect(await collect(storage.list('truncated/'))).toEqual([]);
  });

  it('lists every object under a prefix with its size and date, and nothing outside it', async () => {
    const before = Date.now();
    const objects: [string, number][] = [
      ['list/a/x1', 1],
      ['list/a/x2', 2],
      ['list/ab', 3],
      ['list/b/c/d.stl.mesh', 4],
      ['listing/other', 5],
      ['other/list/x', 6],
    ];
    for (const [key, size] of objects) await storage.put(key, chunkedSource(patternBytes(size)));
    const after = Date.now();

    const listed = await collect(storage.list('list/'));
    expect(listed.map((o) => [o.key, o.size])).toEqual(objects.slice(0, 4));
    for (const o of listed) {
      expect(o.lastModified).toBeInstanceOf(Date);
      // S3 dates have whole seconds.
      expect(o.lastModified.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(o.lastModified.getTime()).toBeLessThanOrEqual(after + 1000);
    }
    // A prefix is a string prefix, as on S3, not only a folder.
    expect((await collect(storage.list('list/a'))).map((o) => o.key)).toEqual([
      'list/a/x1',
      'list/a/x2',
      'list/ab',
    ]);
    expect(await collect(storage.list('nothing/here/'))).toEqual([]);
    expect((await collect(storage.list(''))).map((o) => o.key)).toEqual(
      expect.arrayContaining(objects.map(([key]) => key)),
    );
  });

  it('deletes an object (a missing one too); get and getBytes of a missing key reject', async () => {
    await storage.put('gone/model.stl', chunkedSource(patternBytes(10)));
    await storage.delete('gone/model.stl');
    await storage.delete('gone/model.stl');
    await storage.delete('gone/never-was.stl');
    await expect(storage.get('gone/model.stl')).rejects.toThrow();
    await expect(storage.getBytes('gone/model.stl')).rejects.toThrow();
    expect(await collect(storage.list('gone/'))).toEqual([]);
  });

  it('pings', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('refuses unsafe keys and prefixes', async () => {
    await expect(storage.put('../escape', chunkedSource(patternBytes(1)))).rejects.toThrow(
      /Unsafe storage key/,
    );
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.delete('a//b')).rejects.toThrow(/Unsafe storage key/);
    await expect(collect(storage.list('../'))).rejects.toThrow(/Unsafe storage key/);
    await expect(collect(storage.list('a b/'))).rejects.toThrow(/Unsafe storage key/);
  });
});
