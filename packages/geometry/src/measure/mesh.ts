import { release } from '../release.js';

/**
 * Measures a triangle soup: weld by exact coordinates (open-addressing hash on the float bits),
 * degenerate and duplicate facets, edge use counts (watertight), shells (union-find), consistent
 * orientation per surface patch, volume (with small holes closed by a centroid fan), area,
 * bounding box and overhang area. Typed arrays only; no per-vertex objects.
 */

export interface MeshMetrics {
  triangles: number;
  degenerate: number;
  duplicate: number;
  vertices: number;
  volume: number;
  area: number;
  min: [number, number, number];
  max: [number, number, number];
  watertight: boolean;
  shells: number;
  boundaryEdges: number;
  nonManifoldEdges: number;
  /** Facets whose orientation had to be reversed to make their surface consistent and outward. */
  invertedFixed: number;
  /** Boundary loops closed (by a centroid fan) for the volume. */
  holesFilled: number;
  /** Boundary edges that could not be closed into loops. */
  openBoundaryEdges: number;
  overhangArea: number;
}

export type MeasureProgress = (fraction: number) => void;

/** Faces within this height of the lowest point rest on the bed. */
const BED_EPS = 0.01;

function nextPow2(v: number): number {
  let p = 1;
  while (p < v) p *= 2;
  return p;
}

function hash3(x: number, y: number, z: number): number {
  let h =
    Math.imul(x, 0x9e3779b1) ^ Math.imul(y ^ 0x7f4a7c15, 0x85ebca77) ^ Math.imul(z ^ 0x165667b1, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 13;
  return h;
}

function find(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    const p = parent[parent[x]!]!;
    parent[x] = p;
    x = p;
  }
  return x;
}

function union(parent: Int32Array, a: number, b: number): void {
  const ra = find(parent, a);
  const rb = find(parent, b);
  if (ra !== rb) {
    if (ra < rb) parent[rb] = ra;
    else parent[ra] = rb;
  }
}

export interface WeldResult {
  /** Welded vertex id of every corner (3 per triangle). */
  vid: Int32Array;
  /** Number of distinct vertices. */
  count: number;
  min: [number, number, number];
  max: [number, number, number];
}

/**
 * Welds vertices with bit-identical coordinates (positions must hold no -0 and no NaN) with an
 * open-addressing hash table over the raw float bits; also returns the bounding box.
 */
export function weld(positions: Float32Array, triangleCount: number): WeldResult {
  const refs = triangleCount * 3;
  const bits = new Int32Array(positions.buffer, positions.byteOffset, refs * 3);
  const p = positions;
  const vid = new Int32Array(refs);
  let cap = nextPow2(Math.max(1024, triangleCount * 2));
  let mask = cap - 1;
  let table = new Int32Array(cap); // vertex id + 1
  let first = new Int32Array(Math.max(1024, triangleCount >> 1)); // first reference of each vertex
  let count = 0;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let minZ = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  let maxZ = Number.NEGATIVE_INFINITY;
  // A small direct-mapped cache of recent vertices (fits in L1/L2) in front of the big table:
  // files list neighbouring facets near each other, so most corners are found here.
  const cache = new Int32Array(16384 * 4);
  for (let r = 0; r < refs; r++) {
    const o = r * 3;
    const x = bits[o]!;
    const y = bits[o + 1]!;
    const z = bits[o + 2]!;
    const hash = hash3(x, y, z);
    const ci = (hash & 16383) << 2;
    if (cache[ci] === x && cache[ci + 1] === y && cache[ci + 2] === z && cache[ci + 3] !== 0) {
      vid[r] = cache[ci + 3]! - 1;
      continue;
    }
    cache[ci] = x;
    cache[ci + 1] = y;
    cache[ci + 2] = z;
    let h = hash & mask;
    while (true) {
      const e = table[h]!;
      if (e === 0) {
        if (count === first.length) {
          const next = new Int32Array(first.length * 2);
          next.set(first);
          first = next;
        }
        first[count] = r;
        table[h] = ++count;
        vid[r] = count - 1;
        // A new vertex: extend the bounding box.
        const fx = p[o]!;
        const fy = p[o + 1]!;
        const fz = p[o + 2]!;
        if (fx < minX) minX = fx;
        if (fx > maxX) maxX = fx;
        if (fy < minY) minY = fy;
        if (fy > maxY) maxY = fy;
        if (fz < minZ) minZ = fz;
        if (fz > maxZ) maxZ = fz;
        if (count * 2 > cap) {
          cap *= 2;
          mask = cap - 1;
          release(table);
          table = new Int32Array(cap);
          for (let v = 0; v < count; v++) {
            const f = first[v]! * 3;
            let g = hash3(bits[f]!, bits[f + 1]!, bits[f + 2]!) & mask;
            while (table[g] !== 0) g = (g + 1) & mask;
            table[g] = v + 1;
          }
        }
        break;
      }
      const f = first[e - 1]! * 3;
      if (bits[f] === x && bits[f + 1] === y && bits[f + 2] === z) {
        vid[r] = e - 1;
        break;
      }
      h = (h + 1) & mask;
    }
    cache[ci + 3] = vid[r]! + 1;
  }
  if (count === 0) minX = minY = minZ = maxX = maxY = maxZ = 0;
  release(table);
  release(first);
  return { vid, count, min: [minX, minY, minZ], max: [maxX, maxY, maxZ] };
}

const DEGEN = 1;
const DUP = 2;

export function measureMesh(
  positions: Float32Array,
  triangleCount: number,
  onProgress?: MeasureProgress,
): MeshMetrics {
  const n = triangleCount;
  const p = positions;
  const { vid, count: V, min, max } = weld(p, n);
  const [minX, minY, minZ] = min;
  const [maxX, maxY, maxZ] = max;
  // Volumes are summed about the box centre (less cancellation than about the origin).
  const ox = (minX + maxX) / 2;
  const oy = (minY + maxY) / 2;
  const oz = (minZ + maxZ) / 2;
  onProgress?.(0.35);

  // Degenerate facets (a repeated vertex or zero area); half-edges of the others are bucketed by
  // their lower vertex (counting sort).
  const flags = new Uint8Array(n);
  let degenerate = 0;
  const start = new Int32Array(V + 1);
  for (let t = 0; t < n; t++) {
    const a = vid[3 * t]!;
    const b = vid[3 * t + 1]!;
    const c = vid[3 * t + 2]!;
    let degen = a === b || b === c || a === c;
    if (!degen) {
      const k = 9 * t;
      const ux = p[k + 3]! - p[k]!;
      const uy = p[k + 4]! - p[k + 1]!;
      const uz = p[k + 5]! - p[k + 2]!;
      const vx = p[k + 6]! - p[k]!;
      const vy = p[k + 7]! - p[k + 1]!;
      const vz = p[k + 8]! - p[k + 2]!;
      degen = uy * vz - uz * vy === 0 && uz * vx - ux * vz === 0 && ux * vy - uy * vx === 0;
    }
    if (degen) {
      flags[t] = DEGEN;
      degenerate++;
      continue;
    }
    // biome-ignore lint/complexity/useMathMinMax: a ternary keeps this hot loop free of calls
    start[a < b ? a : b]!++;
    // biome-ignore lint/complexity/useMathMinMax: a ternary keeps this hot loop free of calls
    start[b < c ? b : c]!++;
    // biome-ignore lint/complexity/useMathMinMax: a ternary keeps this hot loop free of calls
    start[c < a ? c : a]!++;
  }
  for (let v = 1; v <= V; v++) start[v]! += start[v - 1]!;
  const totalHe = start[V]!;
  const he = new Int32Array(totalHe);
  for (let t = n - 1; t >= 0; t--) {
    if (flags[t] !== 0) continue;
    const h = 3 * t;
    const a = vid[h]!;
    const b = vid[h + 1]!;
    const c = vid[h + 2]!;
    // biome-ignore lint/complexity/useMathMinMax: a ternary keeps this hot loop free of calls
    he[--start[c < a ? c : a]!] = h + 2;
    // biome-ignore lint/complexity/useMathMinMax: a ternary keeps this hot loop free of calls
    he[--start[b < c ? b : c]!] = h + 1;
    // biome-ignore lint/complexity/useMathMinMax: a ternary keeps this hot loop free of calls
    he[--start[a < b ? a : b]!] = h;
  }
  // Now start[v]..start[v+1] is vertex v's bucket, in ascending facet order.
  onProgress?.(0.5);

  const adj = new Int32Array(3 * n).fill(-1);
  // Facets joined through edges with more than two uses (non-manifold): joined into shells later.
  const nonManifoldPairs: number[] = [];
  const boundary: number[] = [];
  let nonManifold = 0;
  let duplicate = 0;
  // The far end of half-edge h's edge, and the facet corner opposite to it.
  const nextOf = (h: number): number => (h % 3 === 2 ? h - 2 : h + 1);
  const other = (h: number): number => {
    const a = vid[h]!;
    const b = vid[nextOf(h)]!;
    // biome-ignore lint/complexity/useMathMinMax: a ternary keeps this hot loop free of calls
    return a > b ? a : b;
  };
  const third = (h: number): number => vid[nextOf(nextOf(h))]!;
  /** Marks duplicates among half-edges he[i..j) that all lie on the same edge (lo, o). */
  const markDuplicates = (i: number, j: number, o: number): void => {
    // Only the facet's canonical edge (its two lowest vertices) is used, so each facet is seen once.
    if (j - i <= 32) {
      for (let x = i; x < j; x++) {
        const h = he[x]!;
        const c = third(h);
        if (c < o || flags[(h / 3) | 0] !== 0) continue;
        for (let y = x + 1; y < j; y++) {
          const g = he[y]!;
          const tg = (g / 3) | 0;
          if (flags[tg] === 0 && third(g) === c) {
            flags[tg] = DUP;
            duplicate++;
          }
        }
      }
      return;
    }
    const seen = new Map<number, number>();
    for (let x = i; x < j; x++) {
      const h = he[x]!;
      const c = third(h);
      const t = (h / 3) | 0;
      if (c < o || flags[t] !== 0) continue;
      const firstT = seen.get(c);
      if (firstT === undefined) seen.set(c, t);
      else {
        flags[t] = DUP;
        duplicate++;
      }
    }
  };
  // adj[h] = 2 * (the other half-edge of h's edge) + 1 if both run the same way (inconsistent
  // orientation), or -1 when the edge does not have exactly two uses.
  const link = (h: number, g: number): void => {
    const same = vid[h] === vid[g] ? 1 : 0;
    adj[h] = 2 * g + same;
    adj[g] = 2 * h + same;
  };
  const groupUses = (h: number, g: number): void => {
    nonManifoldPairs.push((h / 3) | 0, (g / 3) | 0);
  };
  for (let v = 0; v < V; v++) {
    const s = start[v]!;
    const e = start[v + 1]!;
    const k = e - s;
    if (k === 0) continue;
    if (k > 48) {
      // Large fan: sort the bucket by the other end so that each edge's uses are adjacent.
      const keys = new Float64Array(k);
      for (let j = 0; j < k; j++) keys[j] = other(he[s + j]!) * 33554432 + j;
      keys.sort();
      const copy = he.slice(s, e);
      for (let j = 0; j < k; j++) he[s + j] = copy[keys[j]! % 33554432]!;
      for (let pass = 0; pass < 2; pass++) {
        let i = s;
        while (i < e) {
          const o = other(he[i]!);
          let j = i + 1;
          while (j < e && other(he[j]!) === o) j++;
          if (pass === 0) {
            if (j - i > 1) markDuplicates(i, j, o);
          } else {
            let uses = 0;
            let h0 = -1;
            let h1 = -1;
            for (let m = i; m < j; m++) {
              const g = he[m]!;
              if (flags[(g / 3) | 0] !== 0) continue;
              uses++;
              if (h0 < 0) h0 = g;
              else if (h1 < 0) h1 = g;
              else groupUses(h0, g);
            }
            if (uses > 2) groupUses(h0, h1);
            if (uses === 1) boundary.push(h0);
            else if (uses === 2) link(h0, h1);
            else if (uses > 2) nonManifold++;
          }
          i = j;
        }
      }
      continue;
    }
    // Small bucket: duplicates first (quadratic over at most 48 half-edges) ...
    for (let i = s; i < e; i++) {
      const h = he[i]!;
      const c = third(h);
      const o = other(h);
      if (c < o || flags[(h / 3) | 0] !== 0) continue;
      for (let j = i + 1; j < e; j++) {
        const g = he[j]!;
        const tg = (g / 3) | 0;
        if (flags[tg] === 0 && third(g) === c && other(g) === o) {
          flags[tg] = DUP;
          duplicate++;
        }
      }
    }
    // ... then the uses of each edge.
    for (let i = s; i < e; i++) {
      const h = he[i]!;
      if (h < 0 || flags[(h / 3) | 0] !== 0) continue;
      const o = other(h);
      let uses = 1;
      let second = -1;
      for (let j = i + 1; j < e; j++) {
        const g = he[j]!;
        if (g >= 0 && other(g) === o) {
          he[j] = -1;
          if (flags[(g / 3) | 0] !== 0) continue;
          uses++;
          if (uses === 2) second = g;
          else groupUses(h, g);
        }
      }
      if (uses > 2) groupUses(h, second);
      if (uses === 1) boundary.push(h);
      else if (uses === 2) link(h, second);
      else nonManifold++;
    }
  }
  release(start);
  onProgress?.(0.7);

  // Orientation: flood each patch (facets joined through 2-use edges) so that neighbours agree.
  const patch = new Int32Array(n).fill(-1);
  const flip = new Uint8Array(n);
  // The half-edge buckets are no longer needed: their storage (>= n entries) is the flood's stack.
  const stack = he.length >= n ? he : new Int32Array(n);
  let patches = 0;
  for (let t0 = 0; t0 < n; t0++) {
    if (flags[t0] !== 0 || patch[t0]! >= 0) continue;
    const pid = patches++;
    patch[t0] = pid;
    let sp = 0;
    stack[sp++] = t0;
    while (sp > 0) {
      const u = stack[--sp]!;
      const fu = flip[u]!;
      for (let c = 0; c < 3; c++) {
        const h = 3 * u + c;
        const a = adj[h]!;
        if (a < 0) continue;
        const w = ((a >>> 1) / 3) | 0;
        const want = fu ^ (a & 1);
        if (patch[w]! < 0) {
          patch[w] = pid;
          flip[w] = want;
          stack[sp++] = w;
        }
      }
    }
  }

  release(adj);
  release(he);
  release(stack);
  onProgress?.(0.75);
  // One pass over the good facets: area; per patch the signed volume in the flooded orientation,
  // the area kept / flipped by the flood, and the overhang area and inverted count under either
  // final orientation of the patch (decided below).
  const pVol = new Float64Array(patches);
  const pKeep = new Float64Array(patches);
  const pFlip = new Float64Array(patches);
  const pOhA = new Float64Array(patches); // overhang if the patch keeps the flooded orientation
  const pOhB = new Float64Array(patches); // overhang if the patch is turned over
  const pInv = new Int32Array(patches); // facets flipped by the flood
  const pCount = new Int32Array(patches);
  const bed = minZ + BED_EPS;
  let area = 0;
  for (let t = 0; t < n; t++) {
    if (flags[t] !== 0) continue;
    const k = 9 * t;
    const ax = p[k]! - ox;
    const ay = p[k + 1]! - oy;
    const az = p[k + 2]! - oz;
    const bx = p[k + 3]! - ox;
    const by = p[k + 4]! - oy;
    const bz = p[k + 5]! - oz;
    const cx = p[k + 6]! - ox;
    const cy = p[k + 7]! - oy;
    const cz = p[k + 8]! - oz;
    const ux = bx - ax;
    const uy = by - ay;
    const uz = bz - az;
    const vx = cx - ax;
    const vy = cy - ay;
    const vz = cz - az;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    const a2 = len / 2;
    area += a2;
    const vol = (ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx)) / 6;
    const q = patch[t]!;
    const f = flip[t]!;
    pCount[q]!++;
    if (f) {
      pVol[q]! -= vol;
      pFlip[q]! += a2;
      pInv[q]!++;
    } else {
      pVol[q]! += vol;
      pKeep[q]! += a2;
    }
    // Steeper than 45° from vertical, facing down (or up, if turned over), not on the bed.
    if (nz * nz > 0.5 * len * len && (az + oz > bed || bz + oz > bed || cz + oz > bed)) {
      if (nz < 0 === (f === 0)) pOhA[q]! += a2;
      else pOhB[q]! += a2;
    }
  }
  onProgress?.(0.8);
  // Close boundary loops with a fan from their centroid (volume of open meshes).
  let holesFilled = 0;
  let openBoundaryEdges = 0;
  const B = boundary.length;
  if (B > 0) {
    const bs = new Int32Array(B);
    const be = new Int32Array(B);
    for (let i = 0; i < B; i++) {
      const h = boundary[i]!;
      const a = vid[h]!;
      const b = vid[h % 3 === 2 ? h - 2 : h + 1]!;
      const f = flip[(h / 3) | 0];
      bs[i] = f ? b : a;
      be[i] = f ? a : b;
    }
    const bStart = new Int32Array(V + 1);
    for (let i = 0; i < B; i++) bStart[bs[i]!]!++;
    for (let v = 1; v <= V; v++) bStart[v]! += bStart[v - 1]!;
    const byStart = new Int32Array(B);
    for (let i = B - 1; i >= 0; i--) byStart[--bStart[bs[i]!]!] = i;
    const used = new Uint8Array(B);
    const cursor = bStart.slice(0, V);
    const loop: number[] = [];
    for (let i0 = 0; i0 < B; i0++) {
      if (used[i0]) continue;
      loop.length = 0;
      let cur = i0;
      const startV = bs[i0]!;
      let closed = false;
      while (true) {
        used[cur] = 1;
        loop.push(cur);
        const endV = be[cur]!;
        if (endV === startV) {
          closed = true;
          break;
        }
        let nextEdge = -1;
        for (let j = cursor[endV]!; j < bStart[endV + 1]!; j++) {
          const cand = byStart[j]!;
          if (!used[cand]) {
            nextEdge = cand;
            cursor[endV] = j + 1;
            break;
          }
        }
        if (nextEdge < 0) break;
        cur = nextEdge;
      }
      if (!closed || loop.length < 3) {
        openBoundaryEdges += loop.length;
        continue;
      }
      // Centroid of the loop's vertices.
      let sx = 0;
      let sy = 0;
      let sz = 0;
      for (const e of loop) {
        const r = 3 * firstRefOf(vid, boundary[e]!, bs[e]!);
        sx += p[r]! - ox;
        sy += p[r + 1]! - oy;
        sz += p[r + 2]! - oz;
      }
      const cx = sx / loop.length;
      const cy = sy / loop.length;
      const cz = sz / loop.length;
      let vol = 0;
      for (const e of loop) {
        // Fill facet (centroid, end, start): opposite to the boundary edge start -> end.
        const r0 = 3 * firstRefOf(vid, boundary[e]!, bs[e]!);
        const r1 = 3 * firstRefOf(vid, boundary[e]!, be[e]!);
        const ax = p[r1]! - ox;
        const ay = p[r1 + 1]! - oy;
        const az = p[r1 + 2]! - oz;
        const bx = p[r0]! - ox;
        const by = p[r0 + 1]! - oy;
        const bz = p[r0 + 2]! - oz;
        vol += (cx * (ay * bz - az * by) + cy * (az * bx - ax * bz) + cz * (ax * by - ay * bx)) / 6;
        const ux = ax - cx;
        const uy = ay - cy;
        const uz = az - cz;
        const vx = bx - cx;
        const vy = by - cy;
        const vz = bz - cz;
        const nx = uy * vz - uz * vy;
        const ny = uz * vx - ux * vz;
        const nz = ux * vy - uy * vx;
        area += Math.sqrt(nx * nx + ny * ny + nz * nz) / 2;
      }
      pVol[patch[(boundary[i0]! / 3) | 0]!]! += vol;
      holesFilled++;
    }
  }

  // Orientation of each patch: keep the orientation most of its area already has; a patch that
  // then encloses negative volume is inside-out unless it is a cavity inside another patch.
  // Patch bounding boxes, computed only if some patch encloses negative volume.
  let pBox: Float64Array | null = null;
  const boxes = (): Float64Array => {
    const box = new Float64Array(patches * 6);
    for (let q = 0; q < patches; q++) {
      box[6 * q] = box[6 * q + 1] = box[6 * q + 2] = Number.POSITIVE_INFINITY;
      box[6 * q + 3] = box[6 * q + 4] = box[6 * q + 5] = Number.NEGATIVE_INFINITY;
    }
    for (let t = 0; t < n; t++) {
      if (flags[t] !== 0) continue;
      const o = 6 * patch[t]!;
      for (let c = 0; c < 9; c += 3) {
        const k = 9 * t + c;
        for (let axis = 0; axis < 3; axis++) {
          const w = p[k + axis]!;
          if (w < box[o + axis]!) box[o + axis] = w;
          if (w > box[o + 3 + axis]!) box[o + 3 + axis] = w;
        }
      }
    }
    return box;
  };
  const neg = new Uint8Array(patches);
  let order: Int32Array | null = null;
  let volume = 0;
  let inverted = 0;
  let overhangArea = 0;
  for (let q = 0; q < patches; q++) {
    let s = pKeep[q]! >= pFlip[q]! ? 1 : -1;
    let vq = s * pVol[q]!;
    if (vq < 0) {
      if (!pBox) pBox = boxes();
      const bx = pBox;
      if (!order) {
        order = new Int32Array(patches);
        for (let i = 0; i < patches; i++) order[i] = i;
        const size = (i: number) =>
          (bx[6 * i + 3]! - bx[6 * i]!) *
          (bx[6 * i + 4]! - bx[6 * i + 1]!) *
          (bx[6 * i + 5]! - bx[6 * i + 2]!);
        if (patches > 64) order = order.sort((i, j) => size(j) - size(i)).slice(0, 64);
      }
      let inside = false;
      for (const r of order) {
        if (r === q) continue;
        if (
          bx[6 * r]! <= bx[6 * q]! &&
          bx[6 * r + 1]! <= bx[6 * q + 1]! &&
          bx[6 * r + 2]! <= bx[6 * q + 2]! &&
          bx[6 * r + 3]! >= bx[6 * q + 3]! &&
          bx[6 * r + 4]! >= bx[6 * q + 4]! &&
          bx[6 * r + 5]! >= bx[6 * q + 5]!
        ) {
          inside = true;
          break;
        }
      }
      if (!inside) {
        s = -s;
        vq = -vq;
      }
    }
    neg[q] = s < 0 ? 1 : 0;
    volume += vq;
    if (s > 0) {
      inverted += pInv[q]!;
      overhangArea += pOhA[q]!;
    } else {
      inverted += pCount[q]! - pInv[q]!;
      overhangArea += pOhB[q]!;
    }
  }
  if (volume < 0) volume = -volume;

  // Shells: patches, joined through non-manifold edges.
  const parent = new Int32Array(patches);
  for (let q = 0; q < patches; q++) parent[q] = q;
  for (let i = 0; i < nonManifoldPairs.length; i += 2) {
    union(parent, patch[nonManifoldPairs[i]!]!, patch[nonManifoldPairs[i + 1]!]!);
  }
  let shells = 0;
  for (let q = 0; q < patches; q++) if (parent[q] === q) shells++;
  release(vid);
  release(flags);
  release(patch);
  release(flip);
  onProgress?.(1);

  return {
    triangles: n,
    degenerate,
    duplicate,
    vertices: V,
    volume,
    area,
    min: [minX, minY, minZ],
    max: [maxX, maxY, maxZ],
    watertight: n - degenerate > 0 && B === 0 && nonManifold === 0 && duplicate === 0,
    shells,
    boundaryEdges: B,
    nonManifoldEdges: nonManifold,
    invertedFixed: inverted,
    holesFilled,
    openBoundaryEdges,
    overhangArea,
  };
}

/** The reference (corner index) of welded vertex `v` within half-edge `h`'s facet. */
function firstRefOf(vid: Int32Array, h: number, v: number): number {
  const t3 = h - (h % 3);
  if (vid[t3] === v) return t3;
  if (vid[t3 + 1] === v) return t3 + 1;
  return t3 + 2;
}
