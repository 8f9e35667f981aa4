/**
 * `npm test` after the build: the unit project and the end-to-end project side by side, in two Vitest
 * runs, and a non-zero exit if either fails.
 *
 * Vitest runs projects whose workers differ (end-to-end files one at a time, unit files on every core)
 * one after the other. The end-to-end run mostly waits on its browser and server (about 0.6 of a core
 * on a 2-core machine), so the unit run fills the rest, at a lower priority: the browser and the
 * server it drives get the CPU they ask for first, and their timings stay as in a run alone.
 *
 * Arguments are passed to both runs (a file filter, say); `--project unit` or `--project e2e` runs
 * one of them only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const vitest = path.resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs');
const args = process.argv.slice(2);
const projectAt = args.indexOf('--project');
const only = projectAt >= 0 ? args[projectAt + 1] : undefined;
const rest = projectAt >= 0 ? args.filter((_, i) => i !== projectAt && i !== projectAt + 1) : args;
/**
 * Niceness of the unit run (0 is normal; 19 is the lowest priority). At 10 a unit worker got about a
 * tenth of a core while the browser's software WebGL held both: a 3 s test took over 60 s in CI. At 5
 * it gets about a quarter, and the browser still comes first.
 */
const UNIT_NICENESS = 5;

const projects = (only ? [only] : ['e2e', 'unit']).map((name) => ({
  name,
  niceness: name === 'unit' ? UNIT_NICENESS : 0,
}));
const children: ChildProcess[] = [];

function run(name: string, niceness: number): Promise<number> {
  return new Promise((resolve) => {
    // a file filter may match files of one project only
    const filter = rest.length > 0 ? ['--passWithNoTests'] : [];
    const child = spawn(process.execPath, [vitest, 'run', '--project', name, ...filter, ...rest], {
      stdio: 'inherit',
    });
    children.push(child);
    if (niceness > 0 && child.pid !== undefined) {
      try {
        // Before Vitest starts its workers, which inherit it.
        os.setPriority(child.pid, niceness);
      } catch {
        // not permitted here: the run goes on at normal priority
      }
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });

const codes = await Promise.all(projects.map((p) => run(p.name, p.niceness)));
const failed = projects.filter((_, i) => codes[i] !== 0).map((p) => p.name);
process.stdout.write(
  failed.length
    ? `\nnpm test: ${failed.join(' and ')} failed\n`
    : `\nnpm test: ${projects.map((p) => p.name).join(' and ')} passed\n`,
);
process.exit(failed.length ? 1 : 0);
