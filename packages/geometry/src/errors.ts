/** Stable error codes of the geometry core. */
export type GeometryErrorCode =
  | 'empty_file'
  | 'file_too_large'
  | 'unsupported_format'
  | 'truncated'
  | 'malformed'
  | 'invalid_number'
  | 'index_out_of_range'
  | 'too_many_triangles'
  | 'no_volume'
  | 'invalid_mesh'
  | 'no_triangles'
  | 'invalid_3mf'
  | 'invalid_step'
  | 'step_unavailable'
  | 'unreadable'
  | 'timeout'
  | 'internal';

/**
 * The one error type the geometry core throws for a file it cannot read.
 * `code` is stable (for programs); `message` is a sentence a customer understands.
 */
export class GeometryError extends Error {
  readonly code: GeometryErrorCode;

  constructor(code: GeometryErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeometryError';
    this.code = code;
  }
}

export function isGeometryError(value: unknown): value is GeometryError {
  return value instanceof GeometryError;
}
