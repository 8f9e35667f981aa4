// The print parameters, materials and printer live in @printloop/materials; re-exported here so
// existing importers of @printloop/quote keep compiling.
export {
  applyMaterialLimits,
  colorFor,
  colorIds,
  colorProblem,
  DEFAULT_PARAMETERS,
  FILAMENT_TYPES,
  type FilamentType,
  farmParameters,
  HOUSE_PRINTER,
  type LimitNote,
  MATERIALS,
  type Material,
  type MaterialColor,
  maxLayerHeight,
  PARAMETER_BOUNDS,
  PARAMETER_MESSAGES,
  ParameterError,
  type ParameterIssue,
  POST_PROCESSING_OPTIONS,
  type PostProcessing,
  type PrintParameters,
  parseParameters,
  type QuoteParameters,
  type ValidateOptions,
  type ValidationResult,
  validateParameters,
  validateQuantity,
} from '@printloop/materials';
export * from './hints.js';
export * from './order.js';
export * from './price.js';
export * from './shipping.js';
export * from './summary.js';
export * from './vat.js';
