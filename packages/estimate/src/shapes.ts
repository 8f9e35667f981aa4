/**
 * Small closed-mesh generators (pure, no Node APIs). Used to make extra slicer references for
 * calibration (`refs/extra-refs.json` stores only the generator parameters), by the accuracy report
 * to rebuild those meshes, and by the benchmark (a finely tessellated torus).
 */
import type { TriangleMesh } from '@printloop/geometry';

type V3 = readonly [number, number, number];

class MeshBuilder {
  private data: number[] = [];
  tri(a: V3, b: V3, c: V3): void {
    this.data.push(a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]);
  }
  quad(a: V3, b: V3, c: V3, d: V3): void {
    this.tri(a, b, c);
    this.tri(a, c, d);
  }
  append(mesh: TriangleMesh): void {
    for (let i = 0; i < mesh.triangleCount * 9; i++) this.data.push(mesh.positions[i] ?? 0);
  }
  build(): TriangleMesh {
    return { positions: new Float32Array(this.data), triangleCount: this.data.length / 9 };
  }
}

/** Twice the signed area of a 2D polygon (counter-clockwise positive). */
function signedArea2(poly: ReadonlyArray<readonly [number, number]>): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i] as readonly [number, number];
    const q = poly[(i + 1) % poly.length] as readonly [number, number];
    s += p[0] * q[1] - q[0] * p[1];
  }
  return s;
}

/** Ear-clipping triangulation of a simple polygon (CCW). Returns index triples. */
function earClip(poly: ReadonlyArray<readonly [number, number]>): [number, number, number][] {
  const idx = poly.map((_, i) => i);
  const out: [number, number, number][] = [];
  const pt = (i: number) => poly[i] as readonly [number, number];
  const cross = (a: number, b: number, c: number) => {
    const A = pt(a);
    const B = pt(b);
    const C = pt(c);
    return (B[0] - A[0]) * (C[1] - A[1]) - (B[1] - A[1]) * (C[0] - A[0]);
  };
  let guard = 0;
  while (idx.length > 3 && guard++ < 100000) {
    let clipped = false;
    for (let k = 0; k < idx.length; k++) {
      const a = idx[(k + idx.length - 1) % idx.length] as number;
      const b = idx[k] as number;
      const c = idx[(k + 1) % idx.length] as number;
      if (cross(a, b, c) <= 1e-12) continue;
      let inside = false;
      for (const j of idx) {
        if (j === a || j === b || j === c) continue;
        if (cross(a, b, j) >= 0 && cross(b, c, j) >= 0 && cross(c, a, j) >= 0) {
          inside = true;
          break;
        }
      }
      if (inside) continue;
      out.push([a, b, c]);
      idx.splice(k, 1);
      clipped = true;
      break;
    }
    if (!clipped) break;
  }
  if (idx.length === 3) out.push([idx[0] as number, idx[1] as number, idx[2] as number]);
  return out;
}

/** Extrude a simple 2D polygon (x, y) from z0 to z1. */
export function prism(
  polygon: ReadonlyArray<readonly [number, number]>,
  z0: number,
  z1: number,
): TriangleMesh {
  const poly = signedArea2(polygon) < 0 ? [...polygon].reverse() : [...polygon];
  const m = new MeshBuilder();
  const n = poly.length;
  for (let i = 0; i < n; i++) {
    const p = poly[i] as readonly [number, number];
    const q = poly[(i + 1) % n] as readonly [number, number];
    m.quad([p[0], p[1], z0], [q[0], q[1], z0], [q[0], q[1], z1], [p[0], p[1], z1]);
  }
  for (const [a, b, c] of earClip(poly)) {
    const A = poly[a] as readonly [number, number];
    const B = poly[b] as readonly [number, number];
    const C = poly[c] as readonly [number, number];
    m.tri([A[0], A[1], z1], [B[0], B[1], z1], [C[0], C[1], z1]);
    m.tri([A[0], A[1], z0], [C[0], C[1], z0], [B[0], B[1], z0]);
  }
  return m.build();
}

/** Extrude a profile drawn in the XZ plane (x, z) along Y from y0 to y1 (for overhangs and bridges). */
export function profileXZ(
  profile: ReadonlyArray<readonly [number, number]>,
  y0: number,
  y1: number,
): TriangleMesh {
  const p = prism(profile, y0, y1);
  const out = new Float32Array(p.positions.length);
  // (x, y, z) -> (x, z, y) mirrors the solid; swap two corners per triangle to keep normals outward.
  for (let t = 0; t < p.triangleCount; t++) {
    const o = t * 9;
    const corners = [0, 2, 1];
    for (let k = 0; k < 3; k++) {
      const s = o + (corners[k] as number) * 3;
      out[o + k * 3] = p.positions[s] as number;
      out[o + k * 3 + 1] = p.positions[s + 2] as number;
      out[o + k * 3 + 2] = p.positions[s + 1] as number;
    }
  }
  return { positions: out, triangleCount: p.triangleCount };
}

function circle(r: number, n: number, cx = 0, cy = 0): [number, number][] {
  const pts: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return pts;
}

export function box(sx: number, sy: number, sz: number, x0 = 0, y0 = 0, z0 = 0): TriangleMesh {
  return prism(
    [
      [x0, y0],
      [x0 + sx, y0],
      [x0 + sx, y0 + sy],
      [x0, y0 + sy],
    ],
    z0,
    z0 + sz,
  );
}

/** Frustum of a cone (r0 at the bottom, r1 at the top); r0 = r1 is a cylinder. */
export function frustum(r0: number, r1: number, h: number, n = 96, cx = 0, cy = 0, z0 = 0): TriangleMesh {
  const m = new MeshBuilder();
  const b = circle(r0, n, cx, cy);
  const t = circle(r1, n, cx, cy);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const bi = b[i] as [number, number];
    const bj = b[j] as [number, number];
    const ti = t[i] as [number, number];
    const tj = t[j] as [number, number];
    m.quad([bi[0], bi[1], z0], [bj[0], bj[1], z0], [tj[0], tj[1], z0 + h], [ti[0], ti[1], z0 + h]);
    m.tri([cx, cy, z0 + h], [ti[0], ti[1], z0 + h], [tj[0], tj[1], z0 + h]);
    m.tri([cx, cy, z0], [bj[0], bj[1], z0], [bi[0], bi[1], z0]);
  }
  return m.build();
}

/** A tube (hollow cylinder), outer radius ro, inner radius ri. */
export function tube(ro: number, ri: number, h: number, n = 96): TriangleMesh {
  const m = new MeshBuilder();
  const o = circle(ro, n);
  const i_ = circle(ri, n);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const oi = o[i] as [number, number];
    const oj = o[j] as [number, number];
    const ii = i_[i] as [number, number];
    const ij = i_[j] as [number, number];
    m.quad([oi[0], oi[1], 0], [oj[0], oj[1], 0], [oj[0], oj[1], h], [oi[0], oi[1], h]);
    m.quad([ij[0], ij[1], 0], [ii[0], ii[1], 0], [ii[0], ii[1], h], [ij[0], ij[1], h]);
    m.quad([oi[0], oi[1], h], [oj[0], oj[1], h], [ij[0], ij[1], h], [ii[0], ii[1], h]);
    m.quad([oj[0], oj[1], 0], [oi[0], oi[1], 0], [ii[0], ii[1], 0], [ij[0], ij[1], 0]);
  }
  return m.build();
}

/** UV sphere of radius r, centred at (0, 0, r). */
export function sphere(r: number, rings = 48, segments = 96): TriangleMesh {
  const m = new MeshBuilder();
  const p = (i: number, j: number): V3 => {
    const th = (Math.PI * i) / rings;
    const ph = (2 * Math.PI * j) / segments;
    return [r * Math.sin(th) * Math.cos(ph), r * Math.sin(th) * Math.sin(ph), r - r * Math.cos(th)];
  };
  for (let i = 0; i < rings; i++) {
    for (let j = 0; j < segments; j++) {
      const a = p(i, j);
      const b = p(i + 1, j);
      const c = p(i + 1, j + 1);
      const d = p(i, j + 1);
      if (i === 0) m.tri(a, c, b);
      else if (i === rings - 1) m.tri(a, d, b);
      else m.quad(a, d, c, b);
    }
  }
  // Orientation check: the loop above winds inward on this parametrisation; flip if needed.
  return orientOutward(m.build());
}

/** Torus lying on the bed: major radius R, minor radius r. Triangles = 2 · n · k. */
export function torus(R: number, r: number, n: number, k: number): TriangleMesh {
  const positions = new Float32Array(n * k * 18);
  const p = (i: number, j: number): V3 => {
    const u = (2 * Math.PI * i) / n;
    const v = (2 * Math.PI * j) / k;
    const w = R + r * Math.cos(v);
    return [w * Math.cos(u), w * Math.sin(u), r + r * Math.sin(v)];
  };
  let o = 0;
  const put = (q: V3) => {
    positions[o++] = q[0];
    positions[o++] = q[1];
    positions[o++] = q[2];
  };
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < k; j++) {
      const a = p(i, j);
      const b = p(i + 1, j);
      const c = p(i + 1, j + 1);
      const d = p(i, j + 1);
      put(a);
      put(b);
      put(c);
      put(a);
      put(c);
      put(d);
    }
  }
  return orientOutward({ positions, triangleCount: n * k * 2 });
}

function signedVolume(mesh: TriangleMesh): number {
  const P = mesh.positions;
  let v = 0;
  for (let t = 0; t < mesh.triangleCount; t++) {
    const o = t * 9;
    const ax = P[o] as number;
    const ay = P[o + 1] as number;
    const az = P[o + 2] as number;
    const bx = P[o + 3] as number;
    const by = P[o + 4] as number;
    const bz = P[o + 5] as number;
    const cx = P[o + 6] as number;
    const cy = P[o + 7] as number;
    const cz = P[o + 8] as number;
    v += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return v / 6;
}

function orientOutward(mesh: TriangleMesh): TriangleMesh {
  if (signedVolume(mesh) >= 0) return mesh;
  const P = mesh.positions;
  for (let t = 0; t < mesh.triangleCount; t++) {
    const o = t * 9;
    for (let k = 0; k < 3; k++) {
      const tmp = P[o + 3 + k] as number;
      P[o + 3 + k] = P[o + 6 + k] as number;
      P[o + 6 + k] = tmp;
    }
  }
  return mesh;
}

export function merge(...meshes: TriangleMesh[]): TriangleMesh {
  const m = new MeshBuilder();
  for (const x of meshes) m.append(x);
  return m.build();
}

/** A generator call as stored in the extra references: `{ kind, args }`. */
export type ShapeSpec =
  | { kind: 'box'; args: [number, number, number] }
  | { kind: 'frustum'; args: [number, number, number, number] }
  | { kind: 'tube'; args: [number, number, number, number] }
  | { kind: 'sphere'; args: [number, number, number] }
  | { kind: 'torus'; args: [number, number, number, number] }
  | { kind: 'profileXZ'; args: [Array<[number, number]>, number] }
  | { kind: 'pins'; args: [number, number, number, number, number, number] }
  | { kind: 'shells'; args: [ShapeSpec[], Array<[number, number, number]>] };

function translate(mesh: TriangleMesh, dx: number, dy: number, dz: number): TriangleMesh {
  const out = new Float32Array(mesh.positions);
  for (let i = 0; i < out.length; i += 3) {
    out[i] = (out[i] as number) + dx;
    out[i + 1] = (out[i + 1] as number) + dy;
    out[i + 2] = (out[i + 2] as number) + dz;
  }
  return { positions: out, triangleCount: mesh.triangleCount };
}

/** Build the mesh a spec describes. */
export function buildShape(spec: ShapeSpec): TriangleMesh {
  switch (spec.kind) {
    case 'box':
      return box(...spec.args);
    case 'frustum':
      return frustum(spec.args[0], spec.args[1], spec.args[2], spec.args[3]);
    case 'tube':
      return tube(...spec.args);
    case 'sphere':
      return sphere(...spec.args);
    case 'torus':
      return torus(...spec.args);
    case 'profileXZ':
      return profileXZ(spec.args[0], 0, spec.args[1]);
    case 'pins': {
      // A base plate (sx × sy × t) with an n × n grid of round pins (radius r, height h) on top.
      const [sx, sy, t, n, r, h] = spec.args;
      const parts = [box(sx, sy, t)];
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          parts.push(frustum(r, r, h, 24, ((i + 0.5) * sx) / n, ((j + 0.5) * sy) / n, t));
        }
      }
      return merge(...parts);
    }
    case 'shells': {
      const [specs, offsets] = spec.args;
      return merge(
        ...specs.map((s, i) => {
          const off = offsets[i] ?? [0, 0, 0];
          return translate(buildShape(s), off[0], off[1], off[2]);
        }),
      );
    }
  }
}

/** Binary STL bytes of a mesh (for feeding the CLI and PrusaSlicer in the benchmark). */
export function toBinaryStl(mesh: TriangleMesh): Uint8Array {
  const buf = new ArrayBuffer(84 + mesh.triangleCount * 50);
  const dv = new DataView(buf);
  new Uint8Array(buf).set(new TextEncoder().encode('binary STL from @printloop/estimate shapes'));
  dv.setUint32(80, mesh.triangleCount, true);
  const P = mesh.positions;
  let o = 84;
  for (let t = 0; t < mesh.triangleCount; t++) {
    const b = t * 9;
    const ux = (P[b + 3] as number) - (P[b] as number);
    const uy = (P[b + 4] as number) - (P[b + 1] as number);
    const uz = (P[b + 5] as number) - (P[b + 2] as number);
    const vx = (P[b + 6] as number) - (P[b] as number);
    const vy = (P[b + 7] as number) - (P[b + 1] as number);
    const vz = (P[b + 8] as number) - (P[b + 2] as number);
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz) || 1;
    // Real normals also keep the file from looking like ASCII to readers that sniff bytes.
    dv.setFloat32(o, nx / len, true);
    dv.setFloat32(o + 4, ny / len, true);
    dv.setFloat32(o + 8, nz / len, true);
    o += 12;
    for (let k = 0; k < 9; k++) {
      dv.setFloat32(o, P[t * 9 + k] as number, true);
      o += 4;
    }
    o += 2;
  }
  return new Uint8Array(buf);
}
