/**
 * @printloop/geometry: the pure geometry core (no DOM, no Node APIs). Parses STL (binary and
 * ASCII), OBJ, 3MF and STEP into a triangle soup in millimetres and measures it.
 */
import { analyzeParsed } from './measure/analyze.js';
import { type ParseOptions, parseModel } from './parse/index.js';
import type { Analysis } from './types.js';

export {
  BED_TOLERANCE_MM,
  isOverhangFacet,
  overhangAngleDeg,
  overhangNormalZ,
} from '@printloop/materials';
export { GeometryError, type GeometryErrorCode, isGeometryError } from './errors.js';
export { HOUSE_PRINTER, MAX_INPUT_BYTES, MAX_TRIANGLES } from './limits.js';
export {
  analyzeParsed,
  baseName,
  bedFootprint,
  fitsPrinter,
  looksLikeInches,
  MIN_PRINTABLE_SIZE_MM,
  MIN_PRINTABLE_VOLUME_MM3,
  printableProblem,
  round6,
} from './measure/analyze.js';
export { hasFineVerticalDetail } from './measure/detail.js';
export { type MeshMetrics, measureMesh, weld } from './measure/mesh.js';
export {
  convexHull3D,
  type HullFace,
  isIdentityOrientation,
  MAX_ORIENTATION_CANDIDATES,
  ORIENTATION_DECIMALS,
  ORIENTATION_MESSAGE,
  ORIENTATION_NORM_TOLERANCE,
  type Orientation,
  type OrientationCandidate,
  orientationCandidates,
  orientationMatrix,
  orientationProblem,
  orientedFit,
  orientPositions,
} from './measure/orient.js';
export { releaseScratch, SCRATCH_KEEP_BYTES, scratchBytes } from './measure/scratch.js';
export { decodeMesh, encodeMesh, MESH_CODEC_MEDIA_TYPE } from './mesh-codec.js';
export {
  type FileKind,
  fileKind,
  type ParsedModel,
  type ParseOptions,
  type ProgressCallback,
  parseBinaryStlFile,
  parseModel,
  type ReadAt,
  UNIT_SCALE,
} from './parse/index.js';
export {
  configureStepLoader,
  loadOcct,
  type OcctLoader,
  type OcctModule,
  STEP_TESSELLATION,
} from './parse/step.js';
export { release } from './release.js';
export type { Analysis, AnalyzeOptions, BBox, ModelFormat, TriangleMesh, Units } from './types.js';

/** Parses and measures a model file. Throws only `GeometryError`. */
export async function analyzeModel(
  data: Uint8Array,
  fileName: string,
  options: ParseOptions = {},
): Promise<Analysis> {
  const parsed = await parseModel(data, fileName, options);
  return analyzeParsed(parsed, fileName, options.onProgress ? { onProgress: options.onProgress } : {});
}
