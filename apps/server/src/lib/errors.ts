/** The one error type of the server: an HTTP status, a stable code and a message a person understands. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds the client should wait before trying again (sent as Retry-After). */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION_ERROR', message, fields);

/** The answer while the database or a worker lane cannot take the request: try again shortly. */
export const unavailable = (
  message = 'The service is briefly unavailable. Please try again in a moment.',
  retryAfterS = 1,
) => new AppError(503, 'SERVICE_UNAVAILABLE', message, undefined, retryAfterS);

export const tooManyRequests = (message: string, retryAfterS: number) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, Math.max(1, Math.ceil(retryAfterS)));
