import { isOverhangFacet, overhangNormalZ } from '@printloop/materials';
import { scratchI32, scratchU8 } from './scratch.js';

/**
 * Measures a triangle soup: weld by exact coordinates (a cache of recent vertices, then a merge of
 * the ones it missed, both hashed on the float bits), degenerate and duplicate facets, edge use
 * counts (watertight), shells (union-find), consistent orientation per surface patch, volume (with
 * small holes closed by a centroid fan), area, bounding box and overhang area. Typed arrays only;
 * no per-vertex objects. Why it is built this way: docs/decisions/0004-geometry-measurement-speed.md.
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

/** The overhang threshold (unit normal z) of the shared rule at the default layer height. */
const OVERHANG_NORMAL_Z = overhangNormalZ();

/**
 * Random per thread, so that nobody can build a file whose distinct points all share one hash (that
 * would make the weld's merge quadratic). Results never depend on it, only the time taken.
 */
const SEED_X = (Math.random() * 0x100000000) | 0;
const SEED_Y = (Math.random() * 0x100000000) | 0;
const SEED_Z = (Math.random() * 0x100000000) | 0;

function hash3(x: number, y: number, z: number): number {
  let h =
    Math.imul(x ^ SEED_X, 0x9e3779b1) ^ Math.imul(y ^ SEED_Y, 0x85ebca77) ^ Math.imul(z ^ SEED_Z, 0xc2b2ae3d);
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

type Vec3 = [number, number, number];

export interface WeldResult {
  /** Welded vertex id of every corner (3 per triangle). */
  vid: Int32Array;
  /** Number of distinct vertices. */
  count: number;
  min: [number, number, number];
  max: [number, number, number];
}

/** Recent vertices kept in the weld's direct-mapped cache (16 bytes each: fits in L2). */
const WELD_CACHE_BITS = 14;
const WELD_CACHE = 1 << WELD_CACHE_BITS;

/** The weld cache entry (times 4) of a point: a cheap multiplicative hash of its float bits. */
function cacheSlot(x: number, y: number, z: number): number {
  return (
    (Math.imul(x ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d), 0x9e3779b1) >>>
      (32 - WELD_CACHE_BITS)) <<
    2
  );
}

/**
 * Welds vertices with bit-identical coordinates (positions must hold no -0 and no NaN); also
 * returns the bounding box. Welded ids follow the order of first use.
 *
 * A random probe into a table of every vertex costs a cache miss per new vertex, and that was
 * most of the time. Instead, one pass looks each corner up in a small direct-mapped cache of
 * recent vertices (files list neighbouring facets near each other, so nearly every repeat is
 * found there) and gives a cache miss a provisional id. Provisional ids that are really the same
 * point (a repeat that fell out of the cache) are then merged in hash partitions that fit in L1,
 * and the corners are renumbered.
 */
export function weld(positions: Float32Array, triangleCount: number): WeldResult {
  const result = weldScratch(positions, triangleCount);
  return { ...result, vid: result.vid.slice() };
}

/** `weld`, with the corner ids in scratch memory (valid until the next measurement). */
function weldScratch(positions: Float32Array, triangleCount: number): WeldResult {
  const refs = triangleCount * 3;
  const bits = new Int32Array(positions.buffer, positions.byteOffset, refs * 3);
  const p = positions;
  const vid = scratchI32(S_VID, refs);
  const firstRef = scratchI32(S_FIRST, refs); // the first corner of each provisional id
  const cache = scratchI32(S_CACHE, WELD_CACHE * 4);
  cache.fill(0);
  const count = weldPass(bits, refs, vid, firstRef, cache);
  // Every point is some provisional id's first corner.
  const { min, max } = boxOfPoints(p, firstRef, count);
  const final = mergeProvisional(bits, firstRef, count);
  let unique = count;
  if (final) {
    unique = final[count]!;
    remap(vid, final, refs);
  }
  return { vid, count: unique, min, max };
}

/**
 * `weldScratch` for an indexed mesh: the vertex list is welded (usually far fewer entries than
 * corners, and mostly distinct, so it goes straight to the merge without the cache pass), and each
 * corner takes its vertex's id. Ids follow the vertex list's order, and a vertex no face uses takes
 * an id too (it has no edges, so it changes nothing else); the box covers used vertices only.
 */
function weldIndexed(
  triangleCount: number,
  indexed: { vertices: Float32Array; indices: Int32Array },
): WeldResult {
  const { vertices, indices } = indexed;
  const nv = (vertices.length / 3) | 0;
  const bits = new Int32Array(vertices.buffer, vertices.byteOffset, nv * 3);
  const self = scratchI32(S_FIRST, nv);
  for (let i = 0; i < nv; i++) self[i] = i;
  const final = mergeProvisional(bits, self, nv);
  const unique = final ? final[nv]! : nv;
  const refs = triangleCount * 3;
  const vid = scratchI32(S_VID, refs);
  const used = scratchU8(S_USED, nv);
  used.fill(0);
  gather(vid, final, indices, refs, used);
  // The box of the vertices that faces use (the list may hold others); their indices go where
  // `self` was, which the merge no longer needs.
  const at = self;
  let k = 0;
  for (let v = 0; v < nv; v++) if (used[v] !== 0) at[k++] = v;
  const { min, max } = boxOfPoints(vertices, at, k);
  return { vid, count: unique, min, max };
}

/** Each corner's welded id (its vertex's, through `final` when some vertices merged); marks the used vertices. */
function gather(
  vid: Int32Array,
  final: Int32Array | null,
  indices: Int32Array,
  refs: number,
  used: Uint8Array,
): void {
  if (final) {
    for (let r = 0; r < refs; r++) {
      const v = indices[r]!;
      vid[r] = final[v]!;
      used[v] = 1;
    }
  } else {
    for (let r = 0; r < refs; r++) {
      const v = indices[r]!;
      vid[r] = v;
      used[v] = 1;
    }
  }
}

/**
 * Finds provisional vertex ids (given by their first corner) with identical coordinates. Returns
 * null when all are distinct, else the final id of each provisional id (the lowest of its group,
 * renumbered densely in order), with the number of distinct vertices at index `count`.
 *
 * The ids are scattered by the top 8 bits of a hash of their coordinates into 256 partitions (one
 * streaming pass), then each partition (a few thousand ids: it fits in L1) is deduplicated with
 * a small open-addressing table. Ids stay in ascending order within a partition, so the first of
 * a group is its lowest id.
 */
function mergeProvisional(bits: Int32Array, firstRef: Int32Array, count: number): Int32Array | null {
  if (count < 2) return null;
  const keys = scratchI32(S_HASHES, count);
  const keys2 = scratchI32(S_PART_HASHES, count);
  const ids2 = scratchI32(S_PART_IDS, count);
  const start = new Int32Array(257);
  hashProvisional(bits, firstRef, count, keys, start);
  partition(keys, count, start, keys2, ids2);
  let largest = 0;
  for (let q = 0; q < 256; q++) largest = Math.max(largest, start[q + 1]! - start[q]!);
  const table = scratchI32(S_TABLE, nextPow2(2 * largest));
  const canon = dedupePartitions(bits, firstRef, count, start, keys2, ids2, table);
  if (!canon) return null;
  // Renumber densely in order: a member's leader has a lower id, so it is numbered first.
  let next = 0;
  for (let v = 0; v < count; v++) {
    const c = canon[v]!;
    canon[v] = c === v ? next++ : canon[c]!;
  }
  canon[count] = next;
  return canon;
}

/** Hashes each provisional id's coordinates, and counts the ids per partition (top 8 bits). */
function hashProvisional(
  bits: Int32Array,
  firstRef: Int32Array,
  count: number,
  keys: Int32Array,
  start: Int32Array,
): void {
  for (let i = 0; i < count; i++) {
    const o = firstRef[i]! * 3;
    const k = hash3(bits[o]!, bits[o + 1]!, bits[o + 2]!);
    keys[i] = k;
    start[(k >>> 24) + 1]!++;
  }
  for (let q = 1; q <= 256; q++) start[q]! += start[q - 1]!;
}

/** Scatters (hash, id) pairs into their partitions, keeping id order within each. */
function partition(
  keys: Int32Array,
  count: number,
  start: Int32Array,
  keysOut: Int32Array,
  idsOut: Int32Array,
): void {
  const cursor = start.slice(0, 256);
  for (let i = 0; i < count; i++) {
    const k = keys[i]!;
    const d = cursor[k >>> 24]!++;
    keysOut[d] = k;
    idsOut[d] = i;
  }
}

function dedupePartitions(
  bits: Int32Array,
  firstRef: Int32Array,
  count: number,
  start: Int32Array,
  keys: Int32Array,
  ids: Int32Array,
  table: Int32Array,
): Int32Array | null {
  let canon: Int32Array | null = null;
  for (let q = 0; q < 256; q++) {
    const s = start[q]!;
    const e = start[q + 1]!;
    if (e - s < 2) continue;
    const mask = nextPow2(2 * (e - s)) - 1;
    table.fill(-1, 0, mask + 1);
    for (let i = s; i < e; i++) {
      const k = keys[i]!;
      const id = ids[i]!;
      let h = k & mask;
      while (true) {
        const j = table[h]!;
        if (j < 0) {
          table[h] = i;
          break;
        }
        if (keys[j] === k && samePoint(bits, firstRef, ids[j]!, id)) {
          if (!canon) {
            canon = scratchI32(S_CANON, count + 1);
            for (let c = 0; c < count; c++) canon[c] = c;
          }
          canon[id] = ids[j]!;
          break;
        }
        h = (h + 1) & mask;
      }
    }
  }
  return canon;
}

function nextPow2(v: number): number {
  let p = 1;
  while (p < v) p *= 2;
  return p;
}

function samePoint(bits: Int32Array, firstRef: Int32Array, a: number, b: number): boolean {
  const oa = firstRef[a]! * 3;
  const ob = firstRef[b]! * 3;
  return bits[oa] === bits[ob] && bits[oa + 1] === bits[ob + 1] && bits[oa + 2] === bits[ob + 2];
}

/**
 * The weld's one pass over the corners: a corner found in the cache takes its id, any other gets
 * a new provisional id. Returns the number of provisional ids.
 */
function weldPass(
  bits: Int32Array,
  refs: number,
  vid: Int32Array,
  firstRef: Int32Array,
  cache: Int32Array,
): number {
  let count = 0;
  for (let r = 0; r < refs; r++) {
    const o = r * 3;
    const x = bits[o]!;
    const y = bits[o + 1]!;
    const z = bits[o + 2]!;
    const ci = cacheSlot(x, y, z);
    if (cache[ci] === x && cache[ci + 1] === y && cache[ci + 2] === z && cache[ci + 3] !== 0) {
      vid[r] = cache[ci + 3]! - 1;
      continue;
    }
    firstRef[count] = r;
    vid[r] = count;
    cache[ci] = x;
    cache[ci + 1] = y;
    cache[ci + 2] = z;
    cache[ci + 3] = ++count;
  }
  return count;
}

/** The bounding box of the points p[3 * at[i] ..] for i < count ([0, 0, 0] twice when none). */
function boxOfPoints(p: Float32Array, at: Int32Array, count: number): { min: Vec3; max: Vec3 } {
  if (count === 0) return { min: [0, 0, 0], max: [0, 0, 0] };
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let minZ = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  let maxZ = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const o = 3 * at[i]!;
    const x = p[o]!;
    const y = p[o + 1]!;
    const z = p[o + 2]!;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
    minZ = Math.min(minZ, z);
    maxZ = Math.max(maxZ, z);
  }
  return { min: [minX, minY, minZ], max: [maxX, maxY, maxZ] };
}

function remap(vid: Int32Array, final: Int32Array, refs: number): void {
  for (let r = 0; r < refs; r++) vid[r] = final[vid[r]!]!;
}

const DEGEN = 1;
const DUP = 2;

// Scratch slots (see scratch.ts): each backs one array during a measurement.
const S_VID = 0;
const S_FIRST = 1;
const S_HASHES = 2;
const S_TABLE = 3;
const S_PART_HASHES = 4;
const S_PART_IDS = 5;
const S_CANON = 6;
const S_FLAGS = 7;
const S_START = 8;
const S_ENTRIES = 9;
const S_LINKS = 10;
const S_PARENT = 11;
const S_PATCH = 12;
const S_FLIP = 13;
const S_ADJ = 14;
const S_STACK = 15;
const S_CACHE = 16;
const S_USED = 17;

/** What matching the half-edges in their buckets found. */
class EdgeUses {
  /** Edges with exactly two uses, as pairs of codes (2 * half-edge + 1 if it runs high -> low). */
  links: Int32Array;
  linkCount = 0;
  /** Some two-use edge has both uses running the same way. */
  inconsistent = false;
  duplicate = 0;
  nonManifold = 0;
  /** Half-edges whose edge has one use. */
  boundary: number[] = [];
  /** Facet pairs joined through edges with more than two uses. */
  nonManifoldPairs: number[] = [];
  constructor(links: Int32Array) {
    this.links = links;
  }
}

export function measureMesh(
  positions: Float32Array,
  triangleCount: number,
  onProgress?: MeasureProgress,
  indexed?: { vertices: Float32Array; indices: Int32Array },
): MeshMetrics {
  const n = triangleCount;
  const p = positions;
  const {
    vid,
    count: V,
    min,
    max,
  } = indexed && indexed.indices.length === 3 * n ? weldIndexed(n, indexed) : weldScratch(p, n);
  const [minX, minY, minZ] = min;
  const [maxX, maxY, maxZ] = max;
  // Volumes are summed about the box centre (less cancellation than about the origin).
  const ox = (minX + maxX) / 2;
  const oy = (minY + maxY) / 2;
  const oz = (minZ + maxZ) / 2;
  onProgress?.(0.35);

  // Degenerate facets (a repeated vertex or zero area); the half-edges of the others are bucketed
  // by their lower vertex (counting sort).
  const flags = scratchU8(S_FLAGS, n);
  flags.fill(0);
  const start = scratchI32(S_START, V + 1);
  start.fill(0);
  const totals = new Float64Array(4);
  const centre = Float64Array.of(ox, oy, oz, minZ);
  const degenerate = classifyFacets(p, vid, n, flags, start, centre, totals);
  for (let v = 1; v <= V; v++) start[v]! += start[v - 1]!;
  const totalHe = start[V]!;
  const E = scratchI32(S_ENTRIES, 3 * totalHe);
  fillEntries(vid, n, flags, start, E);
  onProgress?.(0.5);

  const uses = new EdgeUses(scratchI32(S_LINKS, totalHe));
  matchBuckets(E, start, V, flags, uses);
  const { duplicate, nonManifold, boundary, nonManifoldPairs } = uses;
  onProgress?.(0.7);

  // Patches: facets joined through two-use edges. When every such edge is used once each way
  // (the usual case) nothing needs turning over, and a union-find over the links finds the
  // patches; otherwise a flood through the links decides which facets to turn over.
  const patch = scratchI32(S_PATCH, n);
  const flip = scratchU8(S_FLIP, n);
  flip.fill(0);
  const patches = uses.inconsistent
    ? patchesByFlood(n, flags, uses, patch, flip)
    : patchesByUnion(n, flags, uses, patch);
  onProgress?.(0.75);

  // One pass over the good facets: area; per patch the signed volume in the flooded orientation,
  // the area kept / flipped by the flood, and the overhang area and inverted count under either
  // final orientation of the patch (decided below).
  const sums = new PatchSums(patches);
  let area: number;
  if (patches === 1 && !uses.inconsistent && duplicate === 0) {
    // One patch, nothing turned over, no duplicates: the sums are the totals over good facets.
    area = totals[0]!;
    sums.vol[0] = totals[1]!;
    sums.keep[0] = area;
    sums.ohA[0] = totals[2]!;
    sums.ohB[0] = totals[3]!;
    sums.count[0] = n - degenerate;
  } else {
    area = sumFacetsFromPositions(p, n, flags, patch, flip, ox, oy, oz, minZ, sums);
  }
  onProgress?.(0.8);
  let holesFilled = 0;
  let openBoundaryEdges = 0;
  const B = boundary.length;
  if (B > 0) {
    const closed = closeHoles(boundary, vid, V, flip, patch, p, ox, oy, oz, sums.vol);
    holesFilled = closed.holesFilled;
    openBoundaryEdges = closed.openBoundaryEdges;
    area += closed.area;
  }
  const { volume, inverted, overhangArea } = orientPatches(patches, n, p, flags, patch, sums);

  // Shells: patches, joined through non-manifold edges.
  const parent = new Int32Array(patches);
  for (let q = 0; q < patches; q++) parent[q] = q;
  for (let i = 0; i < nonManifoldPairs.length; i += 2) {
    union(parent, patch[nonManifoldPairs[i]!]!, patch[nonManifoldPairs[i + 1]!]!);
  }
  let shells = 0;
  for (let q = 0; q < patches; q++) if (parent[q] === q) shells++;
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

/**
 * Flags degenerate facets (a repeated vertex or zero area) and counts each other facet's three
 * edges in the bucket of their lower vertex. It also sums, over the other facets, what a mesh of
 * one consistently oriented patch needs (the cross product is taken here anyway): totals[0] area,
 * [1] signed volume about the box centre, [2] / [3] overhang area facing down / up (the shared
 * overhang rule of @printloop/materials). Returns the number of degenerate facets.
 */
function classifyFacets(
  p: Float32Array,
  vid: Int32Array,
  n: number,
  flags: Uint8Array,
  start: Int32Array,
  centre: Float64Array,
  totals: Float64Array,
): number {
  const ox = centre[0]!;
  const oy = centre[1]!;
  const oz = centre[2]!;
  const bed = centre[3]!;
  let area = 0;
  let volume = 0;
  let ohDown = 0;
  let ohUp = 0;
  let degenerate = 0;
  for (let t = 0; t < n; t++) {
    const a = vid[3 * t]!;
    const b = vid[3 * t + 1]!;
    const c = vid[3 * t + 2]!;
    if (a === b || b === c || a === c) {
      flags[t] = DEGEN;
      degenerate++;
      continue;
    }
    const k = 9 * t;
    const px = p[k]!;
    const py = p[k + 1]!;
    const pz = p[k + 2]!;
    const ux = p[k + 3]! - px;
    const uy = p[k + 4]! - py;
    const uz = p[k + 5]! - pz;
    const vx = p[k + 6]! - px;
    const vy = p[k + 7]! - py;
    const vz = p[k + 8]! - pz;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    if (nx === 0 && ny === 0 && nz === 0) {
      flags[t] = DEGEN;
      degenerate++;
      continue;
    }
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    area += len / 2;
    const ax = px - ox;
    const ay = py - oy;
    const az = pz - oz;
    const bx = p[k + 3]! - ox;
    const by = p[k + 4]! - oy;
    const bz = p[k + 5]! - oz;
    const cx = p[k + 6]! - ox;
    const cy = p[k + 7]! - oy;
    const cz = p[k + 8]! - oz;
    volume += (ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx)) / 6;
    const qz = p[k + 5]!;
    const rz = p[k + 8]!;
    // biome-ignore lint/complexity/useMathMinMax: a ternary keeps this hot loop free of calls
    const highest = pz > qz ? (pz > rz ? pz : rz) : qz > rz ? qz : rz;
    if (isOverhangFacet(nz, len, highest, bed, OVERHANG_NORMAL_Z)) ohDown += len / 2;
    else if (isOverhangFacet(-nz, len, highest, bed, OVERHANG_NORMAL_Z)) ohUp += len / 2;
    // biome-ignore lint/complexity/useMathMinMax: a ternary keeps this hot loop free of calls
    start[a < b ? a : b]!++;
    // biome-ignore lint/complexity/useMathMinMax: a ternary keeps this hot loop free of calls
    start[b < c ? b : c]!++;
    // biome-ignore lint/complexity/useMathMinMax: a ternary keeps this hot loop free of calls
    start[c < a ? c : a]!++;
  }
  totals[0] = area;
  totals[1] = volume;
  totals[2] = ohDown;
  totals[3] = ohUp;
  return degenerate;
}

/**
 * Writes each good facet's half-edges into the bucket of their lower vertex (start[v] holds the
 * bucket's end, and ends at its start), in ascending facet order. An entry is 3 ints, so that a
 * bucket is one run of memory: the far vertex of the edge, the facet's third vertex, and the code
 * 2 * half-edge + (1 if the half-edge runs from the higher vertex to the lower).
 */
function fillEntries(vid: Int32Array, n: number, flags: Uint8Array, start: Int32Array, E: Int32Array): void {
  for (let t = n - 1; t >= 0; t--) {
    if (flags[t] !== 0) continue;
    const h = 3 * t;
    const a = vid[h]!;
    const b = vid[h + 1]!;
    const c = vid[h + 2]!;
    // Last half-edge first, so that each bucket ends up in ascending order.
    placeHalfEdge(E, start, c, a, b, h + 2);
    placeHalfEdge(E, start, b, c, a, h + 1);
    placeHalfEdge(E, start, a, b, c, h);
  }
}

/** Writes half-edge `h` (from `u` to `v`, in a facet whose third vertex is `third`) into its bucket. */
function placeHalfEdge(
  E: Int32Array,
  start: Int32Array,
  u: number,
  v: number,
  third: number,
  h: number,
): void {
  const up = u < v;
  const x = up ? 3 * --start[u]! : 3 * --start[v]!;
  E[x] = up ? v : u;
  E[x + 1] = third;
  E[x + 2] = up ? 2 * h : 2 * h + 1;
}

function facetOf(code: number): number {
  return ((code >>> 1) / 3) | 0;
}

/** Records the uses of one edge: the first two codes, and how many uses there are. */
function settle(u: EdgeUses, count: number, c0: number, c1: number): void {
  if (count === 2) {
    u.links[u.linkCount++] = c0;
    u.links[u.linkCount++] = c1;
    // Both running the same way: the two facets disagree about orientation.
    if (((c0 ^ c1) & 1) === 0) u.inconsistent = true;
  } else if (count === 1) {
    u.boundary.push(c0 >>> 1);
  } else if (count > 2) {
    u.nonManifold++;
    u.nonManifoldPairs.push(facetOf(c0), facetOf(c1));
  }
}

/** Duplicates and uses of every edge, bucket by bucket. Entries are consumed (marked -1). */
function matchBuckets(E: Int32Array, start: Int32Array, V: number, flags: Uint8Array, u: EdgeUses): void {
  for (let v = 0; v < V; v++) {
    const s = start[v]!;
    const e = start[v + 1]!;
    if (e - s > 48) {
      matchLargeBucket(E, s, e, flags, u);
      continue;
    }
    if (u.duplicate === 0 && matchBucketFast(E, s, e, u)) continue;
    // Duplicates first (quadratic over at most 48 entries): the same far and third vertex. Only a
    // facet's canonical edge (its two lowest vertices) is used, so each facet is seen once.
    for (let i = s; i < e; i++) {
      const o = E[3 * i]!;
      const c = E[3 * i + 1]!;
      if (c < o || flags[facetOf(E[3 * i + 2]!)] !== 0) continue;
      for (let j = i + 1; j < e; j++) {
        if (E[3 * j] !== o || E[3 * j + 1] !== c) continue;
        const tg = facetOf(E[3 * j + 2]!);
        if (flags[tg] === 0) {
          flags[tg] = DUP;
          u.duplicate++;
        }
      }
    }
    // Then the uses of each edge.
    for (let i = s; i < e; i++) {
      const o = E[3 * i]!;
      if (o < 0) continue;
      const c0 = E[3 * i + 2]!;
      if (flags[facetOf(c0)] !== 0) continue;
      let count = 1;
      let c1 = -1;
      for (let j = i + 1; j < e; j++) {
        if (E[3 * j] !== o) continue;
        E[3 * j] = -1;
        const code = E[3 * j + 2]!;
        if (flags[facetOf(code)] !== 0) continue;
        count++;
        if (count === 2) c1 = code;
        else u.nonManifoldPairs.push(facetOf(c0), facetOf(code));
      }
      settle(u, count, c0, c1);
    }
  }
}

/**
 * The usual bucket, while no duplicate facet has been found (so no facet with entries is
 * flagged): every edge has one use, or two uses with different third vertices. Anything else
 * (a possible duplicate, or more than two uses) undoes this bucket's work and returns false, and
 * the full matching runs on it.
 */
function matchBucketFast(E: Int32Array, s: number, e: number, u: EdgeUses): boolean {
  const links0 = u.linkCount;
  const boundary0 = u.boundary.length;
  const inconsistent0 = u.inconsistent;
  for (let i = s; i < e; i++) {
    const o = E[3 * i]!;
    if (o < 0) continue;
    let count = 1;
    let j1 = -1;
    for (let j = i + 1; j < e; j++) {
      if (E[3 * j] !== o) continue;
      count++;
      j1 = j;
    }
    const c0 = E[3 * i + 2]!;
    if (count === 1) {
      u.boundary.push(c0 >>> 1);
    } else if (count === 2 && E[3 * j1 + 1] !== E[3 * i + 1]) {
      E[3 * j1] = ~o;
      const c1 = E[3 * j1 + 2]!;
      u.links[u.linkCount++] = c0;
      u.links[u.linkCount++] = c1;
      if (((c0 ^ c1) & 1) === 0) u.inconsistent = true;
    } else {
      for (let m = s; m < e; m++) {
        const x = E[3 * m]!;
        if (x < 0) E[3 * m] = ~x;
      }
      u.linkCount = links0;
      u.boundary.length = boundary0;
      u.inconsistent = inconsistent0;
      return false;
    }
  }
  return true;
}

/** A large fan (over 48 entries): sorted by the far vertex so that each edge's uses are adjacent. */
function matchLargeBucket(E: Int32Array, s: number, e: number, flags: Uint8Array, u: EdgeUses): void {
  const k = e - s;
  const keys = new Float64Array(k);
  for (let j = 0; j < k; j++) keys[j] = E[3 * (s + j)]! * 33554432 + j;
  keys.sort();
  const copy = E.slice(3 * s, 3 * e);
  for (let j = 0; j < k; j++) {
    const from = 3 * (keys[j]! % 33554432);
    const to = 3 * (s + j);
    E[to] = copy[from]!;
    E[to + 1] = copy[from + 1]!;
    E[to + 2] = copy[from + 2]!;
  }
  let i = s;
  while (i < e) {
    const o = E[3 * i]!;
    let j = i + 1;
    while (j < e && E[3 * j] === o) j++;
    if (j - i > 1) markDuplicates(E, i, j, o, flags, u);
    let count = 0;
    let c0 = -1;
    let c1 = -1;
    for (let m = i; m < j; m++) {
      const code = E[3 * m + 2]!;
      if (flags[facetOf(code)] !== 0) continue;
      count++;
      if (c0 < 0) c0 = code;
      else if (c1 < 0) c1 = code;
      else u.nonManifoldPairs.push(facetOf(c0), facetOf(code));
    }
    settle(u, count, c0, c1);
    i = j;
  }
}

/** Flags duplicates among entries i..j of one edge (lower vertex implied, far vertex `o`). */
function markDuplicates(
  E: Int32Array,
  i: number,
  j: number,
  o: number,
  flags: Uint8Array,
  u: EdgeUses,
): void {
  if (j - i <= 32) {
    for (let x = i; x < j; x++) {
      const c = E[3 * x + 1]!;
      if (c < o || flags[facetOf(E[3 * x + 2]!)] !== 0) continue;
      for (let y = x + 1; y < j; y++) {
        if (E[3 * y + 1] !== c) continue;
        const tg = facetOf(E[3 * y + 2]!);
        if (flags[tg] === 0) {
          flags[tg] = DUP;
          u.duplicate++;
        }
      }
    }
    return;
  }
  const seen = new Set<number>();
  for (let x = i; x < j; x++) {
    const c = E[3 * x + 1]!;
    const t = facetOf(E[3 * x + 2]!);
    if (c < o || flags[t] !== 0) continue;
    if (!seen.has(c)) seen.add(c);
    else {
      flags[t] = DUP;
      u.duplicate++;
    }
  }
}

/** Patches by union-find over the links (all consistently oriented). Returns the patch count. */
function patchesByUnion(n: number, flags: Uint8Array, u: EdgeUses, patch: Int32Array): number {
  const parent = scratchI32(S_PARENT, n);
  for (let t = 0; t < n; t++) parent[t] = t;
  const links = u.links;
  for (let i = 0; i < u.linkCount; i += 2) union(parent, facetOf(links[i]!), facetOf(links[i + 1]!));
  let patches = 0;
  for (let t = 0; t < n; t++) if (flags[t] === 0 && parent[t] === t) patches++;
  if (patches === 1) {
    for (let t = 0; t < n; t++) patch[t] = flags[t] === 0 ? 0 : -1;
    return 1;
  }
  // A root is the lowest facet of its patch, so it is numbered before the rest of the patch.
  patches = 0;
  for (let t = 0; t < n; t++) {
    if (flags[t] !== 0) {
      patch[t] = -1;
      continue;
    }
    const r = find(parent, t);
    patch[t] = r === t ? patches++ : patch[r]!;
  }
  return patches;
}

/**
 * Patches by flooding through the links, turning facets over (flip) so that neighbours agree.
 * Returns the patch count.
 */
function patchesByFlood(
  n: number,
  flags: Uint8Array,
  u: EdgeUses,
  patch: Int32Array,
  flip: Uint8Array,
): number {
  // adj[h] = 2 * (the other half-edge of h's edge) + 1 if both run the same way, or -1.
  const adj = scratchI32(S_ADJ, 3 * n);
  adj.fill(-1);
  const links = u.links;
  for (let i = 0; i < u.linkCount; i += 2) {
    const c0 = links[i]!;
    const c1 = links[i + 1]!;
    const same = ((c0 ^ c1) & 1) === 0 ? 1 : 0;
    adj[c0 >>> 1] = 2 * (c1 >>> 1) + same;
    adj[c1 >>> 1] = 2 * (c0 >>> 1) + same;
  }
  patch.fill(-1);
  const stack = scratchI32(S_STACK, n);
  let patches = 0;
  for (let t0 = 0; t0 < n; t0++) {
    if (flags[t0] !== 0 || patch[t0]! >= 0) continue;
    const pid = patches++;
    patch[t0] = pid;
    let sp = 0;
    stack[sp++] = t0;
    while (sp > 0) {
      const w0 = stack[--sp]!;
      const fu = flip[w0]!;
      for (let c = 0; c < 3; c++) {
        const a = adj[3 * w0 + c]!;
        if (a < 0) continue;
        const w = ((a >>> 1) / 3) | 0;
        if (patch[w]! < 0) {
          patch[w] = pid;
          flip[w] = fu ^ (a & 1);
          stack[sp++] = w;
        }
      }
    }
  }
  return patches;
}

/** Per-patch sums from the facet pass. */
class PatchSums {
  /** Signed volume in the flooded orientation. */
  vol: Float64Array;
  /** Area kept / turned over by the flood. */
  keep: Float64Array;
  flipped: Float64Array;
  /** Overhang area if the patch keeps the flooded orientation / is turned over. */
  ohA: Float64Array;
  ohB: Float64Array;
  /** Facets turned over by the flood, and all facets. */
  inv: Int32Array;
  count: Int32Array;
  constructor(patches: number) {
    this.vol = new Float64Array(patches);
    this.keep = new Float64Array(patches);
    this.flipped = new Float64Array(patches);
    this.ohA = new Float64Array(patches);
    this.ohB = new Float64Array(patches);
    this.inv = new Int32Array(patches);
    this.count = new Int32Array(patches);
  }
}

/**
 * Area of the good facets (returned), and the per-patch sums, from the positions: for meshes with
 * several patches, facets turned over, or duplicates (the usual single patch takes its sums from
 * `classifyFacets`).
 */
function sumFacetsFromPositions(
  p: Float32Array,
  n: number,
  flags: Uint8Array,
  patch: Int32Array,
  flip: Uint8Array,
  ox: number,
  oy: number,
  oz: number,
  bed: number,
  sums: PatchSums,
): number {
  const { vol: pVol, keep: pKeep, flipped: pFlip, ohA: pOhA, ohB: pOhB, inv: pInv, count: pCount } = sums;
  let area = 0;
  // Sums for the current run of facets in one patch (usually the whole mesh), added to the patch
  // when the run ends.
  let cq = -1;
  let sVol = 0;
  let sKeep = 0;
  let sFlip = 0;
  let sOhA = 0;
  let sOhB = 0;
  let sInv = 0;
  let sCount = 0;
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
    if (q !== cq) {
      if (cq >= 0) {
        pVol[cq]! += sVol;
        pKeep[cq]! += sKeep;
        pFlip[cq]! += sFlip;
        pOhA[cq]! += sOhA;
        pOhB[cq]! += sOhB;
        pInv[cq]! += sInv;
        pCount[cq]! += sCount;
      }
      cq = q;
      sVol = sKeep = sFlip = sOhA = sOhB = 0;
      sInv = sCount = 0;
    }
    sCount++;
    if (f) {
      sVol -= vol;
      sFlip += a2;
      sInv++;
    } else {
      sVol += vol;
      sKeep += a2;
    }
    // The shared overhang rule, facing down (or up, if the patch is turned over).
    // biome-ignore lint/complexity/useMathMinMax: a ternary keeps this hot loop free of calls
    const highest = oz + (az > bz ? (az > cz ? az : cz) : bz > cz ? bz : cz);
    if (isOverhangFacet(nz, len, highest, bed, OVERHANG_NORMAL_Z)) {
      if (f === 0) sOhA += a2;
      else sOhB += a2;
    } else if (isOverhangFacet(-nz, len, highest, bed, OVERHANG_NORMAL_Z)) {
      if (f === 0) sOhB += a2;
      else sOhA += a2;
    }
  }
  if (cq >= 0) {
    pVol[cq]! += sVol;
    pKeep[cq]! += sKeep;
    pFlip[cq]! += sFlip;
    pOhA[cq]! += sOhA;
    pOhB[cq]! += sOhB;
    pInv[cq]! += sInv;
    pCount[cq]! += sCount;
  }
  return area;
}

/**
 * Closes boundary loops with a fan from their centroid (volume of open meshes). Adds each fan's
 * volume to its patch; returns the fans' area and the counts.
 */
function closeHoles(
  boundary: number[],
  vid: Int32Array,
  V: number,
  flip: Uint8Array,
  patch: Int32Array,
  p: Float32Array,
  ox: number,
  oy: number,
  oz: number,
  pVol: Float64Array,
): { holesFilled: number; openBoundaryEdges: number; area: number } {
  let area = 0;
  let holesFilled = 0;
  let openBoundaryEdges = 0;
  const B = boundary.length;
  {
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

  return { holesFilled, openBoundaryEdges, area };
}

/**
 * The orientation of each patch: keep the orientation most of its area already has; a patch that
 * then encloses negative volume is inside-out unless it is a cavity inside another patch.
 */
function orientPatches(
  patches: number,
  n: number,
  p: Float32Array,
  flags: Uint8Array,
  patch: Int32Array,
  sums: PatchSums,
): { volume: number; inverted: number; overhangArea: number } {
  const { vol: pVol, keep: pKeep, flipped: pFlip, ohA: pOhA, ohB: pOhB, inv: pInv, count: pCount } = sums;
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

  return { volume, inverted, overhangArea };
}

/** The reference (corner index) of welded vertex `v` within half-edge `h`'s facet. */
function firstRefOf(vid: Int32Array, h: number, v: number): number {
  const t3 = h - (h % 3);
  if (vid[t3] === v) return t3;
  if (vid[t3 + 1] === v) return t3 + 1;
  return t3 + 2;
}
