/**
 * npm run bench:estimate: a 1,000,000-triangle closed torus (outer diameter 80 mm), estimated by the
 * CLI as a whole process (on two threads, threads.ts; once more on one, for comparison) (`node packages/estimate/dist/cli.js`, spawned: start, read, parse,
 * estimate, print), with its peak RSS, against PrusaSlicer slicing the same file with the reference
 * command line as a whole process too (skipped with a note when not installed): three runs of each,
 * taken in turn, medians compared. The npm wrapper (`npm run -s estimate`, which also checks the
 * TypeScript build, about 0.6 s) is timed apart.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toBinaryStl, torus } from './shapes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const ini = path.resolve(repoRoot, 'fixtures/models/house-printer.ini');

function timed(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): { ms: number; maxRssKb: number | null; status: number | null; out: string } {
  // /usr/bin/time reports the peak RSS of the whole process tree's largest process
  const useTime = spawnSync('/usr/bin/time', ['-f', '%M', 'true']).status === 0;
  const t0 = performance.now();
  const r = useTime
    ? spawnSync('/usr/bin/time', ['-f', 'MAXRSS %M', cmd, ...args], {
        cwd,
        env,
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      })
    : spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = performance.now() - t0;
  const m = /MAXRSS (\d+)/.exec(r.stderr ?? '');
  return { ms, maxRssKb: m ? Number(m[1]) : null, status: r.status, out: r.stdout ?? '' };
}

/** The median of three timings. */
function middleOf3(ms: number[]): number {
  return [...ms].sort((a, b) => a - b)[1] as number;
}

function main(): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'estimate-bench-'));
  try {
    const mesh = torus(30, 10, 1000, 500); // 2 · 1000 · 500 = 1,000,000 triangles, 80 × 80 × 20 mm
    const file = path.join(dir, 'torus_1m.stl');
    writeFileSync(file, toBinaryStl(mesh));
    console.log(
      `mesh: ${mesh.triangleCount.toLocaleString('en-GB')} triangles, torus R 30 r 10 mm (80 × 80 × 20 mm)`,
    );

    const cli = path.resolve(here, 'cli.js');
    const args = [file, '--layer', '0.2', '--infill', '20', '--speed', '60', '--material', 'PLA'];
    const wrapped = timed('npm', ['run', '-s', 'estimate', '--', ...args], repoRoot);
    const has = spawnSync('prusa-slicer', ['--help'], { encoding: 'utf8' });
    const slicer = !has.error && has.status === 0;
    const g = path.join(dir, 'out.gcode');
    const slicerArgs = [
      '--load',
      ini,
      '--dont-arrange',
      '--center',
      '125,105',
      '--layer-height=0.2',
      '--first-layer-height=0.2',
      '--export-gcode',
      file,
      '-o',
      g,
    ];
    // three runs of each, taken in turn, so that both see the machine as it is at the time (its
    // speed drifts by tens of per cent over minutes): medians compared
    const runs: number[] = [];
    const slicerRuns: number[] = [];
    let rss: number | null = null;
    let slicerRss: number | null = null;
    let out = '';
    for (let i = 0; i < 3; i++) {
      const r = timed(process.execPath, [cli, ...args], repoRoot);
      if (r.status !== 0) throw new Error(`estimate failed: ${r.out}`);
      runs.push(r.ms);
      rss = Math.max(rss ?? 0, r.maxRssKb ?? 0) || null;
      out = r.out;
      if (slicer) {
        const ps = timed('prusa-slicer', slicerArgs, dir);
        slicerRuns.push(ps.ms);
        slicerRss = Math.max(slicerRss ?? 0, ps.maxRssKb ?? 0) || null;
      }
    }
    const seconds = (xs: number[]) => xs.map((x) => (x / 1000).toFixed(2)).join(' / ');
    const est = JSON.parse(out) as { print_time_s: number; filament_g: number };
    const median = middleOf3(runs);
    console.log(
      `estimate (whole process, node cli.js, median of 3): ${(median / 1000).toFixed(2)} s (${seconds(runs)}), peak RSS ${rss ? `${(rss / 1024).toFixed(0)} MB` : 'n/a'}; print ${est.print_time_s} s, ${est.filament_g} g`,
    );
    console.log(`(through npm run -s estimate, with its build check: ${(wrapped.ms / 1000).toFixed(2)} s)`);
    const one = timed(process.execPath, [cli, ...args], repoRoot, {
      ...process.env,
      PRINTLOOP_ESTIMATE_THREADS: '1',
    });
    console.log(
      `(on one thread, PRINTLOOP_ESTIMATE_THREADS=1: ${(one.ms / 1000).toFixed(2)} s, peak RSS ${one.maxRssKb ? `${(one.maxRssKb / 1024).toFixed(0)} MB` : 'n/a'}${one.out === out ? ', the same estimate' : `, a different estimate: ${one.out.trim()}`})`,
    );

    if (!slicer) {
      console.log('prusa-slicer: not installed here, comparison skipped');
      return;
    }
    const slicerMedian = middleOf3(slicerRuns);
    console.log(
      `prusa-slicer slicing the same file (median of 3, in turn with the estimate's runs): ${(slicerMedian / 1000).toFixed(2)} s (${seconds(slicerRuns)}), peak RSS ${slicerRss ? `${(slicerRss / 1024).toFixed(0)} MB` : 'n/a'}`,
    );
    console.log(`speed-up: ${(slicerMedian / median).toFixed(1)}× (goal ≥ 8×)`);
    // and how close the estimate is on this mesh
    try {
      const gcode = readFileSync(g, 'utf8');
      const t = /estimated printing time \(normal mode\) = (.*)/.exec(gcode)?.[1] ?? '';
      let secs = 0;
      for (const m of t.matchAll(/(\d+)([dhms])/g))
        secs += Number(m[1]) * { d: 86400, h: 3600, m: 60, s: 1 }[m[2] as 'd' | 'h' | 'm' | 's'];
      const grams = Number(/filament used \[g\] = ([\d.]+)/.exec(gcode)?.[1]);
      if (secs > 0 && grams > 0)
        console.log(
          `PrusaSlicer: ${secs} s, ${grams} g; estimate ${est.print_time_s} s (${((est.print_time_s / secs - 1) * 100).toFixed(1)}%), ${est.filament_g} g (${((est.filament_g / grams - 1) * 100).toFixed(1)}%)`,
        );
    } catch {
      console.log('PrusaSlicer produced no G-code to compare');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
