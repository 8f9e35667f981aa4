import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config.js';
import {
  assertSafeKey,
  assertSafePrefix,
  isSafeKey,
  type Storage,
  TruncatedBodyError,
  wasTruncated,
} from './storage.js';

export type S3StorageConfig = Extract<Config['storage'], { kind: 's3' }>;

/** How uploads and listings are cut up; the defaults suit production, tests may shrink pages. */
export interface S3Tuning {
  /** Bytes per multipart part (S3's minimum is 5 MiB). Default 8 MiB. */
  partSize?: number;
  /** Parts uploaded at once. An upload holds about (queueSize + 1) × partSize in memory. Default 2. */
  queueSize?: number;
  /** Keys per ListObjectsV2 page (S3 returns at most 1,000). Default 1,000. */
  listPageSize?: number;
}

/** Pass the body's bytes on, counting them; fail at the end if a size limit cut the body short. */
async function* counted(body: Readable, count: (bytes: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of body) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    count(buf.byteLength);
    yield buf;
  }
  // Failing here, before the last part is sent, means the upload is aborted rather than completed.
  if (wasTruncated(body)) throw new TruncatedBodyError();
}

export function createS3Storage(cfg: S3StorageConfig, tuning: S3Tuning = {}): Storage {
  const { partSize = 8 * 1024 * 1024, queueSize = 2, listPageSize = 1000 } = tuning;
  const client = new S3Client({
    region: cfg.region,
    forcePathStyle: cfg.forcePathStyle,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
    ...(cfg.accessKeyId && cfg.secretAccessKey
      ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } }
      : {}),
  });
  const Bucket = cfg.bucket;
  const body = async (key: string) => {
    assertSafeKey(key);
    const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
    if (!out.Body) throw new Error(`Empty object body for ${key}`);
    return out.Body as Readable;
  };
  return {
    kind: 's3',
    async put(key, stream, contentType = 'application/octet-stream') {
      let size = 0;
      let source: Readable | undefined;
      try {
        assertSafeKey(key);
        source = Readable.from(
          counted(stream, (n) => {
            size += n;
          }),
        );
        // A body under one part goes up as a single PutObject; a larger one as a multipart upload of
        // `partSize` parts, `queueSize` at a time, read from the stream as they go. On any failure Upload
        // aborts the multipart upload (leavePartsOnError: false), so neither an object nor stored parts
        // remain. (A bucket lifecycle rule for incomplete multipart uploads covers an abort that itself fails.)
        const upload = new Upload({
          client,
          params: { Bucket, Key: key, Body: source, ContentType: contentType },
          partSize,
          queueSize,
          leavePartsOnError: false,
        });
        await upload.done();
        return { size };
      } catch (err) {
        source?.destroy();
        stream.destroy();
        throw err;
      }
    },
    get: body,
    async getBytes(key) {
      const chunks: Buffer[] = [];
      for await (const c of await body(key)) chunks.push(c as Buffer);
      return new Uint8Array(Buffer.concat(chunks));
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      assertSafePrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            MaxKeys: listPageSize,
            ...(prefix ? { Prefix: prefix } : {}),
            ...(ContinuationToken ? { ContinuationToken } : {}),
          }),
        );
        for (const o of page.Contents ?? []) {
          if (!o.Key || !isSafeKey(o.Key)) continue;
          // S3 always sends LastModified; were it missing, "now" keeps a sweeper away from the object.
          yield { key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
