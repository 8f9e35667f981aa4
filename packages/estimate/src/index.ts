/**
 * @printloop/estimate: print time and filament from the mesh, calibrated against PrusaSlicer 2.5 with
 * the house profile. Pure TypeScript (no Node APIs in the core).
 */
export {
  CALIBRATION,
  computeEstimate,
  type EstimateBreakdown,
  type EstimateResult,
  estimatePrint,
  GEOMETRY_OPTIONS,
  PROFILE,
  spacing,
} from './estimate.js';
export { buildShape, type ShapeSpec, toBinaryStl, torus } from './shapes.js';
export {
  type Island,
  type LayerGeometry,
  layerCountFor,
  layerGeometry,
  type PreparedMesh,
  prepareMesh,
} from './slice.js';
