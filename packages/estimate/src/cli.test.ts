import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { estimatePrint } from './estimate.js';
import { toBinaryStl, torus } from './shapes.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'estimate-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]): { status: number | null; out: unknown } {
  const r = spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    env: { ...process.env, INIT_CWD: dir },
  });
  return { status: r.status, out: JSON.parse(r.stdout) };
}

function asciiStl(positions: Float32Array, count: number): string {
  const lines = ['solid part'];
  for (let t = 0; t < count; t++) {
    lines.push(' facet normal 0 0 0', '  outer loop');
    for (let v = 0; v < 3; v++) {
      const o = 9 * t + 3 * v;
      lines.push(`   vertex ${positions[o]} ${positions[o + 1]} ${positions[o + 2]}`);
    }
    lines.push('  endloop', ' endfacet');
  }
  lines.push('endsolid part');
  return `${lines.join('\n')}\n`;
}

/**
 * The CLI as a process (`npm run -s estimate`): a binary STL is read a block at a time into its
 * positions, any other file whole; both give the library's estimate of the same mesh to the byte.
 * Needs the build (npm test builds first).
 */
describe('the estimate CLI', () => {
  const mesh = torus(20, 6, 90, 45);
  writeFileSync(path.join(dir, 'torus.stl'), toBinaryStl(mesh));
  writeFileSync(path.join(dir, 'torus-ascii.stl'), asciiStl(mesh.positions, mesh.triangleCount));
  const job = ['--layer', '0.2', '--infill', '20', '--speed', '60', '--material', 'PLA'];

  it('is built', () => {
    expect(existsSync(cli), `${cli} is missing: run "npm run build" first (npm test does)`).toBe(true);
  });

  it('estimates a binary and an ASCII STL of the same mesh as the library does', () => {
    const expected = JSON.parse(
      JSON.stringify(
        estimatePrint(mesh, {
          layerHeight: 0.2,
          infillPercentage: 20,
          printSpeed: 60,
          filamentType: 'PLA',
          supportRequired: false,
        }),
      ),
    );
    const binary = run('torus.stl', ...job);
    expect(binary.status).toBe(0);
    expect(binary.out).toEqual(expected);
    const ascii = run('torus-ascii.stl', ...job);
    expect(ascii.status).toBe(0);
    expect(ascii.out).toEqual(expected);
  });

  it('reports a missing file and a truncated binary STL as errors (exit 1)', () => {
    expect(run('missing.stl', ...job)).toEqual({ status: 1, out: { error: 'Cannot read missing.stl' } });
    const bytes = toBinaryStl(mesh);
    writeFileSync(path.join(dir, 'cut.stl'), bytes.subarray(0, bytes.length - 20));
    const cut = run('cut.stl', ...job);
    expect(cut.status).toBe(1);
    expect(cut.out).toEqual({ error: expect.stringMatching(/incomplete/) });
  });
});
