import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { printJobs } from '../../db/schema.js';
import {
  collect,
  createTestApp,
  modelsDir,
  multipart,
  signedInUser,
  startTestS3,
  type TestApp,
  type TestS3,
} from '../../test-helpers.js';

describe('uploads with model files in S3-compatible storage', () => {
  let s3: TestS3;
  let t: TestApp;
  let ada: { cookie: string; id: string };
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp('pglite', { env: s3.env, build: { logger: false } });
    ada = await signedInUser(t.app, 'ada@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  const upload = (fileName: string, bytes: Uint8Array) => {
    const mp = multipart(fileName, bytes);
    return t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      payload: mp.payload,
      headers: { ...mp.headers, cookie: ada.cookie, origin: t.app.config.publicUrl },
    });
  };

  it('stores an upload in the bucket and serves it back byte-exactly', async () => {
    expect(t.app.storage.kind).toBe('s3');
    const cube = await readFile(path.join(modelsDir, 'cube_20mm.stl'));
    const res = await upload('cube_20mm.stl', cube);
    expect(res.statusCode, res.body).toBe(201);
    const { job, analysis } = res.json();
    expect(job.file_size).toBe(cube.length);
    expect(analysis.volume_mm3).toBeCloseTo(8000, 1);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/jobs/${job.id}/file`,
      headers: { cookie: ada.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(Number(file.headers['content-length'])).toBe(cube.length);
    expect(file.rawPayload.equals(cube)).toBe(true);

    // The file and its parsed mesh are objects in the bucket, under the user's prefix.
    const [row] = await t.app.database.db.select().from(printJobs).where(eq(printJobs.id, job.id));
    // The mesh is written just after the answer.
    await expect.poll(async () => (await collect(t.app.storage.list(`models/${ada.id}/`))).length).toBe(2);
    const listed = await collect(t.app.storage.list(`models/${ada.id}/`));
    expect(listed.map((o) => o.key).sort()).toEqual([row!.filePath, row!.meshPath!].sort());
    expect(listed.find((o) => o.key === row!.filePath)!.size).toBe(cube.length);
  });

  it('refuses a file over 50 MB with 413, leaving nothing new in the bucket', async () => {
    const before = await collect(t.app.storage.list('models/'));
    const send = vi.spyOn(S3Client.prototype, 'send');
    const huge = await upload('huge.stl', new Uint8Array(50 * 1024 * 1024 + 10));
    const sent = send.mock.calls.map(([command]) => command.constructor.name);
    send.mockRestore();
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe('File size exceeds 50MB limit.');
    // The cut-short stream was never completed into an object: its multipart upload was aborted.
    expect(sent).toContain('UploadPartCommand');
    expect(sent).toContain('AbortMultipartUploadCommand');
    expect(sent).not.toContain('CompleteMultipartUploadCommand');
    expect(await collect(t.app.storage.list('models/'))).toEqual(before);
  });
});
