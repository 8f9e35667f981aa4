import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  createFileFromUrlSchema,
  fileIdParams,
  fileObjectSchema,
  idempotencyHeadersSchema,
  MAX_UPLOAD_BYTES,
  UNITS,
  type UploadUnits,
  v1ErrorSchema,
} from '@printloop/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closeAfterReply } from '../../http/close.js';
import { fetchUrl } from '../../http/fetch-url.js';
import { requestFingerprint } from '../../http/idempotency.js';
import { acceptModel, assertRoomFor, fileTooLarge, uploadName } from '../../jobs/upload.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { callerOf, fileDto, fileOf, idempotentPost, MODEL_URL_LIMITS, sendResult } from './common.js';

const MULTIPART_SLACK = 64 * 1024;

/** Reads a multipart body's `file` (and optional `units` field) into memory, stopping at 50 MB. */
async function readMultipart(request: FastifyRequest) {
  const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES } });
  if (!part) throw badRequest('Send the model in a multipart field named "file".', { file: 'No file' });
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest('Send the model in a multipart field named "file".', { file: 'No file' });
  }
  const fileName = (() => {
    try {
      return uploadName(part.filename);
    } catch (err) {
      part.file.resume();
      throw err;
    }
  })();
  const unitsField = part.fields.units;
  const one = Array.isArray(unitsField) ? unitsField[0] : unitsField;
  const units = one && one.type === 'field' ? String(one.value) : undefined;
  if (units !== undefined && !(UNITS as readonly string[]).includes(units)) {
    part.file.resume();
    throw badRequest('units is mm, cm or in.', { units: 'units is mm, cm or in' });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  part.file.on('limit', () => {
    over = true;
  });
  for await (const c of part.file) {
    if (over) break;
    chunks.push(c as Buffer);
    size += (c as Buffer).length;
  }
  if (over || part.file.truncated) throw fileTooLarge();
  return { fileName, units: units as UploadUnits | undefined, bytes: Buffer.concat(chunks, size) };
}

/**
 * Files (API.md §3): a model uploaded (multipart, field `file`) or fetched by the server from a `url`,
 * analysed by the same workers as the calculator's uploads.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart bodies on this route only: the file, and the optional `units` field.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 2048, headerPairs: 100 },
  });
  const errors = {
    400: v1ErrorSchema,
    401: v1ErrorSchema,
    404: v1ErrorSchema,
    409: v1ErrorSchema,
    413: v1ErrorSchema,
    422: v1ErrorSchema,
    429: v1ErrorSchema,
  };

  app.post(
    '/files',
    {
      onRequest: async (request, reply) => {
        const declared = Number(request.headers['content-length']);
        if (
          request.isMultipart() &&
          Number.isFinite(declared) &&
          declared > MAX_UPLOAD_BYTES + MULTIPART_SLACK
        ) {
          closeAfterReply(request, reply);
          throw fileTooLarge();
        }
      },
      schema: {
        summary: 'Upload a model file, or have the server fetch one',
        operationId: 'createFile',
        headers: idempotencyHeadersSchema,
        description:
          'Either a multipart/form-data body with the model in the field `file` (STL, OBJ, 3MF or STEP, 50 MB at most) and an optional `units` field, or JSON `{"url": "https://…"}`: the server fetches it (https only, public addresses only, 50 MB, 30 s, at most 3 redirects). Both are analysed as the calculator analyses uploads.',
        tags: ['Files'],
        consumes: ['multipart/form-data', 'application/json'],
        // A multipart body is read by the handler (its document is set in openapi.ts); JSON is checked here.
        body: createFileFromUrlSchema.nullish(),
        response: { 201: fileObjectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const used = await assertRoomFor(app, caller.userId);
      let source: { fileName: string; units: UploadUnits | undefined; bytes: Buffer };
      if (request.isMultipart()) {
        const release = app.models.beginUpload(caller.userId);
        try {
          source = await readMultipart(request);
        } catch (err) {
          if (err instanceof AppError && err.code === 'FILE_TOO_LARGE') closeAfterReply(request, reply);
          throw err;
        } finally {
          release();
        }
      } else {
        const body = request.body;
        if (!body)
          throw badRequest('Send a multipart body with a "file", or JSON with a "url".', { url: 'Required' });
        const fetched = await fetchUrl(
          body.url,
          { allowPrivateNetwork: app.config.allowPrivateNetwork },
          { ...MODEL_URL_LIMITS, param: 'url' },
        );
        const fromPath = decodeURIComponent(fetched.url.pathname.split('/').pop() ?? '');
        source = { fileName: uploadName(body.filename ?? fromPath), units: body.units, bytes: fetched.bytes };
      }
      const fingerprint = {
        name: source.fileName,
        units: source.units ?? null,
        sha: requestFingerprint('FILE', '', source.bytes.toString('base64')),
      };
      const result = await idempotentPost(app, request, reply, fingerprint, async (commit) => {
        const release = app.models.beginUpload(caller.userId);
        try {
          const accepted = await acceptModel(app, {
            userId: caller.userId,
            livemode: caller.livemode,
            origin: 'api',
            fileName: source.fileName,
            body: Readable.from([source.bytes]),
            units: source.units,
            used,
          });
          return commit(async () => ({ status: 201, body: fileDto(accepted.job) }));
        } finally {
          release();
        }
      });
      return sendResult(reply, result, fileObjectSchema);
    },
  );

  app.get(
    '/files/:id',
    {
      schema: {
        summary: 'Retrieve a file and its analysis',
        operationId: 'getFile',
        tags: ['Files'],
        params: fileIdParams,
        response: { 200: fileObjectSchema, ...errors },
      },
    },
    async (request) => fileDto(await fileOf(app, callerOf(request), request.params.id, 'id')),
  );
};
