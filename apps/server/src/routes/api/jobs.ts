import { gunzipSync } from 'node:zlib';
import multipart from '@fastify/multipart';
import {
  apiErrorSchema,
  idParamsSchema,
  jobWithAnalysisSchema,
  MAX_UPLOAD_BYTES,
  safeFileName,
  unitsBodySchema,
  uploadMessages,
  uploadQuerySchema,
  uploadResponseSchema,
} from '@printloop/contracts';
import { isGeometryError, MESH_CODEC_MEDIA_TYPE } from '@printloop/geometry';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/require-user.js';
import { closeAfterReply } from '../../http/close.js';
import { findOwnJob, jobDto, reanalyzeJob, unitsOf } from '../../jobs/jobs.js';
import { acceptModel, assertRoomFor, fileTooLarge, unreadable, uploadName } from '../../jobs/upload.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { MeshMissingError } from '../../models/model-service.js';
import { colorOrThrow, parametersOrThrow, priceWithLeadTimes, quantityOrThrow } from './pricing.js';

/** Room for the multipart boundary, headers and small fields around the 50 MB file. */
const MULTIPART_SLACK = 64 * 1024;

/** Refuse a body that says it is too large before reading any of it. */
async function refuseLargeBody(request: FastifyRequest, reply: FastifyReply) {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + MULTIPART_SLACK) {
    closeAfterReply(request, reply);
    throw fileTooLarge();
  }
}

/** Uploads, the server's analysis, and the owner-only model file. */
export const jobRoutes: FastifyPluginAsyncZod<{ quotaBytes: number }> = async (app, _opts) => {
  const errors = {
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    404: apiErrorSchema,
    413: apiErrorSchema,
    422: apiErrorSchema,
    429: apiErrorSchema,
    503: apiErrorSchema,
  };
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 4,
      parts: 5,
      fieldSize: 2048,
      headerPairs: 100,
    },
  });

  app.post(
    '/api/jobs',
    {
      onRequest: refuseLargeBody,
      schema: { querystring: uploadQuerySchema, response: { 201: uploadResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      // Without explicit units the analysis may suggest inches for a tiny unitless model.
      const { units } = request.query;
      if (!request.isMultipart()) throw new AppError(400, 'NO_FILE', uploadMessages.noFile);
      // One of the user's upload slots, taken before the body is read (429 at once beyond them).
      let release: () => void;
      try {
        release = app.models.beginUpload(user.id);
      } catch (err) {
        closeAfterReply(request, reply);
        throw err;
      }
      reply.raw.once('finish', release);
      reply.raw.once('close', release);
      let used: number;
      try {
        used = await assertRoomFor(app, user.id);
      } catch (err) {
        closeAfterReply(request, reply);
        throw err;
      }
      const part = await request.file();
      if (!part) throw new AppError(400, 'NO_FILE', uploadMessages.noFile);
      let fileName: string;
      let priced: { parameters: ReturnType<typeof parametersOrThrow>; quantity: number } | null = null;
      try {
        fileName = uploadName(part.filename);
        // Optional fields sent before the file: price these parameters as soon as the model is analysed.
        const field = (name: string) => {
          const f = part.fields[name];
          const one = Array.isArray(f) ? f[0] : f;
          return one && one.type === 'field' ? String(one.value) : undefined;
        };
        const rawParameters = field('parameters');
        if (rawParameters !== undefined) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(rawParameters);
          } catch {
            throw badRequest('parameters must be a JSON object.', {
              parameters: 'Parameters must be an object',
            });
          }
          const parameters = parametersOrThrow(parsed);
          colorOrThrow(parameters.filamentType, (parsed as Record<string, unknown>).color, false);
          // A form field is text: only digits are a number here (never '1.0', ' 5' or an empty field).
          const quantity = field('quantity');
          priced = {
            parameters,
            quantity: quantityOrThrow(
              quantity !== undefined && /^[0-9]{1,9}$/.test(quantity) ? Number(quantity) : quantity,
            ),
          };
        }
      } catch (err) {
        part.file.resume();
        throw err;
      }
      try {
        const accepted = await acceptModel(app, {
          userId: user.id,
          livemode: true,
          origin: 'calculator',
          fileName,
          body: part.file,
          units,
          price: priced ? { parameters: priced.parameters } : undefined,
          used,
        });
        const { job, analysis, estimate, timing } = accepted;
        const preview =
          priced && estimate
            ? {
                estimate,
                ...(await priceWithLeadTimes(app, analysis, estimate, priced.parameters, priced.quantity)),
              }
            : null;
        // Where the time went, for the browser's developer tools (no secrets, only durations).
        reply.header(
          'server-timing',
          `receive;dur=${timing.receiveMs.toFixed(1)}, analyse;dur=${timing.analyseMs.toFixed(1)}`,
        );
        return reply.status(201).send({ job: jobDto(job), analysis, preview });
      } catch (err) {
        if (err instanceof AppError && err.code === 'FILE_TOO_LARGE') closeAfterReply(request, reply);
        throw err;
      }
    },
  );

  app.get(
    '/api/jobs/:id',
    { schema: { params: idParamsSchema, response: { 200: jobWithAnalysisSchema, ...errors } } },
    async (request) => {
      const user = await requireUser(request);
      const job = await findOwnJob(app, user.id, request.params.id);
      return { job: jobDto(job), analysis: job.analysis };
    },
  );

  /** The original file, to its owner only (private, never cached by shared caches). */
  // Binary answers (a stream or bytes) are sent as they are: no JSON serialiser applies to them.
  const binary = z.any().describe('Binary content');
  app.get(
    '/api/jobs/:id/file',
    { schema: { params: idParamsSchema, response: { 200: binary, ...errors } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const job = await findOwnJob(app, user.id, request.params.id);
      const stream = await app.storage.get(job.filePath);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${safeFileName(job.fileName)}"`)
        .header('cache-control', 'private, no-store')
        .header('content-length', job.fileSize)
        .send(stream);
    },
  );

  /**
   * The parsed mesh for the viewer, owner only: `encodeMesh`'s indexed form, sent with the gzip
   * encoding it is stored in (never compressed again per request).
   */
  app.get(
    '/api/jobs/:id/mesh',
    { compress: false, schema: { params: idParamsSchema, response: { 200: binary, ...errors } } },
    async (request, reply) => {
      const user = await requireUser(request);
      let job = await findOwnJob(app, user.id, request.params.id);
      let bytes: Uint8Array | null = null;
      if (job.meshPath?.endsWith('.plm.gz')) {
        try {
          bytes = await app.models.meshBytes(job.meshPath);
        } catch (err) {
          if (!(err instanceof MeshMissingError)) throw err;
        }
      }
      if (!bytes) {
        job = (await reanalyzeJob(app, job, unitsOf(job))).job;
        bytes = await app.models.meshBytes(job.meshPath!);
      }
      const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      reply
        .header('content-type', MESH_CODEC_MEDIA_TYPE)
        .header('cache-control', 'private, no-store')
        .header('vary', 'accept-encoding');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(body);
      }
      return reply.send(gunzipSync(body));
    },
  );

  /** Re-analyse with other units (e.g. the inches the geometry suggested). */
  app.post(
    '/api/jobs/:id/units',
    {
      schema: {
        params: idParamsSchema,
        body: unitsBodySchema,
        response: { 200: jobWithAnalysisSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const job = await findOwnJob(app, user.id, request.params.id);
      const { units } = request.body;
      try {
        const { job: updated, analysis } = await reanalyzeJob(app, job, units);
        return { job: jobDto(updated), analysis };
      } catch (err) {
        if (isGeometryError(err)) throw unreadable(err.message);
        throw err;
      }
    },
  );
};
