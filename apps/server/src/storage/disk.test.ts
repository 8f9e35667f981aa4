import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkedSource, collect, patternBytes } from '../test-helpers.js';
import { createDiskStorage } from './disk.js';
import { isSafeKey, MAX_KEY_LENGTH, type Storage } from './storage.js';

describe('disk storage', () => {
  let dir: string;
  let root: string;
  let outside: string;
  let storage: Storage;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'printloop-disk-'));
    root = path.join(dir, 'files');
    outside = path.join(dir, 'outside');
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(outside, 'secret.stl'), 'not yours');
    storage = createDiskStorage(root);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('lists the .part file of a put in progress as a key delete accepts; the put then fails, leaving nothing', async () => {
    const body = new PassThrough();
    const put = storage.put('models/u1/1-cube.stl', body);
    body.write(Buffer.alloc(1000, 1));
    let parts: Awaited<ReturnType<typeof collect>> = [];
    for (let i = 0; i < 200 && parts.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 5));
      parts = await collect(storage.list('models/'));
    }
    expect(parts).toHaveLength(1);
    const [part] = parts;
    expect(part!.key).toMatch(/^models\/u1\/1-cube\.stl\.[0-9a-f-]{36}\.part$/);
    expect(isSafeKey(part!.key)).toBe(true);
    expect(Date.now() - part!.lastModified.getTime()).toBeLessThan(60_000);

    // A sweeper removing it (it would only do so for an old one) makes the put fail rather than publish.
    await storage.delete(part!.key);
    body.end(Buffer.alloc(1000, 2));
    await expect(put).rejects.toThrow();
    expect(await collect(storage.list('models/'))).toEqual([]);
  });

  it('lists and deletes a .part file left behind by a crash, with its age', async () => {
    const leftover = path.join(root, 'models', 'u2', `2-bracket.stl.${randomUUID()}.part`);
    await mkdir(path.dirname(leftover), { recursive: true });
    await writeFile(leftover, Buffer.alloc(4096));
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(leftover, twoHoursAgo, twoHoursAgo);
    await storage.put('models/u2/3-kept.stl', chunkedSource(patternBytes(10)));

    const listed = await collect(storage.list('models/u2/'));
    expect(listed.map((o) => [o.key, o.size])).toEqual([
      [`models/u2/${path.basename(leftover)}`, 4096],
      ['models/u2/3-kept.stl', 10],
    ]);
    expect(Math.abs(listed[0]!.lastModified.getTime() - twoHoursAgo.getTime())).toBeLessThan(1000);
    await storage.delete(listed[0]!.key);
    expect((await collect(storage.list('models/u2/'))).map((o) => o.key)).toEqual(['models/u2/3-kept.stl']);
  });

  it('a failed put leaves no file at all, not even its .part', async () => {
    const body = chunkedSource(patternBytes(1024 * 1024), { failAfter: 512 * 1024 });
    await expect(storage.put('models/u3/4-broken.stl', body)).rejects.toThrow('boom');
    expect(await readdir(path.join(root, 'models', 'u3'))).toEqual([]);
  });

  it('never follows a symbolic link out of the root, neither inside the listing nor in the prefix', async () => {
    await storage.put('models/u4/5-real.stl', chunkedSource(patternBytes(3)));
    await symlink(outside, path.join(root, 'models', 'u4', 'linked-folder'));
    await symlink(path.join(outside, 'secret.stl'), path.join(root, 'models', 'u4', 'linked-file.stl'));
    await symlink(outside, path.join(root, 'elsewhere'));

    expect((await collect(storage.list('models/u4/'))).map((o) => o.key)).toEqual(['models/u4/5-real.stl']);
    expect(await collect(storage.list('elsewhere/'))).toEqual([]);
    expect(await collect(storage.list('elsewhere'))).toEqual([]);
    expect((await collect(storage.list(''))).map((o) => o.key)).not.toContain('elsewhere/secret.stl');
  });

  it('skips files whose names are not keys it could delete', async () => {
    await mkdir(path.join(root, 'models', 'u5'), { recursive: true });
    await writeFile(path.join(root, 'models', 'u5', 'has space.stl'), 'x');
    await storage.put('models/u5/6-ok.stl', chunkedSource(patternBytes(1)));
    expect((await collect(storage.list('models/u5/'))).map((o) => o.key)).toEqual(['models/u5/6-ok.stl']);
  });

  it('refuses a key too long for its temporary name to be a key, before writing anything', async () => {
    const key = `models/u6/${'a'.repeat(MAX_KEY_LENGTH - 'models/u6/'.length)}`;
    expect(isSafeKey(key)).toBe(true);
    const body = chunkedSource(patternBytes(10));
    await expect(storage.put(key, body)).rejects.toThrow(/too long/);
    expect(body.destroyed).toBe(true);
    expect(await collect(storage.list('models/u6/'))).toEqual([]);
  });

  it('lists nothing, without error, before anything was ever stored', async () => {
    expect(await collect(createDiskStorage(path.join(dir, 'never-created')).list('models/'))).toEqual([]);
  });
});
