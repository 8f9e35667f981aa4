/**
 * Stages "skins" and "infill" of one island: its fill area (the outline moved in by w/2 + 1.25
 * spacing, where Arachne's walls end and the 25 % infill overlap begins), cut into the surface types
 * of the layer (surfaces.ts), each filled as PrusaSlicer 2.5 fills it (fill.ts), then printed in a
 * greedy chain from where the nozzle is, travelling between pieces. Pure.
 */
import { type FillPath, gridFill, type Region, solidFill } from './fill.js';
import { boundingLoops, boundsOf, insetLoops, type Loops, overlaps } from './hatch.js';
import { contours, type Raster } from './raster.js';
import { Surface } from './surfaces.js';
import { Feature, type Pen } from './toolpath.js';

/** What one layer's fills need to know. */
export interface FillSettings {
  layerIndex: number;
  layerHeight: number;
  /** Print speed on this layer (the first layer's already applied). */
  speed: number;
  /** Extrusion width of this layer's walls and solid infill (0.45; the first layer 0.42). */
  width: number;
  /** Top solid infill width on this layer (0.40; the first layer 0.42). */
  topWidth: number;
  /** Sparse infill: its nominal width (0.45, its spacing is this width's even on the first layer). */
  sparseWidth: number;
  /** Sparse density (0..1). */
  density: number;
  /** The grid infill's reference point (the object's XY centre). */
  origin: [number, number];
  maxVolumetric: number;
  filamentArea: number;
  /** Bridge flow: a round thread of this diameter (mm). */
  bridgeDiameter: number;
}

/** Volume (mm³) extruded per feature so far. */
export interface FillVolume {
  skins: number;
  infill: number;
}

const ROUND = 1 - Math.PI / 4;
const spacingOf = (w: number, h: number) => w - h * ROUND;

/**
 * The fill area of an island (outline loops, material on the left) as Arachne leaves it: only where
 * the part is thick enough for more than 2 + 2 beads (w + 4 s: the outline shrunk by w/2 + 2 s
 * keeps something), then w/2 + 1.25 s inside the outline (grown back by ¾ s).
 */
export function fillArea(outline: Loops, width: number, layerHeight: number): Loops {
  const s = spacingOf(width, layerHeight);
  // Arachne's inner contour runs at the true distance: round where the moved edges part
  const core = boundingLoops(insetLoops(outline, width / 2 + 2 * s, 'round'));
  if (core.length === 0) return core;
  return boundingLoops(insetLoops(core, -0.75 * s));
}

/** One layer's surface types as regions: the types present, and their outlines when mixed. */
export interface LayerSurfaces {
  /** Types present in the layer's fill area. */
  present: number[];
  /** Per type, the outline of its cells (grown into the cells outside the fill area, so that the
   * island's exact fill outline bounds it there); null when the layer has one type only. */
  loops: Map<number, Loops> | null;
}

/** The regions of layer `layer` of the surface types (layer-major over `shape`). */
export function layerSurfaces(types: Uint8Array, layer: number, shape: Raster): LayerSurfaces {
  const cells = shape.cols * shape.rows;
  const base = layer * cells;
  // (a flag per type code: a Set's add per cell costs more than the rest of the scan)
  const seen = new Uint8Array(8);
  for (let p = 0; p < cells; p++) seen[types[base + p] as number] = 1;
  const present: number[] = [];
  for (let t = 1; t < seen.length; t++) if (seen[t] === 1) present.push(t);
  if (present.length <= 1) return { present, loops: null };
  const loops = new Map<number, Loops>();
  const { cols, rows } = shape;
  // each cell outside the fill area within two cells of a typed one takes that type, so that a type's
  // outline reaches past the fill area's exact outline, which then bounds it
  const ext = new Uint8Array(cells);
  for (let p = 0; p < cells; p++) ext[p] = types[base + p] as number;
  for (let pass = 0; pass < 2; pass++) {
    const from = ext.slice();
    for (let p = 0; p < cells; p++) {
      const t = from[p] as number;
      if (t === Surface.none) continue;
      const r = (p / cols) | 0;
      const c = p - r * cols;
      for (let dr = -1; dr <= 1; dr++) {
        const rr = r + dr;
        if (rr < 0 || rr >= rows) continue;
        for (let dc = -1; dc <= 1; dc++) {
          const cc = c + dc;
          if (cc < 0 || cc >= cols) continue;
          const q = rr * cols + cc;
          if (ext[q] === Surface.none) ext[q] = t;
        }
      }
    }
  }
  const mask = new Uint8Array(cells);
  for (const t of present) {
    for (let p = 0; p < cells; p++) mask[p] = ext[p] === t ? 1 : 0;
    loops.set(t, contours(mask, shape));
  }
  return { present, loops };
}

interface Piece {
  path: FillPath;
  filamentPerMm: number;
  /** mm³ per mm. */
  area: number;
  feed: number;
  feature: Feature;
  fixed: boolean;
  volume: keyof FillVolume;
}

/**
 * Fill one island (its fill area, `fillArea`) on this layer and print it from the pen's position;
 * adds the extruded volume to `volume`.
 */
export function fillIsland(
  fillLoops: Loops,
  surfaces: LayerSurfaces,
  s: FillSettings,
  pen: Pen,
  volume: FillVolume,
): void {
  if (surfaces.present.length === 0 || fillLoops.length === 0) return;
  const h = s.layerHeight;
  const wallSpacing = spacingOf(s.width, h);
  const bounds = boundsOf(fillLoops);
  const pieces: Piece[] = [];
  const cap = (area: number) => Math.min(s.speed, s.maxVolumetric / area);
  // solid line direction: 45° on even layers, 135° on odd ones
  const solidAngle = s.layerIndex % 2 === 0 ? Math.PI / 4 : (3 * Math.PI) / 4;
  for (const type of surfaces.present) {
    let clip: Loops | undefined;
    if (surfaces.loops) {
      clip = (surfaces.loops.get(type) ?? []).filter((l) => overlaps(boundsOf([l]), bounds));
      if (clip.length === 0) continue;
    }
    const region: Region = clip ? { loops: fillLoops, clip } : { loops: fillLoops };
    const add = (
      paths: FillPath[],
      area: number,
      feature: Feature,
      fixed: boolean,
      kind: keyof FillVolume,
    ) => {
      for (const path of paths)
        pieces.push({
          path,
          area,
          filamentPerMm: area / s.filamentArea,
          feed: cap(area),
          feature,
          fixed,
          volume: kind,
        });
    };
    if (type === Surface.sparse) {
      const sparseSpacing = spacingOf(s.sparseWidth, h);
      // extruded at this layer's own width (the first layer's is narrower)
      const area = h * wallSpacing;
      if (s.density >= 1) {
        const fill = solidFill(region, solidAngle, sparseSpacing);
        add(fill.paths, area, Feature.infill, false, 'infill');
      } else {
        const paths = gridFill(
          region,
          [Math.PI / 4, (3 * Math.PI) / 4],
          (2 * sparseSpacing) / s.density,
          sparseSpacing,
          s.origin,
          Math.min(6 * sparseSpacing, 50),
        );
        add(paths, area, Feature.infill, false, 'infill');
      }
    } else if (type === Surface.bridge || type === Surface.internalBridge) {
      const fill = solidFill(region, solidAngle, s.bridgeDiameter + 0.05);
      const d = fill.spacing - 0.05;
      add(fill.paths, (Math.PI * d * d) / 4, Feature.skins, true, 'skins');
    } else {
      const width = type === Surface.top ? s.topWidth : s.width;
      const fill = solidFill(region, solidAngle, spacingOf(width, h));
      add(fill.paths, h * fill.spacing, Feature.skins, false, 'skins');
    }
  }
  // print: a greedy chain from the nozzle (a monotonic block keeps its start)
  const done = new Uint8Array(pieces.length);
  for (let k = 0; k < pieces.length; k++) {
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    let bestReverse = false;
    for (let j = 0; j < pieces.length; j++) {
      if (done[j] === 1) continue;
      const xy = (pieces[j] as Piece).path.xy;
      const n = xy.length;
      const d0 = ((xy[0] as number) - pen.x) ** 2 + ((xy[1] as number) - pen.y) ** 2;
      if (d0 < bestD) {
        bestD = d0;
        best = j;
        bestReverse = false;
      }
      if (!(pieces[j] as Piece).path.fixedStart) {
        const d1 = ((xy[n - 2] as number) - pen.x) ** 2 + ((xy[n - 1] as number) - pen.y) ** 2;
        if (d1 < bestD) {
          bestD = d1;
          best = j;
          bestReverse = true;
        }
      }
    }
    if (best < 0) break;
    done[best] = 1;
    const piece = pieces[best] as Piece;
    const xy = bestReverse ? reversed(piece.path.xy) : piece.path.xy;
    const length = pen.path(xy, piece.filamentPerMm, piece.feed, piece.feature, piece.fixed);
    volume[piece.volume] += length * piece.area;
  }
}

function reversed(xy: number[]): number[] {
  const out = new Array<number>(xy.length);
  const n = xy.length / 2;
  for (let i = 0; i < n; i++) {
    out[2 * i] = xy[2 * (n - 1 - i)] as number;
    out[2 * i + 1] = xy[2 * (n - 1 - i) + 1] as number;
  }
  return out;
}
