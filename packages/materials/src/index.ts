/**
 * @printloop/materials: what every package shares about printing here — the materials, the house
 * printer, the print parameters and their bounds, and the one overhang rule. Pure (no dependencies,
 * no Node or DOM APIs).
 */

export {
  applyMaterialLimits,
  farmParameters,
  type LimitNote,
  MAX_LAYER_SHARE_OF_NOZZLE,
  maxLayerHeight,
} from './limits.js';
export {
  colorFor,
  colorIds,
  colorProblem,
  FILAMENT_TYPES,
  type FilamentType,
  MATERIALS,
  type Material,
  type MaterialColor,
} from './materials.js';
export {
  BED_TOLERANCE_MM,
  DEFAULT_LAYER_HEIGHT,
  EXTERNAL_PERIMETER_WIDTH,
  isOverhangFacet,
  OVERHANG_REACH_MM,
  overhangAngleDeg,
  overhangNormalZ,
} from './overhang.js';
export * from './parameters.js';
export { type AxisLimits, HOUSE_PRINTER, type PrinterProfile } from './printer.js';
export { EU_COUNTRIES } from './regions.js';
