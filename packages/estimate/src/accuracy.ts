/**
 * npm run -s accuracy: the estimator against every PrusaSlicer reference we have.
 *  - packages/estimate/refs/corpus-refs.json: the corpus of parts in families. Reported
 *    leave-one-family-out: for each family the fitted scales come from the other families only.
 *    Parts marked sealed are listed apart (with --sealed).
 *  - fixtures/models/slicer-refs.json (the calibration models; STEP through the geometry package's
 *    own tessellation, the inch cube at 25.4 via units 'in'; the oversize rail has no records)
 *  - packages/estimate/refs/extra-refs.json (generated shapes sliced with the same command line)
 * Prints median and maximum absolute % error for time and grams, per family and per set, and the
 * worst cases. Runs from the committed references (PrusaSlicer is not needed).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseModel, type Units } from '@printloop/geometry';
import type { PrintParameters } from '@printloop/materials';
import {
  type CorpusRefs,
  type ErrorRow,
  fitScales,
  leaveOneFamilyOut,
  type Summary,
  scoreCorpus,
  summarise,
  withErrors,
} from './corpus/evaluate.js';
import { CALIBRATION, estimatePrint } from './estimate.js';
import { buildShape, type ShapeSpec } from './shapes.js';
import { type PreparedMesh, prepareMesh } from './slice.js';

interface RefRecord {
  file?: string;
  name?: string;
  params: PrintParameters;
  print_time_s: number;
  filament_g: number;
  layers: number;
  transform?: string;
}

interface Row {
  set: string;
  model: string;
  job: string;
  time: number;
  refTime: number;
  grams: number;
  refGrams: number;
  errTime: number;
  errGrams: number | null;
}

/** Grams below this are printed with 2 decimals by PrusaSlicer: their % error is rounding noise. */
const MIN_GRAMS_FOR_PERCENT = 0.5;

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const sharedModels = path.resolve(repoRoot, 'fixtures/models');

function job(p: PrintParameters): string {
  return `${p.layerHeight}mm/${p.infillPercentage}%/${p.printSpeed}mm/s/${p.filamentType}${p.supportRequired ? '/supports' : ''}`;
}

function stats(values: number[]): { median: number; max: number; n: number } {
  // n = 0 (e.g. no holdout records) reports zeros
  const s = values.map(Math.abs).sort((a, b) => a - b);
  const n = s.length;
  const median =
    n === 0 ? 0 : n % 2 ? (s[(n - 1) / 2] as number) : ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2;
  return { median, max: n ? (s[n - 1] as number) : 0, n };
}

function corpusReport(refs: CorpusRefs, sealed: boolean): { lines: string[]; json: unknown } {
  const scored = scoreCorpus(refs, { sealed });
  const open = scored.filter((r) => !r.sealed);
  const { errors, scales } = leaveOneFamilyOut(open);
  const all = fitScales(open);
  const pct = (x: number) => `${x.toFixed(1)}%`.padStart(6);
  const fmt = (s: Summary) =>
    `${String(s.records).padStart(4)} ${pct(s.timeMedian)} ${pct(s.timeWorst)} ${s.gramsRecords > 0 ? pct(s.gramsMedian) : '   n/a'} ${s.gramsRecords > 0 ? pct(s.gramsWorst) : '   n/a'}`;
  const families = [...new Set(open.map((r) => r.family))];
  const lines: string[] = [];
  lines.push('Corpus (refs/corpus-refs.json), leave-one-family-out: each family measured with the time and');
  lines.push('grams scales fitted on the other families only. Absolute % error against PrusaSlicer 2.5.');
  lines.push('');
  lines.push(
    `${'family'.padEnd(12)} | ${'all: n  t.med t.max g.med g.max'.padEnd(31)} | ${'supports off'.padEnd(31)} | supports on`,
  );
  const block = (rows: ErrorRow[]) => fmt(summarise(rows));
  const summaryJson: Record<string, unknown> = {};
  for (const f of families) {
    const rows = errors.filter((r) => r.family === f);
    const off = rows.filter((r) => !r.params.supportRequired);
    const on = rows.filter((r) => r.params.supportRequired);
    lines.push(`${f.padEnd(12)} | ${block(rows)} | ${block(off)} | ${block(on)}`);
    summaryJson[f] = { all: summarise(rows), off: summarise(off), on: summarise(on), scales: scales.get(f) };
  }
  const off = errors.filter((r) => !r.params.supportRequired);
  const on = errors.filter((r) => r.params.supportRequired);
  lines.push(`${'overall'.padEnd(12)} | ${block(errors)} | ${block(off)} | ${block(on)}`);
  summaryJson.overall = { all: summarise(errors), off: summarise(off), on: summarise(on) };
  lines.push('');
  lines.push(
    `scales fitted on all families: time × ${all.time.toFixed(4)}, grams × ${all.grams.toFixed(4)} (CALIBRATION: time × ${CALIBRATION.timeScale}, grams × ${CALIBRATION.gramsScale})`,
  );
  let sealedRows: ErrorRow[] = [];
  if (sealed) {
    sealedRows = scored.filter((r) => r.sealed).map((r) => withErrors(r, all));
    const sOff = sealedRows.filter((r) => !r.params.supportRequired);
    const sOn = sealedRows.filter((r) => r.params.supportRequired);
    lines.push(
      `sealed parts (never looked at while building; scales from all open families): | ${block(sealedRows)} | ${block(sOff)} | ${block(sOn)}`,
    );
    summaryJson.sealed = { all: summarise(sealedRows), off: summarise(sOff), on: summarise(sOn) };
  }
  const worst = [...errors]
    .sort(
      (a, b) =>
        Math.max(Math.abs(b.timeError), Math.abs(b.gramsError ?? 0)) -
        Math.max(Math.abs(a.timeError), Math.abs(a.gramsError ?? 0)),
    )
    .slice(0, 12);
  lines.push('');
  lines.push('corpus worst cases (part, job, time % error, grams % error):');
  for (const w of worst) {
    lines.push(
      `  ${w.name.padEnd(26)} ${job(w.params).padEnd(30)} time ${w.timeError > 0 ? '+' : ''}${w.timeError.toFixed(1)}%  grams ${w.gramsError === null ? 'n/a' : `${w.gramsError > 0 ? '+' : ''}${w.gramsError.toFixed(1)}%`}`,
    );
  }
  // (the sealed rows follow the open ones, marked `sealed`, with the scales fitted on all open families)
  return { lines, json: { families: summaryJson, rows: [...errors, ...sealedRows] } };
}

async function main(): Promise<void> {
  const corpusRefs = JSON.parse(
    await readFile(path.resolve(here, '../refs/corpus-refs.json'), 'utf8'),
  ) as CorpusRefs;
  const corpus = corpusReport(corpusRefs, process.argv.includes('--sealed'));
  if (process.argv.includes('--corpus')) {
    process.stdout.write(
      process.argv.includes('--json') ? `${JSON.stringify(corpus.json)}\n` : `${corpus.lines.join('\n')}\n`,
    );
    return;
  }
  const rows: Row[] = [];
  const notes: string[] = [];
  const shared = JSON.parse(
    await readFile(path.join(sharedModels, 'slicer-refs.json'), 'utf8'),
  ) as RefRecord[];
  const meshes = new Map<string, PreparedMesh>();
  for (const r of shared) {
    const file = r.file as string;
    // the inch cube: one record as uploaded (mm), six at ×25.4 (units 'in')
    const units: Units | undefined = r.transform?.startsWith('scale 25.4') ? 'in' : undefined;
    const key = `${file}|${units ?? ''}`;
    let pm = meshes.get(key);
    if (!pm) {
      const data = await readFile(path.join(sharedModels, file));
      const parsed = await parseModel(
        data,
        file,
        units ? { units } : { units: file.endsWith('.stl') ? 'mm' : undefined },
      );
      pm = prepareMesh(parsed.mesh);
      meshes.set(key, pm);
    }
    const e = estimatePrint(pm, r.params);
    rows.push(row('calibration', units ? `${file} (×25.4)` : file, r, e.print_time_s, e.filament_g));
  }
  const extraPath = path.resolve(here, '../refs/extra-refs.json');
  const extra = JSON.parse(await readFile(extraPath, 'utf8')) as {
    shapes: Record<string, ShapeSpec>;
    holdout?: string[];
    records: RefRecord[];
  };
  const holdout = new Set(extra.holdout ?? []);
  for (const r of extra.records) {
    const name = r.name as string;
    let pm = meshes.get(`shape:${name}`);
    if (!pm) {
      const spec = extra.shapes[name];
      if (!spec) {
        notes.push(`no generator for ${name}`);
        continue;
      }
      pm = prepareMesh(buildShape(spec));
      meshes.set(`shape:${name}`, pm);
    }
    const e = estimatePrint(pm, r.params);
    rows.push(row(holdout.has(name) ? 'holdout' : 'extra', name, r, e.print_time_s, e.filament_g));
  }

  const json = process.argv.includes('--json');
  const summary = ['calibration', 'extra', 'holdout', 'all'].map((set) => {
    const rs = set === 'all' ? rows : rows.filter((r) => r.set === set);
    const t = stats(rs.map((r) => r.errTime));
    const g = stats(rs.filter((r) => r.errGrams !== null).map((r) => r.errGrams as number));
    return { set, records: rs.length, time: t, grams: g };
  });
  const worst = [...rows]
    .sort(
      (a, b) =>
        Math.max(Math.abs(b.errTime), Math.abs(b.errGrams ?? 0)) -
        Math.max(Math.abs(a.errTime), Math.abs(a.errGrams ?? 0)),
    )
    .slice(0, 10);
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ corpus: corpus.json, summary, worst, rows, notes }, null, 1)}\n`,
    );
    return;
  }
  const pct = (x: number) => `${x.toFixed(1)}%`;
  const lines: string[] = [...corpus.lines, ''];
  lines.push('Calibration sets: absolute % error');
  lines.push(
    `(grams % over references of at least ${MIN_GRAMS_FOR_PERCENT} g; smaller ones are 2-decimal rounding)`,
  );
  lines.push('calibration = fixtures/models/slicer-refs.json; extra = generated shapes used in calibration;');
  lines.push('holdout = generated shapes sliced after calibration and never tuned on');
  lines.push('');
  lines.push('set           records  time median  time max  grams median  grams max');
  for (const s of summary) {
    lines.push(
      `${s.set.padEnd(13)} ${String(s.records).padStart(7)}  ${pct(s.time.median).padStart(11)}  ${pct(s.time.max).padStart(8)}  ${pct(s.grams.median).padStart(12)}  ${pct(s.grams.max).padStart(9)}`,
    );
  }
  lines.push('');
  lines.push('worst cases (model, job, time est/ref, grams est/ref):');
  for (const w of worst) {
    lines.push(
      `  ${w.model.padEnd(34)} ${w.job.padEnd(32)} ${w.time}/${w.refTime} s (${w.errTime > 0 ? '+' : ''}${pct(w.errTime)})  ${w.grams}/${w.refGrams} g (${w.errGrams === null ? 'n/a' : `${w.errGrams > 0 ? '+' : ''}${pct(w.errGrams)}`})`,
    );
  }
  for (const n of notes) lines.push(`note: ${n}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

function row(set: string, model: string, r: RefRecord, time: number, grams: number): Row {
  return {
    set,
    model,
    job: job(r.params),
    time,
    refTime: r.print_time_s,
    grams,
    refGrams: r.filament_g,
    errTime: (time / r.print_time_s - 1) * 100,
    errGrams: r.filament_g >= MIN_GRAMS_FOR_PERCENT ? (grams / r.filament_g - 1) * 100 : null,
  };
}

main().catch((err: unknown) => {
  process.stdout.write(`${JSON.stringify({ error: err instanceof Error ? err.message : String(err) })}\n`);
  process.exitCode = 1;
});
