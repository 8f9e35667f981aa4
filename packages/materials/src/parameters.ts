/**
 * Print parameters: the one source of truth for their bounds and defaults, shared by the estimator,
 * the quote, the server (which wraps `validateParameters` in its own schema layer) and the web app.
 * Pure: no dependencies, no Node or DOM APIs.
 */
import { FILAMENT_TYPES, type FilamentType } from './materials.js';

export const POST_PROCESSING_OPTIONS = ['sanding', 'painting', 'coating'] as const;
export type PostProcessing = (typeof POST_PROCESSING_OPTIONS)[number];

/** Inclusive bounds of the numeric parameters. */
export const PARAMETER_BOUNDS = {
  layerHeight: { min: 0.1, max: 0.4, unit: 'mm' },
  infillPercentage: { min: 10, max: 100, unit: '%' },
  printSpeed: { min: 30, max: 150, unit: 'mm/s' },
  quantity: { min: 1, max: 1000, unit: '' },
} as const;

/** What the estimator needs. */
export interface PrintParameters {
  layerHeight: number;
  infillPercentage: number;
  printSpeed: number;
  filamentType: FilamentType;
  supportRequired: boolean;
}

/** The full calculator state (print parameters plus finishing). */
export interface QuoteParameters extends PrintParameters {
  postProcessing: PostProcessing[];
}

export const DEFAULT_PARAMETERS: Readonly<QuoteParameters> = Object.freeze({
  layerHeight: 0.2,
  filamentType: 'PLA',
  printSpeed: 60,
  infillPercentage: 20,
  supportRequired: false,
  postProcessing: [],
});

export interface ParameterIssue {
  field: keyof QuoteParameters | 'quantity' | 'parameters';
  message: string;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: ParameterIssue[] };

/** Thrown by `parseParameters`; `message` joins every issue, `errors` lists them per field. */
export class ParameterError extends Error {
  readonly errors: ParameterIssue[];
  constructor(errors: ParameterIssue[]) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'ParameterError';
    this.errors = errors;
  }
}

export const PARAMETER_MESSAGES = {
  layerHeight: `Layer height must be between ${PARAMETER_BOUNDS.layerHeight.min} and ${PARAMETER_BOUNDS.layerHeight.max} mm`,
  infillPercentage: `Infill must be between ${PARAMETER_BOUNDS.infillPercentage.min} and ${PARAMETER_BOUNDS.infillPercentage.max}%`,
  printSpeed: `Print speed must be between ${PARAMETER_BOUNDS.printSpeed.min} and ${PARAMETER_BOUNDS.printSpeed.max} mm/s`,
  filamentType: `Filament type must be one of ${FILAMENT_TYPES.join(', ')}`,
  supportRequired: 'Supports must be true or false',
  postProcessing: `Post-processing must be a list drawn from ${POST_PROCESSING_OPTIONS.join(', ')}`,
  quantity: `Quantity must be a whole number between ${PARAMETER_BOUNDS.quantity.min} and ${PARAMETER_BOUNDS.quantity.max}`,
  parameters: 'Parameters must be an object',
} as const;

/**
 * A quote's orientation on the bed (optional): the outward unit normal `[x, y, z]` of the face of the
 * part put down, each component within [−1, 1] and its length within ORIENTATION_NORM_TOLERANCE of 1.
 * The part is turned the shortest way that takes that normal straight down (@printloop/geometry).
 */
export const ORIENTATION_NORM_TOLERANCE = 1e-3;
export const ORIENTATION_MESSAGE =
  'The orientation must be the unit normal [x, y, z] of the face to put on the bed (each between −1 and 1).';

function inRange(v: unknown, b: { min: number; max: number }): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= b.min - 1e-9 && v <= b.max + 1e-9;
}

export interface ValidateOptions {
  /** Fill missing fields from DEFAULT_PARAMETERS (default true). When false, every field is required. */
  applyDefaults?: boolean;
}

/**
 * Validate calculator parameters (plain objects from JSON, a form or the CLI). Numbers must be numbers
 * (no strings); unknown keys are ignored. Returns every problem, one message per field.
 */
export function validateParameters(
  input: unknown,
  options: ValidateOptions = {},
): ValidationResult<QuoteParameters> {
  const applyDefaults = options.applyDefaults ?? true;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: [{ field: 'parameters', message: PARAMETER_MESSAGES.parameters }] };
  }
  const raw = input as Record<string, unknown>;
  const pick = <K extends keyof QuoteParameters>(k: K): unknown =>
    raw[k] === undefined && applyDefaults ? DEFAULT_PARAMETERS[k] : raw[k];
  const errors: ParameterIssue[] = [];

  const layerHeight = pick('layerHeight');
  if (!inRange(layerHeight, PARAMETER_BOUNDS.layerHeight))
    errors.push({ field: 'layerHeight', message: PARAMETER_MESSAGES.layerHeight });
  const infillPercentage = pick('infillPercentage');
  if (!inRange(infillPercentage, PARAMETER_BOUNDS.infillPercentage))
    errors.push({ field: 'infillPercentage', message: PARAMETER_MESSAGES.infillPercentage });
  const printSpeed = pick('printSpeed');
  if (!inRange(printSpeed, PARAMETER_BOUNDS.printSpeed))
    errors.push({ field: 'printSpeed', message: PARAMETER_MESSAGES.printSpeed });
  const filamentType = pick('filamentType');
  if (typeof filamentType !== 'string' || !(FILAMENT_TYPES as readonly string[]).includes(filamentType))
    errors.push({ field: 'filamentType', message: PARAMETER_MESSAGES.filamentType });
  const supportRequired = pick('supportRequired');
  if (typeof supportRequired !== 'boolean')
    errors.push({ field: 'supportRequired', message: PARAMETER_MESSAGES.supportRequired });
  const postProcessing = pick('postProcessing');
  if (
    !Array.isArray(postProcessing) ||
    !postProcessing.every(
      (p) => typeof p === 'string' && (POST_PROCESSING_OPTIONS as readonly string[]).includes(p),
    )
  )
    errors.push({ field: 'postProcessing', message: PARAMETER_MESSAGES.postProcessing });

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      layerHeight: layerHeight as number,
      infillPercentage: infillPercentage as number,
      printSpeed: printSpeed as number,
      filamentType: filamentType as FilamentType,
      supportRequired: supportRequired as boolean,
      // Each option counts once, in the canonical order, so equal selections price equally.
      postProcessing: POST_PROCESSING_OPTIONS.filter((o) => (postProcessing as string[]).includes(o)),
    },
  };
}

/** Like `validateParameters` but throws a `ParameterError` listing every problem. */
export function parseParameters(input: unknown, options: ValidateOptions = {}): QuoteParameters {
  const r = validateParameters(input, options);
  if (!r.ok) throw new ParameterError(r.errors);
  return r.value;
}

/** Validate an order quantity (a whole number within PARAMETER_BOUNDS.quantity). */
export function validateQuantity(q: unknown): ValidationResult<number> {
  if (typeof q === 'number' && Number.isInteger(q) && inRange(q, PARAMETER_BOUNDS.quantity))
    return { ok: true, value: q };
  return { ok: false, errors: [{ field: 'quantity', message: PARAMETER_MESSAGES.quantity }] };
}
