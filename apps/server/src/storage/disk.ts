import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dir } from 'node:fs';
import { lstat, mkdir, opendir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  assertSafePrefix,
  isSafeKey,
  MAX_KEY_LENGTH,
  type Storage,
  type StoredObject,
  TruncatedBodyError,
  wasTruncated,
} from './storage.js';

const isMissing = (err: unknown) => {
  const code = (err as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/**
 * The regular files below `dir` (whose key is `rel`), depth first. Symbolic links are neither listed nor
 * followed, so nothing outside the root is ever reached; `descend` prunes folders that cannot match.
 */
async function* walk(
  dir: string,
  rel: string,
  descend: (key: string) => boolean,
): AsyncGenerator<StoredObject> {
  let handle: Dir;
  try {
    handle = await opendir(dir);
  } catch (err) {
    if (isMissing(err)) return;
    throw err;
  }
  // The handle reads the folder in batches and closes itself when the loop ends or is left.
  for await (const entry of handle) {
    const key = rel ? `${rel}/${entry.name}` : entry.name;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (descend(key)) yield* walk(full, key, descend);
    } else if (entry.isFile()) {
      // lstat: the entry may have been replaced since it was read; a vanished file is skipped.
      const st = await lstat(full).catch((err: unknown) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (st?.isFile()) yield { key, size: st.size, lastModified: st.mtime };
    }
  }
}

/** Temporary files are `<key>.<uuid>.part`. */
export const PART_SUFFIX = '.part';
const TEMP_NAME_LENGTH = 1 + 36 + PART_SUFFIX.length;

export function createDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'disk',
    async put(key, body) {
      let tmp: string | undefined;
      try {
        const file = resolve(key);
        // Write to a temporary name and rename, so a failed upload never leaves a partial object. The
        // temporary name is itself a valid key, so `list` reports it and `delete` removes it after a crash.
        const tmpKey = `${key}.${randomUUID()}${PART_SUFFIX}`;
        if (!isSafeKey(tmpKey)) {
          throw new Error(
            `Storage key too long: at most ${MAX_KEY_LENGTH - TEMP_NAME_LENGTH} characters on disk`,
          );
        }
        tmp = resolve(tmpKey);
        await mkdir(path.dirname(file), { recursive: true });
        await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
        if (wasTruncated(body)) throw new TruncatedBodyError();
        const { size } = await stat(tmp);
        await rename(tmp, file);
        return { size };
      } catch (err) {
        body.destroy();
        if (tmp) await rm(tmp, { force: true });
        throw err;
      }
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
    async *list(prefix) {
      assertSafePrefix(prefix);
      // Start in the deepest folder the prefix names, refusing a symbolic link anywhere on the way.
      const base = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      const segments = base.split('/').filter(Boolean);
      let dir = root;
      for (const segment of segments) {
        dir = path.join(dir, segment);
        const st = await lstat(dir).catch((err: unknown) => {
          if (isMissing(err)) return null;
          throw err;
        });
        if (!st?.isDirectory()) return;
      }
      const descend = (key: string) => `${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`);
      for await (const object of walk(dir, segments.join('/'), descend)) {
        if (object.key.startsWith(prefix) && isSafeKey(object.key)) yield object;
      }
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
