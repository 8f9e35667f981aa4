#!/usr/bin/env node
/**
 * Regenerates the PrusaSlicer figures of refs/corpus-refs.json (only needed to make references; the
 * product, the tests and `npm run accuracy` never run PrusaSlicer).
 *
 *   npm run build:packages && node packages/estimate/scripts/slice-corpus.mjs [--only name,name] [--redo]
 *     [--keep-gcode DIR]
 *
 * Each part is rebuilt with buildPart() from its parameters, written as a binary STL to a temporary
 * directory and sliced at the six jobs with the command line of fixtures/models/README.md. Records
 * already present are kept unless --redo; the file is rewritten after every part, so a stopped run
 * resumes where it was.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPart } from '../dist/corpus/index.js';
import { toBinaryStl } from '../dist/shapes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const refsPath = path.resolve(here, '../refs/corpus-refs.json');
const ini = path.resolve(here, '../../../fixtures/models/house-printer.ini');
const DENSITY = { PLA: 1.24, ABS: 1.04, PETG: 1.27, TPU: 1.21 };

const argv = process.argv.slice(2);
const arg = (flag) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
};
const only = arg('--only')?.split(',');
const redo = argv.includes('--redo');
const keep = arg('--keep-gcode');
if (keep) mkdirSync(keep, { recursive: true });

function jobKey(p) {
  return `${p.layerHeight}/${p.infillPercentage}/${p.printSpeed}/${p.filamentType}/${p.supportRequired ? 1 : 0}`;
}

/** The exact command line of fixtures/models/README.md for one job. */
function slicerArgs(p, stl, out) {
  const s = p.printSpeed;
  const args = [
    '--load',
    ini,
    '--dont-arrange',
    '--center',
    '125,105',
    `--layer-height=${p.layerHeight}`,
    `--first-layer-height=${p.layerHeight}`,
    `--fill-density=${p.infillPercentage}%`,
  ];
  if (p.infillPercentage >= 100) args.push('--fill-pattern=rectilinear');
  args.push(
    `--filament-type=${p.filamentType}`,
    `--filament-density=${DENSITY[p.filamentType]}`,
    `--first-layer-speed=${Math.min(s, 30)}`,
    `--perimeter-speed=${s}`,
    `--external-perimeter-speed=${s}`,
    `--small-perimeter-speed=${s}`,
    `--infill-speed=${s}`,
    `--solid-infill-speed=${s}`,
    `--top-solid-infill-speed=${s}`,
    `--support-material-speed=${s}`,
    `--bridge-speed=${s}`,
    `--gap-fill-speed=${s}`,
    `--support-material=${p.supportRequired ? 1 : 0}`,
  );
  if (p.supportRequired) args.push('--support-material-auto=1');
  args.push('--export-gcode', stl, '-o', out);
  return args;
}

function parseSeconds(text) {
  let secs = 0;
  for (const m of text.matchAll(/(\d+)([dhms])/g))
    secs += Number(m[1]) * { d: 86400, h: 3600, m: 60, s: 1 }[m[2]];
  return secs;
}

function readFigures(gcode) {
  const text = /estimated printing time \(normal mode\) = (.*)/.exec(gcode)?.[1] ?? '';
  return {
    print_time_s: parseSeconds(text),
    print_time_text: text.trim(),
    filament_mm: Number(/filament used \[mm\] = ([\d.]+)/.exec(gcode)?.[1]),
    filament_cm3: Number(/filament used \[cm3\] = ([\d.]+)/.exec(gcode)?.[1]),
    filament_g: Number(/filament used \[g\] = ([\d.]+)/.exec(gcode)?.[1]),
    layers: (gcode.match(/^;LAYER_CHANGE/gm) ?? []).length,
  };
}

const doc = JSON.parse(readFileSync(refsPath, 'utf8'));
const version = execFileSync('prusa-slicer', ['--help'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'ignore'],
})
  .split('\n')
  .find((l) => l.startsWith('PrusaSlicer'));
const dir = mkdtempSync(path.join(tmpdir(), 'corpus-'));
try {
  for (const part of doc.parts) {
    if (only && !only.includes(part.name)) continue;
    const mesh = buildPart(part.spec);
    const stl = path.join(dir, `${part.name}.stl`);
    writeFileSync(stl, toBinaryStl(mesh));
    for (const params of doc.jobs) {
      const key = jobKey(params);
      const existing = doc.records.findIndex((r) => r.name === part.name && jobKey(r.params) === key);
      if (existing >= 0 && !redo) continue;
      const out = path.join(dir, 'out.gcode');
      const t0 = performance.now();
      try {
        execFileSync('prusa-slicer', slicerArgs(params, stl, out), { stdio: 'ignore', cwd: dir });
      } catch (err) {
        console.error(`${part.name} ${key}: PrusaSlicer failed (${err.status})`);
        continue;
      }
      const wall = (performance.now() - t0) / 1000;
      const gcode = readFileSync(out, 'utf8');
      const record = {
        name: part.name,
        family: part.family,
        params,
        ...readFigures(gcode),
        triangles: mesh.triangleCount,
        slice_wall_s: Math.round(wall * 1000) / 1000,
      };
      if (keep) copyFileSync(out, path.join(keep, `${part.name}__${key.replaceAll('/', '_')}.gcode`));
      if (existing >= 0) doc.records[existing] = record;
      else doc.records.push(record);
      console.log(
        `${part.name} ${key}: ${record.print_time_s} s, ${record.filament_g} g, ${record.layers} layers (${wall.toFixed(1)} s)`,
      );
    }
    doc.prusaslicer_version = version ?? doc.prusaslicer_version;
    writeFileSync(refsPath, `${JSON.stringify(doc, null, 1)}\n`);
  }
  // the repository's JSON style (npm run lint checks it): Biome's own formatting of the file
  execFileSync(path.resolve(here, '../../../node_modules/.bin/biome'), ['format', '--write', refsPath], {
    stdio: 'ignore',
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
