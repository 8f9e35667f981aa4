/**
 * The one overhang rule, shared by the mesh analysis (overhang area, "supports recommended"), the
 * web viewer's tint and the estimator's support regions.
 *
 * It is PrusaSlicer's automatic rule for the house profile (support_material_threshold = 0): a layer
 * overhangs where it reaches further past the layer below than half the external perimeter's width.
 * For a facet that is an angle from vertical: tan(angle) = (width / 2) / layer height, 48.4° at the
 * default 0.2 mm layers (66° at 0.1 mm, 37° at 0.3 mm). Facets lying on the bed never overhang.
 */

/** External perimeter extrusion width of the house profile (mm). */
export const EXTERNAL_PERIMETER_WIDTH = 0.45;
/** How far (mm) a layer may reach past the one below before it needs support. */
export const OVERHANG_REACH_MM = EXTERNAL_PERIMETER_WIDTH / 2;
/** The layer height the analysis and the viewer use when no layer height is chosen. */
export const DEFAULT_LAYER_HEIGHT = 0.2;
/** A facet whose highest corner is within this of the lowest point of the model rests on the bed (mm). */
export const BED_TOLERANCE_MM = 0.01;

/** The overhang threshold as an angle from vertical (degrees) at a layer height. */
export function overhangAngleDeg(layerHeight: number = DEFAULT_LAYER_HEIGHT): number {
  return (Math.atan2(OVERHANG_REACH_MM, layerHeight) * 180) / Math.PI;
}

/** A facet overhangs when its unit normal's z is below this (it faces further down than the angle). */
export function overhangNormalZ(layerHeight: number = DEFAULT_LAYER_HEIGHT): number {
  return -Math.sin(Math.atan2(OVERHANG_REACH_MM, layerHeight));
}

/**
 * Does a facet need support? `normalZ` / `normalLength`: z component and length of its (unnormalised)
 * outward normal; `highestZ`: its highest corner; `bedZ`: the model's lowest point. The threshold is
 * `overhangNormalZ(layerHeight)`; pass a precomputed one in hot loops.
 */
export function isOverhangFacet(
  normalZ: number,
  normalLength: number,
  highestZ: number,
  bedZ: number,
  threshold: number = overhangNormalZ(),
): boolean {
  if (!(normalLength > 0)) return false;
  if (highestZ <= bedZ + BED_TOLERANCE_MM) return false;
  return normalZ < threshold * normalLength;
}
