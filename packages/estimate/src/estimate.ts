/**
 * Print time and filament from a sliced mesh (pure, no Node APIs). See README.md for the method.
 */
import type { Analysis, TriangleMesh } from '@printloop/geometry';
import { HOUSE_PRINTER, MATERIALS, type PrintParameters, parseParameters } from '@printloop/materials';
import {
  type ArachneSettings,
  arachneSettings,
  beadCount,
  beadWidths,
  thicknessFor,
  transitionReach,
} from './arachne.js';
import { barBeads } from './bars.js';
import { pointSegment2 } from './edges.js';
import { solidFill } from './fill.js';
import { type FillSettings, fillArea, fillIsland, type LayerSurfaces, layerSurfaces } from './fills.js';
import { boundsOf, insetLoops, type Loops } from './hatch.js';
import { loopArea2, loopLength, toNumbers } from './outline.js';
import { MotionPlanner } from './planner.js';
import { contours, distanceField, FIELD_STEP, type Raster, rasterizeLoops } from './raster.js';
import {
  type GeometryOptions,
  geometryBuilder,
  type Island,
  type LayerGeometry,
  layerGeometry,
  type PreparedMesh,
  prepareMesh,
} from './slice.js';
import {
  SupportKind,
  type SupportPlan,
  type SupportSettings,
  squaredRegion,
  supportKinds,
  supportPitch,
} from './supports.js';
import {
  classifySurfaces,
  type SurfaceSettings,
  type SurfaceShells,
  type SurfaceTables,
  surfaceClassifier,
  surfaceShells,
} from './surfaces.js';
import {
  extrude,
  Feature,
  followLoop,
  LayerMoves,
  layerChange,
  nearestEnd,
  Pen,
  planLayer,
  polygonLoop,
  reversedPath,
  roundLoop,
  travel,
} from './toolpath.js';
import {
  EdgeGrid,
  subPath,
  type ThinStretch,
  thicknessProfile,
  type WallPath,
  wallLength,
  wallPass,
} from './walls.js';

/** The house printer (fixtures/models/house-printer.ini) and the calibrated constants. */
export const PROFILE = {
  nozzle: HOUSE_PRINTER.nozzle,
  filamentDiameter: HOUSE_PRINTER.filamentDiameter,
  perimeters: 2,
  topLayers: 4,
  bottomLayers: 3,
  width: 0.45,
  firstLayerWidth: 0.42,
  topWidth: 0.4,
  supportWidth: 0.35,
  firstLayerSpeedMax: 30,
  travelSpeed: 150,
  maxVolumetric: 15,
  retractLength: 0.8,
  retractSpeed: 35,
  /** retract_before_travel: travels shorter than this do not retract (mm). */
  retractBeforeTravel: 2,
  skirtDistance: 6,
  skirtLoops: 1,
  /** PrusaSlicer's solid_infill_below_area: sparse regions smaller than this are printed solid. */
  solidInfillBelowArea: 70,
  /** support_material_spacing (gap between support lines) and interface layers. */
  supportSpacing: 2.5,
  supportInterfaceLayers: 3,
} as const;

/** Overall scales of the time and filament estimates. The estimate is modelled, not fitted: these
 * stay 1 (the accuracy report fits them leaving each family out in turn, to show they need not move). */
export const CALIBRATION = {
  timeScale: 1,
  gramsScale: 1,
};

export const GEOMETRY_OPTIONS: GeometryOptions = {
  margin: 2,
  maxCellsPerLayer: 20000,
  maxCellLayers: 20e6,
  minCell: 0.25,
};

/** The raster of an estimate with supports: room for a grid square and the 3 mm flange round it. */
export const SUPPORT_GEOMETRY_OPTIONS: GeometryOptions = { ...GEOMETRY_OPTIONS, margin: 6 };

export interface EstimateBreakdown {
  walls_g: number;
  walls_s: number;
  skins_g: number;
  skins_s: number;
  infill_g: number;
  infill_s: number;
  support_g: number;
  support_s: number;
  skirt_g: number;
  skirt_s: number;
  travel_s: number;
  other_s: number;
}

export interface EstimateResult {
  print_time_s: number;
  filament_mm: number;
  filament_cm3: number;
  filament_g: number;
  layers: number;
  breakdown: EstimateBreakdown;
}

/** Line spacing of an extrusion of width w at height h (PrusaSlicer's flow model). */
export function spacing(w: number, h: number): number {
  return w - h * (1 - Math.PI / 4);
}

/** Estimate from an already prepared mesh (reuse it across parameter changes) or a raw mesh. */
export function estimatePrint(
  input: TriangleMesh | PreparedMesh,
  params: Partial<PrintParameters> | PrintParameters,
  _analysis?: Analysis,
  trace?: LayerTrace,
): EstimateResult {
  const parameters = parseParameters(params);
  const prepared = 'zmin' in input ? input : prepareMesh(input);
  // support reaches past the model (its grid squares, its first-layer flange): a wider raster
  const geometry = layerGeometry(
    prepared,
    parameters.layerHeight,
    parameters.supportRequired ? SUPPORT_GEOMETRY_OPTIONS : GEOMETRY_OPTIONS,
  );
  return computeEstimate(geometry, parameters, trace);
}

/** Per-layer detail for development tools: each layer's moves before they are planned, and the
 * path length (mm) and moves per feature so far after it. */
export interface LayerTrace {
  moves?: (layer: number, moves: LayerMoves) => void;
  planned?: (layer: number, lengthByFeature: Float64Array, movesByFeature: Float64Array) => void;
}

export function computeEstimate(
  geo: LayerGeometry,
  params: PrintParameters,
  trace?: LayerTrace,
): EstimateResult {
  const areas = fillAreas(geo);
  const types = surfaceTypes(geo, params.infillPercentage / 100, areas);
  const run = estimateRun(geo, areas, types, params, trace);
  for (let i = 0; i < geo.layerCount; i++) run.layer(i);
  return run.result();
}

/** One estimate's layers, printed in order (`layer` from 0 up, each once), then its `result`. */
export interface EstimateRun {
  /** Lays and plans layer i; `surfaces` are its surface regions when another thread has made them
   * (`layerSurfaces` of its final types). */
  layer(i: number, surfaces?: LayerSurfaces): void;
  result(): EstimateResult;
}

/**
 * The estimate over a geometry whose layers may still be arriving: layer i needs the geometry's
 * islands, raster and first-layer hull, `areas` and `types` up to layer i (and with supports, all
 * of them: the supports are planned from the top down before the first layer).
 */
export function estimateRun(
  geo: LayerGeometry,
  areas: Loops[][],
  types: Uint8Array,
  params: PrintParameters,
  trace?: LayerTrace,
): EstimateRun {
  const layerHeight = params.layerHeight;
  const filamentArea = Math.PI * (PROFILE.filamentDiameter / 2) ** 2;
  const moves = new LayerMoves();
  const ctx: EstimateContext = {
    moves,
    layerHeight,
    infillDensity: params.infillPercentage / 100,
    cellSize: geo.cellSize,
    volume: { walls: 0, skins: 0, infill: 0, support: 0, skirt: 0 },
    feedPerMm: (w) => (layerHeight * spacing(w, layerHeight)) / filamentArea,
    filamentArea,
  };
  const planner = new MotionPlanner();
  const supports = params.supportRequired ? supportKindsOf(geo, types) : null;
  const shape = rasterOf(geo);
  const pen = new Pen(moves, PROFILE.retractBeforeTravel);
  // the grid infill runs through the object's centre, where the slice's frame has its origin
  const origin: [number, number] = [0, 0];

  const layer = (i: number, given?: LayerSurfaces): void => {
    const layer = layerSettings(i, params.printSpeed, layerHeight);
    if (i > 0) layerChange(moves, layerHeight);
    const surfaces = given ?? layerSurfaces(types, i, shape);
    const fill: FillSettings = {
      layerIndex: i,
      layerHeight,
      speed: layer.layerSpeed,
      width: layer.wallWidth,
      topWidth: layer.first ? PROFILE.firstLayerWidth : PROFILE.topWidth,
      sparseWidth: PROFILE.width,
      density: ctx.infillDensity,
      origin,
      maxVolumetric: PROFILE.maxVolumetric,
      filamentArea,
      bridgeDiameter: PROFILE.nozzle,
    };
    // support comes before the object's islands: each support layer printed with this one
    if (supports)
      for (const level of supports.layers)
        if (level.with === i)
          supportStage(
            supports.kinds,
            geo.field as Int8Array,
            level.area,
            level.height,
            shape,
            layer,
            ctx,
            pen,
          );
    // islands in nearest-next order, as PrusaSlicer chains them to shorten travel
    const layerAreas = areas[i] ?? [];
    const islands = geo.islands[i] ?? [];
    // what the layer below holds (overhanging walls are bridges)
    const below = i > 0 ? lowerLayer(geo, i - 1) : null;
    if (layer.first) {
      // the skirt comes first, ending about its distance from where the first island starts
      skirtStage(geo, layer, ctx);
      const first = islands.find((isl) => isl.loops.length > 0);
      const start = first ? islandStart(first) : null;
      if (start) {
        pen.x = start[0] - PROFILE.skirtDistance;
        pen.y = start[1];
      }
    }
    for (const island of islandOrder(islands)) {
      if (!(island.area > 0) || !(island.perimeter > 0)) continue;
      const outlines = island.loops.map((xy) => ({ xy, length: loopLength(xy), outer: loopArea2(xy) > 0 }));
      const ring = thinRing(island, layer);
      const fillLoops = layerAreas[islands.indexOf(island)] ?? [];
      if (ring) {
        // stage "travel": to the island's first loop, then its thin-wall beads
        const start = islandStart(island);
        if (start) pen.travelTo(start[0], start[1]);
        thinWallStage(outlines, ring, island, layer, ctx);
        // the beads fill the ring
        ctx.volume.walls += island.area * layerHeight;
      } else {
        wallPathStage(island, layer, ctx, pen, below);
        ctx.volume.walls += wallsVolume(island, fillLoops, layer);
      }
      if (ring || island.loops.length === 0) continue;
      fillIsland(fillLoops, surfaces, fill, pen, ctx.volume);
    }
    trace?.moves?.(i, moves);
    planLayer(planner, moves);
    trace?.planned?.(i, planner.lengthByTag, planner.movesByTag);
  };
  return {
    layer,
    result(): EstimateResult {
      planner.flush();
      return estimateResult(planner, ctx.volume, params, geo.layerCount, filamentArea);
    },
  };
}

/** What every stage of one estimate shares. */
interface EstimateContext {
  moves: LayerMoves;
  layerHeight: number;
  /** Sparse infill density (0..1). */
  infillDensity: number;
  cellSize: number;
  /** Extruded volume per feature so far (mm³). */
  volume: { walls: number; skins: number; infill: number; support: number; skirt: number };
  /** Filament per mm of an extrusion of width w at this layer height. */
  feedPerMm: (width: number) => number;
  /** Cross-section of the filament (mm²). */
  filamentArea: number;
}

/** What one layer's stages share: its speed and wall widths. */
interface LayerSettings {
  first: boolean;
  layerHeight: number;
  /** The print speed on this layer (first layer: at most first_layer_speed). */
  layerSpeed: number;
  wallWidth: number;
  wallSpacing: number;
  /** The speed the walls run at (after the volumetric cap). */
  wallSpeed: number;
}

/** Highest speed (mm/s) the volumetric limit allows for a line of width w at height h. */
function volumetricCap(width: number, layerHeight: number): number {
  return PROFILE.maxVolumetric / (layerHeight * spacing(width, layerHeight));
}

function layerSettings(i: number, speed: number, layerHeight: number): LayerSettings {
  const first = i === 0;
  const layerSpeed = first ? Math.min(speed, PROFILE.firstLayerSpeedMax) : speed;
  const wallWidth = first ? PROFILE.firstLayerWidth : PROFILE.width;
  return {
    first,
    layerHeight,
    layerSpeed,
    wallWidth,
    wallSpacing: spacing(wallWidth, layerHeight),
    wallSpeed: Math.min(layerSpeed, volumetricCap(wallWidth, layerHeight)),
  };
}

/** A thin ring's walls: Arachne's beads across it (spacings, outside in) and the thickness they
 * share. */
interface RingBeads {
  beads: number[];
  thickness: number;
  /** The ring's thickness (mm, before Arachne's first inset) at each vertex of its outline and at the
   * middle of each edge, in order round the outline; null when the loops were too long to compare. */
  profile: Float64Array | null;
}

/** Arachne's settings on one layer (house profile: every perimeter 0.45 wide, first layer 0.42). */
function layerArachne(layer: LayerSettings): ArachneSettings {
  return arachneSettings(layer.wallWidth, layer.wallSpacing, PROFILE.nozzle, PROFILE.perimeters);
}

/**
 * Stage "perimeters" for a thin ring (one outline and one hole: vase and box walls, nuts, tubes):
 * fewer beads than 2 × perimeters fit across it after Arachne's first inset, so it is printed as
 * those beads (thinWallStage), whose thickness is measured across the ring. Null for any other
 * island (its walls are walls.ts's passes).
 */
function thinRing(island: Island, layer: LayerSettings): RingBeads | null {
  if (island.loops.length !== 2 || !(island.perimeter > 0)) return null;
  const meanWidth = (2 * island.area) / island.perimeter;
  const arachne = layerArachne(layer);
  const firstInset = layer.wallWidth - layer.wallSpacing;
  // (measured only when the mean width is under 1.5 × the width of 2 × perimeters beads: thick
  // corners make the mean wider than the wall, never this much)
  if (meanWidth - firstInset >= 1.5 * thicknessFor(2 * PROFILE.perimeters, arachne)) return null;
  const measured = wallThickness(island, meanWidth);
  const thickness = measured.thickness - firstInset;
  const count = beadCount(thickness, arachne);
  if (count >= 2 * PROFILE.perimeters) return null;
  // a ring whose thickness varies along it by more than Arachne's transition filter lets pass
  // (a nut: thin at the flats, thick at the corners) gets beads that start and stop, as open
  // pieces: the general wall passes follow it, not one bead count all round. (Measured between the
  // 10th and 90th percentiles by length. It was half a bead spacing, 0.2 mm: an M2 nut, 1.0-1.3 mm
  // thick, went round as two beads where PrusaSlicer lays a third at half its corners, −17 %.)
  const spread = quantile(measured.samples, 0.9) - quantile(measured.samples, 0.1);
  if (spread > TRANSITION_FILTER_DEVIATION) return null;
  // within that spread, runs of the higher count between thinner stretches dissolve into the lower
  // one (SkeletalTrapezoidation::filterTransitionMids): where the thinnest tenth of the ring is
  // under the count's threshold, the ring gets the count below. (A lobed vase, 1.15-1.20 mm,
  // median 1.18 mm against the 1.165 mm three-bead threshold at 0.2 mm: PrusaSlicer's G-code lays
  // two beads all round, the estimate laid three, +26 %.)
  const thinnest = beadCount(quantile(measured.samples, 0.1) - firstInset, arachne);
  const beads = thinnest >= 1 && thinnest < count ? thinnest : count;
  return { beads: beadWidths(thickness, beads, arachne), thickness, profile: measured.profile };
}

/** The length-weighted q-quantile of distances (samples sorted by distance); 0 without samples. */
function quantile(samples: Array<[distance: number, length: number]>, q: number): number {
  let total = 0;
  for (const [, length] of samples) total += length;
  let run = 0;
  for (const [distance, length] of samples) {
    run += length;
    if (run >= q * total) return distance;
  }
  return 0;
}

/** Stage "skirt": one loop 6 mm around the first layer's convex hull. */
function skirtStage(geo: LayerGeometry, layer: LayerSettings, ctx: EstimateContext): void {
  const length = PROFILE.skirtLoops * (geo.firstLayerHullPerimeter + 2 * Math.PI * PROFILE.skirtDistance);
  ctx.volume.skirt += length * ctx.layerHeight * spacing(PROFILE.firstLayerWidth, ctx.layerHeight);
  const speed = Math.min(layer.layerSpeed, volumetricCap(PROFILE.firstLayerWidth, ctx.layerHeight));
  polygonLoop(
    ctx.moves,
    length,
    Math.max(16, Math.round(length / 2)),
    ctx.feedPerMm(PROFILE.firstLayerWidth),
    speed,
    Feature.skirt,
  );
}

/** The result: times per feature from the planner, grams from the volumes, the fitted scales applied. */
function estimateResult(
  planner: MotionPlanner,
  volume: EstimateContext['volume'],
  params: PrintParameters,
  layers: number,
  filamentArea: number,
): EstimateResult {
  const byFeature = planner.timeByTag;
  const time = {
    walls: byFeature[Feature.walls] as number,
    skins: byFeature[Feature.skins] as number,
    infill: byFeature[Feature.infill] as number,
    support: byFeature[Feature.support] as number,
    skirt: byFeature[Feature.skirt] as number,
    travel: byFeature[Feature.travel] as number,
    other: byFeature[Feature.other] as number,
  };
  const vol = { ...volume };
  for (const key of Object.keys(vol) as (keyof typeof vol)[]) vol[key] *= CALIBRATION.gramsScale;
  for (const key of Object.keys(time) as (keyof typeof time)[]) time[key] *= CALIBRATION.timeScale;
  const density = MATERIALS[params.filamentType].density_g_cm3;
  const grams = (mm3: number) => (mm3 / 1000) * density;
  const totalVolume = vol.walls + vol.skins + vol.infill + vol.support + vol.skirt;
  const totalTime =
    time.walls + time.skins + time.infill + time.support + time.skirt + time.travel + time.other;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const r1 = (x: number) => Math.round(x * 10) / 10;
  return {
    print_time_s: Math.round(totalTime),
    filament_mm: r2(totalVolume / filamentArea),
    filament_cm3: r2(totalVolume / 1000),
    filament_g: r2(grams(totalVolume)),
    layers,
    breakdown: {
      walls_g: r2(grams(vol.walls)),
      walls_s: r1(time.walls),
      skins_g: r2(grams(vol.skins)),
      skins_s: r1(time.skins),
      infill_g: r2(grams(vol.infill)),
      infill_s: r1(time.infill),
      support_g: r2(grams(vol.support)),
      support_s: r1(time.support),
      skirt_g: r2(grams(vol.skirt)),
      skirt_s: r1(time.skirt),
      travel_s: r1(time.travel),
      other_s: r1(time.other),
    },
  };
}

/** Do `action` `times` times (a fractional remainder counts as one more, with probability-free rounding). */
function repeat(times: number, action: () => void): void {
  const n = Math.round(times);
  for (let k = 0; k < n; k++) action();
}

/**
 * Islands in PrusaSlicer 2.5's order (Layer::make_slices chains the first points of the islands'
 * outlines with chain_points, and GCode::process_layer prints them in that order): the
 * multi-fragment greedy path, built from the shortest links that make neither a fork nor a cycle,
 * walked from the end whose nearest neighbour is nearer (the end left on top of its queue). Islands
 * without loops come last; past 400 islands the given order is kept, to stay fast.
 */
export function islandOrder(islands: Island[]): Island[] {
  const n = islands.length;
  if (n <= 2 || n > 400) return islands;
  const at: number[] = [];
  const xy: number[] = [];
  const rest: Island[] = [];
  islands.forEach((island, k) => {
    const p = islandStart(island);
    if (p) {
      at.push(k);
      xy.push(p[0], p[1]);
    } else rest.push(island);
  });
  const m = at.length;
  if (m <= 2) return [...at.map((k) => islands[k] as Island), ...rest];
  const pairs = (m * (m - 1)) / 2;
  const from = new Uint16Array(pairs);
  const to = new Uint16Array(pairs);
  const d2 = new Float64Array(pairs);
  const nearest = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  let e = 0;
  for (let i = 0; i < m; i++)
    for (let j = i + 1; j < m; j++) {
      const d =
        ((xy[2 * i] as number) - (xy[2 * j] as number)) ** 2 +
        ((xy[2 * i + 1] as number) - (xy[2 * j + 1] as number)) ** 2;
      from[e] = i;
      to[e] = j;
      d2[e++] = d;
      if (d < (nearest[i] as number)) nearest[i] = d;
      if (d < (nearest[j] as number)) nearest[j] = d;
    }
  const byLength = Uint32Array.from({ length: pairs }, (_, k) => k).sort(
    (a, b) => (d2[a] as number) - (d2[b] as number) || a - b,
  );
  const root = Int32Array.from({ length: m }, (_, k) => k);
  const find = (k: number): number => {
    while (root[k] !== k) {
      root[k] = root[root[k] as number] as number;
      k = root[k] as number;
    }
    return k;
  };
  const link = new Int32Array(2 * m).fill(-1);
  let links = 0;
  for (let k = 0; k < pairs && links < m - 1; k++) {
    const edge = byLength[k] as number;
    const i = from[edge] as number;
    const j = to[edge] as number;
    if (link[2 * i + 1] !== -1 || link[2 * j + 1] !== -1) continue;
    const ri = find(i);
    const rj = find(j);
    if (ri === rj) continue;
    root[ri] = rj;
    link[link[2 * i] === -1 ? 2 * i : 2 * i + 1] = j;
    link[link[2 * j] === -1 ? 2 * j : 2 * j + 1] = i;
    links++;
  }
  let first = -1;
  for (let k = 0; k < m; k++)
    if (link[2 * k + 1] === -1 && (first < 0 || (nearest[k] as number) < (nearest[first] as number)))
      first = k;
  const order: Island[] = [];
  for (let prev = -1, k = first; k >= 0; ) {
    order.push(islands[at[k] as number] as Island);
    const next = link[2 * k] !== prev ? (link[2 * k] as number) : (link[2 * k + 1] as number);
    prev = k;
    k = next;
  }
  return [...order, ...rest];
}

/** Where an island's printing starts (its first outline loop's first vertex), if it has loops. */
function islandStart(island: Island): [number, number] | null {
  const loop = island.loops[0];
  return loop && loop.length >= 2 ? [loop[0] as number, loop[1] as number] : null;
}

/**
 * Stage "perimeters" for a thin wall, as Arachne prints it: the two outer beads follow each outline
 * loop (at their own width, so their own volumetric speed cap); an odd middle bead runs along the
 * middle (half the outline). The middle bead breaks where the wall thickens at a corner enough for one
 * more bead (local thickness = thickness / cos(turn / 2)): there Arachne ends it and prints the
 * corner as a separate piece, so each such corner adds two open pieces, each reached by a retracted
 * travel. A thin island without a hole has its middle bead open (one piece at least).
 */
function thinWallStage(
  outlines: Array<{ xy: Float64Array; length: number; outer: boolean }>,
  ring: RingBeads,
  island: Island,
  layer: LayerSettings,
  ctx: EstimateContext,
): void {
  const { moves, layerHeight } = ctx;
  const { beads, thickness } = ring;
  const filamentArea = Math.PI * (PROFILE.filamentDiameter / 2) ** 2;
  const flow = (bead: number) => (layerHeight * bead) / filamentArea;
  const speed = (bead: number) => Math.min(layer.layerSpeed, PROFILE.maxVolumetric / (layerHeight * bead));
  const outline = island.perimeter;
  const firstInset = (layer.wallWidth - layer.wallSpacing) / 2;
  const settings = layerArachne(layer);
  /** Places round the ring thick enough for one bead more than it has (its corners), each with the
   * count of beads its widest inscribed circle takes: found as spans of the measured distance profile
   * (a chamfered corner thickens the wall along its edge, with no sharp turn), then measured as
   * Arachne does, by the circles inside the wall; or the loops' sharp turns (one bead more each) when
   * the ring was not measured. */
  const thickCornerBeads = (): number[] => {
    const next = thicknessFor(beads.length + 1, settings);
    if (ring.profile)
      return thickSpans(ring.profile, next + 2 * firstInset)
        .map(([from, to]) => {
          const width = inscribedWidthNear(island, from, to, ring.thickness + 2 * firstInset);
          // a sharp corner of an odd ring keeps its count (see sharpSpan)
          return beads.length % 2 === 1 && sharpSpan(island, from, to)
            ? beadCount(width - 2 * firstInset, settings)
            : keptBeadCount(width - 2 * firstInset, beads.length, settings);
        })
        .filter((count) => count > beads.length);
    let corners = 0;
    for (const o of outlines) corners += thickCorners(o.xy, thickness, next);
    return Array.from({ length: corners }, () => beads.length + 1);
  };
  // an odd ring's corners that take one bead more (their loops of the inner beads)
  const oddCorners = beads.length % 2 === 1 ? thickCornerBeads().length : 0;
  // an odd ring without corner loops has the seams of its loops side by side (three sharp boxes'
  // G-code: 3-4 mm of travel a layer); with them, PrusaSlicer starts the external loops a hop across
  // the ring (oddRingTravel). An even ring's seams were side by side in some boxes' G-code and a side
  // apart in others (58-82 mm a layer): left where its loops start.
  const aligned = beads.length % 2 === 1 && oddCorners === 0;
  /** The ring's loops of one pass of beads `bead` wide (perimeterStage). */
  const ringLoops = (passes: PerimeterPass[], bead: number, roundRadius: number) =>
    perimeterStage(moves, outlines, passes, flow(bead), speed(bead), bead, aligned, roundRadius);
  if (beads.length >= 2) {
    const bead = beads[0] as number;
    ringLoops([{ inset: firstInset + bead / 2 }], bead, 0);
  }
  if (beads.length % 2 === 0) {
    // corners thick enough for a middle bead get one as a separate open piece, reached retracted
    // (two where the corner is thick enough for two beads more)
    let corners = 0;
    for (const count of thickCornerBeads()) corners += Math.max(1, count - beads.length);
    const bead = Math.max(settings.minBeadWidth, thickness / Math.SQRT2 - thickness);
    for (let k = 0; k < corners; k++) {
      const hop = outline / 2 / corners;
      travel(moves, hop, Math.PI / 4, hop > PROFILE.retractBeforeTravel);
      extrude(moves, 2 * thickness, 0, flow(bead), speed(bead), Feature.walls);
    }
  }
  if (beads.length % 2 === 1) {
    const bead = beads[(beads.length - 1) / 2] as number;
    const hasHole = outlines.some((o) => !o.outer);
    const pieces = Math.max(hasHole ? 0 : 1, 2 * oddCorners);
    if (pieces > 0) {
      const hop =
        oddCorners > 0 ? oddRingTravel(outline / 2, oddCorners) / (pieces - 1) : outline / 2 / pieces;
      repeat(pieces - 1, () => travel(moves, hop, Math.PI / 4, hop > PROFILE.retractBeforeTravel));
    }
    // a middle bead all round turns round the hole's corners on Arachne's skeleton (half the wall
    // from them); the pieces between corner loops keep the outline's corners
    ringLoops([{ share: 0.5 }], bead, aligned ? thickness / 2 + firstInset : 0);
  }
}

/**
 * The travel (mm) of one layer of a ring of three beads (an odd count) whose `corners` are thick
 * enough for four, as PrusaSlicer 2.5 orders Arachne's lines (PerimeterGenerator::process_arachne,
 * traverse_extrusions, read at 2.5.0): the inner beads round each corner are closed loops, printed
 * first, nearest next (a side apart each); then the external loops (a hop across the ring); then
 * the middle bead, one open piece a side, ordered by their first points, but each is printed from
 * the end the overhang clipping leaves first, in its G-code the other end: every hop spans two
 * pieces, a chord over 2/k of the ring. (A 60 × 40 mm box, 1.2 mm walls: 444 mm a layer in its
 * G-code, this model 468, half the ring before.) Ring length `ring` (mm); the ring taken as a circle.
 */
function oddRingTravel(ring: number, corners: number): number {
  const across = ring / Math.PI;
  return (
    ((corners - 1) * ring) / corners + across + corners * across * Math.abs(Math.sin((2 * Math.PI) / corners))
  );
}

/**
 * The thickness of a thin ring (one outline and one hole): the length-weighted median over the
 * midpoints of the outline's segments of the distance to the hole (so thicker corners do not count
 * as the wall), with those distances and the lengths they stand for; the mean width
 * 2 · area / outline (and no samples) when the loops are too long to compare.
 */
function wallThickness(
  island: Island,
  meanWidth: number,
): {
  thickness: number;
  samples: Array<[distance: number, length: number]>;
  profile: Float64Array | null;
} {
  const [a, b] = island.loops as [Float64Array, Float64Array];
  const outer = loopArea2(a) > 0 ? a : b;
  const hole = outer === a ? b : a;
  const n = outer.length / 2;
  const m = hole.length / 2;
  if (n < 3 || m < 3 || n * m > 40000) return { thickness: meanWidth, samples: [], profile: null };
  const distances: Array<[distance: number, length: number]> = [];
  const profile = new Float64Array(2 * n);
  // distances to the hole, looked up as far as 4 × the mean width (a ring is never thicker: a
  // farther sample only counts as that far, past every threshold the samples are compared with)
  const toHole = new EdgeGrid([hole], meanWidth);
  const reach = 4 * meanWidth;
  for (let i = 0; i < n; i++) {
    const q = (i + 1) % n;
    const vx = outer[2 * i] as number;
    const vy = outer[2 * i + 1] as number;
    const px = (vx + (outer[2 * q] as number)) / 2;
    const py = (vy + (outer[2 * q + 1] as number)) / 2;
    const mid = toHole.distance(px, py, reach);
    profile[2 * i] = toHole.distance(vx, vy, reach);
    profile[2 * i + 1] = mid;
    const length = Math.hypot((outer[2 * q] as number) - px, (outer[2 * q + 1] as number) - py) * 2;
    distances.push([mid, length]);
  }
  distances.sort((x, y) => x[0] - y[0]);
  const median = quantile(distances, 0.5);
  if (!(median > 0 && median < 2 * meanWidth)) return { thickness: meanWidth, samples: [], profile: null };
  return { thickness: median, samples: distances, profile };
}

/** Arachne's wall_transition_filter_deviation (25 % of the nozzle, PrusaSlicer 2.5's default). */
const TRANSITION_FILTER_DEVIATION = 0.25 * PROFILE.nozzle;

/**
 * The bead count a local thickening of a ring (a corner) keeps, from `base` beads around it: Arachne
 * counts beads by the thickness, then dissolves a short rise in the count again when it would change
 * the line widths by no more than wall_transition_filter_deviation — the excess thickness over the
 * rise's threshold, shared by the two middle lines when the count left is even (SkeletalTrapezoidation
 * ::dissolveNearbyTransitions in PrusaSlicer 2.5). So a lobed vase barely over a threshold keeps its
 * count all round, and a chamfered box corner gets its extra bead.
 */
function keptBeadCount(thickness: number, base: number, settings: ArachneSettings): number {
  let count = beadCount(thickness, settings);
  while (count > base) {
    const excess = thickness - thicknessFor(count, settings);
    const lineDeviation = (count - 1) % 2 === 1 ? excess : excess / 2;
    if (lineDeviation > TRANSITION_FILTER_DEVIATION) break;
    count--;
  }
  return count;
}

/** Turn (radians) at an outline vertex from which a thickening counts as a sharp corner: a square
 * corner's (90°) does, a hexagon's (60°) and an octagon's (45°) do not (their three-bead walls have
 * no corner loops in PrusaSlicer's G-code, at any layer height). */
const SHARP_TURN = (75 * Math.PI) / 180;

/**
 * Whether a span of a ring's profile (thinRing) is at a sharp corner of its outline: a vertex there
 * (or next to it) turns by SHARP_TURN or more. Arachne types a skeleton edge as central only where the
 * wall's thickness changes slowly along it (by under sin 5° per unit length,
 * SkeletalTrapezoidation::updateIsCentral at 2.5.0), and it only filters bead-count transitions on
 * central edges; at a sharp corner the thickening is not central, and the corner's node takes the
 * count of its own thickness. Measured on boxes with sharp corners (as CAD makes them; PrusaSlicer's
 * G-code): where the corners of a three-bead wall reach four beads (1.30-1.47 mm walls), every one
 * has its loop of the two inner beads, which the transition filter had dissolved (−15 to −24 %); a
 * two-bead wall's corners (1.0-1.15 mm) stay filtered. A lobed vase's slow thickening still is.
 */
function sharpSpan(island: Island, from: number, to: number): boolean {
  const [a, b] = island.loops as [Float64Array, Float64Array];
  const outer = loopArea2(a) > 0 ? a : b;
  const n = outer.length / 2;
  if (n < 3) return false;
  const turns = turnsOf(outer);
  for (let v = Math.floor(from / 2) - 1; v <= Math.ceil(to / 2) + 1; v++)
    if (Math.abs(turns[((v % n) + n) % n] as number) >= SHARP_TURN) return true;
  return false;
}

/** The separate spans [first, last] (profile indices, last may pass the end and wrap) of a cyclic
 * thickness profile at or above `limit`. A profile thick all round has none (the ring then has more
 * beads everywhere, which thinRing measured). */
function thickSpans(profile: Float64Array, limit: number): Array<[number, number]> {
  const n = profile.length;
  // start just after a thin sample, so that no span wraps round the end
  let start = -1;
  for (let i = 0; i < n; i++) if ((profile[i] as number) < limit) start = i;
  const spans: Array<[number, number]> = [];
  if (start < 0) return spans;
  let first = -1;
  for (let k = 1; k <= n; k++) {
    const thick = (profile[(start + k) % n] as number) >= limit;
    if (thick && first < 0) first = start + k;
    else if (!thick && first >= 0) {
      spans.push([first, start + k - 1]);
      first = -1;
    }
  }
  return spans;
}

/**
 * The widest circle inside a ring (mm across) that touches its outline along the outline's edges next
 * to a span of its profile (profile index 2i is the outline's vertex i, 2i + 1 the middle of its edge
 * i). This is the thickness Arachne counts beads by (twice the distance of its skeleton from the
 * outline): at a sharp square corner it is 1.17 × the wall (where the skeleton bends), less than the
 * diagonal; across a chamfer it is the chamfer's distance from the hole. Each edge is sampled at its
 * middle and at up to six points from each end, a quarter to one and a half wall thicknesses in, where
 * a corner's widest circle touches it.
 */
/** Where a corner's widest circle may touch an edge next to it, in wall thicknesses from the corner:
 * a quarter to one and a half, every eighth, and 2 − √2 (a square corner's, exactly: between the
 * eighths its circle is missed by up to 10 %, and a 1.42 mm wall's square corners came out 1.51 mm
 * thick, under the 1.43 mm of four beads after the first inset, where PrusaSlicer lays four). */
const CORNER_TANGENTS = [0.25, 0.375, 0.5, 2 - Math.SQRT2, 0.625, 0.75, 0.875, 1, 1.125, 1.25, 1.375, 1.5];

function inscribedWidthNear(island: Island, from: number, to: number, wall: number): number {
  const [a, b] = island.loops as [Float64Array, Float64Array];
  const outer = loopArea2(a) > 0 ? a : b;
  const n = outer.length / 2;
  const firstEdge = (Math.floor(from / 2) - 1 + n) % n;
  const edges = Math.min(n, Math.floor(to / 2) - Math.floor(from / 2) + 3);
  let widest = 0;
  for (let e = 0; e < edges; e++) {
    const i = (firstEdge + e) % n;
    const q = i + 1 < n ? i + 1 : 0;
    const ax = outer[2 * i] as number;
    const ay = outer[2 * i + 1] as number;
    const dx = (outer[2 * q] as number) - ax;
    const dy = (outer[2 * q + 1] as number) - ay;
    const length = Math.sqrt(dx * dx + dy * dy);
    if (!(length > 0)) continue;
    // the inward normal: the material is on the left of the outline (counter-clockwise)
    const nx = -dy / length;
    const ny = dx / length;
    const at = (t: number) => {
      const r = inscribedRadius(island.loops, ax + (dx * t) / length, ay + (dy * t) / length, nx, ny);
      if (2 * r > widest) widest = 2 * r;
    };
    at(length / 2);
    for (const k of CORNER_TANGENTS) {
      const t = k * wall;
      if (t >= length / 2) break;
      at(t);
      at(length - t);
    }
  }
  return widest;
}

/** Radius of the largest circle tangent to the outline at (px, py), inward along (nx, ny), that
 * crosses no edge of the loops (the shrinking-ball construction of the medial axis). */
function inscribedRadius(
  loops: readonly Float64Array[],
  px: number,
  py: number,
  nx: number,
  ny: number,
): number {
  let best = Number.POSITIVE_INFINITY;
  for (const loop of loops) {
    const m = loop.length / 2;
    for (let j = 0; j < m; j++) {
      const k = j + 1 < m ? j + 1 : 0;
      const ax = loop[2 * j] as number;
      const ay = loop[2 * j + 1] as number;
      const bx = loop[2 * k] as number;
      const by = loop[2 * k + 1] as number;
      // an end point: the circle through it, tangent at p
      const wx = ax - px;
      const wy = ay - py;
      const wn = wx * nx + wy * ny;
      if (wn > 1e-9) {
        const r = (wx * wx + wy * wy) / (2 * wn);
        if (r < best) best = r;
      }
      // the edge's inside: the circle tangent to its line, when it touches between the ends
      const ex = bx - ax;
      const ey = by - ay;
      const el = Math.sqrt(ex * ex + ey * ey);
      if (!(el > 0)) continue;
      let mx = -ey / el;
      let my = ex / el;
      let dp = (px - ax) * mx + (py - ay) * my;
      if (dp < 0) {
        mx = -mx;
        my = -my;
        dp = -dp;
      }
      const denominator = 1 - (nx * mx + ny * my);
      if (!(dp > 1e-9) || !(denominator > 1e-9)) continue;
      const r = dp / denominator;
      if (r >= best) continue;
      const cx = px + r * nx - ax;
      const cy = py + r * ny - ay;
      const t = (cx * ex + cy * ey) / (el * el);
      if (t > 0 && t < 1) best = r;
    }
  }
  return Number.isFinite(best) ? best : 0;
}

/** Concave corners of a loop (material on its left) where a wall of `thickness` gets at least
 * `limit` thick (thickness / cos(turn / 2)). */
function thickCorners(xy: Float64Array, thickness: number, limit: number): number {
  const n = xy.length / 2;
  if (n < 3 || !Number.isFinite(limit)) return 0;
  const minCos = thickness / limit; // cos(turn / 2) below this thickens the wall past the limit
  let count = 0;
  for (let i = 0; i < n; i++) {
    const a = (i + n - 1) % n;
    const b = (i + 1) % n;
    const ax = (xy[2 * i] as number) - (xy[2 * a] as number);
    const ay = (xy[2 * i + 1] as number) - (xy[2 * a + 1] as number);
    const bx = (xy[2 * b] as number) - (xy[2 * i] as number);
    const by = (xy[2 * b + 1] as number) - (xy[2 * i + 1] as number);
    const la = Math.sqrt(ax * ax + ay * ay);
    const lb = Math.sqrt(bx * bx + by * by);
    if (!(la > 0) || !(lb > 0)) continue;
    // only a turn away from the material (right, material on the left) thickens the wall
    if (ax * by - ay * bx >= 0) continue;
    const cosTurn = Math.max(-1, Math.min(1, (ax * bx + ay * by) / (la * lb)));
    if (Math.sqrt((1 + cosTurn) / 2) < minCos) count++;
  }
  return count;
}

/** One pass of perimeters: a loop at an inset (mm), or a share of every outline loop's length. */
type PerimeterPass = { inset: number } | { share: number };

/** Length of a loop of an outline `length` mm long moved `inset` mm into the material. */
function insetLength(length: number, outer: boolean, inset: number): number {
  return outer ? Math.max(0.25 * length, length - 2 * Math.PI * inset) : length + 2 * Math.PI * inset;
}

/**
 * Stage "perimeters" of a thin ring (thinWallStage): PrusaSlicer prints each outline loop's
 * perimeters together (innermost first, joined by a short hop), then travels to the nearest next
 * loop, retracting when that is further than retract_before_travel. Each pass follows the outline's
 * own vertices, every segment scaled to the inset loop's length, so the corners are the outline's:
 * each cut in two half-turns (splitLoop), or rounded to `roundRadius` mm when that is over 0
 * (roundLoop). With `alignSeams`, the next loop's seam is its vertex nearest this one's (PrusaSlicer's
 * G-code of a box's or a vase's wall, outside and inside, has the seams side by side); else its
 * first vertex.
 */
function perimeterStage(
  moves: LayerMoves,
  outlines: Array<{ xy: Float64Array; length: number; outer: boolean }>,
  passes: PerimeterPass[],
  filamentPerMm: number,
  speed: number,
  spacingMm: number,
  alignSeams: boolean,
  roundRadius: number,
): void {
  const order = nearestOrder(outlines);
  // where the loop being printed starts (its seam)
  let sx = outlines[order[0] as number]?.xy[0] as number;
  let sy = outlines[order[0] as number]?.xy[1] as number;
  for (const index of order) {
    const o = outlines[index] as { xy: Float64Array; length: number; outer: boolean };
    for (const pass of passes) {
      const length = 'inset' in pass ? insetLength(o.length, o.outer, pass.inset) : o.length * pass.share;
      if (!(length > 0) || !(o.length > 0)) continue;
      if (roundRadius > 0)
        roundLoop(moves, o.xy, length / o.length, roundRadius, filamentPerMm, speed, Feature.walls);
      else followLoop(moves, o.xy, length / o.length, filamentPerMm, speed, Feature.walls, true);
      travel(moves, spacingMm, Math.PI / 2, false);
    }
    const next = nextIndex.get(index);
    if (next !== undefined) {
      const n = outlines[next] as { xy: Float64Array };
      const [k] = alignSeams ? nearestVertex(n.xy, sx, sy) : [0];
      const dx = (n.xy[2 * k] as number) - sx;
      const dy = (n.xy[2 * k + 1] as number) - sy;
      const hop = Math.sqrt(dx * dx + dy * dy);
      travel(moves, hop, Math.atan2(dy, dx), hop > PROFILE.retractBeforeTravel);
      sx += dx;
      sy += dy;
    }
  }
  nextIndex.clear();
}

/** Successor of each loop in the last `nearestOrder` (scratch shared by perimeterStage). */
const nextIndex = new Map<number, number>();

/** Loops in greedy nearest-start order (stored order past 400 loops, to stay linear). */
function nearestOrder(outlines: Array<{ xy: Float64Array }>): number[] {
  const n = outlines.length;
  const order: number[] = [0];
  if (n > 400) for (let i = 1; i < n; i++) order.push(i);
  else {
    const used = new Uint8Array(n);
    used[0] = 1;
    for (let k = 1; k < n; k++) {
      const last = outlines[order[k - 1] as number] as { xy: Float64Array };
      let best = -1;
      let bestD = Number.POSITIVE_INFINITY;
      for (let j = 0; j < n; j++) {
        if (used[j] === 1) continue;
        const c = outlines[j] as { xy: Float64Array };
        const d =
          ((c.xy[0] as number) - (last.xy[0] as number)) ** 2 +
          ((c.xy[1] as number) - (last.xy[1] as number)) ** 2;
        if (d < bestD) {
          bestD = d;
          best = j;
        }
      }
      used[best] = 1;
      order.push(best);
    }
  }
  for (let k = 0; k + 1 < order.length; k++) nextIndex.set(order[k] as number, order[k + 1] as number);
  return order;
}

export type { PreparedMesh };
export { prepareMesh };

/** Every island's fill area (fills.ts), per layer, cached on the geometry. */
function fillAreas(geo: LayerGeometry): Loops[][] {
  if (geo.fillAreas) return geo.fillAreas;
  const out: Loops[][] = [];
  for (let i = 0; i < geo.layerCount; i++) out.push(layerFillAreas(geo, i));
  geo.fillAreas = out;
  return out;
}

/** Layer i's fill area per island. */
function layerFillAreas(geo: LayerGeometry, i: number): Loops[] {
  const width = i === 0 ? PROFILE.firstLayerWidth : PROFILE.width;
  return (geo.islands[i] ?? []).map((island) => fillArea(island.loops, width, geo.layerHeight));
}

/** The surface types' settings from the house profile at an infill density. */
function surfaceSettings(geo: LayerGeometry, density: number): SurfaceSettings {
  return {
    layerHeight: geo.layerHeight,
    width: PROFILE.width,
    firstLayerWidth: PROFILE.firstLayerWidth,
    topLayers: PROFILE.topLayers,
    bottomLayers: PROFILE.bottomLayers,
    solidBelowArea: PROFILE.solidInfillBelowArea,
    density,
  };
}

/** The classifier's view of the fill areas: layer i's rasterised into `out`, and their exact area. */
function fillRaster(areas: Loops[][], shape: Raster): (layer: number, out: Uint8Array) => number {
  const wind = new Int32Array((shape.cols + 1) * shape.rows);
  return (layer, out) => {
    const loops = (areas[layer] ?? []).flat();
    rasterizeLoops(loops, out, shape, wind);
    let area = 0;
    for (const xy of loops) area += loopArea2(xy) / 2;
    return area;
  };
}

/** Layer i's signed distances to its outlines, into `field`. */
function layerField(geo: LayerGeometry, i: number, shape: Raster, field: Int8Array): void {
  const cells = shape.cols * shape.rows;
  distanceField(
    (geo.islands[i] ?? []).flatMap((isl) => isl.loops),
    geo.raster.grid,
    i * cells,
    shape,
    field,
    i * cells,
  );
}

/** The surface types of every layer (surfaces.ts), cached on the geometry (they depend only on
 * whether the infill is below 100 %). */
function surfaceTypes(geo: LayerGeometry, density: number, areas: Loops[][]): Uint8Array {
  const key = density >= 1 ? 'full' : 'sparse';
  const cached = geo.surfaces?.get(key);
  if (cached) return cached;
  const shape = rasterOf(geo);
  const cells = shape.cols * shape.rows;
  const field = geo.field ?? new Int8Array(cells * geo.layerCount);
  geo.field = field;
  for (let i = 0; i < geo.layerCount; i++) layerField(geo, i, shape, field);
  const types = classifySurfaces(
    geo.raster.grid,
    geo.layerCount,
    shape,
    surfaceSettings(geo, density),
    fillRaster(areas, shape),
    field,
  );
  geo.surfaces ??= new Map();
  geo.surfaces.set(key, types);
  return types;
}

/**
 * The geometry, fill areas and surface typing of a mesh at a layer height, built a layer at a time
 * (the same as layerGeometry, fillAreas and surfaceTypes build them all at once): `type` types one
 * more layer (building the layers that needs) and returns how many are typed, or -1 when all are.
 * The surface types are then finished by `surfaceShells` over `tables` (on another thread: the
 * raster, the distance field and the tables are allocated by `allocate`, shared memory).
 */
export interface LayerStream {
  readonly geometry: LayerGeometry;
  readonly areas: Loops[][];
  readonly tables: SurfaceTables;
  readonly settings: SurfaceSettings;
  type(): number;
  /** Layer i's surface regions, once its types are final (its shells done). */
  regions(i: number): LayerSurfaces;
}

export function layerStream(
  prepared: PreparedMesh,
  params: PrintParameters,
  allocate: (bytes: number) => Uint8Array = (bytes) => new Uint8Array(bytes),
): LayerStream {
  const builder = geometryBuilder(
    prepared,
    params.layerHeight,
    params.supportRequired ? SUPPORT_GEOMETRY_OPTIONS : GEOMETRY_OPTIONS,
    allocate,
  );
  const geo = builder.geometry;
  const shape = rasterOf(geo);
  const fieldBytes = allocate(shape.cols * shape.rows * geo.layerCount);
  const field = new Int8Array(fieldBytes.buffer, fieldBytes.byteOffset, fieldBytes.length);
  geo.field = field;
  const areas: Loops[][] = [];
  const settings = surfaceSettings(geo, params.infillPercentage / 100);
  const classifier = surfaceClassifier(
    geo.raster.grid,
    geo.layerCount,
    shape,
    settings,
    fillRaster(areas, shape),
    field,
    allocate,
  );
  return {
    geometry: geo,
    areas,
    tables: classifier.tables,
    settings,
    type(): number {
      if (classifier.typed >= geo.layerCount) return -1;
      // typing a layer reads its fill area and field, and the material of the layer above
      for (const need = Math.min(classifier.typed + 2, geo.layerCount); builder.built < need; ) {
        const i = builder.built;
        builder.next();
        areas.push(layerFillAreas(geo, i));
        layerField(geo, i, shape, field);
      }
      classifier.type();
      return classifier.typed;
    },
    regions: (i) => layerSurfaces(classifier.tables.types, i, shape),
  };
}

/** The shells' half of the surface types over a stream's tables (see layerStream): its geometry
 * carries the distance field they read. */
export function layerShells(
  geo: LayerGeometry,
  tables: SurfaceTables,
  settings: SurfaceSettings,
): SurfaceShells {
  if (!geo.field) throw new Error('layerShells: the geometry has no distance field');
  return surfaceShells(geo.raster.grid, geo.layerCount, rasterOf(geo), settings, geo.field, tables);
}

/**
 * Arachne's even beads are closed loops (only odd beads are open lines): where the inner pass fits
 * over a stretch only (a nut's corners), the two inner beads facing each other across the wall join
 * at both ends of it. Open pieces whose ends meet within `reach` mm are joined into one loop; a piece
 * whose facing bead our pass did not keep goes out and back along itself.
 */
export function closeEvenPieces(paths: WallPath[], reach: number): WallPath[] {
  const out: WallPath[] = [];
  const open = paths.filter((p) => {
    if (p.closed) out.push(p);
    return !p.closed;
  });
  const used = new Uint8Array(open.length);
  const r2 = reach * reach;
  const d2 = (a: number[], i: number, b: number[], j: number) =>
    ((a[i] as number) - (b[j] as number)) ** 2 + ((a[i + 1] as number) - (b[j + 1] as number)) ** 2;
  for (let k = 0; k < open.length; k++) {
    if (used[k] === 1) continue;
    used[k] = 1;
    const a = (open[k] as WallPath).xy;
    const ae = a.length - 2;
    let twin: number[] | null = null;
    for (let m = k + 1; m < open.length && !twin; m++) {
      if (used[m] === 1) continue;
      const b = (open[m] as WallPath).xy;
      const be = b.length - 2;
      // a's end meets b's start and b's end a's start: on round as it is; or both ends swapped
      if (d2(a, ae, b, 0) <= r2 && d2(b, be, a, 0) <= r2) twin = b;
      else if (d2(a, ae, b, be) <= r2 && d2(b, 0, a, 0) <= r2) twin = reversedPath(b);
      if (twin) used[m] = 1;
    }
    const back = twin ?? reversedPath(a).slice(2, -2);
    out.push({ xy: [...a, ...back], closed: true });
  }
  return out;
}

/** Indices of the `paths` that come within `reach` mm of a vertex of `xy`. */
export function outersBeside(xy: number[], paths: WallPath[], reach: number): number[] {
  const found: number[] = [];
  const r2 = reach * reach;
  for (let g = 0; g < paths.length; g++) {
    const path = (paths[g] as WallPath).xy;
    const m = path.length / 2;
    // the path's box grown by the reach: a point outside it is not near (an island's many holes)
    const [x0, y0, x1, y1] = boundsOf([path]);
    let near = false;
    for (let i = 0; i < xy.length && !near; i += 2) {
      const px = xy[i] as number;
      const py = xy[i + 1] as number;
      if (px < x0 - reach || px > x1 + reach || py < y0 - reach || py > y1 + reach) continue;
      for (let e = 0; e < m && !near; e++) {
        const f = e + 1 < m ? e + 1 : 0;
        if (f === 0 && !(paths[g] as WallPath).closed) break;
        near =
          pointSegment2(
            px,
            py,
            path[2 * e] as number,
            path[2 * e + 1] as number,
            path[2 * f] as number,
            path[2 * f + 1] as number,
          ) <= r2;
      }
    }
    if (near) found.push(g);
  }
  return found;
}

/** A bead down the middle of a wall: its path, and whether it is the odd bead between two external
 * beads. */
interface Middle {
  xy: number[];
  between: boolean;
  /** A piece of an odd bead cut at a corner loop: not joined to the next piece again. */
  apart?: boolean;
}

/** A sharp inside corner of a three-bead wall thick enough for four beads (fourBeadCorners). */
interface CornerLoop {
  /** The corner's vertex on the outline. */
  x: number;
  y: number;
  /** How near (mm) the odd bead must pass to end at it. */
  reach: number;
  /** The loop of the two inner beads round it, and its length. */
  loop: number[];
  loopLength: number;
  /** Whether an odd bead was cut at it (its loop is printed only then). */
  used: boolean;
}

/**
 * The sharp inside corners (a turn of SHARP_TURN or more, into the material) of an island's outline
 * whose widest inscribed circle (along the corner's bisector, wallThicknessAt) takes four beads, an
 * even count, where the wall's arms take three: there Arachne's inner beads make a closed loop round
 * the corner. The loop: an octagon round the circle's centre, its length 1.6 × the arms' thickness
 * (PrusaSlicer's G-code of a U channel with 1.3 mm walls: 2.0-2.2 mm, 12-13 moves). With them, the
 * count of the outline's inside corners, sharp or not (a junction's among them).
 */
function fourBeadCorners(
  loops: Float64Array[],
  grid: EdgeGrid,
  arachne: ArachneSettings,
  firstInset: number,
): { corners: CornerLoop[]; inside: number } {
  const out: CornerLoop[] = [];
  // every inside corner (a turn right of CORNER_TURN or more: material on the left), x, y pairs
  const turnsByLoop = loops.map(turnsOf);
  const inside: number[] = [];
  loops.forEach((xy, l) => {
    const turns = turnsByLoop[l] as Float64Array;
    for (let i = 0; i < turns.length; i++)
      if ((turns[i] as number) <= -CORNER_TURN) inside.push(xy[2 * i] as number, xy[2 * i + 1] as number);
  });
  for (const [l, xy] of loops.entries()) {
    const n = xy.length / 2;
    if (n < 3) continue;
    const turns = turnsByLoop[l] as Float64Array;
    for (let i = 0; i < n; i++) {
      if (!((turns[i] as number) <= -SHARP_TURN)) continue;
      const a = (i + n - 1) % n;
      const b = (i + 1) % n;
      const x = xy[2 * i] as number;
      const y = xy[2 * i + 1] as number;
      const ix = x - (xy[2 * a] as number);
      const iy = y - (xy[2 * a + 1] as number);
      const ox = (xy[2 * b] as number) - x;
      const oy = (xy[2 * b + 1] as number) - y;
      const il = Math.hypot(ix, iy);
      const ol = Math.hypot(ox, oy);
      if (!(il > 0 && ol > 0)) continue;
      // the bisector into the material: the sum of the two edges' left normals
      let bx = -iy / il - oy / ol;
      let by = ix / il + ox / ol;
      const bl = Math.hypot(bx, by);
      if (!(bl > 0)) continue;
      bx /= bl;
      by /= bl;
      // each arm's thickness, a little way along its edge from the corner (inwards: the edge's left)
      const along = 2 * arachne.innerWidth;
      const arm = (ux: number, uy: number, back: number) =>
        wallThicknessAt(x + ux * back, y + uy * back, -uy, ux, grid);
      const arms = Math.max(arm(ix / il, iy / il, -along), arm(ox / ol, oy / ol, along));
      const width = wallThicknessAt(x, y, bx, by, grid);
      if (beadCount(arms - firstInset, arachne) !== 3 || beadCount(width - firstInset, arachne) !== 4)
        continue;
      // a lone corner: no other inside corner within its circle's reach (a junction of bars has them)
      let lone = true;
      for (let k = 0; k < inside.length && lone; k += 2) {
        const d = Math.hypot((inside[k] as number) - x, (inside[k + 1] as number) - y);
        if (d > 1e-9 && d < 1.5 * width) lone = false;
      }
      if (!lone) continue;
      // the circle's centre: it passes through the corner, its centre on the bisector
      const cx = x + (bx * width) / 2;
      const cy = y + (by * width) / 2;
      const loopLength = 1.6 * arms;
      const r = loopLength / (8 * 2 * Math.sin(Math.PI / 8));
      const loop: number[] = [];
      for (let k = 0; k < 8; k++) {
        const t = (2 * Math.PI * k) / 8;
        loop.push(cx + r * Math.cos(t), cy + r * Math.sin(t));
      }
      out.push({ x, y, reach: arms, loop, loopLength, used: false });
    }
  }
  return { corners: out, inside: inside.length / 2 };
}

/** The odd bead of a three-bead wall: the outline moved in by `inset` (half the three-bead
 * thickness) leaves a sliver round Arachne's skeleton; half of it, from its sharpest turn (a branch's
 * end). */
function sliverMiddles(loops: Float64Array[], inset: number, window = 0): number[][] {
  return insetLoops(loops, inset, 'round', true).map((sliver) => {
    const xy = toNumbers(sliver);
    const turns = window > 0 ? turnsWithin(xy, window) : turnsOf(xy);
    let end = 0;
    for (let k = 1; k < turns.length; k++)
      if (Math.abs(turns[k] as number) > Math.abs(turns[end] as number)) end = k;
    return halfOf(loopFrom(xy, end));
  });
}

/** The turn of a closed path about each vertex, summed over the vertices within `reach` (mm, along
 * the path) on either side: a thin sliver's end (half a turn, often over two vertices) from its
 * corners (a quarter). */
function turnsWithin(xy: number[], reach: number): Float64Array {
  const turns = turnsOf(xy);
  const n = turns.length;
  const out = new Float64Array(n);
  const edge = (k: number) => {
    const j = (k + 1) % n;
    return Math.hypot(
      (xy[2 * j] as number) - (xy[2 * k] as number),
      (xy[2 * j + 1] as number) - (xy[2 * k + 1] as number),
    );
  };
  for (let k = 0; k < n; k++) {
    let sum = turns[k] as number;
    for (let d = 0, j = k; d < n - 1; d++) {
      const len = edge(j);
      j = (j + 1) % n;
      if (len > reach || j === k) break;
      sum += turns[j] as number;
    }
    for (let d = 0, j = k; d < n - 1; d++) {
      j = (j + n - 1) % n;
      if (edge(j) > reach || j === k) break;
      sum += turns[j] as number;
    }
    out[k] = sum;
  }
  return out;
}

/** Where a sliver's turns are summed to find its ends (× the bead width): wider than the sliver. */
const SLIVER_END_REACH = 0.5;

/** An odd bead cut where it passes a corner loop (within its reach), the corner marked used. */
function cutAtCorners(xy: number[], corners: CornerLoop[]): number[][] {
  const n = xy.length / 2;
  const cuts: number[] = [];
  for (const c of corners) {
    const [k, d] = nearestVertex(xy, c.x, c.y);
    if (d <= c.reach && k > 0 && k < n - 1) {
      cuts.push(k);
      c.used = true;
    }
  }
  if (cuts.length === 0) return [xy];
  cuts.sort((p, q) => p - q);
  const pieces: number[][] = [];
  let from = 0;
  for (const k of cuts) {
    if (k <= from) continue;
    pieces.push(xy.slice(2 * from, 2 * k + 2));
    from = k;
  }
  pieces.push(xy.slice(2 * from));
  // each piece runs towards −x, +y: in PrusaSlicer's G-code of a U channel, an L and a Z (walls 1.3
  // and 1.35 mm, every piece along x or y) every piece does, whichever end is at a corner loop
  return pieces.map((piece) => {
    const e = piece.length - 2;
    const dx = (piece[e] as number) - (piece[0] as number);
    const dy = (piece[e + 1] as number) - (piece[1] as number);
    return dy - dx < 0 ? reversedPath(piece) : piece;
  });
}

/** PrusaSlicer's loop clipping: a loop ends this far before its start (0.15 × nozzle). */
const LOOP_CLIP = 0.06;

/**
 * Stage "perimeters" for an island thick enough for its walls (walls.ts): the external and the inner
 * pass as loops or open pieces and the odd beads, in PrusaSlicer's order of Arachne's lines (each
 * external loop after the inner lines nearest to it, then nearest first point); a loop starts at its seam (the sharpest concave corner of the external loop,
 * else its sharpest corner: the aligned seam stacks there), ends 0.06 mm short, and the nozzle moves
 * in by up to a nozzle width after the external loop before it travels on.
 */
function wallPathStage(
  island: Island,
  layer: LayerSettings,
  ctx: EstimateContext,
  pen: Pen,
  below: LowerLayer | null,
): void {
  const grid = new EdgeGrid(island.loops, 1);
  // Arachne's bead counts by the part's thickness (its thresholds are for the outline moved in by
  // (w − spacing) / 2 first): the external pass needs 2 beads, the inner one 4
  const arachne = layerArachne(layer);
  const firstInset = layer.wallWidth - layer.wallSpacing;
  // In a ring (an island with one hole: a nut, a washer, a letter O) the two walls run nearly
  // parallel all round, and where the inner pass fits over a stretch only, that is where the wall
  // has room for four beads: Arachne's transitions to three run their length there (the four beads
  // go on past the threshold), and its even beads are closed loops (the two inner beads facing each
  // other join at both ends). Elsewhere our open inner pieces stand for a junction's geometry
  // (a lattice's crossing bars), where doing either made lattices worse by 10 points: not taken.
  const ring = island.loops.length === 2;
  const passOuter = wallPass(island.loops, layer.wallWidth / 2, grid, thicknessFor(2, arachne) + firstInset);
  const passInner = wallPass(
    island.loops,
    layer.wallWidth / 2 + layer.wallSpacing,
    grid,
    thicknessFor(2 * PROFILE.perimeters, arachne) + firstInset,
    ring ? transitionReach(2 * PROFILE.perimeters, arachne, PROFILE.nozzle) : 0,
  );
  // where the wall holds two beads only, they share its thickness (shareTwoBeads)
  const outer = shareTwoBeads(
    passOuter.paths,
    grid,
    layer.wallWidth / 2,
    thicknessFor(3, arachne) + firstInset,
    firstInset,
  );
  let inner = passInner.paths;
  // where a pass does not fit: one bead down the middle (too thin for two), or an odd middle bead
  // between the external ones (three beads); half the stretch's length, it runs along the middle
  // (`between`: the odd bead between two external ones, which PrusaSlicer prints after them)
  const middles: Middle[] = [];
  for (const t of passOuter.thin)
    if (beadCount(t.thickness - firstInset, arachne) === 1)
      middles.push({ xy: halfOf(t.xy), between: false });
  for (const t of passInner.thin)
    for (const xy of oddBeadRuns(t, grid, arachne, firstInset, ring))
      middles.push({ xy: halfOf(xy), between: true });
  // a part too thin for the inner pass anywhere but thick enough for three beads (a 1.2 mm rib at
  // 0.2 mm: the inner pass, 0.63 mm in, leaves nothing): its odd bead runs where the part is three
  // beads thick, the middle of the outline moved in by half that (a sliver round Arachne's skeleton,
  // from its sharpest turn, a branch's end). PrusaSlicer's G-code of a T rib has that bead, 49 mm
  // a layer; the estimate had none (−10 %).
  // Where such a wall turns a sharp inside corner (a U channel's, an L's) the corner is thick enough
  // for four beads: Arachne's two inner beads there are a closed loop round the corner, printed
  // before the external loop, and the odd bead ends at it, one piece an arm (PrusaSlicer's G-code of
  // a U channel with 1.3 mm walls: two such loops and three pieces a layer, 199 mm of travel where
  // the odd bead chained through the corners had 39 mm: −18 %).
  if (passInner.paths.length === 0 && passInner.thin.length === 0 && passOuter.paths.length > 0) {
    const { corners } = fourBeadCorners(island.loops, grid, arachne, firstInset);
    const ends = corners.length > 0 ? SLIVER_END_REACH * layer.wallWidth : 0;
    for (const middle of sliverMiddles(island.loops, (thicknessFor(3, arachne) + firstInset) / 2, ends)) {
      const pieces = cutAtCorners(middle, corners);
      for (const piece of pieces) middles.push({ xy: piece, between: true, apart: pieces.length > 1 });
    }
    for (const c of corners) if (c.used) inner.push({ xy: c.loop, closed: true });
  }
  // the inner pass's short open pieces (under 1.25 bead widths) where odd beads run: at a junction
  // of bars, the inner beads round it, which Arachne joins to the odd beads through it (longer
  // pieces, round a nut's corners, are printed as walls of their own). The limit is the one of 1.25
  // and 2 bead widths with the smaller worst leave-one-family-out error (lattices 14.2 %, tiny 21.8 %
  // against 12.4 % and 23.8 %). A piece at a lone sharp inside corner thick enough for four beads
  // (an L's, a U channel's; not a junction of bars, whose inside corners face one another) is that
  // corner's loop of the two inner beads instead, and the odd beads end at it (as above).
  if (middles.length > 0) {
    const { corners, inside } = fourBeadCorners(island.loops, grid, arachne, firstInset);
    const kept: WallPath[] = [];
    // (whether every piece of the inner pass was at such a corner or short)
    let local = true;
    for (const p of inner) {
      const length = wallLength(p);
      const corner = p.closed
        ? undefined
        : corners.find((c) => length <= c.loopLength && nearestVertex(p.xy, c.x, c.y)[1] <= c.reach);
      if (corner) {
        if (!corner.used) kept.push({ xy: corner.loop, closed: true });
        corner.used = true;
      } else if (p.closed || length >= 1.25 * layer.wallWidth) {
        kept.push(p);
        local = false;
      } else middles.push({ xy: p.xy, between: false });
    }
    inner = kept;
    // a wall of three beads but for such corners (the inner pass fits there only) and with no
    // junction (every inside corner has its loop: the sliver of a branching skeleton, a T's or an
    // F's, is no one path): its odd bead runs round the skeleton (the sliver, as above), cut at the
    // loops (the thin stretches' halves follow the inner pass's loop, which doubles back along an arm)
    const used = corners.filter((c) => c.used);
    if (used.length > 0 && local && used.length === inside) {
      middles.length = 0;
      const ends = SLIVER_END_REACH * layer.wallWidth;
      for (const xy of sliverMiddles(island.loops, (thicknessFor(3, arachne) + firstInset) / 2, ends))
        for (const piece of cutAtCorners(xy, used)) middles.push({ xy: piece, between: true, apart: true });
    }
  }
  if (ring) inner = closeEvenPieces(inner, 2 * layer.wallWidth);
  // an island too thin for even the external pass (under a bead wide): one bead along its middle,
  // ending half its width before each end (a w × l bar: l − w; a thin tube: its circumference), its
  // width the island's mean (2 × area / perimeter, holes included). Arachne gets the outline moved in
  // by half the bead's width less its spacing first, so a sliver (a lattice's bars cut by the box's
  // face, 0.13 mm thick) under min_feature_size after that is not printed.
  const outline = island.loops.find((loop) => loopArea2(loop) > 0);
  if (outer.length === 0 && passOuter.thin.length === 0 && outline) {
    const width = (2 * island.area) / island.perimeter;
    if (width - firstInset >= arachne.minFeatureSize)
      middles.push({ xy: centreline(outline, island.perimeter / 2 - 2 * width), between: false });
  }
  const feed = ctx.feedPerMm(layer.wallWidth);
  const speed = layer.wallSpeed;
  const bridgeArea = (Math.PI * PROFILE.nozzle * PROFILE.nozzle) / 4;
  const overhangFeed = bridgeArea / ctx.filamentArea;
  const overhangSpeed = Math.min(layer.layerSpeed, PROFILE.maxVolumetric / bridgeArea);
  /** A wall path, its stretches over air printed as overhang perimeters (bridge flow and speed, not
   * slowed for cooling); adds the overhangs' extra filament over the walls' volume. */
  const print = (xy: number[]) => {
    if (!below) {
      pen.path(xy, feed, speed, Feature.walls);
      return;
    }
    const n = xy.length / 2;
    let from = 0;
    let over = false;
    for (let k = 1; k <= n; k++) {
      const o: boolean =
        k < n
          ? overhangs(
              below,
              ((xy[2 * k - 2] as number) + (xy[2 * k] as number)) / 2,
              ((xy[2 * k - 1] as number) + (xy[2 * k + 1] as number)) / 2,
            )
          : !over;
      if (k === 1) over = o;
      if (o !== over || k === n) {
        const run = xy.slice(2 * from, 2 * k);
        if (over) {
          const length = pen.path(run, overhangFeed, overhangSpeed, Feature.walls, true);
          ctx.volume.walls += length * (bridgeArea - layer.layerHeight * layer.wallSpacing);
        } else pen.path(run, feed, speed, Feature.walls);
        from = k - 1;
        over = o;
      }
    }
  };
  // odd beads: Arachne's odd bead is one line down the middle of a bar that goes on through the
  // bar's junctions: a piece that starts within MIDDLE_JOIN of where the last one ended continues it
  const odd: Middle[] = [];
  {
    const paths = middles.map((m) => m.xy);
    const used = new Uint8Array(paths.length);
    let chained: Middle | null = null;
    for (let left = paths.length; left > 0; left--) {
      const start = chained ? chained.xy : (paths[used.indexOf(0)] as number[]);
      const at = chained ? start.length - 2 : 0;
      const [best, reverse, d2] = nearestEnd(paths, start[at] as number, start[at + 1] as number, used);
      used[best] = 1;
      const piece = middles[best] as Middle;
      const next = reverse ? reversedPath(piece.xy) : piece.xy;
      if (chained && d2 <= MIDDLE_JOIN * MIDDLE_JOIN && !piece.apart) {
        chained.xy.push(...next);
        chained.between ||= piece.between;
      } else {
        if (chained) odd.push(chained);
        chained = { xy: next, between: piece.between };
      }
    }
    if (chained) odd.push(chained);
  }
  // PrusaSlicer 2.5's order of Arachne's lines (PerimeterGenerator::process_arachne, read at
  // 2.5.0): an external loop waits for the inner lines it encloses, and an odd bead between
  // external beads waits for them (getRegionOrder, below); of the lines free to go, the
  // one whose first point is nearest goes next, and the order goes on from where it ends. (The
  // thin three-bead ring's G-code prints its open pieces from their far ends, oddRingTravel; doing
  // that here too made gears, text and lattices worse, leave-one-family-out: not taken.)
  interface Line {
    xy: number[];
    closed: boolean;
    outer: boolean;
    /** The external path an inner line waits to be printed before (−1: none). */
    owner: number;
    /** The point the order measures from (a loop's seam, an open line's first point). */
    seam: number;
    /** A loop with no corner (a round wall): when the line printed before it was a round loop too
     * and ended within SEAM_BESIDE of it, its seam is its vertex nearest the nozzle: PrusaSlicer's
     * aligned seams of a wall's beads stand side by side, and so do those of a cup's, a bowl's or a
     * vase's inner and outer walls (not a small washer's: measured, the sealed washers come out
     * 2-4 points lower, as they do with same-wall alignment only). Corners keep their own seams: a
     * tray's inner seam is at the corner across from its outer one, a thin box's at the same
     * corner. */
    round: boolean;
    /** Its own seam (seamAt). */
    ownSeam: number;
    /** External paths this line waits for (an odd bead between them). */
    after: number[];
  }
  const lines: Line[] = outer.map((o) => ({
    xy: o.xy,
    closed: o.closed,
    outer: true,
    owner: -1,
    ...seamsOf(o),
    after: [],
  }));
  const ownerOf = (x: number, y: number) => {
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let g = 0; g < outer.length; g++) {
      const d = nearestVertex((outer[g] as WallPath).xy, x, y)[1];
      if (d < bestD) {
        bestD = d;
        best = g;
      }
    }
    return best;
  };
  for (const p of inner) {
    const owner = ownerOf(p.xy[0] as number, p.xy[1] as number);
    // an inner loop's seam goes with its external loop's, at the same corner where its corners
    // tie (PrusaSlicer's G-code of a leaning slab: both seams at one corner on every layer; the
    // estimate took one corner of each rectangle, two sides apart at some layer heights: +11 %)
    const o = lines[owner];
    lines.push({
      xy: p.xy,
      closed: p.closed,
      outer: false,
      owner,
      ...seamsOf(p, o ? [o.xy[2 * o.seam] as number, o.xy[2 * o.seam + 1] as number] : undefined),
      after: [],
    });
  }
  // Arachne's region order (WallToolPaths::getRegionOrder): an odd bead goes after the external
  // beads beside it (within 1.9 bead widths), whatever the order of the others
  for (const { xy, between } of odd)
    lines.push({
      xy,
      closed: false,
      outer: false,
      owner: between ? -1 : ownerOf(xy[0] as number, xy[1] as number),
      seam: 0,
      round: false,
      ownSeam: 0,
      after: between ? outersBeside(xy, outer, 1.9 * layer.wallWidth) : [],
    });
  const waiting = new Int32Array(lines.length);
  for (const l of lines) if (l.owner >= 0) waiting[l.owner] = (waiting[l.owner] as number) + 1;
  const done = new Uint8Array(lines.length);
  const firstInner = lines.find((l) => !l.outer);
  let cx = firstInner ? (firstInner.xy[2 * firstInner.seam] as number) : pen.x;
  let cy = firstInner ? (firstInner.xy[2 * firstInner.seam + 1] as number) : pen.y;
  let lastRound = false;
  for (let k = 0; k < lines.length; k++) {
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let j = 0; j < lines.length; j++) {
      if (done[j] === 1 || (waiting[j] as number) > 0) continue;
      const l = lines[j] as Line;
      if (l.after.some((g) => done[g] !== 1)) continue;
      if (l.round) {
        // (the nearest vertex is only looked for after a round loop: a plate's many round holes
        // after a square outline keep their own seams without the search)
        const [near, far] = lastRound ? nearestVertex(l.xy, cx, cy) : [l.ownSeam, 0];
        l.seam = far <= SEAM_BESIDE ? near : l.ownSeam;
      }
      const d = ((l.xy[2 * l.seam] as number) - cx) ** 2 + ((l.xy[2 * l.seam + 1] as number) - cy) ** 2;
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    }
    if (best < 0) break;
    done[best] = 1;
    const l = lines[best] as Line;
    lastRound = l.round;
    if (l.owner >= 0) waiting[l.owner] = (waiting[l.owner] as number) - 1;
    if (l.closed) {
      const path = loopFrom(l.xy, l.seam);
      print(path);
      cx = path[0] as number;
      cy = path[1] as number;
      // the move inwards after an external loop (a travel the next travel's length does not count)
      if (l.outer && path.length >= 4) {
        const dx = (path[2] as number) - (path[0] as number);
        const dy = (path[3] as number) - (path[1] as number);
        travel(ctx.moves, Math.min(PROFILE.nozzle, Math.sqrt(dx * dx + dy * dy)), Math.atan2(dy, dx), false);
      }
    } else {
      print(l.xy);
      cx = l.xy[l.xy.length - 2] as number;
      cy = l.xy[l.xy.length - 1] as number;
    }
  }
}

/**
 * Where a wall holds two beads only (thinner than the three-bead threshold `three`, a full
 * thickness), Arachne's two beads share it: each (T − fi) / 2 wide (BeadingStrategy with two
 * beads: both outer, the thickness split between them), its centre fi / 2 + (T − fi) / 4 from its
 * edge (fi: the outline's first inset, w − spacing). The pass's points are moved there along the
 * inward normal where that is further in than the pass's `inset` (half a bead): where the wall is
 * wider than two beads' optimum, 2 w − fi (a ring round a gear's bore: the loop dips deeper between
 * the teeth). A narrower wall's beads, up a spike, keep their distance from its sides (Arachne
 * propagates the wider part's beading into it). Where the wall is thicker than `three`, a single
 * look at the distance to the outline leaves the points.
 */
function shareTwoBeads(
  paths: WallPath[],
  grid: EdgeGrid,
  inset: number,
  three: number,
  fi: number,
): WallPath[] {
  const reach = three / 2;
  return paths.map((p) => {
    const xy = p.xy;
    const n = xy.length / 2;
    if (n < 3) return p;
    let out: number[] | null = null;
    for (let k = 0; k < n; k++) {
      const a = k > 0 ? k - 1 : p.closed ? n - 1 : k;
      const b = k + 1 < n ? k + 1 : p.closed ? 0 : k;
      const x = xy[2 * k] as number;
      const y = xy[2 * k + 1] as number;
      const tx = (xy[2 * b] as number) - (xy[2 * a] as number);
      const ty = (xy[2 * b + 1] as number) - (xy[2 * a + 1] as number);
      const len = Math.hypot(tx, ty);
      if (!(len > 0)) continue;
      const ux = tx / len;
      const uy = ty / len;
      // inwards (material on the left) to the middle of a wall at the threshold: still that far
      // from the outline, the wall is thicker
      const gx = x - uy * (reach - inset);
      const gy = y + ux * (reach - inset);
      if (grid.distance(gx, gy, reach) >= reach - 0.01) continue;
      const thickness = wallThicknessAt(x, y, -uy, ux, grid);
      const shift = fi / 2 + (thickness - fi) / 4 - inset;
      if (!(thickness < three && shift > 0)) continue;
      out ??= xy.slice();
      out[2 * k] = x - uy * shift;
      out[2 * k + 1] = y + ux * shift;
    }
    return out ? { ...p, xy: out } : p;
  });
}

/** The wall's thickness at (x, y), going inwards along (nx, ny): twice the largest distance to the
 * outline met on the way (the medial axis), to about 2 µm. */
function wallThicknessAt(x: number, y: number, nx: number, ny: number, grid: EdgeGrid): number {
  const at = (t: number) => grid.distance(x + nx * t, y + ny * t, 2);
  let best = at(0);
  let bestT = 0;
  for (let step = 1; step < 80; step++) {
    const t = step * 0.025;
    const d = at(t);
    if (d < best - 0.02) break;
    if (d > best) {
      best = d;
      bestT = t;
    }
  }
  // the distance rises to the medial axis and falls past it: narrow the peak down
  let lo = Math.max(0, bestT - 0.025);
  let hi = bestT + 0.025;
  for (let k = 0; k < 12; k++) {
    const a = lo + (hi - lo) / 3;
    const b = hi - (hi - lo) / 3;
    if (at(a) < at(b)) lo = a;
    else hi = b;
  }
  return 2 * Math.max(best, at((lo + hi) / 2));
}

/**
 * Where along a stretch too thin for the inner pass Arachne lays three beads (an odd middle bead
 * between the two external ones). Outside a ring, the stretch's thickness at its middle decides for
 * all of it. In a ring (one outline and one hole: a nut, a bushing), the stretch follows the ring's
 * one skeleton loop and its thickness varies along it (thin at a nut's flats, thick at its corners):
 * it is sampled along the stretch, each sample given its bead count, and then Arachne's transition
 * filter (SkeletalTrapezoidation::filterTransitionMids, read at 2.5.0) is applied: a run of one count
 * between runs of the other is dissolved into them when the wall's thickness along it stays within
 * wall_transition_filter_deviation of the three-bead threshold (taken by the one middle bead when the
 * result is three beads, shared by two when it is two). Returns the three-bead runs as pieces of the
 * stretch. (Sampling outside rings too made lattices worse, leave-one-family-out: a bar's thin
 * stretch thickens into its junctions, where Arachne does not count beads anew.)
 */
function oddBeadRuns(
  stretch: ThinStretch,
  grid: EdgeGrid,
  arachne: ArachneSettings,
  firstInset: number,
  ring: boolean,
): number[][] {
  const xy = stretch.xy;
  if (!ring) return beadCount(stretch.thickness - firstInset, arachne) === 3 ? [xy] : [];
  const profile = thicknessProfile(xy, grid, ODD_SAMPLE_STEP, ODD_SAMPLES);
  const n = profile.at.length;
  const three = thicknessFor(3, arachne);
  const odd = profile.thickness.map((t) => beadCount(t - firstInset, arachne) === 3);
  // runs of equal count; an inner run (neighbours on both sides) may dissolve: first the runs of
  // three beads (filterTransitionMids tries each transition going up, into the thicker side,
  // first), then, between the runs of three that stay, the runs of two. A stretch that closes on
  // itself (the ring's whole skeleton loop) has no ends: its runs wrap round, every one inner.
  const closed =
    n > 2 &&
    Math.hypot(
      (xy[0] as number) - (xy[xy.length - 2] as number),
      (xy[1] as number) - (xy[xy.length - 1] as number),
    ) <
      2 * ODD_SAMPLE_STEP;
  const runsOf = (): Array<[from: number, length: number]> => {
    // from a change of count (the first sample's run, when it wraps, ends the list)
    let first = 0;
    if (closed) while (first < n && odd[first] === odd[(first + n - 1) % n]) first++;
    if (first === n) return [[0, n]];
    const runs: Array<[from: number, length: number]> = [];
    let start = first;
    const end = closed ? first + n : n;
    for (let k = first + 1; k <= end; k++)
      if (k === end || odd[k % n] !== odd[start % n]) {
        runs.push([start % n, k - start]);
        start = k;
      }
    return runs;
  };
  for (const threeBeads of [true, false]) {
    const runs = runsOf();
    const inner = closed ? runs.length > 1 : runs.length > 2;
    if (!inner) continue;
    for (let r = closed ? 0 : 1; r < (closed ? runs.length : runs.length - 1); r++) {
      const [from, length] = runs[r] as [number, number];
      if (odd[from] !== threeBeads) continue;
      let worst = 0;
      for (let k = from; k < from + length; k++) {
        const deviation = Math.abs((profile.thickness[k % n] as number) - firstInset - three);
        worst = Math.max(worst, threeBeads ? deviation / 2 : deviation);
      }
      if (worst <= TRANSITION_FILTER_DEVIATION)
        for (let k = from; k < from + length; k++) odd[k % n] = !threeBeads;
    }
  }
  const out: number[][] = [];
  const half = profile.length / n / 2;
  for (let k = 0; k < n; k++) {
    if (!odd[k]) continue;
    let m = k;
    while (m + 1 < n && odd[m + 1]) m++;
    const piece = subPath(xy, (profile.at[k] as number) - half, (profile.at[m] as number) + half);
    if (piece.length >= 4) out.push(piece);
    k = m;
  }
  return out;
}

/** Samples of a ring's thin stretch's thickness: about every this many mm, at most this many. */
const ODD_SAMPLE_STEP = 0.3;
const ODD_SAMPLES = 32;

/** Odd beads whose ends are this near (mm) are one bead through a junction. */
const MIDDLE_JOIN = 1.5;

/** A path `length` mm long (at least 0.1 mm) along a thin loop's first half, from a quarter of
 * the way in (where the loop's side runs), standing for the bead down its middle. */
function centreline(loop: Float64Array, length: number): number[] {
  const n = loop.length / 2;
  const closed = [...loop, loop[0] as number, loop[1] as number];
  const want = Math.max(0.1, length);
  // skip the first stretch (the loop's end) then take `want` mm
  let skip = Math.max(0, (loopLength(loop) / 2 - want) / 2);
  const out: number[] = [];
  let left = want;
  for (let i = 1; i <= n && left > 0; i++) {
    const ax = closed[2 * i - 2] as number;
    const ay = closed[2 * i - 1] as number;
    const dx = (closed[2 * i] as number) - ax;
    const dy = (closed[2 * i + 1] as number) - ay;
    const len = Math.sqrt(dx * dx + dy * dy);
    if (!(len > 0)) continue;
    let from = 0;
    if (skip > 0) {
      if (skip >= len) {
        skip -= len;
        continue;
      }
      from = skip;
      skip = 0;
    }
    if (out.length === 0) out.push(ax + (dx * from) / len, ay + (dy * from) / len);
    const take = Math.min(len - from, left);
    out.push(ax + (dx * (from + take)) / len, ay + (dy * (from + take)) / len);
    left -= take;
  }
  return out;
}

/** The first half (by length) of a polyline. */
function halfOf(xy: number[]): number[] {
  let total = 0;
  for (let i = 2; i < xy.length; i += 2)
    total += Math.hypot(
      (xy[i] as number) - (xy[i - 2] as number),
      (xy[i + 1] as number) - (xy[i - 1] as number),
    );
  const out = [xy[0] as number, xy[1] as number];
  let left = total / 2;
  for (let i = 2; i < xy.length && left > 0; i += 2) {
    const dx = (xy[i] as number) - (xy[i - 2] as number);
    const dy = (xy[i + 1] as number) - (xy[i - 1] as number);
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len >= left) {
      out.push((xy[i - 2] as number) + (dx * left) / len, (xy[i - 1] as number) + (dy * left) / len);
      break;
    }
    out.push(xy[i] as number, xy[i + 1] as number);
    left -= len;
  }
  return out;
}

/** A closed loop's points from vertex `start` all the way round, less the loop clipping at its end. */
function loopFrom(xy: number[], start: number): number[] {
  const n = xy.length / 2;
  const out: number[] = [];
  for (let k = 0; k <= n; k++) {
    const v = (start + k) % n;
    out.push(xy[2 * v] as number, xy[2 * v + 1] as number);
  }
  // clip the end
  let left = LOOP_CLIP;
  while (out.length >= 6 && left > 0) {
    const m = out.length;
    const dx = (out[m - 2] as number) - (out[m - 4] as number);
    const dy = (out[m - 1] as number) - (out[m - 3] as number);
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len > left) {
      out[m - 2] = (out[m - 2] as number) - (dx * left) / len;
      out[m - 1] = (out[m - 1] as number) - (dy * left) / len;
      break;
    }
    out.length = m - 2;
    left -= len;
  }
  return out;
}

/** Index of and distance to the vertex of `xy` nearest (x, y). */
function nearestVertex(xy: ArrayLike<number>, x: number, y: number): [number, number] {
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  for (let i = 0; i < xy.length; i += 2) {
    const d = ((xy[i] as number) - x) ** 2 + ((xy[i + 1] as number) - y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i / 2;
    }
  }
  return [best, Math.sqrt(bestD)];
}

/** Turn at each vertex of a closed path (radians, left positive). */
function turnsOf(xy: ArrayLike<number>): Float64Array {
  const n = xy.length / 2;
  const turns = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = (i + n - 1) % n;
    const b = (i + 1) % n;
    const ax = (xy[2 * i] as number) - (xy[2 * a] as number);
    const ay = (xy[2 * i + 1] as number) - (xy[2 * a + 1] as number);
    const bx = (xy[2 * b] as number) - (xy[2 * i] as number);
    const by = (xy[2 * b + 1] as number) - (xy[2 * i + 1] as number);
    turns[i] = Math.atan2(ax * by - ay * bx, ax * bx + ay * by);
  }
  return turns;
}

/** How near (mm) a round loop's nearest point must be for its seam to follow the nozzle: the
 * other side of a wall, not another hole of a plate. */
const SEAM_BESIDE = 3;

/** A turn sharper than this (radians, ~20°) is a corner. */
const CORNER_TURN = 0.35;

/** Corners whose turns differ by less than this (radians, about 1°) are equally sharp. */
const SEAM_TIE = 0.02;
/** An inner loop's seam goes to its external loop's corner where at most this many corners tie (a
 * rectangle's four). A gear's tooth roots, a hexagon's corners, keep the loop's own seam: taking the
 * nearest there too put the open gears 4 points (summed over their slices) further from PrusaSlicer,
 * and up to 8 tied corners 1 point more than 4 over the gears, text, tiny parts, plates, nuts and
 * boxes. */
const SEAM_TIED_CORNERS = 4;

/** A path's seam (seamAt; where at most SEAM_TIED_CORNERS corners are equally sharp, the one nearest
 * `near`), and whether it is a loop with no corner (Line.round). */
function seamsOf(p: WallPath, near?: [number, number]): { seam: number; ownSeam: number; round: boolean } {
  if (!p.closed) return { seam: 0, ownSeam: 0, round: false };
  const turns = turnsOf(p.xy);
  let seam = seamAt(turns);
  if (near) {
    // the corners as sharp as the seam's, on its side (concave or not)
    const turn = turns[seam] as number;
    const concave = turn < -CORNER_TURN;
    let best = Number.POSITIVE_INFINITY;
    let nearest = seam;
    let tied = 0;
    for (let i = 0; i < turns.length; i++) {
      const t = turns[i] as number;
      if ((concave ? -t : Math.abs(t)) < (concave ? -turn : Math.abs(turn)) - SEAM_TIE) continue;
      tied++;
      const d = ((p.xy[2 * i] as number) - near[0]) ** 2 + ((p.xy[2 * i + 1] as number) - near[1]) ** 2;
      if (d < best) {
        best = d;
        nearest = i;
      }
    }
    if (tied <= SEAM_TIED_CORNERS) seam = nearest;
  }
  const round = turns.every((t) => Math.abs(t) <= CORNER_TURN);
  return { seam, ownSeam: seam, round };
}

/** The seam of a loop: its sharpest concave corner, else its sharpest corner (vertex index). */
function seamAt(turns: Float64Array): number {
  let bestConcave = -1;
  let concaveTurn = CORNER_TURN;
  let bestAny = 0;
  let anyTurn = -1;
  for (let i = 0; i < turns.length; i++) {
    const turn = turns[i] as number;
    if (-turn > concaveTurn) {
      concaveTurn = -turn;
      bestConcave = i;
    }
    if (Math.abs(turn) > anyTurn) {
      anyTurn = Math.abs(turn);
      bestAny = i;
    }
  }
  return bestConcave >= 0 ? bestConcave : bestAny;
}

/**
 * Volume of an island's walls on one layer (mm³): Arachne's beads cover the outline (moved in by
 * (w − spacing) / 2) up to the inner contour, which the fill area overlaps by 0.25 spacing; with no
 * fill area, the beads widen to cover it all. (The fill area's loops add up to its area and
 * outline: where its grown holes cross, fillArea gives its exact outline.)
 */
function wallsVolume(island: Island, fillLoops: Loops, layer: LayerSettings): number {
  const covered = island.area - (island.perimeter * (layer.wallWidth - layer.wallSpacing)) / 2;
  let inner = 0;
  for (const xy of fillLoops) inner += loopArea2(xy) / 2 - 0.25 * layer.wallSpacing * loopLength(xy);
  return Math.max(0, covered - Math.max(0, inner)) * layer.layerHeight;
}

/** The layer under the one being printed: its raster and outline, for overhanging walls. */
interface LowerLayer {
  grid: Uint8Array;
  base: number;
  shape: Raster;
  edges: EdgeGrid;
}

function lowerLayer(geo: LayerGeometry, i: number): LowerLayer {
  const { cols, rows, originX, originY } = geo.raster;
  const loops = (geo.islands[i] ?? []).flatMap((isl) => isl.loops);
  return {
    grid: geo.raster.grid,
    base: i * cols * rows,
    shape: { cols, rows, cell: geo.cellSize, originX, originY },
    edges: new EdgeGrid(loops, 1),
  };
}

/**
 * PrusaSlicer's overhang test: a wall point more than half a nozzle outside the layer below. A cell
 * of the raster below holds material when its centre does: a point in an empty cell may still lie
 * inside the outline, up to half the cell's diagonal from the centre (a hole's external bead, 0.225 mm
 * from its edge, in 0.5 mm cells), so there the side of the nearest edge tells.
 */
function overhangs(below: LowerLayer, x: number, y: number): boolean {
  const { cols, rows, cell, originX, originY } = below.shape;
  const c = Math.floor((x - originX) / cell);
  const r = Math.floor((y - originY) / cell);
  if (c >= 0 && r >= 0 && c < cols && r < rows && below.grid[below.base + r * cols + c] === 1) return false;
  const reach = Math.max(PROFILE.nozzle / 2, cell * Math.SQRT1_2) + 1e-3;
  const d = below.edges.signedDistance(x, y, reach);
  // no edge within reach: the point is on the side of its cell's centre, outside
  return d === Number.POSITIVE_INFINITY || d < -PROFILE.nozzle / 2;
}

/** The support settings of the house profile at a layer height. */
function supportSettings(layerHeight: number): SupportSettings {
  return {
    layerHeight,
    spacing: PROFILE.supportSpacing,
    width: PROFILE.supportWidth,
    threshold: PROFILE.width / 2,
    contactDistance: 0.2,
    interfaceLayers: PROFILE.supportInterfaceLayers,
    bridgeHeight: PROFILE.nozzle,
    firstLayerExpansion: 3,
    firstLayerWidth: PROFILE.firstLayerWidth,
  };
}

/** Where support goes (supports.ts), cached on the geometry. */
function supportKindsOf(geo: LayerGeometry, types: Uint8Array): SupportPlan {
  if (geo.supportKinds) return geo.supportKinds;
  const field = geo.field as Int8Array;
  geo.supportKinds = supportKinds(
    geo.raster.grid,
    field,
    types,
    geo.layerCount,
    rasterOf(geo),
    supportSettings(geo.layerHeight),
    // the walls of a layer (their passes' paths) and the bars they run along, for its bridging
    // perimeters
    (i) => {
      const layer = layerSettings(i, 60, geo.layerHeight);
      const arachne = layerArachne(layer);
      const firstInset = layer.wallWidth - layer.wallSpacing;
      const paths: number[][] = [];
      const grids: EdgeGrid[] = [];
      for (const island of geo.islands[i] ?? []) {
        const grid = new EdgeGrid(island.loops, 1);
        grids.push(grid);
        for (const inset of [layer.wallWidth / 2, layer.wallWidth / 2 + layer.wallSpacing])
          for (const p of wallPass(island.loops, inset, grid, 0).paths)
            paths.push(p.closed ? [...p.xy, p.xy[0] as number, p.xy[1] as number] : p.xy);
      }
      const bar = (x1: number, y1: number, x2: number, y2: number) => {
        // the island whose outline the stretch runs nearest
        let grid: EdgeGrid | undefined;
        let nearest = Number.POSITIVE_INFINITY;
        for (const g of grids) {
          const d = g.distance((x1 + x2) / 2, (y1 + y2) / 2, 2);
          if (d < nearest) {
            nearest = d;
            grid = g;
          }
        }
        const beads = grid ? barBeads(grid, x1, y1, x2, y2, arachne, firstInset) : null;
        if (!beads) return undefined;
        return beads.covered ? { segment: beads.segment, halfWidth: beads.thickness / 2 } : null;
      };
      return { paths, bar };
    },
  );
  return geo.supportKinds;
}

/** The shape of a geometry's raster (its grid's size, cell and origin). */
function rasterOf(geo: LayerGeometry): Raster {
  return {
    cols: geo.raster.cols,
    rows: geo.raster.rows,
    cell: geo.cellSize,
    originX: geo.raster.originX,
    originY: geo.raster.originY,
  };
}

/**
 * Stage "supports", the lines (SupportMaterial's toolpaths): the base as a sheath round each island
 * and lines along X one grid pitch apart on the grid's lines, joined along the island's edge; the
 * interface and the bottom contacts solid, along Y, every layer alike (a bottom contact with
 * bridging flow); the first layer along Y at 90 % with the first layer's width, sheathed. Printed
 * as a greedy chain from the nozzle; a travel to a base path that stays on the layer's support does
 * not retract.
 */
function supportStage(
  kinds: Uint8Array,
  field: Int8Array,
  i: number,
  height: number,
  shape: Raster,
  layer: LayerSettings,
  ctx: EstimateContext,
  pen: Pen,
): void {
  const cells = shape.cols * shape.rows;
  const base = i * cells;
  const present = new Set<number>();
  for (let p = 0; p < cells; p++)
    if (kinds[base + p] !== SupportKind.none) present.add(kinds[base + p] as number);
  if (present.size === 0) return;
  // a support layer of its own height (its own layer change when it is not the object's)
  if (Math.abs(height - layer.layerHeight) > 1e-6) layerChange(ctx.moves, layer.layerHeight / 2);
  const settings = supportSettings(layer.layerHeight);
  const width = layer.first ? PROFILE.firstLayerWidth : PROFILE.supportWidth;
  // a bead of the support layer's own height; its lines are laid the support flow's spacing apart,
  // which PrusaSlicer takes at the object's layer height (a 0.3 mm support layer under 0.2 mm
  // layers keeps 0.307 mm between its lines)
  const area = height * spacing(width, height);
  const s = spacing(width, layer.layerHeight);
  const feed = area / ctx.filamentArea;
  const speed = Math.min(layer.layerSpeed, PROFILE.maxVolumetric / area);
  const mask = new Uint8Array(cells);
  /** The layer's lines, each with its bead's cross-section and whether it is base support. */
  const paths: Array<{ xy: number[]; area: number; base: boolean }> = [];
  const layers = kinds.length / cells;
  for (const kind of present) {
    if (kind === SupportKind.interface) {
      // the interface over its grid squares grown by half a spacing, less the object and its gap
      const near = [i - 1, i, i + 1].filter((k) => k >= 0 && k < layers).map((k) => k * cells);
      const region = squaredRegion(
        kinds,
        base,
        kind,
        shape,
        supportPitch(settings),
        s / 2,
        field,
        near,
        settings.threshold / FIELD_STEP,
      );
      if (!region) continue;
      const fill = solidFill(region, Math.PI / 2, s, { phase: s / 2, outerEnds: true });
      for (const f of fill.paths) paths.push({ xy: f.xy, area, base: false });
      continue;
    }
    for (let p = 0; p < cells; p++) mask[p] = kinds[base + p] === kind ? 1 : 0;
    const loops = contours(mask, shape);
    if (loops.length === 0) continue;
    if (kind === SupportKind.base) {
      // the sheath: each island's outline moved in by half a width
      for (const xy of insetLoops(loops, width / 2)) {
        const pts = toNumbers(xy);
        pts.push(xy[0] as number, xy[1] as number);
        paths.push({ xy: pts, area, base: true });
      }
      const inner = insetLoops(loops, 0.4 * s);
      const fill = layer.first
        ? solidFill({ loops: inner }, Math.PI / 2, s, { pitch: s / 0.9, phase: 0 })
        : solidFill({ loops: inner }, 0, s, { pitch: supportPitch(settings), phase: 0 });
      for (const f of fill.paths) paths.push({ xy: f.xy, area, base: true });
    } else {
      // a bottom contact: solid, with bridging flow
      const fill = solidFill({ loops }, Math.PI / 2, s, { phase: s / 2 });
      const a = (Math.PI * PROFILE.nozzle * PROFILE.nozzle) / 4;
      for (const f of fill.paths) paths.push({ xy: f.xy, area: a, base: false });
    }
  }
  /** Whether the straight travel to (x, y) stays on this layer's support (GCode::needs_retraction,
   * read at 2.5.0: a travel to a base support path inside the layer's support islands does not
   * retract; one to an interface path does). Sampled every half cell. */
  const withinSupport = (x: number, y: number) => {
    const length = Math.hypot(x - pen.x, y - pen.y);
    const steps = Math.max(1, Math.ceil(length / (shape.cell / 2)));
    for (let k = 0; k <= steps; k++) {
      const c = Math.floor((pen.x + ((x - pen.x) * k) / steps - shape.originX) / shape.cell);
      const r = Math.floor((pen.y + ((y - pen.y) * k) / steps - shape.originY) / shape.cell);
      if (c < 0 || r < 0 || c >= shape.cols || r >= shape.rows) return false;
      if (kinds[base + r * shape.cols + c] === SupportKind.none) return false;
    }
    return true;
  };
  // a greedy chain from the nozzle
  const done = new Uint8Array(paths.length);
  const ends = paths.map((p) => p.xy);
  for (let k = 0; k < paths.length; k++) {
    const [best, reverse] = nearestEnd(ends, pen.x, pen.y, done);
    done[best] = 1;
    const piece = paths[best] as (typeof paths)[number];
    const xy = reverse ? reversedPath(piece.xy) : piece.xy;
    const f = piece.area === area ? feed : piece.area / ctx.filamentArea;
    const sp = piece.area === area ? speed : Math.min(layer.layerSpeed, PROFILE.maxVolumetric / piece.area);
    const retract = !(piece.base && withinSupport(xy[0] as number, xy[1] as number));
    const length = pen.path(xy, f, sp, Feature.support, false, retract);
    ctx.volume.support += length * piece.area;
  }
}
