/**
 * Closed-mesh building blocks for the corpus generators (pure, no Node APIs): every builder returns a
 * watertight, outward-wound triangle soup, so the same mesh can be sliced by PrusaSlicer (to make the
 * references) and by the estimator (to check it), and only the generator parameters need storing.
 */
import type { TriangleMesh } from '@printloop/geometry';

export type Point2 = readonly [number, number];
export type Point3 = readonly [number, number, number];

/** A growable triangle soup. */
export class Soup {
  private data: number[] = [];
  tri(a: Point3, b: Point3, c: Point3): void {
    this.data.push(a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]);
  }
  /** Quad a-b-c-d (counter-clockwise seen from outside). */
  quad(a: Point3, b: Point3, c: Point3, d: Point3): void {
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

/** Seeded pseudo-random numbers in [0, 1) (mulberry32): the corpus must be the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function signedVolume(mesh: TriangleMesh): number {
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

/** Turn every triangle over when the mesh encloses a negative volume. */
export function orientOutward(mesh: TriangleMesh): TriangleMesh {
  return signedVolume(mesh) >= 0 ? mesh : turnOver(mesh);
}

/** Turn every triangle over (its second and third corners swapped), in place. */
export function turnOver(mesh: TriangleMesh): TriangleMesh {
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
  let count = 0;
  for (const m of meshes) count += m.triangleCount;
  const positions = new Float32Array(count * 9);
  let offset = 0;
  for (const m of meshes) {
    positions.set(m.positions.subarray(0, m.triangleCount * 9), offset);
    offset += m.triangleCount * 9;
  }
  return { positions, triangleCount: count };
}

/** Move, rotate about z (degrees) and scale a mesh (a new mesh). */
export function transform(
  mesh: TriangleMesh,
  move: Point3 = [0, 0, 0],
  rotateZDeg = 0,
  scale = 1,
): TriangleMesh {
  const out = new Float32Array(mesh.triangleCount * 9);
  const cos = Math.cos((rotateZDeg * Math.PI) / 180);
  const sin = Math.sin((rotateZDeg * Math.PI) / 180);
  for (let i = 0; i < out.length; i += 3) {
    const x = (mesh.positions[i] as number) * scale;
    const y = (mesh.positions[i + 1] as number) * scale;
    const z = (mesh.positions[i + 2] as number) * scale;
    out[i] = x * cos - y * sin + move[0];
    out[i + 1] = x * sin + y * cos + move[1];
    out[i + 2] = z + move[2];
  }
  return { positions: out, triangleCount: mesh.triangleCount };
}

/** Lay a mesh on its side: (x, y, z) -> (x, z, -y), keeping it outward-wound; then drop it to z = 0. */
export function layOnSide(mesh: TriangleMesh): TriangleMesh {
  const out = new Float32Array(mesh.triangleCount * 9);
  let zmin = Infinity;
  for (let i = 0; i < out.length; i += 3) {
    out[i] = mesh.positions[i] as number;
    out[i + 1] = mesh.positions[i + 2] as number;
    out[i + 2] = -(mesh.positions[i + 1] as number);
    zmin = Math.min(zmin, out[i + 2] as number);
  }
  for (let i = 2; i < out.length; i += 3) out[i] = (out[i] as number) - zmin;
  return { positions: out, triangleCount: mesh.triangleCount };
}

/**
 * A solid bounded by a radial surface r = radius(angle, z) around the z axis, sampled on `angles` ×
 * `heights` (heights ascending; a repeated height makes a horizontal step), closed by fans at the
 * bottom and top. Threads, screws, knurled knobs, twisted towers, turned parts.
 */
export function radialSolid(
  radius: (angle: number, z: number, row: number) => number,
  angles: number,
  heights: readonly number[],
  centre: Point2 = [0, 0],
): TriangleMesh {
  const soup = new Soup();
  const ring = (row: number): Point3[] => {
    const z = heights[row] as number;
    const pts: Point3[] = [];
    for (let i = 0; i < angles; i++) {
      const a = (2 * Math.PI * i) / angles;
      const r = radius(a, z, row);
      pts.push([centre[0] + r * Math.cos(a), centre[1] + r * Math.sin(a), z]);
    }
    return pts;
  };
  let below = ring(0);
  const z0 = heights[0] as number;
  for (let i = 0; i < angles; i++) {
    soup.tri([centre[0], centre[1], z0], below[(i + 1) % angles] as Point3, below[i] as Point3);
  }
  for (let row = 1; row < heights.length; row++) {
    const above = ring(row);
    for (let i = 0; i < angles; i++) {
      const j = (i + 1) % angles;
      soup.quad(below[i] as Point3, below[j] as Point3, above[j] as Point3, above[i] as Point3);
    }
    below = above;
  }
  const z1 = heights[heights.length - 1] as number;
  for (let i = 0; i < angles; i++) {
    soup.tri([centre[0], centre[1], z1], below[i] as Point3, below[(i + 1) % angles] as Point3);
  }
  return orientOutward(soup.build());
}

/**
 * A hollow solid between an outer radial surface and an inner one (inner < outer everywhere), both
 * sampled at the same angles and heights, with annular caps: nuts, tubes, thin-walled vases. When
 * `floor` is given, the inner surface starts at that height and a solid floor closes the bottom.
 */
export function radialShell(
  outer: (angle: number, z: number) => number,
  inner: (angle: number, z: number) => number,
  angles: number,
  heights: readonly number[],
  floor?: number,
): TriangleMesh {
  const soup = new Soup();
  const ring = (f: (a: number, z: number) => number, z: number): Point3[] => {
    const pts: Point3[] = [];
    for (let i = 0; i < angles; i++) {
      const a = (2 * Math.PI * i) / angles;
      const r = f(a, z);
      pts.push([r * Math.cos(a), r * Math.sin(a), z]);
    }
    return pts;
  };
  const outerRings = heights.map((z) => ring(outer, z));
  const innerHeights = floor === undefined ? heights : [floor, ...heights.filter((z) => z > floor)];
  const innerRings = innerHeights.map((z) => ring(inner, z));
  for (let row = 1; row < outerRings.length; row++) {
    const lo = outerRings[row - 1] as Point3[];
    const hi = outerRings[row] as Point3[];
    for (let i = 0; i < angles; i++) {
      const j = (i + 1) % angles;
      soup.quad(lo[i] as Point3, lo[j] as Point3, hi[j] as Point3, hi[i] as Point3);
    }
  }
  for (let row = 1; row < innerRings.length; row++) {
    const lo = innerRings[row - 1] as Point3[];
    const hi = innerRings[row] as Point3[];
    for (let i = 0; i < angles; i++) {
      const j = (i + 1) % angles;
      soup.quad(lo[j] as Point3, lo[i] as Point3, hi[i] as Point3, hi[j] as Point3);
    }
  }
  const topOuter = outerRings[outerRings.length - 1] as Point3[];
  const topInner = innerRings[innerRings.length - 1] as Point3[];
  for (let i = 0; i < angles; i++) {
    const j = (i + 1) % angles;
    soup.quad(topInner[i] as Point3, topOuter[i] as Point3, topOuter[j] as Point3, topInner[j] as Point3);
  }
  const bottomOuter = outerRings[0] as Point3[];
  const z0 = heights[0] as number;
  if (floor === undefined) {
    const bottomInner = innerRings[0] as Point3[];
    for (let i = 0; i < angles; i++) {
      const j = (i + 1) % angles;
      soup.quad(
        bottomInner[j] as Point3,
        bottomOuter[j] as Point3,
        bottomOuter[i] as Point3,
        bottomInner[i] as Point3,
      );
    }
  } else {
    const floorRing = innerRings[0] as Point3[];
    for (let i = 0; i < angles; i++) {
      const j = (i + 1) % angles;
      soup.tri([0, 0, z0], bottomOuter[j] as Point3, bottomOuter[i] as Point3);
      soup.tri([0, 0, floor], floorRing[i] as Point3, floorRing[j] as Point3);
    }
  }
  return orientOutward(soup.build());
}

/**
 * Prism over the region between two closed outlines that are both star-shaped around the origin
 * (`inner` may be empty: then the region is the whole star). Both are given counter-clockwise by
 * increasing angle. The caps are zipped by angle, so gears with a bore, stars and hubs stay watertight.
 */
export function starPrism(
  outer: readonly Point2[],
  inner: readonly Point2[],
  z0: number,
  z1: number,
): TriangleMesh {
  const soup = new Soup();
  const wall = (loop: readonly Point2[], outward: boolean) => {
    for (let i = 0; i < loop.length; i++) {
      const p = loop[i] as Point2;
      const q = loop[(i + 1) % loop.length] as Point2;
      const a: Point3 = [p[0], p[1], z0];
      const b: Point3 = [q[0], q[1], z0];
      const c: Point3 = [q[0], q[1], z1];
      const d: Point3 = [p[0], p[1], z1];
      if (outward) soup.quad(a, b, c, d);
      else soup.quad(b, a, d, c);
    }
  };
  wall(outer, true);
  if (inner.length > 0) wall(inner, false);
  for (const [a, b, c] of zipByAngle(outer, inner)) {
    soup.tri([a[0], a[1], z1], [b[0], b[1], z1], [c[0], c[1], z1]);
    soup.tri([a[0], a[1], z0], [c[0], c[1], z0], [b[0], b[1], z0]);
  }
  return orientOutward(soup.build());
}

/** Triangles (counter-clockwise) covering the region between two star-shaped loops, merged by angle. */
function zipByAngle(outer: readonly Point2[], inner: readonly Point2[]): [Point2, Point2, Point2][] {
  const out: [Point2, Point2, Point2][] = [];
  if (inner.length === 0) {
    const origin: Point2 = [0, 0];
    for (let i = 0; i < outer.length; i++) {
      out.push([origin, outer[i] as Point2, outer[(i + 1) % outer.length] as Point2]);
    }
    return out;
  }
  const angle = (p: Point2) => {
    const a = Math.atan2(p[1], p[0]);
    return a < 0 ? a + 2 * Math.PI : a;
  };
  const start = (loop: readonly Point2[]) => {
    let best = 0;
    for (let i = 1; i < loop.length; i++)
      if (angle(loop[i] as Point2) < angle(loop[best] as Point2)) best = i;
    return best;
  };
  const so = start(outer);
  const si = start(inner);
  const no = outer.length;
  const ni = inner.length;
  let io = 0;
  let ii = 0;
  const unwrapped = (loop: readonly Point2[], s: number, k: number, n: number) => {
    const a = angle(loop[(s + k) % n] as Point2);
    return k >= n ? a + 2 * Math.PI : a;
  };
  while (io < no || ii < ni) {
    const o = outer[(so + io) % no] as Point2;
    const i = inner[(si + ii) % ni] as Point2;
    const advanceOuter =
      ii >= ni || (io < no && unwrapped(outer, so, io + 1, no) <= unwrapped(inner, si, ii + 1, ni));
    if (advanceOuter) {
      out.push([i, o, outer[(so + io + 1) % no] as Point2]);
      io++;
    } else {
      out.push([i, o, inner[(si + ii + 1) % ni] as Point2]);
      ii++;
    }
  }
  return out;
}

/**
 * A plate of `cols` × `rows` square cells (side `cell`, thickness `thickness`), each plain, pierced by
 * a round hole, or carrying a round peg (radius, height) on top. Every cell's outline carries the same
 * 4 × `sides` points, so neighbouring cells share their edges and the plate is watertight.
 */
export function cellPlate(
  cols: number,
  rows: number,
  cell: number,
  thickness: number,
  kind: (col: number, row: number) => { hole?: number; peg?: { radius: number; height: number } },
  sides = 8,
): TriangleMesh {
  const soup = new Soup();
  const square = (x0: number, y0: number): Point2[] => {
    // counter-clockwise from the corner (x0, y0), `sides` points per side
    const pts: Point2[] = [];
    for (let s = 0; s < 4; s++) {
      for (let k = 0; k < sides; k++) {
        const f = k / sides;
        const [x, y] =
          s === 0 ? [f, 0] : s === 1 ? [1, f] : s === 2 ? [1 - f, 1] : ([0, 1 - f] as [number, number]);
        pts.push([x0 + x * cell, y0 + y * cell]);
      }
    }
    return pts;
  };
  const circleAt = (cx: number, cy: number, r: number, n: number): Point2[] => {
    const pts: Point2[] = [];
    // start at the angle of the square's first point (its lower-left corner) so the zip is regular
    for (let k = 0; k < n; k++) {
      const a = -0.75 * Math.PI + (2 * Math.PI * k) / n;
      pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
    return pts;
  };
  const z0 = 0;
  const z1 = thickness;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x0 = col * cell;
      const y0 = row * cell;
      const cx = x0 + cell / 2;
      const cy = y0 + cell / 2;
      const sq = square(x0, y0);
      const n = sq.length;
      const k = kind(col, row);
      // the border walls of the plate
      for (let i = 0; i < n; i++) {
        const p = sq[i] as Point2;
        const q = sq[(i + 1) % n] as Point2;
        const onBorder =
          (p[1] === 0 && q[1] === 0) ||
          (p[0] === cols * cell && q[0] === cols * cell) ||
          (Math.abs(p[1] - rows * cell) < 1e-9 && Math.abs(q[1] - rows * cell) < 1e-9) ||
          (p[0] === 0 && q[0] === 0);
        if (onBorder) soup.quad([p[0], p[1], z0], [q[0], q[1], z0], [q[0], q[1], z1], [p[0], p[1], z1]);
      }
      if (k.hole !== undefined) {
        const c = circleAt(cx, cy, k.hole, n);
        for (let i = 0; i < n; i++) {
          const j = (i + 1) % n;
          const a = sq[i] as Point2;
          const b = sq[j] as Point2;
          const ci = c[i] as Point2;
          const cj = c[j] as Point2;
          soup.quad([a[0], a[1], z1], [b[0], b[1], z1], [cj[0], cj[1], z1], [ci[0], ci[1], z1]);
          soup.quad([b[0], b[1], z0], [a[0], a[1], z0], [ci[0], ci[1], z0], [cj[0], cj[1], z0]);
          soup.quad([cj[0], cj[1], z0], [ci[0], ci[1], z0], [ci[0], ci[1], z1], [cj[0], cj[1], z1]);
        }
      } else if (k.peg !== undefined) {
        const c = circleAt(cx, cy, k.peg.radius, n);
        const zt = z1 + k.peg.height;
        for (let i = 0; i < n; i++) {
          const j = (i + 1) % n;
          const a = sq[i] as Point2;
          const b = sq[j] as Point2;
          const ci = c[i] as Point2;
          const cj = c[j] as Point2;
          soup.quad([a[0], a[1], z1], [b[0], b[1], z1], [cj[0], cj[1], z1], [ci[0], ci[1], z1]);
          soup.tri([cx, cy, z0], [b[0], b[1], z0], [a[0], a[1], z0]);
          soup.quad([ci[0], ci[1], z1], [cj[0], cj[1], z1], [cj[0], cj[1], zt], [ci[0], ci[1], zt]);
          soup.tri([cx, cy, zt], [ci[0], ci[1], zt], [cj[0], cj[1], zt]);
        }
      } else {
        for (let i = 0; i < n; i++) {
          const a = sq[i] as Point2;
          const b = sq[(i + 1) % n] as Point2;
          soup.tri([cx, cy, z1], [a[0], a[1], z1], [b[0], b[1], z1]);
          soup.tri([cx, cy, z0], [b[0], b[1], z0], [a[0], a[1], z0]);
        }
      }
    }
  }
  return orientOutward(soup.build());
}

/**
 * The surface where `field` (a signed distance: negative inside) is zero, over the box [min, max] at
 * `step` mm, by marching tetrahedra (six per cube, so the result is watertight without case tables).
 * Lattices, bridges with fillets, organic blobs, embossed strokes.
 */
export function isoSurface(
  field: (x: number, y: number, z: number) => number,
  min: Point3,
  max: Point3,
  step: number,
): TriangleMesh {
  const nx = Math.max(1, Math.ceil((max[0] - min[0]) / step)) + 2;
  const ny = Math.max(1, Math.ceil((max[1] - min[1]) / step)) + 2;
  const nz = Math.max(1, Math.ceil((max[2] - min[2]) / step)) + 2;
  const ox = min[0] - step;
  const oy = min[1] - step;
  const oz = min[2] - step;
  const plane = (nx + 1) * (ny + 1);
  const values = new Float32Array(plane * (nz + 1));
  for (let k = 0; k <= nz; k++) {
    for (let j = 0; j <= ny; j++) {
      for (let i = 0; i <= nx; i++) {
        const v = field(ox + i * step, oy + j * step, oz + k * step);
        // keep the surface off the grid points (a value near zero would make degenerate triangles)
        const floor = 0.03 * step;
        values[k * plane + j * (nx + 1) + i] = Math.abs(v) < floor ? (v < 0 ? -floor : floor) : v;
      }
    }
  }
  const out: number[] = [];
  const corner = [
    [0, 0, 0],
    [1, 0, 0],
    [1, 1, 0],
    [0, 1, 0],
    [0, 0, 1],
    [1, 0, 1],
    [1, 1, 1],
    [0, 1, 1],
  ] as const;
  // six tetrahedra around the cube diagonal 0-6
  const tets = [
    [0, 5, 1, 6],
    [0, 1, 2, 6],
    [0, 2, 3, 6],
    [0, 3, 7, 6],
    [0, 7, 4, 6],
    [0, 4, 5, 6],
  ] as const;
  const px = new Float64Array(4);
  const py = new Float64Array(4);
  const pz = new Float64Array(4);
  const pv = new Float64Array(4);
  const emit = (a: number, b: number): [number, number, number] => {
    const va = pv[a] as number;
    const vb = pv[b] as number;
    const f = va / (va - vb);
    return [
      (px[a] as number) + f * ((px[b] as number) - (px[a] as number)),
      (py[a] as number) + f * ((py[b] as number) - (py[a] as number)),
      (pz[a] as number) + f * ((pz[b] as number) - (pz[a] as number)),
    ];
  };
  const pushTri = (p: number[], q: number[], r: number[]) => {
    out.push(p[0] as number, p[1] as number, p[2] as number);
    out.push(q[0] as number, q[1] as number, q[2] as number);
    out.push(r[0] as number, r[1] as number, r[2] as number);
  };
  for (let k = 0; k < nz; k++) {
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        for (const tet of tets) {
          let inside = 0;
          for (let c = 0; c < 4; c++) {
            const [di, dj, dk] = corner[tet[c] as number] as readonly [number, number, number];
            px[c] = ox + (i + di) * step;
            py[c] = oy + (j + dj) * step;
            pz[c] = oz + (k + dk) * step;
            const v = values[(k + dk) * plane + (j + dj) * (nx + 1) + (i + di)] as number;
            pv[c] = v;
            if (v < 0) inside |= 1 << c;
          }
          if (inside === 0 || inside === 15) continue;
          const ins: number[] = [];
          const outs: number[] = [];
          for (let c = 0; c < 4; c++) ((inside >> c) & 1 ? ins : outs).push(c);
          // orientation: the triangles are wound consistently, then fixed by the tet's own orientation
          const tris: [number[], number[], number[]][] = [];
          if (ins.length === 1) {
            const a = ins[0] as number;
            tris.push([emit(a, outs[0] as number), emit(a, outs[1] as number), emit(a, outs[2] as number)]);
          } else if (ins.length === 3) {
            const a = outs[0] as number;
            tris.push([emit(ins[0] as number, a), emit(ins[1] as number, a), emit(ins[2] as number, a)]);
          } else {
            const [a, b] = ins as [number, number];
            const [c, d] = outs as [number, number];
            const p1 = emit(a, c);
            const p2 = emit(a, d);
            const p3 = emit(b, d);
            const p4 = emit(b, c);
            tris.push([p1, p2, p3], [p1, p3, p4]);
          }
          // make each triangle face away from the inside corners (centroid of inside points)
          let cx = 0;
          let cy = 0;
          let cz = 0;
          for (const c of ins) {
            cx += px[c] as number;
            cy += py[c] as number;
            cz += pz[c] as number;
          }
          cx /= ins.length;
          cy /= ins.length;
          cz /= ins.length;
          for (const [p, q, r] of tris) {
            const ux = (q[0] as number) - (p[0] as number);
            const uy = (q[1] as number) - (p[1] as number);
            const uz = (q[2] as number) - (p[2] as number);
            const vx = (r[0] as number) - (p[0] as number);
            const vy = (r[1] as number) - (p[1] as number);
            const vz = (r[2] as number) - (p[2] as number);
            const nxv = uy * vz - uz * vy;
            const nyv = uz * vx - ux * vz;
            const nzv = ux * vy - uy * vx;
            const dot =
              nxv * ((p[0] as number) - cx) + nyv * ((p[1] as number) - cy) + nzv * ((p[2] as number) - cz);
            if (dot >= 0) pushTri(p, q, r);
            else pushTri(p, r, q);
          }
        }
      }
    }
  }
  return { positions: new Float32Array(out), triangleCount: out.length / 9 };
}

/** Signed distance helpers for `isoSurface`. */
export const sdf = {
  box(x: number, y: number, z: number, min: Point3, max: Point3): number {
    const dx = Math.max(min[0] - x, x - max[0]);
    const dy = Math.max(min[1] - y, y - max[1]);
    const dz = Math.max(min[2] - z, z - max[2]);
    const outside = Math.hypot(Math.max(dx, 0), Math.max(dy, 0), Math.max(dz, 0));
    return outside > 0 ? outside : Math.max(dx, dy, dz);
  },
  capsule(x: number, y: number, z: number, a: Point3, b: Point3, r: number): number {
    const bax = b[0] - a[0];
    const bay = b[1] - a[1];
    const baz = b[2] - a[2];
    const pax = x - a[0];
    const pay = y - a[1];
    const paz = z - a[2];
    const len2 = bax * bax + bay * bay + baz * baz;
    const h = len2 > 0 ? Math.min(1, Math.max(0, (pax * bax + pay * bay + paz * baz) / len2)) : 0;
    return Math.hypot(pax - bax * h, pay - bay * h, paz - baz * h) - r;
  },
};
