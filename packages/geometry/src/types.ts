/** Shared types of the geometry core. Pure data: no DOM, no Node APIs. */

export type ModelFormat = 'stl-binary' | 'stl-ascii' | 'obj' | '3mf' | 'step';
export type Units = 'mm' | 'cm' | 'in';

/**
 * A triangle soup in millimetres (after unit scaling): x, y, z of each triangle's three corners,
 * 9 floats per triangle, in file order. This is what the viewer and the estimator consume.
 */
export interface TriangleMesh {
  positions: Float32Array;
  triangleCount: number;
  /**
   * For indexed formats (OBJ): the file's vertex list (x, y, z, after unit scaling) and each
   * corner's index into it, 3 per triangle, so that `positions` = vertices[indices]. Lets the
   * measurement weld the vertex list instead of every corner.
   */
  indexed?: { vertices: Float32Array; indices: Int32Array };
}

export interface BBox {
  min: [number, number, number];
  max: [number, number, number];
  size: [number, number, number];
}

/** The analysis of one model. Field names match the CLI's JSON output exactly. */
export interface Analysis {
  file: string;
  format: ModelFormat;
  units: Units;
  triangles: number;
  volume_mm3: number;
  area_mm2: number;
  bbox: BBox;
  watertight: boolean;
  shells: number;
  degenerate_triangles: number;
  duplicate_triangles: number;
  overhang_area_mm2: number;
  supports_recommended: boolean;
  fits_build_volume: boolean;
  /**
   * The turn about the vertical axis (degrees, counter-clockwise) at which it fits the bed: 0 when it
   * fits as it lies, about 39 for a 300 mm rail on the 250 × 210 bed; null when it does not fit.
   */
  fit_rotation_deg: number | null;
  /** The footprint on the bed (x, y in mm) at that turn; null when it does not fit. */
  fit_footprint_mm: [number, number] | null;
  /**
   * When it fits only laid on a side (a tower taller than the printer), that side as the face put down
   * (an orientation, see `orientPositions`): the estimate, the viewer and the farm use it. Null when it
   * fits as it stands (or not at all); absent on analyses stored before sides were tried.
   */
  fit_orientation?: [number, number, number] | null;
  suggested_units: Units | null;
  warnings: string[];
}

export interface AnalyzeOptions {
  units?: Units;
}
