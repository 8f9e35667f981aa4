/**
 * npm run -s accuracy: the estimator against every PrusaSlicer reference we have.
 *  - ../shared/models/slicer-refs.json (the calibration models; STEP through the geometry package's
 *    own tessellation, the inch cube at 25.4 via units 'in'; the oversize rail has no records)
 *  - packages/estimate/refs/extra-refs.json (generated shapes sliced with the same command line)
 * Prints median and maximum absolute % error for time and grams, per set, and the worst cases.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseModel, type Units } from '@printloop/geometry';
import type { PrintParameters } from '@printloop/quote';
import { estimatePrint } from './estimate.js';
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
const sharedModels = path.resolve(repoRoot, '../shared/models');

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

async function main(): Promise<void> {
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
    process.stdout.write(`${JSON.stringify({ summary, worst, rows, notes }, null, 1)}\n`);
    return;
  }
  const pct = (x: number) => `${x.toFixed(1)}%`;
  const lines: string[] = [];
  lines.push('Estimator vs PrusaSlicer 2.5 (house profile): absolute % error');
  lines.push(
    `(grams % over references of at least ${MIN_GRAMS_FOR_PERCENT} g; smaller ones are 2-decimal rounding)`,
  );
  lines.push(
    'calibration = ../shared/models/slicer-refs.json; extra = generated shapes used in calibration;',
  );
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
