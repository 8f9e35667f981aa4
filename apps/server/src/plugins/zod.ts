import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../lib/errors.js';

type ZodLike = z.ZodType;
const isZod = (s: unknown): s is ZodLike => typeof (s as ZodLike | null)?.safeParse === 'function';

/** Turn zod issues into `{ field: message }`, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Route schemas may be zod schemas: requests are validated with zod (the same schema as the web form),
 * and a failure is a 400 VALIDATION_ERROR listing each field's message.
 */
export function useZodValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => {
    if (!isZod(schema)) throw new Error('Route schemas must be zod schemas');
    return (data: unknown) => {
      const result = schema.safeParse(data);
      if (result.success) return { value: result.data };
      const fields = fieldErrors(result.error);
      return { error: badRequest('Please correct the highlighted fields.', fields) };
    };
  });
  // Responses are described with zod too; serialise with JSON.stringify after checking the shape in dev/test.
  app.setSerializerCompiler(({ schema }) => {
    const zs = isZod(schema) ? schema : null;
    return (data: unknown) => {
      if (zs && process.env.NODE_ENV === 'test') {
        const r = zs.safeParse(data);
        if (!r.success) throw new Error(`Response does not match its schema: ${r.error.message}`);
      }
      return JSON.stringify(data);
    };
  });
}

/** The error body every API error uses. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});

export type RouteSchema = FastifySchema;
