#!/usr/bin/env node
/**
 * Development check of the planner stage: runs src/planner.ts over a PrusaSlicer G-code file and
 * compares its time with the file's own "estimated printing time (normal mode)"; also prints time,
 * length and moves per feature type (;TYPE:) so that the estimator's toolpaths can be compared with
 * the slicer's. Needs `npm run build:packages` first.
 *   node packages/estimate/scripts/gcode-time.mjs FILE.gcode [--json]
 */
import { readFileSync } from 'node:fs';
import { MotionPlanner, MoveKind } from '../dist/planner.js';

export function analyseGcode(text) {
  const planner = new MotionPlanner();
  const roles = ['Travel', 'Retract'];
  const roleIndex = new Map(roles.map((r, i) => [r, i]));
  const stats = new Map();
  let role = 'Other';
  let x = 0,
    y = 0,
    z = 0,
    e = 0,
    f = 0;
  let layers = 0;
  const statOf = (name) => {
    let s = stats.get(name);
    if (!s) {
      s = { length: 0, moves: 0, extruded: 0 };
      stats.set(name, s);
    }
    return s;
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith(';TYPE:')) {
      role = line.slice(6);
      continue;
    }
    if (line.startsWith(';LAYER_CHANGE')) {
      layers++;
      continue;
    }
    if (line.startsWith(';') || line === '') continue;
    const code = line.split(';')[0].trim();
    const words = code.split(/\s+/);
    const cmd = words[0];
    const val = (letter) => {
      const w = words.find((w) => w[0] === letter);
      return w === undefined ? undefined : Number(w.slice(1));
    };
    if (cmd === 'G1' || cmd === 'G0') {
      const nx = val('X') ?? x,
        ny = val('Y') ?? y,
        nz = val('Z') ?? z,
        ne = val('E') ?? e;
      const nf = val('F');
      if (nf !== undefined) f = nf / 60;
      const dx = nx - x,
        dy = ny - y,
        dz = nz - z,
        de = ne - e;
      if (dx !== 0 || dy !== 0 || dz !== 0 || de !== 0) {
        const xyz = dx !== 0 || dy !== 0 || dz !== 0;
        const kind = !xyz
          ? MoveKind.retract
          : de > 0 && (dx !== 0 || dy !== 0)
            ? MoveKind.extrude
            : MoveKind.travel;
        const name = kind === MoveKind.extrude ? role : kind === MoveKind.retract ? 'Retract' : 'Travel';
        if (!roleIndex.has(name)) {
          roleIndex.set(name, roles.length);
          roles.push(name);
        }
        planner.move(dx, dy, dz, de, f, kind, Math.min(15, roleIndex.get(name)));
        const s = statOf(name);
        s.length += Math.hypot(dx, dy, dz);
        s.moves++;
        if (de > 0) s.extruded += de;
      }
      x = nx;
      y = ny;
      z = nz;
      e = ne;
    } else if (cmd === 'G92') {
      const ne = val('E');
      if (ne !== undefined) e = ne;
    } else if (cmd === 'M204') {
      const p = val('P'),
        t = val('T'),
        sAcc = val('S');
      if (sAcc !== undefined) planner.setAccelerations(sAcc, sAcc);
      else if (p !== undefined || t !== undefined) planner.setAccelerations(p ?? 1000, t);
    } else if (cmd === 'M109' || cmd === 'M190' || cmd === 'G28' || cmd === 'M400' || cmd === 'G4') {
      planner.flush();
    }
  }
  planner.flush();
  const perRole = {};
  roles.forEach((r, i) => {
    perRole[r] = { time: planner.timeByTag[Math.min(15, i)], ...statOf(r) };
  });
  const secs = (t) => {
    let s = 0;
    for (const m of t.matchAll(/(\d+)([dhms])/g))
      s += Number(m[1]) * { d: 86400, h: 3600, m: 60, s: 1 }[m[2]];
    return s;
  };
  const ref = secs(/estimated printing time \(normal mode\) = (.*)/.exec(text)?.[1] ?? '');
  return { time: planner.time, reference: ref, layers, perRole };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = analyseGcode(readFileSync(process.argv[2], 'utf8'));
  if (process.argv.includes('--json')) console.log(JSON.stringify(r));
  else {
    console.log(
      `planner ${r.time.toFixed(1)} s, PrusaSlicer ${r.reference} s (${((r.time / r.reference - 1) * 100).toFixed(2)} %), ${r.layers} layers`,
    );
    for (const [k, v] of Object.entries(r.perRole))
      console.log(
        `  ${k.padEnd(28)} ${v.time.toFixed(1).padStart(9)} s ${v.length.toFixed(0).padStart(8)} mm ${String(v.moves).padStart(7)} moves`,
      );
  }
}
