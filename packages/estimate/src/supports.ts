/**
 * Stage "supports", where: the support PrusaSlicer 2.5 builds for the house profile (automatic, grid
 * style, rectilinear, 2.5 mm spacing, 0.2 mm contact distance, 3 interface layers), written from the
 * facts of SupportMaterial.cpp at version 2.5.0 (not copied), on the layer rasters:
 *
 *  - overhangs: a layer's material more than half an external perimeter width (0.225 mm) beyond
 *    the layer below, grown back over the whole strip beyond it (its cells just outside the layer
 *    hold only a sliver of it, taken away with the walls' stamps beside them, as PrusaSlicer's
 *    overhang stops at the outline); bridges are not supported
 *    (dont_support_bridges) but within 1.5 mm of their edges over air that are not along the
 *    bridge (its direction found as BridgeDetector does, on the bottom as detected over air);
 *  - contacts 0.2 mm below the overhang's bottom, and a second one under the 0.4 mm bridging
 *    extrusions; their dense part (more than 0.27 mm beyond the layer below) makes the interface:
 *    the contact layer and the 3 interface layers under it (PrusaSlicer's top contact layer is its
 *    own layer above support_material_interface_layers; its G-code has four dense layers there);
 *  - the grid: every support area is the union of the cells of a grid 2.5 mm + a line spacing
 *    wide (through the object's centre) that it touches, projected down as columns, cut where the
 *    object is; kept 0.225 mm from the object in the layers within 0.2 mm. A contact touches a
 *    square when it reaches into it at all: by a cell centre in it, or by covering its corner (the
 *    raster's cells miss a thin strip across a corner: a thread's crest at 45°);
 *  - where a column lands on the object: a bottom contact 0.2 mm above it (0.4 mm bridging
 *    extrusion) and 2 interface layers;
 *  - the first layer's support grown by 3 mm round the object, not through it.
 *
 * Support layers are taken at the object's layers (PrusaSlicer's own z levels coincide with them at
 * the 0.2 mm layers the house jobs support). Output per cell and layer: a `SupportKind`. Pure.
 */
import { components, contours, FIELD_STEP, fieldAt, grow, type Raster } from './raster.js';
import { Surface } from './surfaces.js';

export const SupportKind = {
  none: 0,
  /** Sparse base (lines one grid pitch apart, a sheath round each island). */
  base: 1,
  /** Dense interface (top contact and the layers under it). */
  interface: 2,
  /** Bottom contact on the object (a bridging extrusion). */
  bottom: 3,
} as const;
export type SupportKind = (typeof SupportKind)[keyof typeof SupportKind];

export interface SupportSettings {
  layerHeight: number;
  /** support_material_spacing (mm). */
  spacing: number;
  /** Support extrusion width (mm). */
  width: number;
  /** Half the external perimeter width: the overhang threshold and the xy gap (mm). */
  threshold: number;
  contactDistance: number;
  interfaceLayers: number;
  /** Height of a bridging extrusion (the nozzle, mm). */
  bridgeHeight: number;
  /** The first layer's support grown by (mm), in steps of at most this line width (mm). */
  firstLayerExpansion: number;
  firstLayerWidth: number;
}

const ROUND = 1 - Math.PI / 4;

/** The grid pitch of the support base (mm): spacing + the support line's own spacing. */
export function supportPitch(s: SupportSettings): number {
  return s.spacing + (s.width - s.layerHeight * ROUND);
}

/**
 * Where support goes on every layer. `material` (layer rasters), `field` (signed distances in
 * FIELD_STEP units) and `types` (surfaces.ts) are layer-major over `shape`.
 */
export function supportKinds(
  material: Uint8Array,
  field: Int8Array,
  types: Uint8Array,
  layers: number,
  shape: Raster,
  s: SupportSettings,
  walls: (layer: number) => LayerWalls,
): SupportPlan {
  const { cols, rows, cell } = shape;
  const cells = cols * rows;
  const h = s.layerHeight;
  const G = supportPitch(s);
  const kinds = new Uint8Array(cells * layers);
  const { square, gcols, grows } = squareGrid(shape, G);
  const squares = gcols * grows;
  const mark = new Uint8Array(squares);
  /** The squares any set cell of `mask` touches, filled (where `blocked` is not set). */
  const gridify = (mask: Uint8Array, out: Uint8Array, blockedOff: number) => {
    mark.fill(0);
    for (let p = 0; p < cells; p++) if (mask[p] === 1) mark[square[p] as number] = 1;
    for (let p = 0; p < cells; p++)
      out[p] = mark[square[p] as number] === 1 && (blockedOff < 0 || material[blockedOff + p] !== 1) ? 1 : 0;
  };
  const thresholdU = s.threshold / FIELD_STEP;
  const denseU = (1.2 * s.threshold) / FIELD_STEP; // 0.27 mm: 0.6 of the external perimeter width
  const normalDrop = Math.max(1, Math.round((h + s.contactDistance) / h));
  const bridgingDrop = Math.max(normalDrop + 1, Math.round((s.bridgeHeight + s.contactDistance) / h));
  /** The z of every contact (mm): the support layers' z levels are laid out between them. */
  const extremes = new Set<number>();
  // contacts per layer: the overhang areas (all, and dense) whose columns start there
  const contactAll: Array<Uint8Array | null> = new Array(layers).fill(null);
  const contactDense: Array<Uint8Array | null> = new Array(layers).fill(null);
  const a = new Uint8Array(cells);
  const b = new Uint8Array(cells);
  const t = new Uint8Array(cells);
  const add = (list: Array<Uint8Array | null>, j: number, mask: Uint8Array) => {
    if (j < 0) return;
    let m = list[j];
    if (!m) {
      m = new Uint8Array(cells);
      list[j] = m;
    }
    for (let p = 0; p < cells; p++) if (mask[p] === 1) m[p] = 1;
  };
  for (let i = 1; i < layers; i++) {
    const base = i * cells;
    const below = base - cells;
    // detected: material more than the threshold beyond the layer below. The shift between two
    // outlines is often less than a cell: it is read off the signed distances (this layer's outline
    // lies φ_i − φ_{i−1} beyond the lower one), at the cells along this layer's outline outside
    // the lower layer
    const halfCell = (0.5 * cell) / FIELD_STEP;
    let any = false;
    for (let p = 0; p < cells; p++) {
      const fi = field[base + p] as number;
      const fb = field[below + p] as number;
      const near = fi > -halfCell && fb < 0;
      const shift = fi - fb;
      a[p] = near && shift > thresholdU ? 1 : 0;
      t[p] = near && shift > denseU ? 1 : 0;
      if (a[p] === 1) any = true;
    }
    if (!any) continue;
    // grown back over the whole strip beyond the layer below
    grow(a, b, s.threshold, shape);
    for (let p = 0; p < cells; p++)
      b[p] =
        b[p] === 1 && (field[base + p] as number) > -halfCell && (field[below + p] as number) < 0 ? 1 : 0;
    const dense = new Uint8Array(cells);
    for (let p = 0; p < cells; p++) dense[p] = t[p] === 1 && b[p] === 1 ? 1 : 0;
    // straight stretches of wall over air that the layer below holds at both ends are bridges
    // (a lattice's bars): not supported, nor 0.226 mm round them (half the bridging width)
    const bridged = bridgingWalls(walls(i), field, below, shape, BRIDGE_CLIP);
    if (bridged.length > 0) {
      t.fill(0);
      stampSegments(bridged, t, shape);
      for (let p = 0; p < cells; p++) if (t[p] === 1) b[p] = 0;
      // a cell whose centre is just outside the layer holds only the sliver of it along its edge:
      // covered when the layer's cells beside it are (the external bead's stamp reaches the edge)
      edgeCellsCovered(b, t, material, base, shape);
    }
    // a bottom surface PrusaSlicer's bridge detector finds a direction for (lines across it held
    // at both ends by the layer below) is a bridge: not supported but within 1.5 mm of its edges
    // over air across that direction. A cantilever (held along one side) has none: supported.
    let bridges = false;
    for (let p = 0; p < cells; p++) {
      t[p] = types[base + p] === Surface.bridge ? 1 : 0;
      if (t[p] === 1) bridges = true;
    }
    if (bridges) {
      // the bridge's region (its fill area and the walls round it): cells within the walls' band
      grow(t, a, 1.0, shape);
      for (let p = 0; p < cells; p++) if (material[base + p] !== 1) a[p] = 0;
      const keep = bridgeSupport(a, t, material, below, shape, field);
      for (let p = 0; p < cells; p++) if (a[p] === 1 && keep[p] !== 1) b[p] = 0;
    }
    let found = false;
    for (let p = 0; p < cells; p++) {
      if (b[p] === 1) found = true;
      else dense[p] = 0;
    }
    if (!found) continue;
    // a square whose corner the contact strip covers is touched, though no cell centre in it is
    cornerContacts(b, field, base, below, shape, G);
    // the normal contact (0.2 below the overhang's bottom) and, where the layer has bridge infill,
    // the bridging one (under the 0.4 mm bridging extrusion: PrusaSlicer's new_contact_layer adds it
    // for a layer with bridging extrusions, and a wall loop counts only when it starts over air, so
    // a thread's flanks have none); a contact below the first layer is dropped, one just above it
    // is on it
    const top = (i + 1) * h;
    for (const [drop, z] of [
      [normalDrop, top - h - s.contactDistance],
      [bridgingDrop, top - s.bridgeHeight - s.contactDistance],
    ] as const) {
      const j = i - drop;
      if (j < 0 || z < h - 1e-4 || (drop === bridgingDrop && !bridges)) continue;
      add(contactAll, j, b);
      add(contactDense, j, dense);
      extremes.add(Math.round(Math.max(h, z) * 1e6) / 1e6);
    }
  }
  // top down: columns of grid squares, cut by the object; interface under the dense contacts;
  // bottom contacts where a column lands on a top surface
  const proj = new Uint8Array(cells);
  const seed = new Uint8Array(cells);
  const labels = new Int32Array(cells);
  const stack = new Int32Array(cells);
  const interfaceLeft = new Uint8Array(cells); // layers of interface still to lay under a contact
  const bottomAt: Array<Uint8Array | null> = new Array(layers).fill(null);
  const bottomDrop = Math.max(1, Math.round((s.bridgeHeight + s.contactDistance) / h));
  for (let j = layers - 1; j >= 0; j--) {
    const base = j * cells;
    const contact = contactAll[j];
    if (contact) for (let p = 0; p < cells; p++) if (contact[p] === 1) proj[p] = 1;
    const dense = contactDense[j];
    if (dense) {
      gridify(dense, a, base);
      // the contact layer and the interface layers under it
      for (let p = 0; p < cells; p++) if (a[p] === 1) interfaceLeft[p] = s.interfaceLayers;
    }
    // where the column lands on this layer's top: a bottom contact above it
    let touching = false;
    for (let p = 0; p < cells; p++) {
      const top = material[base + p] === 1 && (j + 1 >= layers || material[base + cells + p] !== 1);
      t[p] = top && proj[p] === 1 ? 1 : 0;
      if (t[p] === 1) touching = true;
    }
    if (touching) {
      const k = j + bottomDrop;
      if (k < layers) {
        extremes.add(Math.round(((j + 1) * h + s.bridgeHeight + s.contactDistance) * 1e6) / 1e6);
        grow(t, a, s.width, shape);
        const m = bottomAt[k] ?? new Uint8Array(cells);
        for (let p = 0; p < cells; p++) if (a[p] === 1) m[p] = 1;
        bottomAt[k] = m;
      }
    }
    // the column goes on where the object is not, squared to the grid; of the squared column's
    // islands only those the column itself reaches are kept (SupportGridPattern::extract_support
    // drops islands no sample of the support polygons falls in): a square that reaches past a wall
    // (a nut's thread support, the squares round its hole) adds nothing on the wall's far side
    let columns = false;
    for (let p = 0; p < cells; p++) {
      if (material[base + p] === 1) proj[p] = 0;
      seed[p] = proj[p] as number;
      if (proj[p] === 1) columns = true;
    }
    gridify(proj, proj, base);
    if (columns) keepSeeded(proj, seed, shape, labels, stack);
    // this layer's support: the column less the xy gap to the object within 0.2 mm above and below
    // (read off the signed distances: a cell is support when its centre is at least the gap from
    // each of those layers' outlines, as PrusaSlicer trims by the slices grown by the gap)
    let any = false;
    for (let p = 0; p < cells; p++) {
      b[p] = 0;
      for (let k = j - 1; k <= j + 1; k++)
        if (k >= 0 && k < layers && (field[k * cells + p] as number) > -thresholdU) b[p] = 1;
    }
    for (let p = 0; p < cells; p++) {
      if (proj[p] !== 1 || b[p] === 1) continue;
      kinds[base + p] = (interfaceLeft[p] as number) > 0 ? SupportKind.interface : SupportKind.base;
      any = true;
    }
    for (let p = 0; p < cells; p++)
      if ((interfaceLeft[p] as number) > 0) interfaceLeft[p] = (interfaceLeft[p] as number) - 1;
    if (!any) continue;
  }
  // bottom contacts and the interface above them; the layers under a bottom contact have none
  for (let k = 0; k < layers; k++) {
    const m = bottomAt[k];
    if (!m) continue;
    for (let p = 0; p < cells; p++) {
      if (m[p] !== 1) continue;
      for (let q = k - bottomDrop + 1; q < k; q++) if (q >= 0) kinds[q * cells + p] = SupportKind.none;
      if (kinds[k * cells + p] !== SupportKind.none) kinds[k * cells + p] = SupportKind.bottom;
      for (let q = k + 1; q < k + s.interfaceLayers && q < layers; q++)
        if (kinds[q * cells + p] === SupportKind.base) kinds[q * cells + p] = SupportKind.interface;
    }
  }
  // the first layer's base support grown by 3 mm, kept off the object: in steps of at most a
  // first-layer line's width (at least five), each cut by the object, so that it spreads round the
  // object and never leaks through a wall (a nut's thread support stays inside its hole). Only the
  // base columns grow (generate_raft_base expands the first base layer, from which the interface
  // was taken out): a first layer that is all interface, under a contact within three layers of
  // the bed, has no flange
  {
    let any = false;
    for (let p = 0; p < cells; p++) {
      a[p] = kinds[p] === SupportKind.base ? 1 : 0;
      if (a[p] === 1) any = true;
    }
    if (any) {
      grow(material, t, s.threshold, shape, 0);
      const steps = Math.max(5, Math.ceil(s.firstLayerExpansion / s.firstLayerWidth));
      let from = a;
      let to = b;
      for (let i = 0; i < steps; i++) {
        grow(from, to, s.firstLayerExpansion / steps, shape);
        for (let p = 0; p < cells; p++) if (t[p] === 1) to[p] = 0;
        [from, to] = [to, from];
      }
      for (let p = 0; p < cells; p++)
        if (from[p] === 1 && t[p] !== 1 && kinds[p] === SupportKind.none) kinds[p] = SupportKind.base;
    }
  }
  return {
    kinds,
    layers: supportLevels(
      [...extremes].sort((x, y) => x - y),
      h,
      layers,
    ),
  };
}

/** Clears the 4-connected islands of `mask` that hold no set cell of `seed`. */
export function keepSeeded(
  mask: Uint8Array,
  seed: Uint8Array,
  shape: Raster,
  labels: Int32Array,
  stack: Int32Array,
): void {
  const cells = shape.cols * shape.rows;
  const sizes = components(mask, labels, shape, stack);
  const seeded = new Uint8Array(sizes.length);
  for (let p = 0; p < cells; p++) if (seed[p] === 1 && mask[p] === 1) seeded[labels[p] as number] = 1;
  for (let p = 0; p < cells; p++) if (mask[p] === 1 && seeded[labels[p] as number] !== 1) mask[p] = 0;
}

/**
 * A grid node (a square's corner) inside a contact strip: PrusaSlicer's contact polygon reaches into
 * all four squares round it, however little, and each is then support. A thin strip can cover the
 * node and yet no cell centre in some of those squares (a thread's crest passing a corner at 45°).
 * Sets, in `contact`, the cell nearest the node in each square round it.
 */
function cornerContacts(
  contact: Uint8Array,
  field: Int8Array,
  base: number,
  below: number,
  shape: Raster,
  G: number,
): void {
  const { cols, rows, cell, originX, originY } = shape;
  const gx0 = Math.ceil(originX / G);
  const gx1 = Math.floor((originX + cols * cell) / G);
  const gy0 = Math.ceil(originY / G);
  const gy1 = Math.floor((originY + rows * cell) / G);
  // (nodes are a grid pitch apart, more than two cells: a node's cells never make another's "near")
  for (let gy = gy0; gy <= gy1; gy++)
    for (let gx = gx0; gx <= gx1; gx++) {
      const X = gx * G;
      const Y = gy * G;
      const c0 = Math.floor((X - originX) / cell - 0.5);
      const r0 = Math.floor((Y - originY) / cell - 0.5);
      if (c0 < 0 || r0 < 0 || c0 + 1 >= cols || r0 + 1 >= rows) continue;
      // a contact cell round the node, and the node inside this layer and outside the one below
      let near = false;
      for (let dr = 0; dr <= 1 && !near; dr++)
        for (let dc = 0; dc <= 1; dc++) if (contact[(r0 + dr) * cols + c0 + dc] === 1) near = true;
      if (!near) continue;
      if (!(fieldAt(field, base, shape, X, Y) >= 0 && fieldAt(field, below, shape, X, Y) < 0)) continue;
      for (let dr = 0; dr <= 1; dr++) for (let dc = 0; dc <= 1; dc++) contact[(r0 + dr) * cols + c0 + dc] = 1;
    }
}

/** Where support goes and the layers it is printed in. */
export interface SupportPlan {
  /** Per cell and object layer, a SupportKind. */
  kinds: Uint8Array;
  /** The support layers: the object layer they are printed with (before its islands), the object
   * layer whose support area they print, and their own thickness (mm). */
  layers: Array<{ with: number; area: number; height: number }>;
}

/** Most a support layer may be thick: 0.75 × the nozzle (PrusaSlicer's max_layer_height default). */
const MAX_SUPPORT_LAYER = 0.75 * 0.4;

/**
 * Support's own z levels (PrusaSlicer does not tie them to the object's layers): the first layer,
 * then between each contact's z and the next, as few layers as keep each at most 0.3 mm, evenly;
 * nothing above the highest contact. Each is printed with the object layer at or just above it.
 */
function supportLevels(
  extremes: number[],
  h: number,
  layers: number,
): Array<{ with: number; area: number; height: number }> {
  const out: Array<{ with: number; area: number; height: number }> = [];
  if (extremes.length === 0) return out;
  const at = (z: number, height: number) => {
    const j = Math.min(layers - 1, Math.max(0, Math.ceil(z / h - 1e-6) - 1));
    out.push({ with: j, area: j, height });
  };
  at(h, h);
  let z1 = h;
  for (const z2 of extremes) {
    const dist = z2 - z1;
    if (dist < 1e-6) continue;
    const n = Math.ceil(dist / MAX_SUPPORT_LAYER - 1e-9);
    const step = dist / n;
    for (let k = 1; k <= n; k++) at(z1 + k * step, step);
    z1 = z2;
  }
  return out;
}

/** A layer's walls, for its bridging perimeters. */
export interface LayerWalls {
  /** The walls' paths (x y pairs; a loop repeats its first point). */
  paths: number[][];
  /**
   * What PrusaSlicer takes out of the support round a straight stretch of wall over air, held at
   * both ends (x1 y1 x2 y2, material on its left), carried on 0.45 mm at both ends:
   *  - undefined: the stretch is along a part wider than its beads (a bridge's edge): 0.226 mm
   *    round it (half the bridging flow's spacing, as its own bead's);
   *  - null: a bar whose beads lie more than 0.452 mm apart (or further than 0.226 mm in from its
   *    sides): slivers between them are left, and the bar is supported;
   *  - a bar whose beads' stamps meet: the whole bar, `halfWidth` round its centreline `segment`.
   */
  bar: (
    x1: number,
    y1: number,
    x2: number,
    y2: number,
  ) => { segment: number[]; halfWidth: number } | null | undefined;
}

/** How far PrusaSlicer carries a bridging perimeter on at each end (the external perimeter's width). */
const BRIDGE_EXTEND = 0.45;

/** Half the bridging flow's spacing: the stamp round each bridging perimeter (mm). */
const BRIDGE_STAMP = 0.226;

/**
 * PrusaSlicer's bridging perimeters: the runs of the walls more than `clip` mm beyond the layer
 * below (its signed distances `field` at `below`) that are straight and whose ends, carried on
 * 0.45 mm along them, land on it. Returned as what to take out of the support round each: segments
 * (x1, y1, x2, y2, radius).
 */
function bridgingWalls(
  walls: LayerWalls,
  field: Int8Array,
  below: number,
  shape: Raster,
  clip: number,
): number[][] {
  const paths = walls.paths;
  const { cell } = shape;
  // on the layer below, and more than `clip` beyond it, read off its signed distances
  const inside = (x: number, y: number) => fieldAt(field, below, shape, x, y) > 0;
  const overAir = (x: number, y: number) => fieldAt(field, below, shape, x, y) < -clip;
  const out: number[][] = [];
  for (const path of paths) {
    // samples every half cell along the path: position, segment, over air
    const xy = startOnSupport(path, overAir);
    const px: number[] = [];
    const py: number[] = [];
    const seg: number[] = [];
    for (let i = 0; i + 3 < xy.length; i += 2) {
      const ax = xy[i] as number;
      const ay = xy[i + 1] as number;
      const bx = xy[i + 2] as number;
      const by = xy[i + 3] as number;
      const len = Math.hypot(bx - ax, by - ay);
      if (!(len > 0)) continue;
      const n = Math.max(2, Math.ceil(len / (cell / 2)));
      for (let k = 0; k < n; k++) {
        px.push(ax + ((bx - ax) * k) / n);
        py.push(ay + ((by - ay) * k) / n);
        seg.push(i);
      }
    }
    px.push(xy[xy.length - 2] as number);
    py.push(xy[xy.length - 1] as number);
    seg.push(-1);
    // runs over air; PrusaSlicer keeps a run (a piece of the wall between the layer below grown)
    // only if it is straight: every segment it spans along the line from its first to its last point
    let first = -1;
    for (let k = 0; k < px.length; k++) {
      const over = k < px.length - 1 && overAir(px[k] as number, py[k] as number);
      if (over && first < 0) first = k;
      if (over || first < 0) continue;
      const last = k - 1;
      const run = first;
      first = -1;
      const x0 = px[run] as number;
      const y0 = py[run] as number;
      const dx = (px[last] as number) - x0;
      const dy = (py[last] as number) - y0;
      const len = Math.hypot(dx, dy);
      if (!(len > 0)) continue;
      const ux = dx / len;
      const uy = dy / len;
      let straight = true;
      for (let i = seg[run] as number; straight && i <= (seg[last] as number); i += 2) {
        const sx = (xy[i + 2] as number) - (xy[i] as number);
        const sy = (xy[i + 3] as number) - (xy[i + 1] as number);
        const sl = Math.hypot(sx, sy);
        if (sl > 0 && Math.abs(sx * uy - sy * ux) / sl > STRAIGHT) straight = false;
      }
      if (!straight) continue;
      const e0 = -BRIDGE_EXTEND - cell / 2;
      const e1 = len + BRIDGE_EXTEND + cell / 2;
      if (!inside(x0 - ux * BRIDGE_EXTEND, y0 - uy * BRIDGE_EXTEND)) continue;
      if (!inside(x0 + ux * (len + BRIDGE_EXTEND), y0 + uy * (len + BRIDGE_EXTEND))) continue;
      const x1 = x0 + ux * e0;
      const y1 = y0 + uy * e0;
      const x2 = x0 + ux * e1;
      const y2 = y0 + uy * e1;
      const bar = walls.bar(x1, y1, x2, y2);
      if (bar === undefined) out.push([x1, y1, x2, y2, BRIDGE_STAMP]);
      else if (bar !== null) out.push([...bar.segment, bar.halfWidth + cell / 2]);
    }
  }
  return out;
}

/** PrusaSlicer's overhanging perimeters: beyond the layer below grown by half the nozzle (mm). */
const BRIDGE_CLIP = 0.2;

/** Most a segment of a straight run may lean off it (sine): our walls are offsets of a sliced
 * outline, straight sides stay within this. */
const STRAIGHT = Math.sin((1 * Math.PI) / 180);

/** A loop's path (its first point repeated at its end) started at a vertex not over air (where
 * PrusaSlicer's seam would be: at a corner, on the part), so that no run over air is cut at its
 * start; an open path as it is. */
function startOnSupport(path: number[], overAir: (x: number, y: number) => boolean): number[] {
  const n = path.length / 2 - 1;
  const closed = n >= 3 && path[0] === path[2 * n] && path[1] === path[2 * n + 1];
  if (!closed) return path;
  let at = 0;
  while (at < n && overAir(path[2 * at] as number, path[2 * at + 1] as number)) at++;
  if (at === 0 || at === n) return path;
  return [...path.slice(2 * at, 2 * n), ...path.slice(0, 2 * at + 2)];
}

/**
 * Clear the cells of `overhang` outside the layer (`material` at `base`) whose neighbours in the
 * layer (8 round) are all `stamped`, and that have at least one.
 */
function edgeCellsCovered(
  overhang: Uint8Array,
  stamped: Uint8Array,
  material: Uint8Array,
  base: number,
  shape: Raster,
): void {
  const { cols, rows } = shape;
  for (let r = 1; r + 1 < rows; r++)
    for (let c = 1; c + 1 < cols; c++) {
      const p = r * cols + c;
      if (overhang[p] !== 1 || material[base + p] === 1) continue;
      let inside = 0;
      let covered = 0;
      for (let dr = -1; dr <= 1; dr++)
        for (let dc = -1; dc <= 1; dc++) {
          const q = p + dr * cols + dc;
          if (q === p || material[base + q] !== 1) continue;
          inside++;
          if (stamped[q] === 1) covered++;
        }
      if (inside > 0 && covered === inside) overhang[p] = 0;
    }
}

/** Set the cells whose centre is within r of any segment (x1, y1, x2, y2, r). */
function stampSegments(segs: number[][], out: Uint8Array, shape: Raster): void {
  const { cols, rows, cell, originX, originY } = shape;
  for (const [x1, y1, x2, y2, r] of segs as [number, number, number, number, number][]) {
    const c0 = Math.max(0, Math.floor((Math.min(x1, x2) - r - originX) / cell));
    const c1 = Math.min(cols - 1, Math.floor((Math.max(x1, x2) + r - originX) / cell));
    const r0 = Math.max(0, Math.floor((Math.min(y1, y2) - r - originY) / cell));
    const r1 = Math.min(rows - 1, Math.floor((Math.max(y1, y2) + r - originY) / cell));
    const dx = x2 - x1;
    const dy = y2 - y1;
    const l2 = dx * dx + dy * dy;
    for (let row = r0; row <= r1; row++)
      for (let col = c0; col <= c1; col++) {
        const px = originX + (col + 0.5) * cell - x1;
        const py = originY + (row + 0.5) * cell - y1;
        const t = l2 > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / l2)) : 0;
        if ((px - t * dx) ** 2 + (py - t * dy) ** 2 <= r * r) out[row * cols + col] = 1;
      }
  }
}

/** Width of PrusaSlicer's bridging flow (the nozzle): the BridgeDetector's line spacing (mm). */
const BRIDGE_SPACING = 0.4;

/**
 * For each connected region of `mask` (bottom surfaces over air and the walls round them), the cells
 * to keep supported. As PrusaSlicer's BridgeDetector (read at 2.5.0), the bridge is the `bridge` cells
 * over air (the bottom as detected, before it spreads into the fill area); its anchors are the layer
 * below within one line spacing of it. Lines one spacing apart, every 5°, are clipped to the bridge
 * grown by half a spacing; a line is held when both its ends lie on the layer below. The direction
 * with most held length wins (near-ties: the one with the shorter longest line). None: all of the
 * region is supported. Else only the cells within 1.5 mm of the bridge's edges over air that are not
 * along that direction (a cantilever held along one side is a "bridge" along that side, as there).
 */
function bridgeSupport(
  mask: Uint8Array,
  bridge: Uint8Array,
  material: Uint8Array,
  below: number,
  shape: Raster,
  field: Int8Array,
): Uint8Array {
  const { cols, rows, cell } = shape;
  const cells = cols * rows;
  const keep = new Uint8Array(cells);
  const labels = new Int32Array(cells);
  const stack = new Int32Array(cells);
  const sizes = components(mask, labels, shape, stack);
  const core = new Uint8Array(cells);
  const clip = new Uint8Array(cells);
  const edge = new Uint8Array(cells);
  const near = new Uint8Array(cells);
  const step = BRIDGE_SPACING / cell; // line spacing in cells
  for (let id = 0; id < sizes.length; id++) {
    // the bridge over air, and its bounds
    let c0 = cols;
    let c1 = -1;
    let r0 = rows;
    let r1 = -1;
    for (let p = 0; p < cells; p++) {
      const on = labels[p] === id && bridge[p] === 1 && material[below + p] !== 1;
      core[p] = on ? 1 : 0;
      if (!on) continue;
      const r = (p / cols) | 0;
      const c = p - r * cols;
      if (c < c0) c0 = c;
      if (c > c1) c1 = c;
      if (r < r0) r0 = r;
      if (r > r1) r1 = r;
    }
    const mine = (p: number) => labels[p] === id;
    if (c1 < 0) {
      for (let p = 0; p < cells; p++) if (mine(p)) keep[p] = 1;
      continue;
    }
    grow(core, clip, BRIDGE_SPACING / 2, shape);
    const held = (x: number, y: number) => {
      const c = Math.round(x);
      const r = Math.round(y);
      return c >= 0 && r >= 0 && c < cols && r < rows && material[below + r * cols + c] === 1;
    };
    const inClip = (x: number, y: number) => {
      const c = Math.round(x);
      const r = Math.round(y);
      return c >= 0 && r >= 0 && c < cols && r < rows && clip[r * cols + c] === 1;
    };
    const candidates: Array<{ angle: number; coverage: number; longest: number }> = [];
    const cx = (c0 + c1) / 2;
    const cy = (r0 + r1) / 2;
    const half = Math.hypot(c1 - c0, r1 - r0) / 2 + step + 2;
    for (let deg = 0; deg < 180; deg += 5) {
      const a = (deg * Math.PI) / 180;
      const dx = Math.cos(a);
      const dy = Math.sin(a);
      let coverage = 0;
      let longest = 0;
      for (let off = -half; off <= half; off += step) {
        let runStart = Number.NaN;
        let lastX = 0;
        let lastY = 0;
        let startX = 0;
        let startY = 0;
        for (let st = -half; st <= half + 1; st += 1) {
          const x = cx - dy * off + dx * st;
          const y = cy + dx * off + dy * st;
          const inside = st <= half && inClip(x, y);
          if (inside) {
            if (Number.isNaN(runStart)) {
              runStart = st;
              startX = x;
              startY = y;
            }
            lastX = x;
            lastY = y;
          } else if (!Number.isNaN(runStart)) {
            const length = (st - 1 - runStart) * cell;
            if (length > 0 && held(startX, startY) && held(lastX, lastY)) {
              coverage += length;
              if (length > longest) longest = length;
            }
            runStart = Number.NaN;
          }
        }
      }
      if (coverage > 0) candidates.push({ angle: a, coverage, longest });
    }
    if (candidates.length === 0) {
      for (let p = 0; p < cells; p++) if (mine(p)) keep[p] = 1;
      continue;
    }
    candidates.sort((p, q) => q.coverage - p.coverage);
    let best = candidates[0] as (typeof candidates)[number];
    for (const c of candidates.slice(1)) {
      if (best.coverage - c.coverage >= BRIDGE_SPACING) break;
      if (c.longest < best.longest) best = c;
    }
    // keep within 1.5 mm of the bridge's edges over air that are not along its direction
    const ux = Math.cos(best.angle);
    const uy = Math.sin(best.angle);
    edge.fill(0);
    for (let p = 0; p < cells; p++) {
      if (core[p] !== 1 || (field[below + p] as number) >= -(BRIDGE_SPACING / FIELD_STEP)) continue;
      const r = (p / cols) | 0;
      const c = p - r * cols;
      // the edge's outward direction from the missing neighbours
      let nx = 0;
      let ny = 0;
      if (c === 0 || core[p - 1] !== 1) nx -= 1;
      if (c === cols - 1 || core[p + 1] !== 1) nx += 1;
      if (r === 0 || core[p - cols] !== 1) ny -= 1;
      if (r === rows - 1 || core[p + cols] !== 1) ny += 1;
      if (nx === 0 && ny === 0) continue;
      // an edge along the bridge has its normal across it
      const along = Math.abs(nx * ux + ny * uy) / Math.hypot(nx, ny);
      if (along > Math.sin(Math.PI / 12)) edge[p] = 1;
    }
    grow(edge, near, 1.5, shape);
    for (let p = 0; p < cells; p++) if (near[p] === 1 && mine(p)) keep[p] = 1;
  }
  return keep;
}

/**
 * The interface of one support layer as PrusaSlicer fills it: its grid squares (every square of
 * `pitch` through the frame's origin holding a cell of `kind`) grown by `expand` (SupportGridPattern
 * extracts the support grown by half the support flow's spacing, so that the zig-zag runs along the
 * grid lines), less the object and its xy gap (`clip`: the cells of `kind`, and round the squares
 * the cells whose centre is at least `gapU` from the outlines of the `near` layers in `field`).
 * Returns null when the layer has no cell of `kind`.
 */
export function squaredRegion(
  kinds: Uint8Array,
  base: number,
  kind: number,
  shape: Raster,
  pitch: number,
  expand: number,
  field: Int8Array,
  near: number[],
  gapU: number,
): { loops: Float64Array[]; clip: Float64Array[] } | null {
  const cells = shape.cols * shape.rows;
  const { square, gcols, grows, gx0, gy0 } = squareGrid(shape, pitch);
  const held = new Uint8Array(gcols * grows);
  let any = false;
  for (let p = 0; p < cells; p++)
    if (kinds[base + p] === kind) {
      held[square[p] as number] = 1;
      any = true;
    }
  if (!any) return null;
  const loops = squareOutlines(held, gcols, grows, pitch, gx0 * pitch, gy0 * pitch, expand);
  // free: the cells of the kind, and round the squares the cells clear of the object; their
  // outline is placed where the distance to the object's outlines is the gap (interpolated)
  const free = new Uint8Array(cells);
  const level = new Float32Array(cells);
  for (let p = 0; p < cells; p++) {
    let nearest = Number.NEGATIVE_INFINITY;
    for (const off of near) nearest = Math.max(nearest, field[off + p] as number);
    // beyond the gap, in field steps (> 0: clear of the object)
    const clear = -nearest - gapU;
    const k = kinds[base + p] as number;
    if (k === kind) {
      free[p] = 1;
      level[p] = clear >= 0 ? clear : Number.NaN;
    } else if (held[square[p] as number] === 1) {
      free[p] = 0;
      level[p] = clear < 0 ? clear : Number.NaN;
    } else {
      free[p] = clear >= 0 ? 1 : 0;
      level[p] = clear;
    }
  }
  return { loops, clip: contours(free, shape, level) };
}

/**
 * The support grid of `pitch` through the slice frame's origin (the object's centre) over a raster:
 * each cell's square (by its centre), the grid's size in squares, and its first square's index.
 */
function squareGrid(
  shape: Raster,
  pitch: number,
): { square: Int32Array; gcols: number; grows: number; gx0: number; gy0: number } {
  const { cols, rows, cell, originX, originY } = shape;
  const gx0 = Math.floor(originX / pitch);
  const gy0 = Math.floor(originY / pitch);
  const gcols = Math.floor((originX + cols * cell) / pitch) - gx0 + 1;
  const grows = Math.floor((originY + rows * cell) / pitch) - gy0 + 1;
  const square = new Int32Array(cols * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const gx = Math.floor((originX + (c + 0.5) * cell) / pitch) - gx0;
      const gy = Math.floor((originY + (r + 0.5) * cell) / pitch) - gy0;
      square[r * cols + c] = gy * gcols + gx;
    }
  return { square, gcols, grows, gx0, gy0 };
}

/**
 * The outlines of a union of grid squares (`held`, row-major, `cols` × `rows` of side `pitch` from
 * (x0, y0)), counter-clockwise, each corner moved out by `expand` (mitred). Squares that touch only
 * at a corner are outlined apart.
 */
export function squareOutlines(
  held: Uint8Array,
  cols: number,
  rows: number,
  pitch: number,
  x0: number,
  y0: number,
  expand: number,
): Float64Array[] {
  const at = (c: number, r: number) => c >= 0 && r >= 0 && c < cols && r < rows && held[r * cols + c] === 1;
  // directed boundary edges, interior on the left, keyed by their start vertex (c, r) of the
  // (cols + 1) × (rows + 1) lattice; a vertex may start two edges (squares touching at a corner)
  const W = cols + 1;
  const starts = new Map<number, number[]>(); // vertex → directions (0 +x, 1 +y, 2 −x, 3 −y)
  const add = (c: number, r: number, dir: number) => {
    const key = r * W + c;
    const list = starts.get(key);
    if (list) list.push(dir);
    else starts.set(key, [dir]);
  };
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      if (!at(c, r)) continue;
      if (!at(c, r - 1)) add(c, r, 0); // bottom edge, going +x
      if (!at(c + 1, r)) add(c + 1, r, 1); // right edge, going +y
      if (!at(c, r + 1)) add(c + 1, r + 1, 2); // top edge, going −x
      if (!at(c - 1, r)) add(c, r + 1, 3); // left edge, going −y
    }
  const DX = [1, 0, -1, 0];
  const DY = [0, 1, 0, -1];
  const out: Float64Array[] = [];
  for (const [startKey, dirs] of starts) {
    while (dirs.length > 0) {
      // walk one loop, taking at each vertex the left-most turn (squares touching at a corner
      // stay apart)
      const corners: number[] = []; // lattice c, r, and the turn's directions in and out
      let key = startKey;
      const firstDir = dirs.pop() as number;
      let dir = firstDir;
      for (let guard = 0; guard < 4 * (held.length + 1); guard++) {
        const c = (key % W) + (DX[dir] as number);
        const r = Math.floor(key / W) + (DY[dir] as number);
        key = r * W + c;
        const options = starts.get(key) ?? [];
        let next = -1;
        let closes = false;
        for (const turn of [1, 0, 3]) {
          const d = (dir + turn) % 4;
          if (key === startKey && d === firstDir) {
            next = d;
            closes = true;
            break;
          }
          const i = options.indexOf(d);
          if (i >= 0) {
            next = d;
            options.splice(i, 1);
            break;
          }
        }
        if (next < 0) break;
        if (next !== dir) corners.push(c, r, dir, next);
        dir = next;
        if (closes) break;
      }
      if (corners.length < 16) continue;
      const xy = new Float64Array(corners.length / 2);
      for (let k = 0, j = 0; k < corners.length; k += 4, j += 2) {
        const dIn = corners[k + 2] as number;
        const dOut = corners[k + 3] as number;
        // the outward normal of an edge going d (interior on its left) is d turned clockwise
        const nx = (DY[dIn] as number) + (DY[dOut] as number);
        const ny = -(DX[dIn] as number) - (DX[dOut] as number);
        xy[j] = x0 + (corners[k] as number) * pitch + expand * nx;
        xy[j + 1] = y0 + (corners[k + 1] as number) * pitch + expand * ny;
      }
      out.push(xy);
    }
  }
  return out;
}
