/**
 * The accuracy corpus: parts that look like customers' parts, in families, each rebuilt from a few
 * generator parameters (pure, deterministic; `refs/corpus-refs.json` stores only these parameters and
 * PrusaSlicer's figures). See corpus/README section in the package README.
 */
import type { TriangleMesh } from '@printloop/geometry';
import { prism, profileXZ } from '../shapes.js';
import {
  cellPlate,
  isoSurface,
  layOnSide,
  merge,
  orientOutward,
  type Point2,
  type Point3,
  radialShell,
  radialSolid,
  Soup,
  sdf,
  seededRandom,
  starPrism,
  transform,
} from './mesh.js';

export const CORPUS_FAMILIES = [
  'gears',
  'threads',
  'lattices',
  'towers',
  'organic',
  'text',
  'thin-walls',
  'assemblies',
  'flat-plates',
  'holes',
  'tiny',
  'defects',
] as const;
export type CorpusFamily = (typeof CORPUS_FAMILIES)[number];

/** One generator call. */
export type PartSpec =
  | { kind: 'gear'; teeth: number; module: number; thickness: number; bore: number; hub?: [number, number] }
  | {
      kind: 'compoundGear';
      teeth: [number, number];
      module: number;
      thickness: [number, number];
      bore: number;
    }
  | {
      kind: 'gearTrain';
      gears: Array<{ teeth: number; x: number; y: number }>;
      module: number;
      thickness: number;
      bore: number;
    }
  | {
      kind: 'screw';
      diameter: number;
      pitch: number;
      length: number;
      head: 'hex' | 'round' | 'none';
      headSize?: number;
    }
  | { kind: 'nut'; diameter: number; pitch: number; width: number; height: number }
  | { kind: 'lattice'; size: [number, number, number]; cell: number; bar: number; step?: number }
  | { kind: 'bridge'; profile: Array<[number, number]>; depth: number }
  | {
      kind: 'tower';
      section: 'square' | 'hex' | 'round' | 'star';
      width: number;
      height: number;
      twistDeg: number;
    }
  | {
      kind: 'blob';
      radius: number;
      roughness: number;
      lobes: number;
      stretch: [number, number, number];
      seed: number;
      resolution?: number;
    }
  | { kind: 'figure'; scale: number; seed: number; step?: number }
  | { kind: 'text'; text: string; height: number; stroke: number; relief: number; plate?: [number, number] }
  | {
      kind: 'vase';
      radius: number;
      height: number;
      wall: number;
      floor: number;
      ripple: number;
      lobes: number;
      flare: number;
    }
  | { kind: 'thinBox'; size: [number, number, number]; wall: number; floor: number }
  | { kind: 'sharpBox'; size: [number, number, number]; wall: number; floor: number }
  | { kind: 'polyCup'; sides: number; apothem: number; height: number; wall: number; floor: number }
  | { kind: 'roundBox'; size: [number, number, number]; wall: number; floor: number; radius: number }
  | { kind: 'rib'; outline: Array<[number, number]>; height: number }
  /** A turned part (a solid of revolution about z): its profile as [radius, z] pairs from the bottom
   * up (z ascending; a repeated z is a horizontal step), closed flat at both ends. Spheres, domes,
   * cones, spools, knobs. */
  | { kind: 'turned'; profile: Array<[number, number]>; sides?: number }
  | { kind: 'plate'; parts: Array<{ part: PartSpec; x: number; y: number; rotate?: number }> }
  | {
      kind: 'cellPlate';
      cols: number;
      rows: number;
      cell: number;
      thickness: number;
      hole?: number;
      peg?: [number, number];
      pattern: 'holes' | 'pegs' | 'mixed' | 'solid';
    }
  | { kind: 'disc'; radius: number; thickness: number; holes: number; holeRadius: number }
  | { kind: 'box'; size: [number, number, number] }
  | { kind: 'washer'; outer: number; inner: number; thickness: number }
  | { kind: 'defects'; part: PartSpec; duplicate: number; degenerate: number; flip: number; seed: number };

export interface CorpusPart {
  name: string;
  family: CorpusFamily;
  spec: PartSpec;
}

// ---------------------------------------------------------------------------------------------
// Gears

/** Gear outline (counter-clockwise, star-shaped about the origin): involute flanks, round tips. */
export function gearOutline(teeth: number, module: number): Point2[] {
  const pitchR = (teeth * module) / 2;
  const addendum = module;
  const dedendum = 1.25 * module;
  const tipR = pitchR + addendum;
  const rootR = Math.max(pitchR - dedendum, 0.5 * pitchR);
  const baseR = pitchR * Math.cos((20 * Math.PI) / 180);
  const pitchAngle = (2 * Math.PI) / teeth;
  // involute polar angle at radius r (from the base circle)
  const inv = (r: number) => {
    const rr = Math.max(r, baseR);
    const t = Math.sqrt((rr * rr) / (baseR * baseR) - 1);
    return t - Math.atan(t);
  };
  // half tooth thickness angle at the pitch circle
  const halfPitch = pitchAngle / 4;
  const flank: Point2[] = []; // (radius, angle offset from the tooth centre), rising flank
  const steps = 6;
  const rStart = Math.max(rootR, baseR);
  for (let s = 0; s <= steps; s++) {
    const r = rStart + ((tipR - rStart) * s) / steps;
    const a = halfPitch + inv(pitchR) - inv(r);
    flank.push([r, a]);
  }
  const pts: Point2[] = [];
  const polar = (r: number, a: number): Point2 => [r * Math.cos(a), r * Math.sin(a)];
  for (let k = 0; k < teeth; k++) {
    const c = k * pitchAngle;
    // root arc before the tooth
    const rootHalf = pitchAngle / 2 - (flank[0] as Point2)[1];
    pts.push(polar(rootR, c - pitchAngle / 2 + rootHalf * 0.2));
    pts.push(polar(rootR, c - (flank[0] as Point2)[1] - rootHalf * 0.2));
    for (const [r, a] of flank) pts.push(polar(r, c - a));
    // tip arc
    const tipA = (flank[flank.length - 1] as Point2)[1];
    if (tipA > 0) pts.push(polar(tipR, c));
    for (let s = flank.length - 1; s >= 0; s--) {
      const [r, a] = flank[s] as Point2;
      pts.push(polar(r, c + a));
    }
  }
  return pts;
}

function circlePoints(r: number, n: number): Point2[] {
  const pts: Point2[] = [];
  for (let i = 0; i < n; i++)
    pts.push([r * Math.cos((2 * Math.PI * i) / n), r * Math.sin((2 * Math.PI * i) / n)]);
  return pts;
}

function segmentsFor(r: number): number {
  // like a CAD export at 0.05 mm chord tolerance, between 16 and 128 segments
  return Math.max(
    16,
    Math.min(128, Math.ceil(Math.PI / Math.acos(Math.max(-1, 1 - 0.05 / Math.max(r, 0.1))))),
  );
}

function gear(teeth: number, module: number, thickness: number, bore: number, z0 = 0): TriangleMesh {
  const holes = bore > 0 ? circlePoints(bore / 2, segmentsFor(bore / 2)) : [];
  return starPrism(gearOutline(teeth, module), holes, z0, z0 + thickness);
}

// ---------------------------------------------------------------------------------------------
// Threads

/** Radius of a hexagon with flat-to-flat width `across`, at polar angle a. */
function hexRadius(across: number, a: number): number {
  const sector = Math.PI / 3;
  const local = ((((a + sector / 2) % sector) + sector) % sector) - sector / 2;
  return across / 2 / Math.cos(local);
}

/** Thread radius (ISO-like 60° profile, flattened crest and root) at angle a and height z. */
function threadRadius(diameter: number, pitch: number, a: number, z: number): number {
  const depth = 0.54 * pitch;
  const phase = z / pitch - a / (2 * Math.PI);
  const f = phase - Math.floor(phase); // 0..1 along one pitch
  const tri = f < 0.5 ? f * 2 : (1 - f) * 2; // 0 at the root, 1 at the crest
  const shaped = Math.min(1, Math.max(0, (tri - 0.125) / 0.75));
  return diameter / 2 - depth + depth * shaped;
}

function screw(spec: Extract<PartSpec, { kind: 'screw' }>): TriangleMesh {
  const { diameter, pitch, length, head } = spec;
  const headSize = spec.headSize ?? diameter * 1.7;
  const headH = head === 'none' ? 0 : diameter * 0.7;
  const dz = pitch / 8;
  const heights: number[] = [];
  if (headH > 0) {
    heights.push(0, headH, headH);
  } else heights.push(0);
  const n = Math.ceil(length / dz);
  for (let k = 1; k <= n; k++) heights.push(headH + (length * k) / n);
  const angles = Math.max(24, Math.min(96, Math.round((diameter * Math.PI) / 0.4)));
  return radialSolid(
    (a, z, row) => {
      if (headH > 0 && (row === 0 || row === 1))
        return head === 'hex' ? hexRadius(headSize, a) : headSize / 2;
      // chamfer the tip
      const r = threadRadius(diameter, pitch, a, z);
      const tip = headH + length - z;
      return Math.min(r, diameter / 2 - 0.54 * pitch + tip);
    },
    angles,
    heights,
  );
}

function nut(spec: Extract<PartSpec, { kind: 'nut' }>): TriangleMesh {
  const dz = spec.pitch / 8;
  const n = Math.ceil(spec.height / dz);
  const heights: number[] = [];
  for (let k = 0; k <= n; k++) heights.push((spec.height * k) / n);
  const angles = 96;
  return radialShell(
    (a) => hexRadius(spec.width, a),
    (a, z) => threadRadius(spec.diameter, spec.pitch, a, z) + 0.54 * spec.pitch * 0.4,
    angles,
    heights,
  );
}

// ---------------------------------------------------------------------------------------------
// Lattices, towers, organic shapes

function lattice(spec: Extract<PartSpec, { kind: 'lattice' }>): TriangleMesh {
  const [sx, sy, sz] = spec.size;
  const half = spec.bar / 2;
  const c = spec.cell;
  const near = (v: number) => {
    // distance to the nearest bar axis along one coordinate (bars at 0, c, 2c, ... clamped to the box)
    const k = Math.round(v / c);
    return Math.abs(v - k * c);
  };
  const field = (x: number, y: number, z: number) => {
    const bx = Math.max(near(y), near(z)) - half; // bars along x
    const by = Math.max(near(x), near(z)) - half;
    const bz = Math.max(near(x), near(y)) - half;
    const bars = Math.min(bx, by, bz);
    const inBox = sdf.box(x, y, z, [0, 0, 0], [sx, sy, sz]);
    return Math.max(bars, inBox);
  };
  const step = spec.step ?? Math.min(0.5, spec.bar / 3.2);
  return isoSurface(field, [-half, -half, -half], [sx + half, sy + half, sz + half], step);
}

function polygonRadius(section: 'square' | 'hex' | 'round' | 'star', width: number, a: number): number {
  switch (section) {
    case 'round':
      return width / 2;
    case 'hex':
      return hexRadius(width, a);
    case 'square': {
      const local = ((((a + Math.PI / 4) % (Math.PI / 2)) + Math.PI / 2) % (Math.PI / 2)) - Math.PI / 4;
      return width / 2 / Math.cos(local);
    }
    case 'star':
      return (width / 2) * (0.75 + 0.25 * Math.cos(5 * a));
  }
}

function tower(spec: Extract<PartSpec, { kind: 'tower' }>): TriangleMesh {
  const rows = Math.max(2, Math.ceil(spec.twistDeg === 0 ? 1 : spec.height / 1));
  const heights: number[] = [];
  for (let k = 0; k <= rows; k++) heights.push((spec.height * k) / rows);
  const angles =
    spec.section === 'round' || spec.section === 'star' ? 72 : spec.section === 'hex' ? 6 * 8 : 4 * 8;
  return radialSolid(
    (a, z) => {
      const twist = (spec.twistDeg * Math.PI * z) / (180 * spec.height);
      return polygonRadius(spec.section, spec.width, a - twist);
    },
    angles,
    heights,
  );
}

/** Smooth seeded noise on the sphere: a sum of a few random low-order waves. */
function sphereNoise(seed: number, lobes: number): (x: number, y: number, z: number) => number {
  const rnd = seededRandom(seed);
  const waves: Array<[number, number, number, number, number]> = [];
  for (let k = 0; k < 6 + lobes; k++) {
    const theta = Math.acos(2 * rnd() - 1);
    const phi = 2 * Math.PI * rnd();
    const freq = 1 + rnd() * lobes;
    waves.push([
      Math.sin(theta) * Math.cos(phi),
      Math.sin(theta) * Math.sin(phi),
      Math.cos(theta),
      freq,
      rnd() * 6.28,
    ]);
  }
  return (x, y, z) => {
    let s = 0;
    for (const [dx, dy, dz, f, p] of waves)
      s += Math.sin(f * (dx * x + dy * y + dz * z) + p) / waves.length ** 0.5;
    return s;
  };
}

function blob(spec: Extract<PartSpec, { kind: 'blob' }>): TriangleMesh {
  const noise = sphereNoise(spec.seed, spec.lobes);
  const rings = spec.resolution ?? 90;
  const segments = rings * 2;
  const soup = new Soup();
  const point = (i: number, j: number): Point3 => {
    const th = (Math.PI * i) / rings;
    const ph = (2 * Math.PI * (j % segments)) / segments;
    const pole = i === 0 || i === rings;
    const ux = pole ? 0 : Math.sin(th) * Math.cos(ph);
    const uy = pole ? 0 : Math.sin(th) * Math.sin(ph);
    const uz = -Math.cos(th);
    const r = spec.radius * (1 + spec.roughness * noise(2 * ux, 2 * uy, 2 * uz));
    return [r * ux * spec.stretch[0], r * uy * spec.stretch[1], r * uz * spec.stretch[2]];
  };
  for (let i = 0; i < rings; i++) {
    for (let j = 0; j < segments; j++) {
      const a = point(i, j);
      const b = point(i + 1, j);
      const c = point(i + 1, j + 1);
      const d = point(i, j + 1);
      if (i === 0) soup.tri(a, b, c);
      else if (i === rings - 1) soup.tri(a, b, d);
      else soup.quad(a, b, c, d);
    }
  }
  const mesh = orientOutward(soup.build());
  // cut a flat base so it stands: keep as is (PrusaSlicer drops it on the bed); flatten the lowest 4 %
  return flattenBottom(mesh, 0.04);
}

/** Clamp the lowest share of the height to a plane (a scan cut flat to stand on the bed). */
function flattenBottom(mesh: TriangleMesh, share: number): TriangleMesh {
  const P = mesh.positions;
  let zmin = Infinity;
  let zmax = -Infinity;
  for (let i = 2; i < P.length; i += 3) {
    zmin = Math.min(zmin, P[i] as number);
    zmax = Math.max(zmax, P[i] as number);
  }
  const cut = zmin + share * (zmax - zmin);
  for (let i = 2; i < P.length; i += 3) if ((P[i] as number) < cut) P[i] = cut;
  return dropDegenerate(mesh);
}

/** A blobby figure (metaballs: body, head, arms, legs) with overhangs, like a scanned figurine. */
function figure(spec: Extract<PartSpec, { kind: 'figure' }>): TriangleMesh {
  const rnd = seededRandom(spec.seed);
  const s = spec.scale;
  const balls: Array<[number, number, number, number]> = [
    [0, 0, 14, 8],
    [0, 0, 27, 5.5],
    [-9 - rnd() * 3, 0, 20 + rnd() * 4, 3.2],
    [9 + rnd() * 3, 0, 20 + rnd() * 4, 3.2],
    [-4, 0, 4, 4],
    [4, 0, 4, 4],
    [-13 - rnd() * 2, 0, 14 + rnd() * 6, 2.6],
    [13 + rnd() * 2, rnd() * 3, 16 + rnd() * 6, 2.6],
  ];
  const field = (x: number, y: number, z: number) => {
    let f = 0;
    for (const [bx, by, bz, r] of balls) {
      const d2 = ((x / s - bx) ** 2 + (y / s - by) ** 2 + (z / s - bz) ** 2) / (r * r);
      f += Math.exp(-d2 * 1.2);
    }
    return (0.35 - f) * s;
  };
  const step = spec.step ?? 0.6 * s;
  return flattenBottom(isoSurface(field, [-20 * s, -10 * s, 0], [20 * s, 10 * s, 34 * s], step), 0.01);
}

// ---------------------------------------------------------------------------------------------
// Text: strokes of a small font (capsules), raised on a plate

/** Strokes per letter on a 4 × 6 grid (x, y pairs). */
const FONT: Record<string, number[][]> = {
  A: [
    [0, 0, 2, 6],
    [2, 6, 4, 0],
    [1, 3, 3, 3],
  ],
  B: [
    [0, 0, 0, 6],
    [0, 6, 3, 6],
    [3, 6, 4, 5],
    [4, 5, 3, 3],
    [0, 3, 3, 3],
    [3, 3, 4, 2],
    [4, 2, 4, 1],
    [4, 1, 3, 0],
    [3, 0, 0, 0],
  ],
  C: [
    [4, 6, 1, 6],
    [1, 6, 0, 5],
    [0, 5, 0, 1],
    [0, 1, 1, 0],
    [1, 0, 4, 0],
  ],
  D: [
    [0, 0, 0, 6],
    [0, 6, 3, 6],
    [3, 6, 4, 5],
    [4, 5, 4, 1],
    [4, 1, 3, 0],
    [3, 0, 0, 0],
  ],
  E: [
    [4, 0, 0, 0],
    [0, 0, 0, 6],
    [0, 6, 4, 6],
    [0, 3, 3, 3],
  ],
  G: [
    [4, 6, 1, 6],
    [1, 6, 0, 5],
    [0, 5, 0, 1],
    [0, 1, 1, 0],
    [1, 0, 4, 0],
    [4, 0, 4, 3],
    [4, 3, 2, 3],
  ],
  H: [
    [0, 0, 0, 6],
    [4, 0, 4, 6],
    [0, 3, 4, 3],
  ],
  I: [
    [2, 0, 2, 6],
    [1, 0, 3, 0],
    [1, 6, 3, 6],
  ],
  K: [
    [0, 0, 0, 6],
    [4, 6, 0, 2],
    [1, 3, 4, 0],
  ],
  L: [
    [0, 6, 0, 0],
    [0, 0, 4, 0],
  ],
  M: [
    [0, 0, 0, 6],
    [0, 6, 2, 3],
    [2, 3, 4, 6],
    [4, 6, 4, 0],
  ],
  N: [
    [0, 0, 0, 6],
    [0, 6, 4, 0],
    [4, 0, 4, 6],
  ],
  O: [
    [1, 0, 3, 0],
    [3, 0, 4, 1],
    [4, 1, 4, 5],
    [4, 5, 3, 6],
    [3, 6, 1, 6],
    [1, 6, 0, 5],
    [0, 5, 0, 1],
    [0, 1, 1, 0],
  ],
  P: [
    [0, 0, 0, 6],
    [0, 6, 3, 6],
    [3, 6, 4, 5],
    [4, 5, 4, 4],
    [4, 4, 3, 3],
    [3, 3, 0, 3],
  ],
  R: [
    [0, 0, 0, 6],
    [0, 6, 3, 6],
    [3, 6, 4, 5],
    [4, 5, 4, 4],
    [4, 4, 3, 3],
    [3, 3, 0, 3],
    [2, 3, 4, 0],
  ],
  S: [
    [4, 6, 1, 6],
    [1, 6, 0, 5],
    [0, 5, 0, 4],
    [0, 4, 1, 3],
    [1, 3, 3, 3],
    [3, 3, 4, 2],
    [4, 2, 4, 1],
    [4, 1, 3, 0],
    [3, 0, 0, 0],
  ],
  T: [
    [0, 6, 4, 6],
    [2, 6, 2, 0],
  ],
  U: [
    [0, 6, 0, 1],
    [0, 1, 1, 0],
    [1, 0, 3, 0],
    [3, 0, 4, 1],
    [4, 1, 4, 6],
  ],
  V: [
    [0, 6, 2, 0],
    [2, 0, 4, 6],
  ],
  W: [
    [0, 6, 1, 0],
    [1, 0, 2, 3],
    [2, 3, 3, 0],
    [3, 0, 4, 6],
  ],
  X: [
    [0, 0, 4, 6],
    [0, 6, 4, 0],
  ],
  Y: [
    [0, 6, 2, 3],
    [4, 6, 2, 3],
    [2, 3, 2, 0],
  ],
  Z: [
    [0, 6, 4, 6],
    [4, 6, 0, 0],
    [0, 0, 4, 0],
  ],
  '0': [
    [1, 0, 3, 0],
    [3, 0, 4, 1],
    [4, 1, 4, 5],
    [4, 5, 3, 6],
    [3, 6, 1, 6],
    [1, 6, 0, 5],
    [0, 5, 0, 1],
    [0, 1, 1, 0],
    [0, 1, 4, 5],
  ],
  '1': [
    [1, 5, 2, 6],
    [2, 6, 2, 0],
    [1, 0, 3, 0],
  ],
  '2': [
    [0, 5, 1, 6],
    [1, 6, 3, 6],
    [3, 6, 4, 5],
    [4, 5, 4, 4],
    [4, 4, 0, 0],
    [0, 0, 4, 0],
  ],
  '3': [
    [0, 6, 4, 6],
    [4, 6, 2, 4],
    [2, 4, 3, 4],
    [3, 4, 4, 3],
    [4, 3, 4, 1],
    [4, 1, 3, 0],
    [3, 0, 0, 0],
  ],
  '4': [
    [3, 0, 3, 6],
    [3, 6, 0, 2],
    [0, 2, 4, 2],
  ],
  '5': [
    [4, 6, 0, 6],
    [0, 6, 0, 3],
    [0, 3, 3, 3],
    [3, 3, 4, 2],
    [4, 2, 4, 1],
    [4, 1, 3, 0],
    [3, 0, 0, 0],
  ],
};

function text(spec: Extract<PartSpec, { kind: 'text' }>): TriangleMesh {
  const unit = spec.height / 6;
  const strokes: Array<[Point3, Point3]> = [];
  let x = 0;
  const base = spec.plate ? spec.plate[1] : 0;
  for (const ch of spec.text.toUpperCase()) {
    const glyph = FONT[ch];
    if (glyph) {
      for (const [x1, y1, x2, y2] of glyph as [number, number, number, number][]) {
        strokes.push([
          [x + x1 * unit, y1 * unit, base],
          [x + x2 * unit, y2 * unit, base],
        ]);
      }
    }
    x += 6 * unit;
  }
  const width = x - 2 * unit;
  const margin = spec.plate ? spec.plate[0] : 0;
  const r = spec.stroke / 2;
  const top = base + spec.relief;
  const field = (px: number, py: number, pz: number) => {
    // strokes: prisms of capsule section from `base - 0.01` to `top` (vertical sides, flat top)
    let d = Infinity;
    for (const [a, b] of strokes) {
      const c = sdf.capsule(px, py, 0, [a[0], a[1], 0], [b[0], b[1], 0], r);
      if (c < d) d = c;
    }
    const vertical = Math.max(base - (spec.plate ? 0.5 : 0) - pz, pz - top);
    let f = Math.max(d, vertical);
    if (spec.plate) {
      const plate = sdf.box(px, py, pz, [-margin, -margin, 0], [width + margin, spec.height + margin, base]);
      f = Math.min(f, plate);
    }
    return f;
  };
  const lo: Point3 = [-margin - r, -margin - r, 0];
  const hi: Point3 = [width + margin + r, spec.height + margin + r, top];
  return isoSurface(field, lo, hi, Math.min(0.4, spec.stroke / 4));
}

// ---------------------------------------------------------------------------------------------
// Thin walls, plates, tiny parts

function vase(spec: Extract<PartSpec, { kind: 'vase' }>): TriangleMesh {
  const rows = Math.ceil(spec.height / 1);
  const heights: number[] = [];
  for (let k = 0; k <= rows; k++) heights.push((spec.height * k) / rows);
  const outer = (a: number, z: number) =>
    spec.radius *
    (1 + spec.flare * Math.sin((Math.PI * z) / spec.height)) *
    (1 + spec.ripple * Math.cos(spec.lobes * a));
  return radialShell(outer, (a, z) => outer(a, z) - spec.wall, 120, heights, spec.floor);
}

function thinBox(spec: Extract<PartSpec, { kind: 'thinBox' }>): TriangleMesh {
  const [sx, sy, sz] = spec.size;
  const rect = (a: number, hx: number, hy: number) => {
    const c = Math.abs(Math.cos(a));
    const s = Math.abs(Math.sin(a));
    return Math.min(c > 1e-9 ? hx / c : Infinity, s > 1e-9 ? hy / s : Infinity);
  };
  // sample the corners exactly: angles at the rectangle's corners plus a regular set
  return radialShell(
    (a) => rect(a, sx / 2, sy / 2),
    (a) => rect(a, sx / 2 - spec.wall, sy / 2 - spec.wall),
    64,
    [0, sz],
    spec.floor,
  );
}

/**
 * An open box as CAD draws one: rectangular outside and inside, every corner sharp. (thinBox samples
 * both rectangles at the same angles, so the inside corners of a box that is not square are cut by
 * a chord: thicker, chamfered corners that a drawn box does not have.)
 */
function sharpBox(spec: Extract<PartSpec, { kind: 'sharpBox' }>): TriangleMesh {
  const [sx, sy, sz] = spec.size;
  const rect = (hx: number, hy: number): Point2[] => [
    [-hx, -hy],
    [hx, -hy],
    [hx, hy],
    [-hx, hy],
  ];
  return sharpCup(rect(sx / 2, sy / 2), rect(sx / 2 - spec.wall, sy / 2 - spec.wall), sz, spec.floor);
}

/** A cup whose outside and inside are regular polygons (a hexagonal pencil pot), corners sharp. */
function polyCup(spec: Extract<PartSpec, { kind: 'polyCup' }>): TriangleMesh {
  const polygon = (apothem: number): Point2[] =>
    Array.from({ length: spec.sides }, (_, i) => {
      const a = (2 * Math.PI * (i + 0.5)) / spec.sides;
      const r = apothem / Math.cos(Math.PI / spec.sides);
      return [r * Math.cos(a), r * Math.sin(a)] as Point2;
    });
  return sharpCup(polygon(spec.apothem), polygon(spec.apothem - spec.wall), spec.height, spec.floor);
}

/** An open box whose vertical edges are filleted (`radius` outside, less the wall inside), as an
 * enclosure is drawn; each quarter round in 12 facets. */
function roundBox(spec: Extract<PartSpec, { kind: 'roundBox' }>): TriangleMesh {
  const [sx, sy, sz] = spec.size;
  const rounded = (hx: number, hy: number, r: number): Point2[] => {
    const points: Point2[] = [];
    const centres: Array<[number, number]> = [
      [hx - r, hy - r],
      [-hx + r, hy - r],
      [-hx + r, -hy + r],
      [hx - r, -hy + r],
    ];
    centres.forEach(([cx, cy], quarter) => {
      for (let k = 0; k <= 12; k++) {
        const a = ((quarter + k / 12) * Math.PI) / 2;
        points.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
      }
    });
    return points;
  };
  const inner = Math.max(spec.radius - spec.wall, 0.01);
  return sharpCup(
    rounded(sx / 2, sy / 2, spec.radius),
    rounded(sx / 2 - spec.wall, sy / 2 - spec.wall, inner),
    sz,
    spec.floor,
  );
}

/** A cup between two convex polygons (counter-clockwise, vertex for vertex) from z 0 to `height`,
 * its cavity down to `floor`. */
function sharpCup(outer: Point2[], inner: Point2[], height: number, floor: number): TriangleMesh {
  const soup = new Soup();
  const at = (p: Point2, z: number): Point3 => [p[0], p[1], z];
  const n = outer.length;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const [o0, o1, i0, i1] = [outer[i], outer[j], inner[i], inner[j]] as [Point2, Point2, Point2, Point2];
    // outside wall, rim, inside wall (facing the cavity), and the bottom and the cavity's floor as fans
    soup.quad(at(o0, 0), at(o1, 0), at(o1, height), at(o0, height));
    soup.quad(at(o0, height), at(o1, height), at(i1, height), at(i0, height));
    soup.quad(at(i0, floor), at(i0, height), at(i1, height), at(i1, floor));
    if (i > 0 && j > 0) {
      soup.tri(at(outer[0] as Point2, 0), at(o1, 0), at(o0, 0));
      soup.tri(at(inner[0] as Point2, floor), at(i0, floor), at(i1, floor));
    }
  }
  return orientOutward(soup.build());
}

function disc(spec: Extract<PartSpec, { kind: 'disc' }>): TriangleMesh {
  // a disc whose holes sit on a ring; built as a cell-free star prism (outer) with one bore and
  // holes cut by isoSurface would be heavy: use radial segments instead (holes as notches)
  const n = segmentsFor(spec.radius);
  const outer = circlePoints(spec.radius, n);
  const inner = spec.holes > 0 ? circlePoints(spec.holeRadius, segmentsFor(spec.holeRadius)) : [];
  return starPrism(outer, inner, 0, spec.thickness);
}

function washer(spec: Extract<PartSpec, { kind: 'washer' }>): TriangleMesh {
  return starPrism(
    circlePoints(spec.outer / 2, segmentsFor(spec.outer / 2)),
    circlePoints(spec.inner / 2, segmentsFor(spec.inner / 2)),
    0,
    spec.thickness,
  );
}

function boxMesh(sx: number, sy: number, sz: number): TriangleMesh {
  return starPrism(
    [
      [-sx / 2, -sy / 2],
      [sx / 2, -sy / 2],
      [sx / 2, sy / 2],
      [-sx / 2, sy / 2],
    ],
    [],
    0,
    sz,
  );
}

// ---------------------------------------------------------------------------------------------
// Defects

function dropDegenerate(mesh: TriangleMesh): TriangleMesh {
  const P = mesh.positions;
  const keep: number[] = [];
  for (let t = 0; t < mesh.triangleCount; t++) {
    const o = t * 9;
    const ux = (P[o + 3] as number) - (P[o] as number);
    const uy = (P[o + 4] as number) - (P[o + 1] as number);
    const uz = (P[o + 5] as number) - (P[o + 2] as number);
    const vx = (P[o + 6] as number) - (P[o] as number);
    const vy = (P[o + 7] as number) - (P[o + 1] as number);
    const vz = (P[o + 8] as number) - (P[o + 2] as number);
    const area = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    if (area > 1e-9) keep.push(t);
  }
  const out = new Float32Array(keep.length * 9);
  keep.forEach((t, i) => {
    out.set(P.subarray(t * 9, t * 9 + 9), i * 9);
  });
  return { positions: out, triangleCount: keep.length };
}

/** Inject duplicate faces, degenerate faces (a repeated corner, or three collinear corners) and
 * faces wound the wrong way, deterministically from the seed. */
function withDefects(mesh: TriangleMesh, spec: Extract<PartSpec, { kind: 'defects' }>): TriangleMesh {
  const rnd = seededRandom(spec.seed);
  const P = mesh.positions;
  const out: number[] = [];
  for (let t = 0; t < mesh.triangleCount; t++) {
    const tri = Array.from(P.subarray(t * 9, t * 9 + 9));
    if (rnd() < spec.flip) {
      out.push(...tri.slice(0, 3), ...tri.slice(6, 9), ...tri.slice(3, 6));
    } else out.push(...tri);
    if (rnd() < spec.duplicate) out.push(...tri);
  }
  for (let k = 0; k < spec.degenerate; k++) {
    const t = Math.floor(rnd() * mesh.triangleCount);
    const tri = Array.from(P.subarray(t * 9, t * 9 + 9));
    if (k % 2 === 0) {
      out.push(...tri.slice(0, 3), ...tri.slice(0, 3), ...tri.slice(3, 6)); // a repeated corner
    } else {
      const mid = [0, 1, 2].map((i) => ((tri[i] as number) + (tri[3 + i] as number)) / 2);
      out.push(...tri.slice(0, 3), ...mid, ...tri.slice(3, 6)); // three collinear corners
    }
  }
  return { positions: new Float32Array(out), triangleCount: out.length / 9 };
}

// ---------------------------------------------------------------------------------------------

/** Build the mesh a part spec describes (deterministic). */
export function buildPart(spec: PartSpec): TriangleMesh {
  switch (spec.kind) {
    case 'gear': {
      const g = gear(spec.teeth, spec.module, spec.thickness, spec.bore);
      if (!spec.hub) return g;
      const [hubR, hubH] = spec.hub;
      const hub = starPrism(
        circlePoints(hubR, segmentsFor(hubR)),
        circlePoints(spec.bore / 2, segmentsFor(spec.bore / 2)),
        spec.thickness,
        spec.thickness + hubH,
      );
      return merge(g, hub);
    }
    case 'compoundGear': {
      const [t1, t2] = spec.teeth;
      const [h1, h2] = spec.thickness;
      return merge(gear(t1, spec.module, h1, spec.bore), gear(t2, spec.module, h2, spec.bore, h1));
    }
    case 'gearTrain':
      return merge(
        ...spec.gears.map((g) =>
          transform(gear(g.teeth, spec.module, spec.thickness, spec.bore), [g.x, g.y, 0], 0),
        ),
      );
    case 'screw':
      return screw(spec);
    case 'nut':
      return nut(spec);
    case 'lattice':
      return lattice(spec);
    case 'bridge':
      return profileXZ(spec.profile, 0, spec.depth);
    case 'tower':
      return tower(spec);
    case 'blob':
      return blob(spec);
    case 'figure':
      return figure(spec);
    case 'text':
      return text(spec);
    case 'vase':
      return vase(spec);
    case 'thinBox':
      return thinBox(spec);
    case 'sharpBox':
      return sharpBox(spec);
    case 'polyCup':
      return polyCup(spec);
    case 'roundBox':
      return roundBox(spec);
    case 'turned': {
      const { profile } = spec;
      return radialSolid(
        (_a, _z, row) => (profile[row] as [number, number])[0],
        spec.sides ?? 96,
        profile.map((p) => p[1]),
      );
    }
    case 'rib':
      // an upright wall drawn as its plan (a U channel, a T rib), sharp-cornered
      return prism(spec.outline, 0, spec.height);
    case 'plate':
      return merge(...spec.parts.map((p) => transform(buildPart(p.part), [p.x, p.y, 0], p.rotate ?? 0)));
    case 'cellPlate': {
      const { cols, rows, cell, thickness, pattern } = spec;
      return cellPlate(cols, rows, cell, thickness, (c, r) => {
        const hole = spec.hole ?? cell / 4;
        const peg = spec.peg ? { radius: spec.peg[0], height: spec.peg[1] } : { radius: cell / 4, height: 4 };
        if (pattern === 'solid') return {};
        if (pattern === 'holes') return { hole };
        if (pattern === 'pegs') return (c + r) % 2 === 0 ? { peg } : {};
        return (c + r) % 3 === 0 ? { peg } : (c * 7 + r * 3) % 4 === 0 ? {} : { hole };
      });
    }
    case 'disc':
      return disc(spec);
    case 'box':
      return boxMesh(...spec.size);
    case 'washer':
      return washer(spec);
    case 'defects':
      return withDefects(buildPart(spec.part), spec);
  }
}

export { layOnSide };
