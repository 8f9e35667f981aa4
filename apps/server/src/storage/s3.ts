import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import { assertSafeKey, type Storage } from './storage.js';

type S3Config = Extract<Config['storage'], { kind: 's3' }>;

export function createS3Storage(cfg: S3Config): Storage {
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
      assertSafeKey(key);
      // Buffer in chunks: uploads are capped at 50 MB upstream, so this is bounded.
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      const data = Buffer.concat(chunks);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: head.ContentLength ?? data.length };
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
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
