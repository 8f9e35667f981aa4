import { randomUUID } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import {
  cleanFileName,
  isAllowedModelFile,
  UNITS,
  type UploadUnits,
  uploadMessages,
} from '@printloop/contracts';
import type { EstimateResult } from '@printloop/estimate';
import { type Analysis, isGeometryError } from '@printloop/geometry';
import type { QuoteParameters } from '@printloop/quote';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { printJobs } from '../db/schema.js';
import { AppError, badRequest } from '../lib/errors.js';
import { type JobRow, jobKeys, keepMesh } from './jobs.js';

/**
 * Accepting a model file, the same for the calculator's uploads and the public API's files (uploaded
 * or fetched from a URL): stored under the job's own id while it is analysed from memory, priced at
 * once when parameters came with it, and recorded. Whatever fails, the job's own objects are removed
 * and nothing is recorded.
 */

export function unreadable(message: string) {
  return new AppError(422, 'UNREADABLE_MODEL', message);
}

export function fileTooLarge() {
  return new AppError(413, 'FILE_TOO_LARGE', uploadMessages.tooLarge);
}

/** The name to store for an upload, or a 400 (control characters) or 400 INVALID_FORMAT. */
export function uploadName(raw: string): string {
  const named = cleanFileName(raw);
  if (!named.ok) throw badRequest(named.message, { file: named.message });
  if (!isAllowedModelFile(named.name)) {
    throw new AppError(400, 'INVALID_FORMAT', uploadMessages.invalidFormat, {
      file: uploadMessages.invalidFormat,
    });
  }
  return named.name;
}

/** Bytes this user keeps in storage: model files and their meshes (a mesh not yet written counts as its file). */
export async function storedBytes(app: FastifyInstance, userId: string): Promise<number> {
  const [row] = await app.database.db
    .select({
      total: sql<string>`coalesce(sum(${printJobs.fileSize} + coalesce(${printJobs.meshSize}, ${printJobs.fileSize})), 0)`,
    })
    .from(printJobs)
    .where(eq(printJobs.userId, userId));
  return Number(row?.total ?? 0);
}

export function quotaExceeded(quotaBytes: number) {
  const mb = Math.round(quotaBytes / (1024 * 1024));
  return new AppError(
    413,
    'QUOTA_EXCEEDED',
    `Your storage is full (${mb} MB of models). Delete saved quotes you no longer need, or contact us for more room.`,
  );
}

/** Refuses an upload when the user's storage is already full. */
export async function assertRoomFor(app: FastifyInstance, userId: string): Promise<number> {
  const used = await storedBytes(app, userId);
  if (used >= app.config.storageQuotaBytes) throw quotaExceeded(app.config.storageQuotaBytes);
  return used;
}

export interface AcceptOptions {
  userId: string;
  livemode: boolean;
  /** The calculator's uploads are removed after a day unless saved; the API's files after longer. */
  origin: 'calculator' | 'api';
  fileName: string;
  /** The bytes. A multipart file stream marks `truncated` and emits 'limit' at the size limit. */
  body: Readable;
  units?: UploadUnits | undefined;
  /** Price these parameters as soon as the model is analysed. */
  price?: { parameters: QuoteParameters } | undefined;
  /** What the user kept in storage before this upload (from assertRoomFor). */
  used: number;
}

export interface Accepted {
  job: JobRow;
  analysis: Analysis;
  estimate: EstimateResult | null;
  timing: { receiveMs: number; analyseMs: number };
}

/** Store, analyse (and price) one model file, and record its job. Throws AppError on any refusal. */
export async function acceptModel(app: FastifyInstance, o: AcceptOptions): Promise<Accepted> {
  const jobId = randomUUID();
  const keys = jobKeys(o.userId, jobId, o.fileName);
  const start = performance.now();
  // Clean-up touches only this job's own objects.
  const cleanup = async () => {
    await Promise.allSettled([
      app.storage.delete(keys.file),
      ...UNITS.map((u) => app.storage.delete(keys.mesh(u))),
    ]);
    for (const u of UNITS) app.models.forget(keys.mesh(u));
  };
  const limited = o.body as Readable & { truncated?: boolean };

  // Stream to storage and keep the bytes in memory on the way (bounded by the 50 MB limit), so the
  // analysis starts from memory the moment the last byte arrives.
  const chunks: Buffer[] = [];
  const tee = new Transform({
    transform(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done(null, chunk);
    },
  });
  // The storage drivers refuse a body marked truncated (the limit cut it short): pass the mark on.
  Object.defineProperty(tee, 'truncated', { get: () => limited.truncated === true });
  o.body.on('error', (err) => tee.destroy(err));
  // At the limit, stop at once: busboy would otherwise skip (read) the rest of the body quietly.
  o.body.on('limit', () =>
    tee.destroy(Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' })),
  );
  let size: number;
  try {
    ({ size } = await app.storage.put(keys.file, o.body.pipe(tee)));
  } catch (err) {
    await cleanup();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || limited.truncated)
      throw fileTooLarge();
    throw err;
  }
  if (limited.truncated) {
    await cleanup();
    throw fileTooLarge();
  }
  if (size === 0) {
    await cleanup();
    throw unreadable('The file is empty.');
  }
  if (o.used + 2 * size > app.config.storageQuotaBytes) {
    await cleanup();
    throw quotaExceeded(app.config.storageQuotaBytes);
  }
  const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  chunks.length = 0;
  const received = performance.now();

  try {
    // The server's own analysis of the uploaded bytes, in a worker thread: the authority for every
    // saved figure.
    const outcome = await app.models.analyze(
      o.userId,
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      o.fileName,
      {
        ...(o.units ? { units: o.units } : {}),
        ...(o.price
          ? { price: { parameters: o.price.parameters, meshKeyFor: (u: UploadUnits) => keys.mesh(u) } }
          : {}),
      },
    );
    const analysed = performance.now();
    const { analysis } = outcome;
    const meshPath = keys.mesh(analysis.units);
    const [job] = await app.database.db
      .insert(printJobs)
      .values({
        id: jobId,
        userId: o.userId,
        livemode: o.livemode,
        origin: o.origin,
        filePath: keys.file,
        fileName: o.fileName,
        fileSize: size,
        status: 'pending',
        format: analysis.format,
        units: analysis.units,
        analysis,
        meshPath,
      })
      .returning();
    void keepMesh(app, job!, meshPath, outcome.mesh);
    return {
      job: job!,
      analysis,
      estimate: outcome.estimate,
      timing: { receiveMs: received - start, analyseMs: analysed - received },
    };
  } catch (err) {
    await cleanup();
    if (isGeometryError(err)) throw unreadable(err.message);
    throw err;
  }
}
