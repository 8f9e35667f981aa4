/**
 * Stage "repair": what PrusaSlicer 2.5 does to an STL when it loads one (admesh's repair, as
 * `trianglemesh_repair_on_import` runs it), reproduced step by step on the facet list, so that a
 * damaged mesh is sliced as the slicer slices it rather than as it was meant:
 *
 * 1. facets with two equal corners go (each replaced by the list's last facet);
 * 2. facets are joined along edges with bit-identical ends, first come first joined: an edge waits in
 *    a queue per key and pairs with the oldest waiting edge of another facet, so a duplicated facet
 *    takes neighbours away from the facet it copies;
 * 3. if some edge is still open, twice, edges whose ends fall in the same grid cells (the shortest
 *    edge, then that plus a ten-thousandth of the diagonal) are joined and their ends moved together;
 * 4. facets with no neighbour go;
 * 5. from facet 0, a search through the neighbours turns round every facet wound against the one it
 *    was reached from; meeting a facet already settled that would need turning undoes every turn
 *    made and stops (so a mesh whose duplicates contradict each other keeps its wrongly wound facets);
 * 6. a mesh of negative volume is turned round whole.
 *
 * Every figure PrusaSlicer's `--info` prints about it (facets, degenerate, removed, reversed, parts,
 * volume) comes out the same on the corpus's damaged parts (repair.test.ts). The slicer runs it only
 * on a mesh whose slicing met damage (slice.ts): on a sound mesh it changes nothing. Pure.
 */
import type { TriangleMesh } from '@printloop/geometry';

/** What the repair did, as PrusaSlicer's `--info` reports it. */
export interface RepairStats {
  facets: number;
  degenerate: number;
  removed: number;
  reversed: number;
  parts: number;
  /** Signed volume after the repair (mm³), positive. */
  volume: number;
}

const f32 = Math.fround;

function vertexHash(bx: number, by: number, bz: number): number {
  let h = Math.imul(bx, 0x9e3779b1) ^ Math.imul(by ^ 0x7f4a7c15, 0x85ebca77) ^ Math.imul(bz, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}

/** -0 and +0 are one coordinate (admesh compares bits after making negative zeros positive). */
const bitsOf = (u: number) => (u === 0x80000000 ? 0 : u);

/** The facet list being repaired: corners (9 floats per facet), per edge its neighbour facet and
 * admesh's `which_vertex_not` (the neighbour's corner off the shared edge, +3 when the two facets
 * are wound against each other). */
class Facets {
  P: Float32Array;
  nb: Int32Array;
  vn: Int8Array;
  n: number;
  c1 = 0;
  c2 = 0;
  c3 = 0;
  degenerate = 0;
  removed = 0;
  reversed = 0;
  parts = 0;
  shortestEdge: number;
  min: [number, number, number];
  diameter: number;

  constructor(mesh: TriangleMesh) {
    this.n = mesh.triangleCount;
    this.P = mesh.positions.slice(0, this.n * 9);
    this.nb = new Int32Array(this.n * 3).fill(-1);
    this.vn = new Int8Array(this.n * 3).fill(-1);
    const P = this.P;
    const lo = [P[0] as number, P[1] as number, P[2] as number];
    const hi = [...lo];
    for (let i = 0; i < this.n * 9; i += 3) {
      for (let k = 0; k < 3; k++) {
        const v = P[i + k] as number;
        if (v < (lo[k] as number)) lo[k] = v;
        if (v > (hi[k] as number)) hi[k] = v;
      }
    }
    this.min = [lo[0] as number, lo[1] as number, lo[2] as number];
    this.diameter = f32(
      Math.sqrt(
        f32(
          f32(f32((hi[0] as number) - (lo[0] as number)) ** 2) +
            f32(f32((hi[1] as number) - (lo[1] as number)) ** 2) +
            f32(f32((hi[2] as number) - (lo[2] as number)) ** 2),
        ),
      ),
    );
    this.shortestEdge = Math.max(
      Math.abs(f32((P[3] as number) - (P[0] as number))),
      Math.abs(f32((P[4] as number) - (P[1] as number))),
      Math.abs(f32((P[5] as number) - (P[2] as number))),
    );
  }

  same(f: number, i: number, j: number): boolean {
    const P = this.P;
    const a = f * 9 + i * 3;
    const b = f * 9 + j * 3;
    return P[a] === P[b] && P[a + 1] === P[b + 1] && P[a + 2] === P[b + 2];
  }
  isDegenerate(f: number): boolean {
    return this.same(f, 0, 1) || this.same(f, 1, 2) || this.same(f, 0, 2);
  }
  neighbours(f: number): number {
    const nb = this.nb;
    return (nb[f * 3] !== -1 ? 1 : 0) + (nb[f * 3 + 1] !== -1 ? 1 : 0) + (nb[f * 3 + 2] !== -1 ? 1 : 0);
  }
  countConnect(f: number) {
    const k = this.neighbours(f);
    if (k === 1) this.c1++;
    else if (k === 2) this.c2++;
    else if (k === 3) this.c3++;
  }
  /** Copy facet `from`'s corners (and nothing else) over facet `to`. */
  copyCorners(from: number, to: number) {
    this.P.copyWithin(to * 9, from * 9, from * 9 + 9);
  }

  /** admesh's record_neighbors: edge a (facet, which edge, +3 when loaded backwards) meets b. */
  record(af: number, aw: number, bf: number, bw: number) {
    const ia = af * 3 + (aw % 3);
    const ib = bf * 3 + (bw % 3);
    this.nb[ia] = bf;
    this.vn[ia] = (bw + 2) % 3;
    this.nb[ib] = af;
    this.vn[ib] = (aw + 2) % 3;
    if ((aw < 3 && bw < 3) || (aw > 2 && bw > 2)) {
      this.vn[ia] = (this.vn[ia] as number) + 3;
      this.vn[ib] = (this.vn[ib] as number) + 3;
    }
    this.countConnect(af);
    this.countConnect(bf);
  }

  reverse(f: number) {
    this.reversed++;
    const nb = this.nb;
    const vn = this.vn;
    const n0 = nb[f * 3] as number;
    const n1 = nb[f * 3 + 1] as number;
    const n2 = nb[f * 3 + 2] as number;
    const v0 = vn[f * 3] as number;
    const v1 = vn[f * 3 + 1] as number;
    const v2 = vn[f * 3 + 2] as number;
    const P = this.P;
    for (let k = 0; k < 3; k++) {
      const t = P[f * 9 + k] as number;
      P[f * 9 + k] = P[f * 9 + 3 + k] as number;
      P[f * 9 + 3 + k] = t;
    }
    if (n0 !== -1) {
      const s = n0 * 3 + ((v0 + 1) % 3);
      vn[s] = ((vn[s] as number) + 3) % 6;
    }
    if (n1 !== -1) {
      const s = n1 * 3 + ((v1 + 1) % 3);
      vn[s] = ((vn[s] as number) + 4) % 6;
    }
    if (n2 !== -1) {
      const s = n2 * 3 + ((v2 + 1) % 3);
      vn[s] = ((vn[s] as number) + 2) % 6;
    }
    nb[f * 3 + 1] = n2;
    nb[f * 3 + 2] = n1;
    vn[f * 3] = (v0 + 3) % 6;
    vn[f * 3 + 1] = (v2 + 3) % 6;
    vn[f * 3 + 2] = (v1 + 3) % 6;
  }
}

/** Bit-identical corners get one id (negative zero as zero). */
class VertexIds {
  private keys: Uint32Array;
  private ids: Int32Array;
  private mask: number;
  next = 0;
  constructor(expected: number) {
    let size = 16;
    while (size < expected * 2) size <<= 1;
    this.keys = new Uint32Array(size * 3);
    this.ids = new Int32Array(size).fill(-1);
    this.mask = size - 1;
  }
  id(bx: number, by: number, bz: number): number {
    let h = vertexHash(bx, by, bz) & this.mask;
    for (;;) {
      const id = this.ids[h] as number;
      if (id === -1) {
        this.ids[h] = this.next;
        this.keys[h * 3] = bx;
        this.keys[h * 3 + 1] = by;
        this.keys[h * 3 + 2] = bz;
        return this.next++;
      }
      if (this.keys[h * 3] === bx && this.keys[h * 3 + 1] === by && this.keys[h * 3 + 2] === bz) return id;
      h = (h + 1) & this.mask;
    }
  }
}

/** admesh's vertex_lower: x, then y, then z. */
function lower(P: Float32Array, a: number, b: number): boolean {
  const ax = P[a] as number;
  const bx = P[b] as number;
  if (ax !== bx) return ax < bx;
  const ay = P[a + 1] as number;
  const by = P[b + 1] as number;
  if (ay !== by) return ay < by;
  return (P[a + 2] as number) < (P[b + 2] as number);
}

/** Waiting edges per key, oldest first; an edge pairs with the oldest of another facet. */
class EdgeQueue {
  private waiting = new Map<number | string, number[]>();
  /** Returns the matched edge (facet * 8 + which edge), or -1 after queueing this one. */
  take(key: number | string, facet: number, which: number): number {
    const list = this.waiting.get(key);
    if (list) {
      for (let i = 0; i < list.length; i++) {
        const e = list[i] as number;
        if (e >> 3 !== facet) {
          list.splice(i, 1);
          return e;
        }
      }
      list.push(facet * 8 + which);
    } else this.waiting.set(key, [facet * 8 + which]);
    return -1;
  }
}

function checkExact(s: Facets) {
  s.c1 = 0;
  s.c2 = 0;
  s.c3 = 0;
  for (let i = 0; i < s.n; ) {
    if (s.isDegenerate(i)) {
      s.n--;
      s.copyCorners(s.n, i);
      s.removed++;
      s.degenerate++;
    } else i++;
  }
  s.nb.fill(-1);
  s.vn.fill(-1);
  const P = s.P;
  const U = new Uint32Array(P.buffer, P.byteOffset, s.n * 9);
  const ids = new VertexIds(s.n * 3);
  const corner = new Int32Array(s.n * 3);
  for (let v = 0; v < s.n * 3; v++)
    corner[v] = ids.id(
      bitsOf(U[v * 3] as number),
      bitsOf(U[v * 3 + 1] as number),
      bitsOf(U[v * 3 + 2] as number),
    );
  const queue = new EdgeQueue();
  const span = ids.next;
  for (let i = 0; i < s.n; i++) {
    for (let j = 0; j < 3; j++) {
      const a = i * 9 + j * 3;
      const b = i * 9 + ((j + 1) % 3) * 3;
      const d = Math.max(
        Math.abs(f32((P[a] as number) - (P[b] as number))),
        Math.abs(f32((P[a + 1] as number) - (P[b + 1] as number))),
        Math.abs(f32((P[a + 2] as number) - (P[b + 2] as number))),
      );
      if (d < s.shortestEdge) s.shortestEdge = d;
      let which = j;
      let ia = corner[i * 3 + j] as number;
      let ib = corner[i * 3 + ((j + 1) % 3)] as number;
      if (!lower(P, a, b)) {
        which += 3;
        const t = ia;
        ia = ib;
        ib = t;
      }
      const m = queue.take(ia * span + ib, i, which);
      if (m >= 0) s.record(i, which, m >> 3, m & 7);
    }
  }
}

/** admesh's match_neighbors_nearby after the edges are recorded: move the loose corners together. */
function moveTogether(s: Facets, af: number, aw: number, bf: number, bw: number) {
  const P = s.P;
  const nb = s.nb;
  const vn = s.vn;
  const corner = (f: number, v: number) => f * 9 + v * 3;
  const sameCorner = (f: number, v: number, g: number, w: number) => {
    const x = corner(f, v);
    const y = corner(g, w);
    return P[x] === P[y] && P[x + 1] === P[y + 1] && P[x + 2] === P[y + 2];
  };
  let v1a: number;
  let v2a: number;
  let v1b: number;
  let v2b: number;
  if (aw < 3) {
    v1a = aw;
    v2a = (aw + 1) % 3;
  } else {
    v2a = aw % 3;
    v1a = (aw + 1) % 3;
  }
  if (bw < 3) {
    v1b = bw;
    v2b = (bw + 1) % 3;
  } else {
    v2b = bw % 3;
    v1b = (bw + 1) % 3;
  }
  let facet1 = -1;
  let vertex1 = 0;
  let new1: number[] = [];
  let facet2 = -1;
  let vertex2 = 0;
  let new2: number[] = [];
  const at = (f: number, v: number) => Array.from(P.subarray(corner(f, v), corner(f, v) + 3));
  if (!sameCorner(af, v1a, bf, v1b)) {
    if (nb[af * 3 + v1a] === -1 && nb[af * 3 + ((v1a + 2) % 3)] === -1) {
      facet1 = af;
      vertex1 = v1a;
      new1 = at(bf, v1b);
    } else {
      facet1 = bf;
      vertex1 = v1b;
      new1 = at(af, v1a);
    }
  }
  // (admesh tests the second pair for equality here, not inequality)
  if (sameCorner(af, v2a, bf, v2b)) {
    if (nb[af * 3 + v2a] === -1 && nb[af * 3 + ((v2a + 2) % 3)] === -1) {
      facet2 = af;
      vertex2 = v2a;
      new2 = at(bf, v2b);
    } else {
      facet2 = bf;
      vertex2 = v2b;
      new2 = at(af, v2a);
    }
  }
  const change = (start: number, vnotStart: number, to: number[]) => {
    let f = start;
    let vnot = vnotStart;
    let direction = false;
    for (;;) {
      let pivot: number;
      let nextEdge: number;
      if (vnot > 2) {
        if (direction) {
          pivot = (vnot + 1) % 3;
          nextEdge = vnot % 3;
        } else {
          pivot = (vnot + 2) % 3;
          nextEdge = pivot;
        }
        direction = !direction;
      } else if (direction) {
        pivot = (vnot + 2) % 3;
        nextEdge = pivot;
      } else {
        pivot = (vnot + 1) % 3;
        nextEdge = vnot;
      }
      P.set(to, corner(f, pivot));
      vnot = vn[f * 3 + nextEdge] as number;
      f = nb[f * 3 + nextEdge] as number;
      if (f === -1 || f === start) return;
    }
  };
  if (facet1 !== -1) {
    let vnot1 = facet1 === af ? (aw + 2) % 3 : (bw + 2) % 3;
    if ((vnot1 + 2) % 3 === vertex1) vnot1 += 3;
    change(facet1, vnot1, new1);
  }
  if (facet2 !== -1) {
    let vnot2 = facet2 === af ? (aw + 2) % 3 : (bw + 2) % 3;
    if ((vnot2 + 2) % 3 === vertex2) vnot2 += 3;
    change(facet2, vnot2, new2);
  }
}

function checkNearby(s: Facets, tolerance: number) {
  if (s.c3 === s.n) return;
  const P = s.P;
  const queue = new EdgeQueue();
  const cell = (p: number) => [
    Math.trunc(f32(f32((P[p] as number) - s.min[0]) / tolerance)),
    Math.trunc(f32(f32((P[p + 1] as number) - s.min[1]) / tolerance)),
    Math.trunc(f32(f32((P[p + 2] as number) - s.min[2]) / tolerance)),
  ];
  for (let i = 0; i < s.n; i++) {
    for (let j = 0; j < 3; j++) {
      if (s.nb[i * 3 + j] !== -1) continue;
      const a = cell(i * 9 + j * 3);
      const b = cell(i * 9 + ((j + 1) % 3) * 3);
      if (a[0] === b[0] && a[1] === b[1] && a[2] === b[2]) continue;
      const aFirst =
        a[0] !== b[0]
          ? (a[0] as number) < (b[0] as number)
          : a[1] !== b[1]
            ? (a[1] as number) < (b[1] as number)
            : (a[2] as number) < (b[2] as number);
      const which = aFirst ? j : j + 3;
      const key = aFirst ? `${a}|${b}` : `${b}|${a}`;
      const m = queue.take(key, i, which);
      if (m >= 0) {
        s.record(i, which, m >> 3, m & 7);
        moveTogether(s, i, which, m >> 3, m & 7);
      }
    }
  }
}

function removeFacet(s: Facets, f: number) {
  s.removed++;
  switch (s.neighbours(f)) {
    case 3:
      s.c3--;
      s.c2--;
      s.c1--;
      break;
    case 2:
      s.c2--;
      s.c1--;
      break;
    case 1:
      s.c1--;
      break;
  }
  s.n--;
  if (f < s.n) {
    const last = s.n;
    s.copyCorners(last, f);
    s.nb.copyWithin(f * 3, last * 3, last * 3 + 3);
    s.vn.copyWithin(f * 3, last * 3, last * 3 + 3);
    for (let i = 0; i < 3; i++) {
      const other = s.nb[f * 3 + i] as number;
      if (other === -1) continue;
      const slot = other * 3 + (((s.vn[f * 3 + i] as number) + 1) % 3);
      if (s.nb[slot] !== last) return; // admesh gives up here (and logs it)
      s.nb[slot] = f;
    }
  }
}

function removeDegenerate(s: Facets, f: number) {
  const nb = s.nb;
  const vn = s.vn;
  const dropOne = (g: number) => {
    const k = s.neighbours(g);
    if (k === 1) s.c1--;
    else if (k === 2) s.c2--;
    else if (k === 3) s.c3--;
  };
  let collapse: number;
  if (s.same(f, 0, 1)) {
    if (s.same(f, 1, 2)) collapse = nb[f * 3] === -1 ? 0 : nb[f * 3 + 1] === -1 ? 1 : 2;
    else collapse = 0;
  } else if (s.same(f, 1, 2)) collapse = 1;
  else if (s.same(f, 2, 0)) collapse = 2;
  else return;
  const edge = [(collapse + 1) % 3, (collapse + 2) % 3, collapse];
  const n = edge.map((e) => nb[f * 3 + e] as number);
  const v = edge.map((e) => vn[f * 3 + e] as number);
  const [n0, n1, n2] = n as [number, number, number];
  if (n0 === -1 && n1 !== -1) dropOne(n1);
  if (n1 === -1 && n0 !== -1) dropOne(n0);
  if (n0 >= 0) {
    if (n1 >= 0) {
      if ((v[0] as number) > 2) {
        if ((v[1] as number) > 2) {
          v[0] = (v[0] as number) - 3;
          v[1] = (v[1] as number) - 3;
        } else v[1] = (v[1] as number) + 3;
      } else if ((v[1] as number) > 2) v[0] = (v[0] as number) + 3;
    }
    const slot = n0 * 3 + (((v[0] as number) + 1) % 3);
    nb[slot] = n0 === n1 ? -1 : n1;
    vn[slot] = v[1] as number;
  }
  if (n1 >= 0) {
    const slot = n1 * 3 + (((v[1] as number) + 1) % 3);
    nb[slot] = n0 === n1 ? -1 : n0;
    vn[slot] = v[0] as number;
  }
  if (n2 >= 0) {
    dropOne(n2);
    nb[n2 * 3 + (((v[2] as number) + 1) % 3)] = -1;
  }
  removeFacet(s, f);
}

function removeUnconnected(s: Facets) {
  for (let i = 0; i < s.n; ) {
    if (s.isDegenerate(i)) removeDegenerate(s, i);
    else i++;
  }
  if (s.c1 < s.n) {
    for (let i = 0; i < s.n; ) {
      if (s.neighbours(i) === 0) removeFacet(s, i);
      else i++;
    }
  }
}

/** admesh's stl_fix_normal_directions (a file's stored normals are taken to agree with its winding). */
function fixNormalDirections(s: Facets) {
  if (s.n === 0) return;
  const nb = s.nb;
  const vn = s.vn;
  const fixed = new Uint8Array(s.n);
  const turned: number[] = [];
  // the to-do list: newest first
  const stack: number[] = [];
  let f = 0;
  fixed[0] = 1;
  let checked = 1;
  for (;;) {
    let stop = false;
    for (let j = 0; j < 3; j++) {
      const other = nb[f * 3 + j] as number;
      if ((vn[f * 3 + j] as number) > 2 && other !== -1) {
        if (fixed[other] === 1) {
          for (let k = turned.length - 1; k >= 0; k--) s.reverse(turned[k] as number);
          stop = true;
          break;
        }
        s.reverse(other);
        turned.push(other);
      }
      const now = nb[f * 3 + j] as number;
      if (now !== -1 && fixed[now] !== 1) stack.push(now);
    }
    if (stop) break;
    if (stack.length > 0) {
      f = stack.pop() as number;
      if (fixed[f] !== 1) {
        fixed[f] = 1;
        checked++;
      }
    } else {
      s.parts++;
      if (checked >= s.n) break;
      let next = -1;
      for (let i = 0; i < s.n; i++)
        if (fixed[i] === 0) {
          next = i;
          break;
        }
      if (next < 0) break;
      f = next;
      fixed[f] = 1;
      checked++;
    }
  }
}

function signedVolume(s: Facets): number {
  const P = s.P;
  const px = P[0] as number;
  const py = P[1] as number;
  const pz = P[2] as number;
  let v6 = 0;
  for (let i = 0; i < s.n; i++) {
    const o = i * 9;
    const ax = (P[o] as number) - px;
    const ay = (P[o + 1] as number) - py;
    const az = (P[o + 2] as number) - pz;
    const bx = (P[o + 3] as number) - px;
    const by = (P[o + 4] as number) - py;
    const bz = (P[o + 5] as number) - pz;
    const cx = (P[o + 6] as number) - px;
    const cy = (P[o + 7] as number) - py;
    const cz = (P[o + 8] as number) - pz;
    v6 += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return v6 / 6;
}

/** PrusaSlicer 2.5's repair on loading an STL (see the module's comment), on a copy of the mesh. */
export function repairLikeSlicer(mesh: TriangleMesh): { mesh: TriangleMesh; stats: RepairStats } {
  const s = new Facets(mesh);
  if (s.n > 0) {
    checkExact(s);
    let tolerance = s.shortestEdge;
    const increment = f32(s.diameter / 10000);
    if (s.c3 < s.n) {
      for (let i = 0; i < 2; i++) {
        if (s.c3 >= s.n) break;
        checkNearby(s, tolerance);
        tolerance = f32(tolerance + increment);
      }
    }
    if (s.c3 < s.n) removeUnconnected(s);
    fixNormalDirections(s);
  }
  let volume = s.n > 0 ? signedVolume(s) : 0;
  if (volume < 0) {
    for (let i = 0; i < s.n; i++) s.reverse(i);
    volume = -volume;
  }
  return {
    mesh: { positions: s.P.slice(0, s.n * 9), triangleCount: s.n },
    stats: {
      facets: s.n,
      degenerate: s.degenerate,
      removed: s.removed,
      reversed: s.reversed,
      parts: s.parts,
      volume,
    },
  };
}
