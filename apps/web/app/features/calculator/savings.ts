/**
 * The savings hints' candidates for a loaded model, run in the model worker after the first price: a
 * lower infill, and a thicker layer when the part has no fine vertical detail. Each is estimated with
 * the parameters the farm would run (`farmParameters`), exactly as the instant price is, so the hint's
 * figure is the price the calculator shows once it is applied. (`savingsHints` in @printloop/quote
 * prices and ranks them, and adds the quantity hint.)
 */
import { estimatePrint, type PreparedMesh, prepareMesh } from '@printloop/estimate';
import {
  hasFineVerticalDetail,
  type Orientation,
  orientationCandidates,
  orientedFit,
  orientPositions,
} from '@printloop/geometry';
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

/** Faces tried for the orientation hint (the largest faces of the hull, one per normal). */
export const ORIENTATION_HINT_FACES = 8;
/** Larger models get no orientation hint: each face tried is a full estimate in the browser. */
export const ORIENTATION_HINT_MAX_TRIANGLES = 150_000;

/** The faces worth trying for the orientation hint: those that fit the build volume, largest first. */
export function orientationFaces(prepared: PreparedMesh): Orientation[] {
  const { positions, triangleCount } = prepared.mesh;
  if (triangleCount > ORIENTATION_HINT_MAX_TRIANGLES) return [];
  return orientationCandidates(positions, triangleCount, ORIENTATION_HINT_FACES)
    .filter((c) => c.fits)
    .map((c) => c.orientation);
}

/** Whether the part needs supports as it lies with these parameters (supports on, and some generated). */
export function needsSupport(prepared: PreparedMesh, params: PrintParameters): boolean {
  return params.supportRequired && estimatePrint(prepared, farmParameters(params)).breakdown.support_g > 0;
}

/**
 * One face's orientation candidate: the part put down on face `n`, estimated with the farm's parameters
 * (supports on if the user has them on) on the mesh turned by `orientPositions`, exactly as the server
 * turns its stored mesh. When the part needs supports as it lies (`supportNeeded`) and this face needs
 * none at all, the candidate turns supports off and is estimated that way (a part that needs none
 * already gains nothing from turning).
 */
export function orientationHintCandidate(
  prepared: PreparedMesh,
  params: PrintParameters,
  n: Orientation,
  supportNeeded: boolean,
): HintCandidate {
  const { positions, triangleCount } = prepared.mesh;
  const turned = orientPositions(positions, triangleCount, n);
  const rotated = prepareMesh({ positions: turned, triangleCount });
  let e = estimatePrint(rotated, farmParameters(params));
  const parameters: Partial<PrintParameters> = {};
  const supportFree = supportNeeded && e.breakdown.support_g === 0;
  if (supportFree) {
    parameters.supportRequired = false;
    e = estimatePrint(rotated, farmParameters({ ...params, supportRequired: false }));
  }
  const { size } = orientedFit(turned, [0, 0, -1]);
  return {
    kind: 'orientation',
    parameters,
    estimate: { print_time_s: e.print_time_s, filament_g: e.filament_g },
    orientation: n,
    size,
    supportFree,
  };
}

/**
 * The orientation hint's candidates, all at once: each face of `orientationFaces`. (The worker answers
 * them one face per message, so the instant price of a change never waits for all of them.)
 */
export function orientationHintCandidates(prepared: PreparedMesh, params: PrintParameters): HintCandidate[] {
  const supportNeeded = needsSupport(prepared, params);
  return orientationFaces(prepared).map((n) => orientationHintCandidate(prepared, params, n, supportNeeded));
}
