/**
 * The savings hints' candidates for a loaded model, run in the model worker after the first price: a
 * lower infill, and a thicker layer when the part has no fine vertical detail. Each is estimated with
 * the parameters the farm would run (`farmParameters`), exactly as the instant price is, so the hint's
 * figure is the price the calculator shows once it is applied. (`savingsHints` in @printloop/quote
 * prices and ranks them, and adds the quantity hint.)
 */
import { estimatePrint, type PreparedMesh } from '@printloop/estimate';
import { hasFineVerticalDetail } from '@printloop/geometry';
import {
  farmParameters,
  type HintCandidate,
  maxLayerHeight,
  PARAMETER_BOUNDS,
  type PrintParameters,
} from '@printloop/quote';

export function hintCandidates(prepared: PreparedMesh, params: PrintParameters): HintCandidate[] {
  const mesh = prepared.mesh;
  const out: HintCandidate[] = [];
  const estimate = (change: Partial<PrintParameters>) => {
    const e = estimatePrint(prepared, farmParameters({ ...params, ...change }));
    return { print_time_s: e.print_time_s, filament_g: e.filament_g };
  };
  const sparsest = PARAMETER_BOUNDS.infillPercentage.min;
  if (params.infillPercentage > sparsest) {
    const change = { infillPercentage: sparsest };
    out.push({ kind: 'infill', parameters: change, estimate: estimate(change) });
  }
  const thickest = maxLayerHeight();
  if (
    farmParameters(params).layerHeight < thickest - 1e-9 &&
    !hasFineVerticalDetail(mesh.positions, mesh.triangleCount, thickest)
  ) {
    const change = { layerHeight: thickest };
    out.push({ kind: 'layer', parameters: change, estimate: estimate(change) });
  }
  return out;
}
