/**
 * Stage "surfaces": which part of each layer's interior is printed as what, the way PrusaSlicer 2.5
 * decides it for the house profile (written from the facts of PrintObject::prepare_infill and
 * LayerRegion at version 2.5.0, not copied), on the layer rasters:
 *
 *  1. the fill area (given, rasterised from the exact outlines, fills.ts `fillArea`, with its exact
 *     area): what Arachne leaves inside two walls, w/2 + 1.25 s inside the outline where the part is
 *     thick enough for it;
 *  2. types: top = slice not covered by the layer above (the last layer: all), bottom = not covered by
 *     the layer below (the first layer: all; above it a bridge), bottom wins; internal = the rest of
 *     the fill area;
 *  3. solid_infill_below_area: an internal piece of at most 70 mm² is solid;
 *  4. tops, bottoms and bridges spread 3 mm into the fill area (a bridge within its own island);
 *  5. vertical shells (ensure_vertical_shell_thickness): a layer's internal area is solid where a
 *     top of the 3 layers above or a bottom of the 2 below (grown by 1.05 solid spacings) covers it,
 *     or where it is not fill area in all of those layers (slopes); opened by ½ and grown by 0.8 of
 *     that spacing;
 *  6. bridge over infill (below 100 % infill): solid whose support within 0.4 mm below is all sparse
 *     is printed as a bridge, where at least 2.4 mm wide.
 *
 * The result is one type per cell and layer (`Surface`).
 */
import { components, grow, type Raster, shrink } from './raster.js';

export const Surface = {
  none: 0,
  sparse: 1,
  solid: 2,
  top: 3,
  /** The first layer's bottom. */
  bottom: 4,
  /** A bottom over air above the first layer (bridge infill, its direction detected). */
  bridge: 5,
  /** Solid over sparse infill printed with bridge flow. */
  internalBridge: 6,
} as const;
export type Surface = (typeof Surface)[keyof typeof Surface];

export interface SurfaceSettings {
  layerHeight: number;
  /** Extrusion width on the layers above the first, and on the first (mm). */
  width: number;
  firstLayerWidth: number;
  topLayers: number;
  bottomLayers: number;
  /** solid_infill_below_area (mm²). */
  solidBelowArea: number;
  /** Sparse infill density (0..1); at 1 there is no bridge over infill. */
  density: number;
}

/** 1 − π/4: spacing = width − height · (1 − π/4). */
const ROUND = 1 - Math.PI / 4;
/** Tops and bottoms in the fill area smaller than this (mm²) are raster specks (see classifySurfaces). */
const MIN_SURFACE = 1;
/** EXTERNAL_INFILL_MARGIN (mm). */
const EXTERNAL_MARGIN = 3;
/** Height of the bridge flow (a round 0.4 mm thread): the depth bridge_over_infill looks under. */
const BRIDGE_DEPTH = 0.4;
/** bridge_over_infill keeps bridges at least 2 × 3 bridge widths wide: opening by 1.2 mm. */
const BRIDGE_OPENING = 1.2;

/**
 * Surface types of every layer. `material` is the layer rasters (1 = material), layer-major, of
 * `layers` layers of `shape`. Returns the types, layer-major (Surface codes).
 */
export function classifySurfaces(
  material: Uint8Array,
  layers: number,
  shape: Raster,
  settings: SurfaceSettings,
  fillArea: (layer: number, out: Uint8Array) => number,
  field: Int8Array,
): Uint8Array {
  const classifier = surfaceClassifier(material, layers, shape, settings, fillArea, field);
  classifier.finish(layers);
  return classifier.tables.types;
}

/** The surface types built a layer at a time (the stages as a wavefront, in the same order per
 * layer as all layers stage by stage, so the same types). Stages 1-4 and the vertical shells'
 * sources ("typing", `type`) and stages 5-6 (`shell`) may run on two threads: the shells of layer
 * k read only what typing has written up to `reach(k)` and write only layer k. */
export interface SurfaceClassifier {
  /** The surface types (a layer's are final once `finish`, or `shell`, has passed it) and the
   * typing's tables the shells read. */
  readonly tables: SurfaceTables;
  /** Layers typed so far. */
  readonly typed: number;
  /** Types the next layer (its material, field and fill area, and the material above, there). */
  type(): void;
  /** Makes the types of layers below `upTo` final (typing as far as that needs). */
  finish(upTo: number): void;
}

/** The shells' half of a classifier: `reach(k)` layers must be typed before `shell(k)`; layers are
 * shelled in order. */
export interface SurfaceShells {
  reach(k: number): number;
  shell(k: number): void;
}

/** The surface types and the typing's tables the shells read (layer-major). */
export interface SurfaceTables {
  types: Uint8Array;
  flags: Uint8Array;
  runs: Uint8Array;
}

function newWork(
  material: Uint8Array,
  layers: number,
  shape: Raster,
  settings: SurfaceSettings,
  field: Int8Array,
  tables: SurfaceTables,
): Work {
  const cells = shape.cols * shape.rows;
  return {
    material,
    layers,
    shape,
    settings,
    field,
    cells,
    types: tables.types,
    flags: tables.flags,
    a: new Uint8Array(cells),
    b: new Uint8Array(cells),
    c: new Uint8Array(cells),
    near: new Uint8Array(cells),
    labels: new Int32Array(cells),
    stack: new Int32Array(cells),
    minPiece: Math.max(4, Math.ceil(MIN_SURFACE / (shape.cell * shape.cell))),
  };
}

/** Stages 5-6 over tables a classifier types (on this thread, or shared from another). */
export function surfaceShells(
  material: Uint8Array,
  layers: number,
  shape: Raster,
  settings: SurfaceSettings,
  field: Int8Array,
  tables: SurfaceTables,
): SurfaceShells {
  return shellStages(newWork(material, layers, shape, settings, field, tables), tables.runs);
}

function shellStages(work: Work, runs: Uint8Array): SurfaceShells {
  const up = work.settings.topLayers - 1;
  return {
    // the layers verticalShells(k) reads: up to k + up, and the one above it
    reach: (k) => Math.min(k + up + 2, work.layers),
    shell(k: number): void {
      // 5. vertical shells
      verticalShells(work, k, runs);
      // 6. bridge over infill
      if (work.settings.density < 1 && k >= 1) bridgeOverInfill(work, k);
    },
  };
}

export function surfaceClassifier(
  material: Uint8Array,
  layers: number,
  shape: Raster,
  settings: SurfaceSettings,
  fillArea: (layer: number, out: Uint8Array) => number,
  field: Int8Array,
  allocate: (bytes: number) => Uint8Array = (bytes) => new Uint8Array(bytes),
): SurfaceClassifier {
  const cells = shape.cols * shape.rows;
  const tables: SurfaceTables = {
    types: allocate(cells * layers),
    flags: allocate(cells * layers),
    runs: allocate(cells * layers),
  };
  const work = newWork(material, layers, shape, settings, field, tables);
  const shells = shellStages(work, tables.runs);
  let typed = 0;
  let done = 0;
  // Each stage is a function called once per layer (not one long function of loops run once), so
  // that V8 optimises each loop body once and keeps it.
  const type = (): void => {
    // 1-4: fill area, types, small areas solid, external surfaces grown 3 mm
    const external = typeLayer(work, typed, fillArea);
    // 5. vertical shells' sources, and the plain runs that let them skip a cell
    markShellSources(work, typed, external);
    plainRuns(work, typed, tables.runs);
    typed++;
  };
  return {
    tables,
    get typed() {
      return typed;
    },
    type,
    finish(upTo: number): void {
      for (; done < Math.min(upTo, layers); done++) {
        while (typed < shells.reach(done)) type();
        shells.shell(done);
      }
    },
  };
}

/** The surfaces' inputs, output and scratch rasters. */
interface Work {
  material: Uint8Array;
  layers: number;
  shape: Raster;
  settings: SurfaceSettings;
  field: Int8Array;
  cells: number;
  /** Surface types, layer-major (the result). */
  types: Uint8Array;
  /** Per cell and layer: FILL, TOP_S, BOTTOM_S, TOP_C, BOTTOM_C. */
  flags: Uint8Array;
  a: Uint8Array;
  b: Uint8Array;
  c: Uint8Array;
  near: Uint8Array;
  labels: Int32Array;
  stack: Int32Array;
  /** Cells of the smallest top or bottom piece taken as a surface. */
  minPiece: number;
}

// flags per cell and layer: the fill area, the slice's own top and bottom, and the grown tops and
// bottoms of the fill area (the vertical shells' sources)
const FILL = 1;
const TOP_S = 2;
const BOTTOM_S = 4;
const TOP_C = 8;
const BOTTOM_C = 16;

function spacingOf(settings: SurfaceSettings, i: number): number {
  return widthOf(settings, i) - settings.layerHeight * ROUND;
}

function widthOf(settings: SurfaceSettings, i: number): number {
  return i === 0 ? settings.firstLayerWidth : settings.width;
}

/**
 * Stages 1-4 on layer i. Leaves the layer's final tops in `work.a` and its bottoms and bridges in
 * `work.c` (the vertical shells' sources), and says whether either may hold any.
 */
function typeLayer(
  work: Work,
  i: number,
  fillArea: (layer: number, out: Uint8Array) => number,
): { anyTop: boolean; anyBottom: boolean } {
  const { material, layers, shape, settings, cells, types, flags, a, b, c, labels, stack } = work;
  const cell = shape.cell;
  const base = i * cells;
  const exactArea = fillArea(i, b);
  let fillCells = 0;
  const hasAbove = i + 1 < layers;
  for (let p = 0; p < cells; p++) {
    if (b[p] === 1) fillCells++;
    if (material[base + p] !== 1) {
      a[p] = 0;
      continue;
    }
    let f = b[p] === 1 ? FILL : 0;
    const above = hasAbove ? material[base + cells + p] === 1 : false;
    const below = i > 0 ? material[base - cells + p] === 1 : false;
    const bottom = i === 0 || !below;
    const top = !bottom && !above;
    if (top) f |= TOP_S;
    if (bottom) f |= BOTTOM_S;
    flags[base + p] = f;
    // internal pieces: small ones solid
    a[p] = f === FILL ? 1 : 0;
  }
  // areas by cell count, corrected to the fill area's exact area (a strip two cells wide may be
  // 2.4 cells of the real thing)
  const cellArea = fillCells > 0 && exactArea > 0 ? exactArea / fillCells : cell * cell;
  const sizes = components(a, labels, shape, stack);
  // the types, with the tops in a and the bottoms in c
  let anyTop = false;
  let anyBottom = false;
  for (let p = 0; p < cells; p++) {
    const f = flags[base + p] as number;
    a[p] = 0;
    c[p] = 0;
    if ((f & FILL) === 0) continue;
    let t: Surface;
    if ((f & BOTTOM_S) !== 0) {
      t = i === 0 ? Surface.bottom : Surface.bridge;
      c[p] = 1;
      anyBottom = true;
    } else if ((f & TOP_S) !== 0) {
      t = Surface.top;
      a[p] = 1;
      anyTop = true;
    } else {
      const size = sizes[labels[p] as number] as number;
      t = size * cellArea <= settings.solidBelowArea ? Surface.solid : Surface.sparse;
    }
    types[base + p] = t;
  }
  // external surfaces spread 3 mm into the fill area (bridges only within their own island)
  // a piece of top or bottom in the fill area smaller than a few cells is where the raster meets
  // the fill area's outline (a slope's sliver, 0.5 mm wide, grazing it), not a surface: growing it
  // by 3 mm would make a solid patch PrusaSlicer does not print
  if (i > 0) {
    if (anyTop) anyTop = dropSpecks(a, labels, stack, shape, work.minPiece, types, base);
    if (anyBottom) anyBottom = dropSpecks(c, labels, stack, shape, work.minPiece, types, base);
  }
  if (anyTop) {
    grow(a, b, EXTERNAL_MARGIN, shape);
    // a becomes the grown tops
    for (let p = 0; p < cells; p++) {
      const t = types[base + p] as number;
      if (b[p] === 1 && (t === Surface.sparse || t === Surface.solid)) {
        types[base + p] = Surface.top;
        a[p] = 1;
      }
    }
  }
  if (anyBottom) {
    // islands of the fill area that hold a bottom
    for (let p = 0; p < cells; p++) a[p] = ((flags[base + p] as number) & FILL) !== 0 ? 1 : 0;
    const islands = components(a, labels, shape, stack);
    const holds = new Uint8Array(islands.length);
    for (let p = 0; p < cells; p++)
      if (c[p] === 1 && (labels[p] as number) >= 0) holds[labels[p] as number] = 1;
    grow(c, b, EXTERNAL_MARGIN, shape);
    const kind = i === 0 ? Surface.bottom : Surface.bridge;
    // a and c become the final tops and bottoms
    for (let p = 0; p < cells; p++) {
      let t = types[base + p] as number;
      const l = labels[p] as number;
      // bridges win over grown tops; a first-layer bottom is everywhere already
      if (
        b[p] === 1 &&
        l >= 0 &&
        holds[l] === 1 &&
        (t === Surface.sparse || t === Surface.solid || t === Surface.top)
      ) {
        t = kind;
        types[base + p] = kind;
      }
      a[p] = t === Surface.top ? 1 : 0;
      c[p] = t === kind ? 1 : 0;
    }
  }
  return { anyTop, anyBottom };
}

/**
 * 5, first half: layer i's tops and bottoms of the fill area (areas, grown by m) are judged on the
 * raster, and cached in the flags as TOP_C and BOTTOM_C.
 */
function markShellSources(work: Work, i: number, external: { anyTop: boolean; anyBottom: boolean }): void {
  const { shape, settings, cells, flags, a, b, c } = work;
  const base = i * cells;
  const m = 1.05 * spacingOf(settings, i);
  const { anyTop, anyBottom } = external;
  if (anyTop) {
    grow(a, b, m, shape);
    for (let p = 0; p < cells; p++) if (b[p] === 1) flags[base + p] = (flags[base + p] as number) | TOP_C;
  }
  if (anyBottom) {
    grow(c, b, m, shape);
    for (let p = 0; p < cells; p++) if (b[p] === 1) flags[base + p] = (flags[base + p] as number) | BOTTOM_C;
  }
}

/** Signed distance (hundredths of a mm) at and past which `field` saturates: deep inside. */
const FIELD_DEEP = 127;

/**
 * For the vertical shells' shortcut: per cell of layer i, how many layers up to i in a row (at most
 * 255) the cell is plain: in the fill area, no grown top or bottom, and deep inside the outline.
 * Where every layer a cell's shell window reads is plain, the window cannot make it solid.
 */
function plainRuns(work: Work, i: number, runs: Uint8Array): void {
  const { cells, flags, field } = work;
  const base = i * cells;
  for (let p = 0; p < cells; p++) {
    const q = base + p;
    const plain = ((flags[q] as number) & (FILL | TOP_C | BOTTOM_C)) === FILL && field[q] === FIELD_DEEP;
    const before = i > 0 ? (runs[q - cells] as number) : 0;
    runs[q] = plain ? (before < 255 ? before + 1 : 255) : 0;
  }
}

/**
 * 5. vertical shells on layer k. The slivers a sloped or rough outline leaves between layers, and
 * the shifts of the fill area from layer to layer, are thinner than a cell, so they are judged on
 * the signed distances to the outlines (`field`, hundredths of a mm): a sliver or a band survives the
 * shells' opening (shrink ½ m, grow 0.8 m) only where it is at least m wide, and then reaches 0.3 m
 * further.
 */
function verticalShells(work: Work, k: number, runs: Uint8Array): void {
  const { layers, shape, settings, field, cells, types, flags, a, b, c, near } = work;
  const up = settings.topLayers - 1;
  const down = settings.bottomLayers - 1;
  const STEP = 0.01;
  const base = k * cells;
  const s = spacingOf(settings, k);
  const m = 1.05 * s;
  const D = widthOf(settings, k) / 2 + 1.25 * s;
  const mU = m / STEP;
  const dU = D / STEP;
  const sliverU = 0.09 / STEP; // PrusaSlicer opens tops and bottoms by a tenth of the width
  const upTo = Math.min(k + up, layers - 1);
  const downTo = Math.max(k - down, 0);
  // the layers the window reads (each neighbour's own neighbour too): plain all through, a cell
  // stays as it is
  const lastRead = Math.min(upTo + 1, layers - 1);
  const firstRead = Math.max(downTo - 1, 0);
  const readBase = lastRead * cells;
  const plainAll = Math.min(255, lastRead - firstRead + 1);
  let anyRaster = false;
  let anyField = false;
  for (let p = 0; p < cells; p++) {
    a[p] = 0;
    near[p] = 0;
    const t = types[base + p] as number;
    if (t !== Surface.sparse && t !== Surface.solid) continue;
    if ((runs[readBase + p] as number) >= plainAll) continue;
    const fk = field[base + p] as number;
    let raster = false;
    let solid = false;
    let band = 0;
    // layers above (their tops) and below (their bottoms) in the window: a band of this layer's
    // internal area a neighbour's fill area does not cover (or a part too thin there for any),
    // and a sliver of the neighbour's own slice not covered by the layer beyond it
    for (let i = k + 1; i <= upTo; i++) {
      const q = i * cells + p;
      const f = flags[q] as number;
      if ((f & TOP_C) !== 0) raster = true;
      const fi = field[q] as number;
      if ((f & FILL) === 0 && fi >= dU) raster = true;
      else if (fk - fi > band) band = fk - fi;
      if (i + 1 < layers) {
        const fo = field[q + cells] as number;
        if (fi - fo >= sliverU && fk - fo >= dU && fo < 1.3 * mU) solid = true;
      }
    }
    for (let i = k - 1; i >= downTo; i--) {
      const q = i * cells + p;
      const f = flags[q] as number;
      if ((f & BOTTOM_C) !== 0) raster = true;
      const fi = field[q] as number;
      if ((f & FILL) === 0 && fi >= dU) raster = true;
      else if (fk - fi > band) band = fk - fi;
      if (i > 0) {
        const fo = field[q - cells] as number;
        if (fi - fo >= sliverU && fk - fo >= dU && fo < 1.3 * mU) solid = true;
      }
    }
    if (band >= mU && fk - dU < band + 0.3 * mU) solid = true;
    if (raster) {
      a[p] = 1;
      anyRaster = true;
    }
    if (solid) {
      near[p] = 1;
      anyField = true;
    }
  }
  if (!anyRaster && !anyField) return;
  if (anyRaster) {
    for (let p = 0; p < cells; p++) if (types[base + p] === Surface.solid) a[p] = 1;
    shrink(a, c, 0.5 * m, shape);
    grow(c, b, 0.8 * m, shape);
  } else for (let p = 0; p < cells; p++) b[p] = types[base + p] === Surface.solid ? 1 : 0;
  for (let p = 0; p < cells; p++) {
    const t = types[base + p] as number;
    const solid = b[p] === 1 || near[p] === 1;
    if (t === Surface.sparse) {
      if (solid) types[base + p] = Surface.solid;
    } else if (t === Surface.solid && !solid) {
      // a solid piece the opening removed is not printed (as PrusaSlicer 2.5 drops it)
      types[base + p] = Surface.none;
    }
  }
}

/** 6. bridge over infill on layer k (below 100 % infill). */
function bridgeOverInfill(work: Work, k: number): void {
  const { shape, settings, cells, types, a, b, c } = work;
  const depth = Math.floor((BRIDGE_DEPTH + 1e-4) / settings.layerHeight + 1e-9);
  const base = k * cells;
  let any = false;
  for (let p = 0; p < cells; p++) {
    let cand = types[base + p] === Surface.solid;
    for (let j = k - 1; cand && j >= k - depth && j >= 0; j--)
      if (types[j * cells + p] !== Surface.sparse) cand = false;
    a[p] = cand ? 1 : 0;
    if (cand) any = true;
  }
  if (!any) return;
  shrink(a, c, BRIDGE_OPENING, shape);
  grow(c, b, BRIDGE_OPENING, shape);
  for (let p = 0; p < cells; p++) if (b[p] === 1 && a[p] === 1) types[base + p] = Surface.internalBridge;
}

/**
 * Clear from `mask` (and retype as `sparse` in `types`) the 4-connected pieces of fewer than `min`
 * cells. Each piece is flooded only until it proves big enough, so a sparse mask costs little.
 * Returns whether anything is left.
 */
function dropSpecks(
  mask: Uint8Array,
  labels: Int32Array,
  stack: Int32Array,
  shape: Raster,
  min: number,
  types: Uint8Array,
  base: number,
): boolean {
  const { cols, rows } = shape;
  const cells = cols * rows;
  // labels: 0 unseen, 1 being flooded, 2 kept
  const seen = labels;
  for (let p = 0; p < cells; p++) if (mask[p] === 1) seen[p] = 0;
  let left = false;
  for (let p0 = 0; p0 < cells; p0++) {
    if (mask[p0] !== 1 || seen[p0] !== 0) continue;
    // flood from p0, recording the cells reached, until min of them
    let count = 0;
    let sp = 0;
    stack[sp++] = p0;
    seen[p0] = 1;
    const visited: number[] = [];
    let big = false;
    while (sp > 0) {
      const q = stack[--sp] as number;
      visited.push(q);
      if (++count >= min) {
        big = true;
        break;
      }
      const r = (q / cols) | 0;
      const c = q - r * cols;
      const push = (n: number) => {
        if (mask[n] === 1 && seen[n] === 0) {
          seen[n] = 1;
          stack[sp++] = n;
        }
      };
      if (c > 0) push(q - 1);
      if (c < cols - 1) push(q + 1);
      if (r > 0) push(q - cols);
      if (r < rows - 1) push(q + cols);
    }
    if (big) {
      // the piece is kept: flood the rest of it as kept (no more counting)
      for (let k = 0; k < sp; k++) visited.push(stack[k] as number);
      for (const q of visited) seen[q] = 2;
      let sp2 = 0;
      for (const q of visited) stack[sp2++] = q;
      while (sp2 > 0) {
        const q = stack[--sp2] as number;
        const r = (q / cols) | 0;
        const c = q - r * cols;
        for (const n of [
          c > 0 ? q - 1 : -1,
          c < cols - 1 ? q + 1 : -1,
          r > 0 ? q - cols : -1,
          r < rows - 1 ? q + cols : -1,
        ]) {
          if (n >= 0 && mask[n] === 1 && seen[n] !== 2) {
            seen[n] = 2;
            stack[sp2++] = n;
          }
        }
      }
      left = true;
    } else {
      for (const q of visited) {
        mask[q] = 0;
        types[base + q] = Surface.sparse;
      }
    }
  }
  return left;
}
