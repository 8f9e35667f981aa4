/**
 * Scoring the estimator against the corpus references (pure; the JSON is read by the caller):
 * per-record errors, and leave-one-family-out figures — for each family, the calibrated scales are
 * fitted on the other families only and the family is measured with them.
 */
import type { PrintParameters } from '@printloop/materials';
import { CALIBRATION, estimatePrint } from '../estimate.js';
import { type PreparedMesh, prepareMesh } from '../slice.js';
import { buildPart, type CorpusPart } from './parts.js';

export interface CorpusRecord {
  name: string;
  family: string;
  params: PrintParameters;
  print_time_s: number;
  filament_g: number;
  layers: number;
}

export interface CorpusRefs {
  jobs: PrintParameters[];
  parts: Array<CorpusPart & { sealed?: boolean }>;
  records: CorpusRecord[];
}

/** Grams below this are printed with 2 decimals by PrusaSlicer: their % error is rounding noise. */
export const MIN_GRAMS_FOR_PERCENT = 0.5;

export interface Scored {
  name: string;
  family: string;
  sealed: boolean;
  params: PrintParameters;
  refTime: number;
  refGrams: number;
  /** The estimate without the fitted scales (time s, grams). */
  rawTime: number;
  rawGrams: number;
}

/** Estimate every record (each part's mesh is built and prepared once). */
export function scoreCorpus(refs: CorpusRefs, options: { sealed?: boolean } = {}): Scored[] {
  const parts = new Map(refs.parts.map((p) => [p.name, p]));
  const byPart = new Map<string, CorpusRecord[]>();
  for (const r of refs.records) {
    const part = parts.get(r.name);
    if (!part || (part.sealed && !options.sealed)) continue;
    const list = byPart.get(r.name) ?? [];
    list.push(r);
    byPart.set(r.name, list);
  }
  const out: Scored[] = [];
  for (const [name, records] of byPart) {
    const part = parts.get(name) as CorpusPart & { sealed?: boolean };
    let prepared: PreparedMesh | null = prepareMesh(buildPart(part.spec));
    for (const r of records) {
      const e = estimatePrint(prepared, r.params);
      out.push({
        name,
        family: part.family,
        sealed: part.sealed === true,
        params: r.params,
        refTime: r.print_time_s,
        refGrams: r.filament_g,
        rawTime: e.print_time_s / CALIBRATION.timeScale,
        rawGrams: e.filament_g / CALIBRATION.gramsScale,
      });
    }
    prepared = null;
  }
  return out;
}

/** The scale that makes the median log-ratio zero (robust to a few odd parts). */
export function fitScale(pairs: Array<[estimate: number, reference: number]>): number {
  const logs = pairs
    .filter(([e, r]) => e > 0 && r > 0)
    .map(([e, r]) => Math.log(r / e))
    .sort((a, b) => a - b);
  if (logs.length === 0) return 1;
  const m = logs.length;
  const median =
    m % 2 ? (logs[(m - 1) / 2] as number) : ((logs[m / 2 - 1] as number) + (logs[m / 2] as number)) / 2;
  return Math.exp(median);
}

export function fitScales(rows: Scored[]): { time: number; grams: number } {
  return {
    time: fitScale(rows.map((r) => [r.rawTime, r.refTime])),
    grams: fitScale(
      rows.filter((r) => r.refGrams >= MIN_GRAMS_FOR_PERCENT).map((r) => [r.rawGrams, r.refGrams]),
    ),
  };
}

export interface ErrorRow extends Scored {
  /** Signed % errors with the scales of the fold that held this record out. */
  timeError: number;
  gramsError: number | null;
}

/** Leave-one-family-out: each family measured with scales fitted on all the others. */
export function leaveOneFamilyOut(rows: Scored[]): {
  errors: ErrorRow[];
  scales: Map<string, { time: number; grams: number }>;
} {
  const families = [...new Set(rows.map((r) => r.family))];
  const scales = new Map<string, { time: number; grams: number }>();
  const errors: ErrorRow[] = [];
  for (const family of families) {
    const training = rows.filter((r) => r.family !== family && !r.sealed);
    const s = fitScales(training);
    scales.set(family, s);
    for (const r of rows.filter((x) => x.family === family)) errors.push(withErrors(r, s));
  }
  return { errors, scales };
}

export function withErrors(r: Scored, s: { time: number; grams: number }): ErrorRow {
  return {
    ...r,
    timeError: ((r.rawTime * s.time) / r.refTime - 1) * 100,
    gramsError: r.refGrams >= MIN_GRAMS_FOR_PERCENT ? ((r.rawGrams * s.grams) / r.refGrams - 1) * 100 : null,
  };
}

export interface Summary {
  records: number;
  /** Records whose grams are compared (PrusaSlicer's figure at least MIN_GRAMS_FOR_PERCENT). */
  gramsRecords: number;
  timeMedian: number;
  timeWorst: number;
  gramsMedian: number;
  gramsWorst: number;
}

export function summarise(rows: ErrorRow[]): Summary {
  const stat = (xs: number[]) => {
    const s = xs.map(Math.abs).sort((a, b) => a - b);
    const n = s.length;
    if (n === 0) return { median: 0, worst: 0 };
    const median = n % 2 ? (s[(n - 1) / 2] as number) : ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2;
    return { median, worst: s[n - 1] as number };
  };
  const t = stat(rows.map((r) => r.timeError));
  const grams = rows.filter((r) => r.gramsError !== null).map((r) => r.gramsError as number);
  const g = stat(grams);
  return {
    records: rows.length,
    gramsRecords: grams.length,
    timeMedian: t.median,
    timeWorst: t.worst,
    gramsMedian: g.median,
    gramsWorst: g.worst,
  };
}
