import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

/** One error handler: AppError -> its status and code; anything else -> 500 with no internal text. */
export function useErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    let status: number;
    let code: string;
    let message: string;
    let fields: Record<string, string> | undefined;
    if (err instanceof AppError) {
      ({ statusCode: status, code, message, fields } = err);
    } else if (err.validation || err.code === 'FST_ERR_VALIDATION') {
      // A validator that returned an AppError arrives wrapped in .validation / as the error itself.
      status = 400;
      code = 'VALIDATION_ERROR';
      message = 'Please correct the highlighted fields.';
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      code = err.code ?? 'BAD_REQUEST';
      message = status === 429 ? 'Too many requests. Please try again later.' : err.message;
    } else {
      status = 500;
      code = 'INTERNAL_ERROR';
      message = 'Something went wrong on our side. Please try again.';
    }
    if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code, status }, 'request rejected');
    // Under /api/auth the body has Better Auth's shape ({ code, message }), so clients read one shape there.
    if (request.url.startsWith('/api/auth/')) return reply.status(status).send({ code, message });
    return reply
      .status(status)
      .send({ error: { code, message, ...(fields ? { fields } : {}), requestId: request.id } });
  });
}
