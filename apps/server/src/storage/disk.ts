import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type Storage } from './storage.js';

export function createDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write to a temporary name and rename, so a failed upload never leaves a partial object.
      const tmp = `${file}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return { size: (await stat(file)).size };
    },
    async get(key) {
      const file = resolve(key);
      await stat(file);
      return createReadStream(file);
    },
    async getBytes(key) {
      return new Uint8Array(await readFile(resolve(key)));
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async ping() {
      await mkdir(root, { recursive: true });
      const probe = path.join(root, `.health-${randomUUID()}`);
      await writeFile(probe, 'ok');
      try {
        if ((await readFile(probe, 'utf8')) !== 'ok') throw new Error('storage read-back mismatch');
      } finally {
        await rm(probe, { force: true });
      }
    },
  };
}
