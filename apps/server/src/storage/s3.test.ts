import { ListObjectsV2Command, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { chunkedSource, collect, patternBytes, startTestS3, type TestS3 } from '../test-helpers.js';
import { createS3Storage } from './s3.js';

const MiB = 1024 * 1024;
const PART = 8 * MiB;

type Command = Parameters<S3Client['send']>[0];

/**
 * Record every command any S3Client sends from now on, in order, with what it resolved to. `around` may
 * stand in for the real send (to inject a failure) or look at the command first.
 */
function recordCommands(around?: (command: Command, send: () => Promise<unknown>) => Promise<unknown>) {
  const realSend = S3Client.prototype.send as (...args: unknown[]) => Promise<unknown>;
  const sent: { name: string; input: Record<string, unknown>; output: Promise<unknown> }[] = [];
  const spy = vi.spyOn(S3Client.prototype, 'send').mockImplementation(function (
    this: S3Client,
    ...args: Parameters<S3Client['send']>
  ) {
    const [command] = args;
    const send = () => realSend.apply(this, args);
    const output = around ? around(command, send) : send();
    sent.push({ name: command.constructor.name, input: command.input as Record<string, unknown>, output });
    output.catch(() => {}); // the caller handles the rejection; this recorded copy must not count as unhandled
    return output as never;
  });
  return {
    sent,
    names: () => sent.map((c) => c.name),
    uploadId: async () => ((await sent[0]!.output) as { UploadId: string }).UploadId,
    restore: () => spy.mockRestore(),
  };
}

describe('S3 storage against an S3-compatible server', () => {
  let s3: TestS3;
  // A client outside the storage, to look at the bucket directly.
  let raw: S3Client;
  beforeAll(async () => {
    s3 = await startTestS3();
    raw = new S3Client({
      region: s3.config.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    raw?.destroy();
    await s3?.stop();
  });

  /** The multipart upload `uploadId` no longer takes parts (S3 answers NoSuchUpload once it is aborted). */
  const expectUploadGone = async (key: string, uploadId: string) => {
    await expect(
      raw.send(
        new UploadPartCommand({ Bucket: s3.bucket, Key: key, UploadId: uploadId, PartNumber: 9, Body: 'x' }),
      ),
    ).rejects.toMatchObject({ name: 'NoSuchUpload' });
  };

  it('streams 40 MB as a multipart upload of 8 MiB parts, reading ahead at most two parts, and reads it back exactly', async () => {
    const storage = createS3Storage(s3.config);
    const size = 40_000_000;
    const data = patternBytes(size);
    // How far the body has been read beyond the parts already handed to S3, each time a part is sent.
    let read = 0;
    let sentBytes = 0;
    const leads: number[] = [];
    const rec = recordCommands((command, send) => {
      if (command instanceof UploadPartCommand) {
        leads.push(read - sentBytes);
        sentBytes += (command.input.Body as Uint8Array).byteLength;
      }
      return send();
    });

    const result = await storage.put(
      'models/big/part.stl',
      chunkedSource(data, { onRead: (n) => (read = n) }),
    );
    expect(result).toEqual({ size });
    const names = rec.names();
    expect(names[0]).toBe('CreateMultipartUploadCommand');
    expect(names.slice(1, -1)).toEqual(Array(5).fill('UploadPartCommand'));
    expect(names.at(-1)).toBe('CompleteMultipartUploadCommand');
    const parts = rec.sent
      .filter((c) => c.name === 'UploadPartCommand')
      .map((c) => c.input.Body as Uint8Array);
    expect(parts.map((b) => b.byteLength)).toEqual([PART, PART, PART, PART, size - 4 * PART]);
    // Bounded memory: the body is read at most queueSize (2) parts, plus stream buffers, ahead of what
    // has been sent; an implementation that buffered the file would be 38 MiB ahead at the first part.
    expect(Math.max(...leads)).toBeLessThan(2 * PART + 2 * MiB);
    rec.restore();

    expect(Buffer.from(await storage.getBytes('models/big/part.stl')).equals(data)).toBe(true);
    const chunks: Buffer[] = [];
    for await (const c of await storage.get('models/big/part.stl')) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
  });

  it('a body failing after two parts aborts the multipart upload: no object, no upload left', async () => {
    const storage = createS3Storage(s3.config);
    const rec = recordCommands();
    const body = chunkedSource(patternBytes(20 * MiB), { failAfter: 17 * MiB });
    await expect(storage.put('models/fail/part.stl', body)).rejects.toThrow('boom');
    expect(body.destroyed).toBe(true);
    const names = rec.names();
    expect(names[0]).toBe('CreateMultipartUploadCommand');
    expect(names.filter((n) => n === 'UploadPartCommand')).toHaveLength(2);
    expect(names.at(-1)).toBe('AbortMultipartUploadCommand');
    expect(names).not.toContain('CompleteMultipartUploadCommand');
    const UploadId = await rec.uploadId();
    rec.restore();

    await expect(storage.get('models/fail/part.stl')).rejects.toMatchObject({ name: 'NoSuchKey' });
    expect(await collect(storage.list('models/fail/'))).toEqual([]);
    await expectUploadGone('models/fail/part.stl', UploadId);
  });

  it('a body truncated by the upload limit is aborted before completing, not stored', async () => {
    const storage = createS3Storage(s3.config);
    const rec = recordCommands();
    const body = chunkedSource(patternBytes(12 * MiB), { truncated: true });
    await expect(storage.put('models/huge/part.stl', body)).rejects.toMatchObject({
      code: 'STORAGE_BODY_TRUNCATED',
    });
    expect(rec.names()).toContain('AbortMultipartUploadCommand');
    expect(rec.names()).not.toContain('CompleteMultipartUploadCommand');
    const UploadId = await rec.uploadId();
    rec.restore();
    expect(await collect(storage.list('models/huge/'))).toEqual([]);
    await expectUploadGone('models/huge/part.stl', UploadId);
  });

  it('an S3 error on a part aborts the upload and stops reading the body', async () => {
    const storage = createS3Storage(s3.config);
    const rec = recordCommands((command, send) =>
      command instanceof UploadPartCommand && command.input.PartNumber === 2
        ? Promise.reject(Object.assign(new Error('injected: SlowDown'), { name: 'SlowDown' }))
        : send(),
    );
    let read = 0;
    const body = chunkedSource(patternBytes(40 * MiB), { onRead: (n) => (read = n) });
    await expect(storage.put('models/s3error/part.stl', body)).rejects.toThrow('injected');
    expect(body.destroyed).toBe(true);
    // It stopped well before the end of the body.
    expect(read).toBeLessThan(30 * MiB);
    expect(rec.names().at(-1)).toBe('AbortMultipartUploadCommand');
    const UploadId = await rec.uploadId();
    rec.restore();
    expect(await collect(storage.list('models/s3error/'))).toEqual([]);
    await expectUploadGone('models/s3error/part.stl', UploadId);
  });

  it('sends a small body as one PutObject', async () => {
    const storage = createS3Storage(s3.config);
    const rec = recordCommands();
    expect(await storage.put('models/small/cube.stl', chunkedSource(patternBytes(1000)))).toEqual({
      size: 1000,
    });
    expect(rec.names()).toEqual(['PutObjectCommand']);
  });

  it('lists 1,001 objects in two ListObjectsV2 pages, following the continuation token', async () => {
    const storage = createS3Storage(s3.config);
    const keys = Array.from({ length: 1001 }, (_, i) => `many/u${i % 7}/${String(i).padStart(4, '0')}.stl`);
    for (let i = 0; i < keys.length; i += 100) {
      await Promise.all(
        keys
          .slice(i, i + 100)
          .map((Key, j) =>
            raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body: 'x'.repeat(j + 1) })),
          ),
      );
    }
    await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'many-not/x', Body: 'x' }));

    const rec = recordCommands();
    const listed = await collect(storage.list('many/'));
    const lists = rec.sent.filter((c) => c.name === ListObjectsV2Command.name);
    expect(lists).toHaveLength(2);
    expect(lists[0]!.input).toMatchObject({ Prefix: 'many/', MaxKeys: 1000 });
    expect(lists[0]!.input.ContinuationToken).toBeUndefined();
    expect(lists[1]!.input.ContinuationToken).toEqual(expect.any(String));
    expect(listed.map((o) => o.key)).toEqual([...keys].sort((a, b) => a.localeCompare(b)));
    const bySize = new Map(listed.map((o) => [o.key, o.size]));
    // Sizes: the j-th object of each batch of 100 has j + 1 bytes.
    expect(keys.map((k) => bySize.get(k))).toEqual(keys.map((_, i) => (i % 100) + 1));
    expect(
      listed.every((o) => o.lastModified instanceof Date && !Number.isNaN(o.lastModified.getTime())),
    ).toBe(true);
  });

  it('stops listing as soon as the consumer stops (no further pages)', async () => {
    const storage = createS3Storage(s3.config, { listPageSize: 10 });
    const rec = recordCommands();
    let seen = 0;
    for await (const _ of storage.list('many/')) if (++seen === 15) break;
    expect(rec.sent.filter((c) => c.name === ListObjectsV2Command.name)).toHaveLength(2);
  });

  it('ping succeeds for the bucket and fails for a missing one', async () => {
    await expect(createS3Storage(s3.config).ping()).resolves.toBeUndefined();
    await expect(createS3Storage({ ...s3.config, bucket: 'no-such-bucket' }).ping()).rejects.toThrow();
  });

  it('put into a missing bucket rejects', async () => {
    const storage = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(storage.put('models/x.stl', chunkedSource(patternBytes(10)))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });
});
