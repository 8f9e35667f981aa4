import multipart from '@fastify/multipart';
import {
  isAllowedModelFile,
  MAX_UPLOAD_BYTES,
  safeFileName,
  UNITS,
  type UploadUnits,
  uploadMessages,
} from '@printloop/contracts';
import { type Analysis, isGeometryError } from '@printloop/geometry';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../auth/require-user.js';
import { printJobs } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { meshToBytes } from '../../models/model-service.js';

const unitsSchema = z.enum(UNITS);
const idParams = z.object({ id: z.uuid({ message: 'Not found' }) });

export type JobRow = typeof printJobs.$inferSelect;

export function jobDto(job: JobRow) {
  return {
    id: job.id,
    file_name: job.fileName,
    file_size: job.fileSize,
    format: job.format,
    status: job.status,
    units: job.units,
    created_at: job.createdAt.toISOString(),
  };
}

/** A job of this user, or 404 (another user's job is indistinguishable from a missing one). */
export async function findOwnJob(app: FastifyInstance, userId: string, id: string): Promise<JobRow> {
  const [job] = await app.database.db
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.id, id), eq(printJobs.userId, userId)))
    .limit(1);
  if (!job) throw notFound('Print job');
  return job;
}

function unreadable(message: string) {
  return new AppError(422, 'UNREADABLE_MODEL', message);
}

/** Uploads, the server's analysis, and the owner-only model file. */
export async function jobRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
  });

  app.post(
    '/api/jobs',
    { schema: { querystring: z.object({ units: unitsSchema.optional() }) } },
    async (request, reply) => {
      const user = await requireUser(request);
      // Without explicit units the analysis may suggest inches for a tiny unitless model.
      const { units } = request.query as { units?: UploadUnits };
      if (!request.isMultipart()) throw new AppError(400, 'NO_FILE', uploadMessages.noFile);
      const part = await request.file();
      if (!part) throw new AppError(400, 'NO_FILE', uploadMessages.noFile);
      if (!isAllowedModelFile(part.filename)) {
        part.file.resume();
        throw new AppError(400, 'INVALID_FORMAT', uploadMessages.invalidFormat);
      }
      const fileName = part.filename.split(/[\\/]/).pop()!.slice(0, 255);
      const key = `models/${user.id}/${Date.now()}-${safeFileName(fileName)}`;
      const meshKey = `${key}.mesh`;
      const cleanup = async () => {
        await Promise.allSettled([app.storage.delete(key), app.storage.delete(meshKey)]);
        app.models.forget(meshKey);
      };

      // Stream to storage; the 50 MB limit is enforced while streaming.
      let size: number;
      try {
        ({ size } = await app.storage.put(key, part.file));
      } catch (err) {
        await cleanup();
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) {
          throw new AppError(413, 'FILE_TOO_LARGE', uploadMessages.tooLarge);
        }
        throw err;
      }
      if (part.file.truncated) {
        await cleanup();
        throw new AppError(413, 'FILE_TOO_LARGE', uploadMessages.tooLarge);
      }
      if (size === 0) {
        await cleanup();
        throw unreadable('The file is empty.');
      }

      try {
        // The server's own analysis of the stored bytes, in a worker thread: the authority for every saved figure.
        const analysis = await app.models.analyzeStored(key, meshKey, fileName, units);
        const [job] = await app.database.db
          .insert(printJobs)
          .values({
            userId: user.id,
            filePath: key,
            fileName,
            fileSize: size,
            status: 'pending',
            format: analysis.format,
            units: analysis.units,
            analysis,
            meshPath: meshKey,
          })
          .returning();
        return reply.status(201).send({ job: jobDto(job!), analysis });
      } catch (err) {
        await cleanup();
        if (isGeometryError(err)) throw unreadable(err.message);
        throw err;
      }
    },
  );

  app.get('/api/jobs/:id', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(request);
    const job = await findOwnJob(app, user.id, (request.params as { id: string }).id);
    return { job: jobDto(job), analysis: job.analysis as Analysis };
  });

  /** The original file, to its owner only (private, never cached by shared caches). */
  app.get('/api/jobs/:id/file', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(request);
    const job = await findOwnJob(app, user.id, (request.params as { id: string }).id);
    const stream = await app.storage.get(job.filePath);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${safeFileName(job.fileName)}"`)
      .header('cache-control', 'private, no-store')
      .header('content-length', job.fileSize)
      .send(stream);
  });

  /** The parsed triangle soup (Float32 little-endian, mm, 9 floats per triangle), for the viewer. Owner only. */
  app.get('/api/jobs/:id/mesh', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(request);
    const job = await findOwnJob(app, user.id, (request.params as { id: string }).id);
    if (!job.meshPath) throw notFound('Mesh');
    const mesh = await app.models.mesh(job.meshPath);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('cache-control', 'private, no-store')
      .send(meshToBytes(mesh));
  });

  /** Re-analyse with other units (e.g. the inches the geometry suggested). */
  app.post(
    '/api/jobs/:id/units',
    { schema: { params: idParams, body: z.object({ units: unitsSchema }) } },
    async (request) => {
      const user = await requireUser(request);
      const job = await findOwnJob(app, user.id, (request.params as { id: string }).id);
      const { units } = request.body as { units: UploadUnits };
      const meshKey = job.meshPath ?? `${job.filePath}.mesh`;
      const analysis = await app.models.analyzeStored(job.filePath, meshKey, job.fileName, units);
      const [updated] = await app.database.db
        .update(printJobs)
        .set({ units: analysis.units, analysis, meshPath: meshKey })
        .where(and(eq(printJobs.id, job.id), eq(printJobs.userId, user.id)))
        .returning();
      return { job: jobDto(updated!), analysis };
    },
  );
}
