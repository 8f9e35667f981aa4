import { HOUSE_PRINTER } from '../limits.js';
import type { ParsedModel, ProgressCallback } from '../parse/index.js';
import type { Analysis, Units } from '../types.js';
import { type BedFit, convexHull2D, fitOnBed } from './fit.js';
import { measureMesh } from './mesh.js';
import { orientedFit } from './orient.js';

/** Overhang area above which supports are recommended (mm², and as a share of the surface). */
export const SUPPORT_MIN_AREA_MM2 = 50;
export const SUPPORT_MIN_SHARE = 0.02;
/** Inches are suggested only for a part whose every dimension is under this many (as read, in mm). */
export const TINY_MM = 8;
/** Below this largest dimension a part made only of whole and half millimetres is too small to be one. */
export const IMPLAUSIBLE_MM = 2;

/** Is `v` a multiple of `step`, allowing for single-precision noise in the file? */
function isMultiple(v: number, step: number): boolean {
  const k = v / step;
  return Math.abs(k - Math.round(k)) < 0.01;
}

/**
 * Was a unitless model read as mm really drawn in inches? Only on strong evidence:
 *  - every dimension is tiny (under TINY_MM), and
 *  - every dimension is a round number in inches (a multiple of 1/16 in: 1, 0.5, 0.25, 0.375 …), and
 *  - it is not as round in mm: some dimension is a fraction a metric drawing would not use (not a whole
 *    or half millimetre, e.g. 0.25 or 0.375), or, when all are whole or half units, the part would be
 *    implausibly small in mm (at most IMPLAUSIBLE_MM across, like the 1-unit cube).
 * Real metric parts under 10 mm (an M3 nut 5.5 × 6.35 × 2.4 mm, a 4.2 mm spacer, a 7.9 mm cube) are left
 * alone: their dimensions are tenths of a millimetre, not sixteenths of an inch.
 */
export function looksLikeInches(size: readonly [number, number, number]): boolean {
  const largest = Math.max(...size);
  if (!(largest > 0) || largest >= TINY_MM || size.some((v) => !(v > 0))) return false;
  if (!size.every((v) => isMultiple(v, 1 / 16))) return false;
  const metricRound = size.every((v) => isMultiple(v, 0.5));
  return !metricRound || largest <= IMPLAUSIBLE_MM + 1e-6;
}

/** Below these a model has nothing to print: a flat sheet, a line, or faces that enclose no space. */
export const MIN_PRINTABLE_VOLUME_MM3 = 0.1;
export const MIN_PRINTABLE_SIZE_MM = 0.1;

/** Why a measured model cannot be printed at all, or null when it has a printable volume. */
export function printableProblem(a: Pick<Analysis, 'volume_mm3' | 'bbox'>): string | null {
  const smallest = Math.min(...a.bbox.size);
  if (!(a.volume_mm3 >= MIN_PRINTABLE_VOLUME_MM3) || !(smallest >= MIN_PRINTABLE_SIZE_MM)) {
    return 'This model has no printable volume: it is flat, or its faces enclose no space. Export it as a solid and try again.';
  }
  return null;
}

/** Rounds to 6 decimals and at most 12 significant digits (float noise such as 25.399999618 goes). */
export function round6(v: number): number {
  if (!Number.isFinite(v) || v === 0) return 0;
  const r = Math.round(Number(v.toPrecision(12)) * 1e6) / 1e6;
  return r === 0 ? 0 : r;
}

/** Does a box of this size fit the printer, as is or turned 90° about the vertical axis? */
export function fitsPrinter(x: number, y: number, z: number): boolean {
  const eps = 1e-6;
  if (z > HOUSE_PRINTER.z + eps) return false;
  return (
    (x <= HOUSE_PRINTER.x + eps && y <= HOUSE_PRINTER.y + eps) ||
    (y <= HOUSE_PRINTER.x + eps && x <= HOUSE_PRINTER.y + eps)
  );
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The footprint's convex hull (x, y of every vertex), turned until it fits the bed; null if no turn does. */
function fitTurned(xyz: Float32Array): BedFit | null {
  const n = Math.floor(xyz.length / 3);
  const xy = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    xy[2 * i] = xyz[3 * i]!;
    xy[2 * i + 1] = xyz[3 * i + 1]!;
  }
  const fit = fitOnBed(convexHull2D(xy), HOUSE_PRINTER.x, HOUSE_PRINTER.y);
  return fit && fit.rotationDeg > 0 ? fit : null;
}

/** The sides a part may be laid on, as the face put down (see orient.ts): ±x and ±y down. */
const SIDES: readonly (readonly [number, number, number])[] = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
];

/**
 * The first side the part fits lying on, with its turn and footprint on the bed (the box as it lies
 * when it fits square-on); null when it fits no way. Points are x, y, z triples (the mesh's vertices).
 */
function fitLying(xyz: ArrayLike<number>): { orientation: [number, number, number]; fit: BedFit } | null {
  for (const side of SIDES) {
    const { size, fits, bed } = orientedFit(xyz, side);
    if (fits)
      return {
        orientation: [side[0], side[1], side[2]],
        fit: bed ?? { rotationDeg: 0, footprint: [size[0], size[1]] },
      };
  }
  return null;
}

/**
 * What a part takes on the bed (mm): its box as it lies, or, when it fits only turned (a long rail on
 * the diagonal), its footprint at that turn; the height either way. Analyses stored before turning was
 * tried have no footprint: their box.
 */
export function bedFootprint(a: Pick<Analysis, 'bbox' | 'fit_footprint_mm' | 'fit_orientation'>): {
  x: number;
  y: number;
  z: number;
} {
  const [x, y, standing] = a.bbox.size;
  // Laid on a side (a face with an x or y normal down): its height is its width along that axis.
  const side = a.fit_orientation;
  const z = side ? (side[0] !== 0 ? x : y) : standing;
  const fp = a.fit_footprint_mm;
  return fp ? { x: fp[0], y: fp[1], z } : { x, y, z };
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function fmt(v: number): string {
  return Number(v.toPrecision(4)).toString();
}

/** Measures a parsed model. Pure and synchronous. */
export function analyzeParsed(
  parsed: ParsedModel,
  fileName: string,
  options: { onProgress?: ProgressCallback } = {},
): Analysis {
  const { mesh } = parsed;
  const onProgress = options.onProgress;
  const m = measureMesh(
    mesh.positions,
    mesh.triangleCount,
    onProgress ? (f) => onProgress('analyze', f) : undefined,
    mesh.indexed,
  );
  const size: [number, number, number] = [m.max[0] - m.min[0], m.max[1] - m.min[1], m.max[2] - m.min[2]];
  const largest = Math.max(size[0], size[1], size[2]);
  const squareOn = fitsPrinter(size[0], size[1], size[2]);
  // Too wide or long as it lies, but not too tall: try turning it on the bed (a rail on the diagonal).
  const turned =
    !squareOn && size[2] <= HOUSE_PRINTER.z + 1e-6
      ? fitTurned(mesh.indexed?.vertices ?? mesh.positions)
      : null;
  // Still no fit (too tall, or too long even on the diagonal): try lying it on each of its sides, the
  // four turns of a quarter turn about x or y, turned on the bed if need be (a 260 mm tower lies down).
  const lying = squareOn || turned ? null : fitLying(mesh.indexed?.vertices ?? mesh.positions);
  const fits = squareOn || turned !== null || lying !== null;
  const warnings: string[] = [...parsed.warnings];
  const shells = parsed.format === 'step' && parsed.solids !== undefined ? parsed.solids : m.shells;

  if (!m.watertight) {
    const what =
      m.boundaryEdges > 0 && m.nonManifoldEdges > 0
        ? 'it has holes and edges shared by more than two faces'
        : m.boundaryEdges > 0
          ? 'it has holes'
          : m.nonManifoldEdges > 0
            ? 'it has edges shared by more than two faces'
            : 'some faces overlap';
    const fill = m.holesFilled > 0 ? ' We closed the holes to estimate it.' : '';
    warnings.push(`The mesh is not watertight (${what}), so the volume is approximate.${fill}`);
  }
  if (m.invertedFixed > 0) {
    warnings.push(
      `${plural(m.invertedFixed, 'face was', 'faces were')} facing inwards; we turned them around.`,
    );
  }
  if (m.degenerate > 0) {
    warnings.push(
      `${plural(m.degenerate, 'face has', 'faces have')} no area and ${m.degenerate === 1 ? 'was' : 'were'} ignored.`,
    );
  }
  if (m.duplicate > 0) {
    warnings.push(
      `${plural(m.duplicate, 'face is a duplicate', 'faces are duplicates')} and ${m.duplicate === 1 ? 'was' : 'were'} ignored.`,
    );
  }
  let suggested: Units | null = null;
  const unitless = parsed.format === 'stl-binary' || parsed.format === 'stl-ascii' || parsed.format === 'obj';
  if (unitless && !parsed.unitsExplicit && parsed.units === 'mm' && looksLikeInches(size)) {
    const s = 25.4;
    if (fitsPrinter(size[0] * s, size[1] * s, size[2] * s)) {
      suggested = 'in';
      warnings.push(
        `The model is only ${fmt(largest)} mm across. If it was designed in inches, choose inches (it would be ${fmt(largest * s)} mm).`,
      );
    }
  }
  if (turned) {
    warnings.push(
      `The model fits our ${HOUSE_PRINTER.x} × ${HOUSE_PRINTER.y} mm bed turned by ${fmt(turned.rotationDeg)}° (on the diagonal); we print it that way.`,
    );
  }
  if (lying) {
    const turn = lying.fit.rotationDeg > 0 ? `, turned by ${fmt(lying.fit.rotationDeg)}° on the bed` : '';
    warnings.push(
      `The model (${fmt(size[0])} × ${fmt(size[1])} × ${fmt(size[2])} mm) fits our printer only laid on its side${turn}; we print it, price it and show it that way.`,
    );
  }
  if (!fits) {
    warnings.push(
      `The model (${fmt(size[0])} × ${fmt(size[1])} × ${fmt(size[2])} mm) does not fit our printer's ${HOUSE_PRINTER.x} × ${HOUSE_PRINTER.y} × ${HOUSE_PRINTER.z} mm build volume.`,
    );
  }
  const supports = m.overhangArea >= SUPPORT_MIN_AREA_MM2 && m.overhangArea >= SUPPORT_MIN_SHARE * m.area;

  return {
    file: baseName(fileName),
    format: parsed.format,
    units: parsed.units,
    triangles: m.triangles,
    volume_mm3: round6(m.volume),
    area_mm2: round6(m.area),
    bbox: {
      min: [round6(m.min[0]), round6(m.min[1]), round6(m.min[2])],
      max: [round6(m.max[0]), round6(m.max[1]), round6(m.max[2])],
      size: [round6(size[0]), round6(size[1]), round6(size[2])],
    },
    watertight: m.watertight,
    shells,
    degenerate_triangles: m.degenerate,
    duplicate_triangles: m.duplicate,
    overhang_area_mm2: round6(m.overhangArea),
    supports_recommended: supports,
    fits_build_volume: fits,
    fit_rotation_deg: squareOn
      ? 0
      : turned
        ? round2(turned.rotationDeg)
        : lying
          ? round2(lying.fit.rotationDeg)
          : null,
    fit_footprint_mm: squareOn
      ? [round6(size[0]), round6(size[1])]
      : turned
        ? [round2(turned.footprint[0]), round2(turned.footprint[1])]
        : lying
          ? [round2(lying.fit.footprint[0]), round2(lying.fit.footprint[1])]
          : null,
    fit_orientation: lying ? lying.orientation : null,
    suggested_units: suggested,
    warnings,
  };
}

/** The file's base name (no directories, either slash). */
export function baseName(fileName: string): string {
  const i = Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\'));
  return i >= 0 ? fileName.slice(i + 1) : fileName;
}
