/**
 * `npm run bench:geometry`: generates a closed mesh of 1,000,000 triangles in each format
 * (binary STL, ASCII STL, OBJ, 3MF) in a temp dir and times the full analysis beside three.js's
 * loaders (parse + a volume loop) and the floor (read the file + one pass over its bytes), all in
 * this process. Then measures the peak RSS of analysing a 50 MB binary STL in a child process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, zipSync } from 'fflate';
import { analyzeParsed, parseModel } from './index.js';
import { release } from './release.js';

const TRIANGLES = 1_000_000;
const RUNS = 5;

interface ThreeGeometry {
  getAttribute(name: string): { array: ArrayLike<number>; count: number };
  index: { array: ArrayLike<number> } | null;
}
interface ThreeGroup {
  children: { geometry?: ThreeGeometry }[];
}

/** A closed torus of `2 * nu * nv` triangles (float32 coordinates, mm). */
function torus(nu: number, nv: number): { verts: Float32Array; tris: Uint32Array } {
  const R = 60;
  const r = 20;
  const verts = new Float32Array(nu * nv * 3);
  for (let i = 0; i < nu; i++) {
    const u = (2 * Math.PI * i) / nu;
    for (let j = 0; j < nv; j++) {
      const v = (2 * Math.PI * j) / nv;
      const k = 3 * (i * nv + j);
      verts[k] = (R + r * Math.cos(v)) * Math.cos(u) + 100;
      verts[k + 1] = (R + r * Math.cos(v)) * Math.sin(u) + 100;
      verts[k + 2] = r * Math.sin(v) + r;
    }
  }
  const tris = new Uint32Array(nu * nv * 6);
  let t = 0;
  for (let i = 0; i < nu; i++) {
    const i1 = (i + 1) % nu;
    for (let j = 0; j < nv; j++) {
      const j1 = (j + 1) % nv;
      const a = i * nv + j;
      const b = i1 * nv + j;
      const c = i1 * nv + j1;
      const d = i * nv + j1;
      tris[t++] = a;
      tris[t++] = b;
      tris[t++] = c;
      tris[t++] = a;
      tris[t++] = c;
      tris[t++] = d;
    }
  }
  return { verts, tris };
}

function stlBytes(verts: Float32Array, tris: Uint32Array): Uint8Array {
  const n = tris.length / 3;
  const bin = new Uint8Array(84 + 50 * n);
  const dv = new DataView(bin.buffer);
  dv.setUint32(80, n, true);
  for (let t = 0; t < n; t++) {
    const o = 84 + 50 * t + 12;
    for (let c = 0; c < 3; c++) {
      const v = tris[3 * t + c]!;
      for (let k = 0; k < 3; k++) dv.setFloat32(o + 12 * c + 4 * k, verts[3 * v + k]!, true);
    }
  }
  return bin;
}

function fileNames(dir: string): Record<string, string> {
  return {
    'binary STL': path.join(dir, 'torus-binary.stl'),
    'ASCII STL': path.join(dir, 'torus-ascii.stl'),
    OBJ: path.join(dir, 'torus.obj'),
    '3MF': path.join(dir, 'torus.3mf'),
  };
}

function writeFormats(files: Record<string, string>): void {
  const { verts, tris } = torus(1000, 500);
  const n = tris.length / 3;
  const bin = stlBytes(verts, tris);
  writeFileSync(files['binary STL']!, bin);
  const f6 = (x: number) => x.toPrecision(7);
  // ASCII STL
  const parts: string[] = ['solid torus\n'];
  for (let t = 0; t < n; t++) {
    let s = ' facet normal 0 0 0\n  outer loop\n';
    for (let c = 0; c < 3; c++) {
      const v = 3 * tris[3 * t + c]!;
      s += `   vertex ${f6(verts[v]!)} ${f6(verts[v + 1]!)} ${f6(verts[v + 2]!)}\n`;
    }
    parts.push(`${s}  endloop\n endfacet\n`);
  }
  parts.push('endsolid torus\n');
  writeFileSync(files['ASCII STL']!, parts.join(''));
  // OBJ
  const obj: string[] = ['# torus\no torus\n'];
  for (let v = 0; v < verts.length; v += 3)
    obj.push(`v ${f6(verts[v]!)} ${f6(verts[v + 1]!)} ${f6(verts[v + 2]!)}\n`);
  for (let t = 0; t < n; t++)
    obj.push(`f ${tris[3 * t]! + 1} ${tris[3 * t + 1]! + 1} ${tris[3 * t + 2]! + 1}\n`);
  writeFileSync(files.OBJ!, obj.join(''));
  // 3MF
  const xml: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">\n<resources><object id="1" type="model"><mesh><vertices>\n',
  ];
  for (let v = 0; v < verts.length; v += 3) {
    xml.push(`<vertex x="${f6(verts[v]!)}" y="${f6(verts[v + 1]!)}" z="${f6(verts[v + 2]!)}"/>\n`);
  }
  xml.push('</vertices><triangles>\n');
  for (let t = 0; t < n; t++)
    xml.push(`<triangle v1="${tris[3 * t]}" v2="${tris[3 * t + 1]}" v3="${tris[3 * t + 2]}"/>\n`);
  xml.push('</triangles></mesh></object></resources><build><item objectid="1"/></build></model>\n');
  const enc = new TextEncoder();
  const zip = zipSync({
    '[Content_Types].xml': enc.encode(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>',
    ),
    '_rels/.rels': enc.encode(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>',
    ),
    '3D/3dmodel.model': enc.encode(xml.join('')),
  });
  writeFileSync(files['3MF']!, zip);
}

function time(fn: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

async function timeAsync(fn: () => Promise<unknown>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    await fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

function read(file: string): Uint8Array {
  const b = readFileSync(file);
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

function floor(file: string): number {
  const b = read(file);
  let s = 0;
  for (let i = 0; i < b.length; i++) s = (s + b[i]!) | 0;
  return s;
}

function volumeOf(pos: ArrayLike<number>, index: ArrayLike<number> | null): number {
  let v = 0;
  const tri = (a: number, b: number, c: number) =>
    (pos[a]! * (pos[b + 1]! * pos[c + 2]! - pos[b + 2]! * pos[c + 1]!) +
      pos[a + 1]! * (pos[b + 2]! * pos[c]! - pos[b]! * pos[c + 2]!) +
      pos[a + 2]! * (pos[b]! * pos[c + 1]! - pos[b + 1]! * pos[c]!)) /
    6;
  if (index) {
    for (let k = 0; k < index.length; k += 3) v += tri(3 * index[k]!, 3 * index[k + 1]!, 3 * index[k + 2]!);
  } else {
    for (let k = 0; k < pos.length; k += 9) v += tri(k, k + 3, k + 6);
  }
  return v;
}

const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const pad = (s: string, n: number) => s.padEnd(n);

/**
 * Peak RSS of this process. getrusage's maxRSS can carry the parent's size over fork + exec, so
 * prefer Linux's per-address-space high-water mark (VmHWM); elsewhere use the sampled maximum.
 */
function peakRss(sampled: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  return sampled;
}

async function rssChild(file: string): Promise<void> {
  // As in the server's worker: read, parse, drop the file's bytes, analyse.
  let sampled = process.memoryUsage.rss();
  const sample = () => {
    sampled = Math.max(sampled, process.memoryUsage.rss());
  };
  const bytes = statSync(file).size;
  const data = read(file);
  sample();
  const parsed = await parseModel(data, path.basename(file), { onProgress: sample });
  release(data);
  const a = analyzeParsed(parsed, path.basename(file), { onProgress: sample });
  sample();
  process.stdout.write(
    `${JSON.stringify({ peakRss: peakRss(sampled), sampledRss: sampled, triangles: a.triangles, bytes })}\n`,
  );
}

async function main(): Promise<void> {
  if (process.argv[2] === '--rss-child') return rssChild(process.argv[3]!);
  // GEOMETRY_BENCH_DIR keeps (and reuses) the generated files between runs.
  const keep = process.env.GEOMETRY_BENCH_DIR;
  const dir = keep ? keep : mkdtempSync(path.join(tmpdir(), 'geometry-bench-'));
  try {
    const files = fileNames(dir);
    if (!keep || !Object.values(files).every((f) => existsSync(f))) {
      mkdirSync(dir, { recursive: true });
      process.stdout.write(
        `Generating a closed torus of ${TRIANGLES.toLocaleString('en-US')} triangles in ${dir} ...\n`,
      );
      writeFormats(files);
    }
    if (process.argv[2] === '--generate') return;
    const threeStl = (await import('three/examples/jsm/loaders/STLLoader.js' as string)) as {
      STLLoader: new () => { parse(data: ArrayBuffer | string): ThreeGeometry };
    };
    const threeObj = (await import('three/examples/jsm/loaders/OBJLoader.js' as string)) as {
      OBJLoader: new () => { parse(text: string): ThreeGroup };
    };
    // Warm up (JIT) on a small part first, so that no format pays for compilation.
    for (let i = 0; i < 3; i++) {
      const { verts, tris } = torus(60, 40);
      const small = path.join(dir, 'warmup.stl');
      writeFileSync(small, stlBytes(verts, tris));
      analyzeParsed(await parseModel(read(small), 'warmup.stl'), 'warmup.stl');
    }
    const stlLoader = new threeStl.STLLoader();
    const objLoader = new threeObj.OBJLoader();
    const rows: string[][] = [];
    const results: Record<string, Record<string, number>> = {};
    for (const [label, file] of Object.entries(files)) {
      const size = statSync(file).size;
      const name = path.basename(file);
      const r: Record<string, number> = {};
      r.floor = time(() => floor(file));
      r.ours = await timeAsync(async () => {
        const parsed = await parseModel(read(file), name);
        return analyzeParsed(parsed, name);
      });
      r.oursParse = await timeAsync(() => parseModel(read(file), name));
      if (label.includes('STL')) {
        r.threeParse = time(() => {
          const b = readFileSync(file);
          return stlLoader.parse(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
        });
        r.threeVolume = time(() => {
          const b = readFileSync(file);
          const g = stlLoader.parse(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
          return volumeOf(g.getAttribute('position').array, g.index?.array ?? null);
        });
      } else if (label === 'OBJ') {
        r.threeParse = time(() => objLoader.parse(readFileSync(file, 'utf8')));
        r.threeVolume = time(() => {
          const g = objLoader.parse(readFileSync(file, 'utf8'));
          let v = 0;
          for (const c of g.children)
            if (c.geometry) v += volumeOf(c.geometry.getAttribute('position').array, null);
          return v;
        });
      } else {
        r.unzip = time(() => unzipSync(read(file)));
      }
      results[label] = r;
      rows.push([
        label,
        `${(size / 1048576).toFixed(1)} MB`,
        fmtMs(r.floor),
        fmtMs(r.oursParse),
        fmtMs(r.ours),
        r.threeParse !== undefined ? fmtMs(r.threeParse) : '-',
        r.threeVolume !== undefined ? fmtMs(r.threeVolume) : '-',
        r.threeParse !== undefined
          ? `${(r.threeParse / r.ours).toFixed(2)}x`
          : `${(r.ours / (r.unzip! + (r.oursParse - r.unzip!))).toFixed(2)}x of unzip+parse (unzip ${fmtMs(r.unzip!)})`,
      ]);
    }
    process.stdout.write(
      `\nBest of ${RUNS} runs, 1M triangles. Load average during the run: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (on a busy machine all figures are inflated).\n`,
    );
    const head = [
      'format',
      'size',
      'floor',
      'ours parse',
      'ours full',
      'three parse',
      'three +vol',
      'three parse / ours full',
    ];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)) + 2);
    process.stdout.write(`\n${head.map((h, i) => pad(h, widths[i]!)).join('')}\n`);
    for (const r of rows) process.stdout.write(`${r.map((c, i) => pad(c, widths[i]!)).join('')}\n`);

    const self = fileURLToPath(import.meta.url);
    const child = spawnSync(process.execPath, [self, '--rss-child', files['binary STL']!], {
      encoding: 'utf8',
    });
    if (child.status === 0) {
      const m = JSON.parse(child.stdout) as { peakRss: number; bytes: number };
      process.stdout.write(
        `\nPeak RSS analysing a ${(m.bytes / 1e6).toFixed(0)} MB binary STL (child process): ${(m.peakRss / 1048576).toFixed(0)} MB\n`,
      );
    } else {
      process.stdout.write(`\nRSS child failed: ${child.stderr}\n`);
    }
    const goals = [
      [
        'binary STL full analysis <= three.js parse',
        results['binary STL']!.ours! <= results['binary STL']!.threeParse!,
      ],
      [
        'ASCII STL >= 5x faster than three.js',
        results['ASCII STL']!.threeParse! >= 5 * results['ASCII STL']!.ours!,
      ],
      ['OBJ >= 5x faster than three.js', results.OBJ!.threeParse! >= 5 * results.OBJ!.ours!],
      ['3MF within 2x of unzip + parse', results['3MF']!.ours! <= 2 * results['3MF']!.oursParse!],
    ] as const;
    process.stdout.write('\nGoals:\n');
    for (const [g, ok] of goals) process.stdout.write(`  ${ok ? 'met    ' : 'NOT MET'}  ${g}\n`);
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
