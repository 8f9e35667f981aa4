/**
 * Print time and filament from a sliced mesh (pure, no Node APIs). See README.md for the method.
 */
import type { Analysis, TriangleMesh } from '@printloop/geometry';
import { HOUSE_PRINTER, MATERIALS, type PrintParameters, parseParameters } from '@printloop/materials';
import { type ArachneSettings, beadCount, beadWidths, thicknessFor } from './arachne.js';
import { loopArea2, loopLength } from './outline.js';
import { MotionPlanner } from './planner.js';
import {
  type GeometryOptions,
  type Island,
  type LayerGeometry,
  layerGeometry,
  type PreparedMesh,
  prepareMesh,
  type SupportGeometry,
  supportGeometry,
} from './slice.js';
import {
  extrude,
  Feature,
  followLoop,
  LayerMoves,
  layerChange,
  planLayer,
  polygonLoop,
  travel,
  zigzag,
} from './toolpath.js';

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

/** Calibrated on the PrusaSlicer references (see accuracy.ts and refs/). */
export const CALIBRATION = {
  /** Overall scales of the time and filament estimates, fitted on the corpus (median log-ratio over
   * every family; the accuracy report refits them leaving each family out in turn). */
  timeScale: 1.01,
  gramsScale: 1,
  /** Mean chord of infill lines = chordFactor · π · area / outline (Cauchy's formula). */
  chordFactor: 1.5,
  /** Travel moves per island per layer, of length travelLengthFactor × √area. */
  travelsPerIsland: 4.5,
  travelLengthFactor: 0.75,
  /** Travel moves per sparse / solid infill line (disconnected pieces), of travelLineLength mm; sparse
   * lines shorter than travelChordMin mm count as chained. */
  travelPerLine: 0.23,
  travelPerSolidLine: 0.2,
  travelLineLength: 4,
  travelChordMin: 1.3,
  /** Wall loops: fit threshold (× inset) and shrink per loop (× 2π × inset; 1 = convex outline). */
  loopFit: 1,
  loopShrink: 0.56,
  /** Interior narrower than this (mm) after the walls gets no infill... */
  minInteriorWidth: 0.32,
  /** Thin walls: a middle gap wider than this (mm) gets a gap-fill line (PrusaSlicer 2.5's Arachne
   * walls add a middle bead from min_bead_width = 85 % of the nozzle). */
  gapFillMin: 0.35,
  /** ...and this share of that gap is still filled by the walls. */
  gapFill: 0.9,
  /** Effective inset of the infill region (mm): infill overlaps the inner wall. */
  interiorInset: 0.79,
  /** Infill anchors: this share of the sparse region's outline is extruded along the inner wall. */
  anchorFrac: 0.32,
  /** Bridge flow relative to a round line of nozzle diameter per extrusion width. */
  bridgeFlow: 1,
  /** Vertical shells: a cell stays sparse only if the outlines of the shellLayers layers above and
   * below, inset by shellInset mm, still cover it. */
  shellInset: 0.3,
  shellLayers: 4,
  /** Sloped walls: exposed strips narrower than this (mm per layer) are not solid; wider ones are,
   * ×shellRingScale, through the top/bottom layer counts. */
  shellMinShift: 0.13,
  shellRingScale: 0.6,
  /** The same for strips facing down (overhanging slopes): PrusaSlicer covers them with overhang
   * perimeters instead, so only very shallow ones turn solid. */
  shellMinShiftDown: 0.2,
  /** Support material: volume multiplier over the modelled base + interface layers. */
  supportScale: 1.15,
  /** Support line chord factor (× the region's mean chord). */
  supportChord: 1.4,
  /** Support grown around each overhang (mm). */
  supportGrow: 2.5,
};

export const GEOMETRY_OPTIONS: GeometryOptions = {
  topLayers: PROFILE.topLayers,
  bottomLayers: PROFILE.bottomLayers,
  supportGapLayers: 1,
  supportInterfaceLayers: PROFILE.supportInterfaceLayers,
  supportGrow: CALIBRATION.supportGrow,
  shellInset: CALIBRATION.shellInset,
  shellLayers: CALIBRATION.shellLayers,
  skipBridges: true,
  topMinThickness: 0,
  bottomMinThickness: 0,
  interiorInset: PROFILE.width + (PROFILE.perimeters - 1) * spacing(PROFILE.width, 0.2),
  maxCellsPerLayer: 30000,
  maxCellLayers: 20e6,
  minCell: 0.25,
};

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
): EstimateResult {
  const parameters = parseParameters(params);
  const prepared = 'zmin' in input ? input : prepareMesh(input);
  const geometry = layerGeometry(prepared, parameters.layerHeight, GEOMETRY_OPTIONS);
  return computeEstimate(prepared, geometry, parameters);
}

export function computeEstimate(
  pm: PreparedMesh,
  geo: LayerGeometry,
  params: PrintParameters,
): EstimateResult {
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
    travelLine: () =>
      travel(
        moves,
        CALIBRATION.travelLineLength,
        Math.PI / 3,
        CALIBRATION.travelLineLength > PROFILE.retractBeforeTravel,
      ),
  };
  const planner = new MotionPlanner();
  const { stripUp, stripDown } = slopedShellStrips(geo);
  const supportRegions = params.supportRequired ? supportGeometry(pm, geo, GEOMETRY_OPTIONS) : null;

  for (let i = 0; i < geo.layerCount; i++) {
    const layer = layerSettings(i, params.printSpeed, layerHeight, stripUp, stripDown);
    if (i > 0) layerChange(moves, layerHeight);
    let lastStart: [number, number] | null = null;
    // islands in nearest-next order, as PrusaSlicer chains them to shorten travel
    for (const island of islandOrder(geo.islands[i] ?? [])) {
      if (!(island.area > 0) || !(island.perimeter > 0)) continue;
      const outlines = island.loops.map((xy) => ({ xy, length: loopLength(xy), outer: loopArea2(xy) > 0 }));
      const walls = wallStage(island, outlines, layer);
      // stage "travel": to the island from where the last one started, then its perimeters
      // innermost first, then a short hop into its interior
      const start = islandStart(island);
      const hop =
        start && lastStart
          ? Math.hypot(start[0] - lastStart[0], start[1] - lastStart[1])
          : CALIBRATION.travelLengthFactor * Math.sqrt(island.area);
      // the layer change always retracts; later hops only past retract_before_travel
      travel(moves, hop, Math.PI / 6, !lastStart || hop > PROFILE.retractBeforeTravel);
      if (start) lastStart = start;
      travel(moves, Math.min(hop, 1), Math.PI / 3, false);
      if (walls.beads) thinWallStage(outlines, walls, island, layer, ctx);
      else
        perimeterStage(
          moves,
          outlines,
          walls.passes,
          island.perimeter,
          ctx.feedPerMm(layer.wallWidth),
          layer.wallSpeed,
          layer.wallSpacing,
          PROFILE.retractBeforeTravel,
        );
      ctx.volume.walls += walls.area * layerHeight;
      const regions = regionStage(island, walls, layer, ctx);
      if (!regions) continue;
      skinStage(regions, layer, ctx, outlines.filter((o) => !o.outer).length);
      infillStage(regions, layer, ctx);
    }
    if (supportRegions) supportStage(supportRegions, i, layer, ctx);
    if (layer.first) skirtStage(geo, layer, ctx);
    planLayer(planner, moves);
  }
  planner.flush();
  return estimateResult(planner, ctx.volume, params, geo.layerCount, filamentArea);
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
  /** One travel between infill pieces (retracted when long). */
  travelLine: () => void;
}

/** What one layer's stages share: speeds, widths, line spacings and infill directions. */
interface LayerSettings {
  first: boolean;
  layerHeight: number;
  /** The print speed on this layer (first layer: at most first_layer_speed). */
  layerSpeed: number;
  wallWidth: number;
  wallSpacing: number;
  /** The speed the walls and sparse infill run at (after the volumetric cap). */
  wallSpeed: number;
  lineSpacing: number;
  topSpacing: number;
  /** Solid infill angle (45° / 135°, turning every layer) and its connectors' angle. */
  solidAngle: number;
  edgeAngle: number;
  /** Width of the solid ring that sloped walls above and below make in this layer (mm). */
  ringWidth: number;
}

/** Highest speed (mm/s) the volumetric limit allows for a line of width w at height h. */
function volumetricCap(width: number, layerHeight: number): number {
  return PROFILE.maxVolumetric / (layerHeight * spacing(width, layerHeight));
}

function layerSettings(
  i: number,
  speed: number,
  layerHeight: number,
  stripUp: Float64Array,
  stripDown: Float64Array,
): LayerSettings {
  const first = i === 0;
  const lineSpacing = spacing(PROFILE.width, layerHeight);
  const layerSpeed = first ? Math.min(speed, PROFILE.firstLayerSpeedMax) : speed;
  const wallWidth = first ? PROFILE.firstLayerWidth : PROFILE.width;
  let ringWidth = 0;
  for (let k = 0; k < PROFILE.topLayers && i + k < stripUp.length; k++) ringWidth += stripUp[i + k] as number;
  for (let k = 0; k < PROFILE.bottomLayers && i - k >= 0; k++) ringWidth += stripDown[i - k] as number;
  return {
    first,
    layerHeight,
    layerSpeed,
    wallWidth,
    wallSpacing: first ? spacing(PROFILE.firstLayerWidth, layerHeight) : lineSpacing,
    wallSpeed: Math.min(layerSpeed, volumetricCap(wallWidth, layerHeight)),
    lineSpacing,
    topSpacing: spacing(PROFILE.topWidth, layerHeight),
    solidAngle: i % 2 === 0 ? Math.PI / 4 : (3 * Math.PI) / 4,
    edgeAngle: i % 2 === 0 ? 0 : Math.PI / 2,
    ringWidth: ringWidth * CALIBRATION.shellRingScale,
  };
}

/**
 * Sloped walls: PrusaSlicer keeps a layer's exposed strip (top or bottom surface) only when it is
 * wider than shellMinShift, then makes it solid through the next 4 layers down (3 up). The strip
 * width per layer is the outline's shift: area change / outline length (exact, from the segments).
 */
function slopedShellStrips(geo: LayerGeometry): { stripUp: Float64Array; stripDown: Float64Array } {
  const layerCount = geo.layerCount;
  const layerArea = new Float64Array(layerCount);
  const layerOutline = new Float64Array(layerCount);
  for (let i = 0; i < layerCount; i++) {
    for (const island of geo.islands[i] ?? []) {
      layerArea[i] = (layerArea[i] as number) + island.area;
      layerOutline[i] = (layerOutline[i] as number) + island.perimeter;
    }
  }
  const stripUp = new Float64Array(layerCount);
  const stripDown = new Float64Array(layerCount);
  for (let i = 0; i < layerCount; i++) {
    const outline = layerOutline[i] as number;
    if (!(outline > 0)) continue;
    const above =
      i + 1 < layerCount ? ((layerArea[i] as number) - (layerArea[i + 1] as number)) / outline : 0;
    const below = i > 0 ? ((layerArea[i] as number) - (layerArea[i - 1] as number)) / outline : 0;
    stripUp[i] = above > CALIBRATION.shellMinShift ? above : 0;
    stripDown[i] = below > CALIBRATION.shellMinShiftDown ? below : 0;
  }
  return { stripUp, stripDown };
}

/** What the walls of one island are: its perimeter passes, their total length and area. */
interface Walls {
  passes: PerimeterPass[];
  length: number;
  /** Area the walls cover (all of a thin island). */
  area: number;
  thin: boolean;
  /** The island's mean width (2 · area / outline). */
  meanWidth: number;
  /** A wall too thin for every perimeter: Arachne's beads across it (spacings, outside in) and the
   * thickness they share. */
  beads?: number[];
  beadThickness?: number;
}

/** Arachne's settings on one layer (house profile: every perimeter 0.45 wide, first layer 0.42;
 * min_bead_width 85 % and min_feature_size 25 % of the nozzle, PrusaSlicer 2.5's defaults). */
function arachneSettings(layer: LayerSettings): ArachneSettings {
  return {
    outerSpacing: layer.wallSpacing,
    innerSpacing: layer.wallSpacing,
    outerWidth: layer.wallWidth,
    innerWidth: layer.wallWidth,
    minBeadWidth: 0.85 * PROFILE.nozzle,
    minFeatureSize: 0.25 * PROFILE.nozzle,
    perimeters: PROFILE.perimeters,
  };
}

/**
 * Stage "perimeters", how much: loop k runs at inset w/2 + k·spacing if the island is wide enough to
 * hold it (an outer loop shrinks as it moves in, a hole's loop grows); a wall too thin for all loops
 * is filled by widened loops (volume = its area), with a gap-fill line in the middle when it is wide
 * enough. Passes come innermost first.
 */
function wallStage(
  island: Island,
  outlines: Array<{ length: number; outer: boolean }>,
  layer: LayerSettings,
): Walls {
  const outline = island.perimeter;
  const meanWidth = (2 * island.area) / outline;
  // Arachne: the outline moves in by (width − spacing) / 2 first; fewer beads than 2 × perimeters
  // fit across what is left: a thin wall, printed as those beads
  // (only for a ring, one outline and one hole, whose thickness is measured across; elsewhere the
  // mean width is no wall thickness — a stroke's ends and joins — and the loops below apply)
  const arachne = arachneSettings(layer);
  // (measured only when the mean width is under 1.5 × the width of 2 × perimeters beads: thick
  // corners make the mean wider than the wall, never this much)
  const ring =
    island.loops.length === 2 &&
    meanWidth - (layer.wallWidth - layer.wallSpacing) < 1.5 * thicknessFor(2 * PROFILE.perimeters, arachne);
  const thickness = ring ? wallThickness(island, meanWidth) - (layer.wallWidth - layer.wallSpacing) : 0;
  const count = ring ? beadCount(thickness, arachne) : Number.POSITIVE_INFINITY;
  if (count < 2 * PROFILE.perimeters) {
    const beads = beadWidths(thickness, count, arachne);
    return {
      passes: [],
      length: (beads.length * outline) / 2,
      area: island.area,
      thin: true,
      meanWidth,
      beads,
      beadThickness: thickness,
    };
  }
  let length = 0;
  let fitted = 0;
  const passes: PerimeterPass[] = [];
  for (let k = 0; k < PROFILE.perimeters; k++) {
    const inset = layer.wallWidth / 2 + k * layer.wallSpacing;
    if (k > 0 && meanWidth / 2 < inset * CALIBRATION.loopFit) break;
    length +=
      outlines.length > 0
        ? outlines.reduce((sum, o) => sum + insetLength(o.length, o.outer, inset), 0)
        : Math.max(0.25 * outline, outline - CALIBRATION.loopShrink * 2 * Math.PI * inset);
    passes.push({ inset });
    fitted++;
  }
  const thin = fitted < PROFILE.perimeters;
  if (thin) {
    const gap = meanWidth - 2 * fitted * layer.wallSpacing;
    if (gap > CALIBRATION.gapFillMin) {
      length += outline / 2;
      passes.push({ share: 0.5 });
    }
  }
  let area = length * layer.wallSpacing;
  if (thin || area > island.area) area = island.area;
  return { passes: passes.reverse(), length, area, thin, meanWidth };
}

/** The interior of one island split into skins and sparse infill. */
interface Regions {
  interiorArea: number;
  solidArea: number;
  /** Solid area that is a top surface (printed with the top width). */
  surfaceArea: number;
  sparseArea: number;
  /** Solid area over sparse infill or air (printed with bridge flow). */
  bridgeArea: number;
  /** Mean chord (line length) of the solid and the sparse lines (mm). */
  solidChord: number;
  sparseChord: number;
  /** Length of the sparse region's outline (mm), along which anchors run. */
  sparseOutline: number;
}

/**
 * Stage "regions": the interior left inside the walls (none when the band of walls fills the island;
 * a gap too narrow for infill is filled by widened walls: more filament, no extra path), split into
 * solid (top/bottom skins, vertical shells, sloped-wall rings, the first layer, 100 % infill, regions
 * under solid_infill_below_area) and sparse infill, from the island's raster cells.
 */
function regionStage(
  island: Island,
  walls: Walls,
  layer: LayerSettings,
  ctx: EstimateContext,
): Regions | null {
  if (walls.thin) return null;
  const area = island.area;
  const outline = island.perimeter;
  const band = layer.wallWidth + (PROFILE.perimeters - 1) * layer.wallSpacing;
  if (walls.meanWidth - 2 * band < CALIBRATION.minInteriorWidth) {
    const gap = Math.max(0, area - walls.area) * CALIBRATION.gapFill;
    ctx.volume.walls += gap * ctx.layerHeight;
    return null;
  }
  const inset = CALIBRATION.interiorInset;
  const interiorArea = Math.max(0, area - outline * inset + Math.PI * inset * inset);
  if (interiorArea <= 0) return null;
  const { first } = layer;
  let solidShare = island.icells > 0 ? island.solidCells / island.icells : 1;
  const ringShare = layer.ringWidth > 0 ? Math.min(1, (layer.ringWidth * outline) / interiorArea) : 0;
  const ringy = ringShare > solidShare;
  if (ringy) solidShare = ringShare;
  const forced = first || ctx.infillDensity >= 1 || island.icells === 0;
  const surfaceShare = island.icells > 0 ? island.surfaceCells / island.icells : 0;
  if (first || ctx.infillDensity >= 1) solidShare = 1;
  // PrusaSlicer measures the sparse region at the inner wall's edge minus the 25 % infill overlap
  const ruleInset =
    layer.wallWidth / 2 + (PROFILE.perimeters - 1) * layer.wallSpacing + 0.25 * layer.wallSpacing;
  const ruleArea =
    Math.max(0, area - outline * ruleInset + Math.PI * ruleInset * ruleInset) * (1 - solidShare);
  const small = ruleArea < PROFILE.solidInfillBelowArea;
  if (small) solidShare = 1;
  const chordAll = (Math.PI * interiorArea) / outline;
  const chordOf = (cells: number, edges: number) =>
    edges > 0 && cells > 0 ? (4 * ctx.cellSize * cells) / edges : chordAll;
  const solidChord = Math.max(
    0.3,
    CALIBRATION.chordFactor *
      (forced || small || solidShare > 0.95
        ? chordAll
        : ringy
          ? (Math.PI * layer.ringWidth) / 2
          : chordOf(island.solidCells, island.solidEdges)),
  );
  const sparseChord = Math.max(
    0.3,
    CALIBRATION.chordFactor * chordOf(island.icells - island.solidCells, island.sparseEdges),
  );
  const solidArea = interiorArea * solidShare;
  const sparseArea = interiorArea - solidArea;
  return {
    interiorArea,
    solidArea,
    surfaceArea: first ? 0 : Math.min(solidArea, interiorArea * surfaceShare),
    sparseArea,
    bridgeArea: first
      ? 0
      : Math.min(solidArea, island.icells > 0 ? (interiorArea * island.bridgeCells) / island.icells : 0),
    solidChord,
    sparseChord,
    sparseOutline:
      island.sparseEdges > 0
        ? Math.min(outline, island.sparseEdges * ctx.cellSize * (Math.PI / 4))
        : outline * (sparseArea / interiorArea),
  };
}

/**
 * Stage "skins": rectilinear solid lines joined along the edge (top surfaces at the top width),
 * bridges with bridge flow (a round line of nozzle diameter), a travel every few lines.
 */
function skinStage(regions: Regions, layer: LayerSettings, ctx: EstimateContext, holes: number): void {
  const { moves, layerHeight } = ctx;
  const solidSpeed = Math.min(layer.layerSpeed, volumetricCap(layer.wallWidth, layerHeight));
  const topSpeed = Math.min(layer.layerSpeed, volumetricCap(PROFILE.topWidth, layerHeight));
  const solidLength = (regions.solidArea - regions.surfaceArea) / layer.wallSpacing;
  const topLength = regions.surfaceArea / layer.topSpacing;
  const bridgeThickness =
    (CALIBRATION.bridgeFlow * (Math.PI * PROFILE.nozzle * PROFILE.nozzle)) / 4 / PROFILE.width;
  ctx.volume.skins +=
    regions.solidArea * layerHeight + regions.bridgeArea * Math.max(0, bridgeThickness - layerHeight);
  const chord = regions.solidChord;
  zigzag(
    moves,
    solidLength / chord,
    chord,
    layer.wallSpacing / Math.SQRT1_2,
    layer.solidAngle,
    layer.edgeAngle,
    ctx.feedPerMm(layer.wallWidth),
    solidSpeed,
    Feature.skins,
  );
  zigzag(
    moves,
    topLength / chord,
    chord,
    layer.topSpacing / Math.SQRT1_2,
    layer.solidAngle,
    layer.edgeAngle,
    ctx.feedPerMm(PROFILE.topWidth),
    topSpeed,
    Feature.skins,
  );
  // a zigzag breaks only where a hole (or a notch) cuts its lines: at most two pieces per hole
  repeat(
    Math.min(CALIBRATION.travelPerSolidLine * ((solidLength + topLength) / chord), 1 + 2 * holes),
    ctx.travelLine,
  );
}

/**
 * Stage "infill": grid lines in both diagonals at the chosen density, each followed by its anchor
 * along the inner wall (PrusaSlicer's infill_anchor); travel only between lines longer than the
 * anchor reach.
 */
function infillStage(regions: Regions, layer: LayerSettings, ctx: EstimateContext): void {
  if (!(regions.sparseArea > 0)) return;
  const { moves, layerHeight } = ctx;
  const lineLength = (regions.sparseArea * ctx.infillDensity) / layer.lineSpacing;
  const lines = lineLength / regions.sparseChord;
  const anchors = CALIBRATION.anchorFrac * regions.sparseOutline;
  ctx.volume.infill += (lineLength + anchors) * layer.lineSpacing * layerHeight;
  const anchor = anchors / Math.max(1, lines);
  const chord = lineLength / Math.max(1e-9, lines);
  for (const [angle, edge] of [
    [Math.PI / 4, 0],
    [(3 * Math.PI) / 4, Math.PI / 2],
  ] as const) {
    zigzag(
      moves,
      lines / 2,
      chord,
      anchor,
      angle,
      edge,
      ctx.feedPerMm(PROFILE.width),
      layer.wallSpeed,
      Feature.infill,
    );
  }
  repeat(
    CALIBRATION.travelPerLine * (lineLength / Math.max(regions.sparseChord, CALIBRATION.travelChordMin)),
    ctx.travelLine,
  );
}

/**
 * Stage "supports", how much and how long: the layer's support cells (base at support_material_spacing,
 * dense interface layers), lines along x joined by connectors along y, after a travel there.
 */
function supportStage(support: SupportGeometry, i: number, layer: LayerSettings, ctx: EstimateContext): void {
  const cells = support.supportCells[i] ?? 0;
  if (!(cells > 0)) return;
  const { moves, layerHeight, cellSize } = ctx;
  const cellArea = cellSize * cellSize;
  const supportArea = cells * cellArea;
  const interfaceArea = (support.supportInterfaceCells[i] ?? 0) * cellArea;
  const lineSpacing = spacing(PROFILE.supportWidth, layerHeight);
  const baseDensity = lineSpacing / (PROFILE.supportSpacing + lineSpacing);
  const baseExtruded = CALIBRATION.supportScale * (supportArea - interfaceArea) * baseDensity;
  const interfaceExtruded = CALIBRATION.supportScale * interfaceArea;
  ctx.volume.support += (baseExtruded + interfaceExtruded) * layerHeight;
  const speed = Math.min(layer.layerSpeed, volumetricCap(PROFILE.supportWidth, layerHeight));
  // support lines cross the support region: mean chord from its raster outline (Cauchy)
  const edges = support.supportEdges[i] ?? 0;
  const chord = Math.max(
    0.5,
    CALIBRATION.supportChord * (edges > 0 ? (4 * cellSize * cells) / edges : Math.sqrt(supportArea)),
  );
  travelStage(moves, 2, Math.sqrt(supportArea), PROFILE.retractBeforeTravel);
  // each pattern's lines are joined by connectors one line pitch long: the base's lines are
  // support_material_spacing apart, the dense interface's touch
  for (const [extruded, pitch] of [
    [baseExtruded, PROFILE.supportSpacing + lineSpacing],
    [interfaceExtruded, lineSpacing],
  ] as const) {
    zigzag(
      moves,
      extruded / lineSpacing / chord,
      chord,
      pitch,
      0,
      Math.PI / 2,
      ctx.feedPerMm(PROFILE.supportWidth),
      speed,
      Feature.support,
    );
  }
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

/** Stage "travel": `count` travels of `length` mm (fractional counts round), retracting when long. */
function travelStage(moves: LayerMoves, count: number, length: number, retractBefore: number): void {
  repeat(count, () => travel(moves, length, Math.PI / 6, length > retractBefore));
}

/** Islands in greedy nearest-next order of their start points (given order past 400 islands). */
function islandOrder(islands: Island[]): Island[] {
  const n = islands.length;
  if (n <= 2 || n > 400) return islands;
  const starts = islands.map(islandStart);
  const used = new Uint8Array(n);
  const order: Island[] = [];
  let at = starts[0] ?? null;
  for (let k = 0; k < n; k++) {
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let j = 0; j < n; j++) {
      if (used[j] === 1) continue;
      const p = starts[j];
      const d = p && at ? (p[0] - at[0]) ** 2 + (p[1] - at[1]) ** 2 : best < 0 ? 0 : Number.POSITIVE_INFINITY;
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    }
    if (best < 0) best = used.indexOf(0);
    used[best] = 1;
    order.push(islands[best] as Island);
    at = starts[best] ?? at;
  }
  return order;
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
  walls: Walls,
  island: Island,
  layer: LayerSettings,
  ctx: EstimateContext,
): void {
  const { moves, layerHeight } = ctx;
  const beads = walls.beads as number[];
  const thickness = walls.beadThickness as number;
  const filamentArea = Math.PI * (PROFILE.filamentDiameter / 2) ** 2;
  const flow = (bead: number) => (layerHeight * bead) / filamentArea;
  const speed = (bead: number) => Math.min(layer.layerSpeed, PROFILE.maxVolumetric / (layerHeight * bead));
  const outline = island.perimeter;
  const firstInset = (layer.wallWidth - layer.wallSpacing) / 2;
  const settings = arachneSettings(layer);
  /** Corners of the outlines thick enough for one bead more than the ring has. */
  const cornersForOneMoreBead = () => {
    const next = thicknessFor(beads.length + 1, settings);
    let corners = 0;
    for (const o of outlines) corners += thickCorners(o.xy, thickness, next);
    return corners;
  };
  if (beads.length >= 2) {
    const bead = beads[0] as number;
    const passes: PerimeterPass[] = [{ inset: firstInset + bead / 2 }];
    perimeterStage(
      moves,
      outlines,
      passes,
      outline,
      flow(bead),
      speed(bead),
      bead,
      PROFILE.retractBeforeTravel,
      true,
    );
  }
  if (beads.length % 2 === 0) {
    // corners thick enough for a middle bead get one as a separate open piece, reached retracted
    const corners = cornersForOneMoreBead();
    const bead = Math.max(settings.minBeadWidth, thickness / Math.SQRT2 - thickness);
    for (let k = 0; k < corners; k++) {
      const hop = outline / 2 / corners;
      travel(moves, hop, Math.PI / 4, hop > PROFILE.retractBeforeTravel);
      extrude(moves, 2 * thickness, 0, flow(bead), speed(bead), Feature.walls);
    }
  }
  if (beads.length % 2 === 1) {
    const bead = beads[(beads.length - 1) / 2] as number;
    const corners = cornersForOneMoreBead();
    const hasHole = outlines.some((o) => !o.outer);
    const pieces = Math.max(hasHole ? 0 : 1, 2 * corners);
    const passes: PerimeterPass[] = [{ share: 0.5 }];
    if (pieces > 0) {
      const hop = outline / 2 / pieces;
      repeat(pieces - 1, () => travel(moves, hop, Math.PI / 4, hop > PROFILE.retractBeforeTravel));
    }
    perimeterStage(
      moves,
      outlines,
      passes,
      outline,
      flow(bead),
      speed(bead),
      bead,
      PROFILE.retractBeforeTravel,
      true,
    );
  }
}

/**
 * The thickness of a thin ring (one outline and one hole): the length-weighted median over the
 * midpoints of the outline's segments of the distance to the hole (so thicker corners do not count as the wall); the mean
 * width 2 · area / outline when the loops are too long to compare.
 */
function wallThickness(island: Island, meanWidth: number): number {
  const [a, b] = island.loops as [Float64Array, Float64Array];
  const outer = loopArea2(a) > 0 ? a : b;
  const hole = outer === a ? b : a;
  const n = outer.length / 2;
  const m = hole.length / 2;
  if (n < 3 || m < 3 || n * m > 40000) return meanWidth;
  const distances: Array<[distance: number, length: number]> = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    const q = (i + 1) % n;
    const px = ((outer[2 * i] as number) + (outer[2 * q] as number)) / 2;
    const py = ((outer[2 * i + 1] as number) + (outer[2 * q + 1] as number)) / 2;
    let best = Number.POSITIVE_INFINITY;
    for (let j = 0; j < m; j++) {
      const k = (j + 1) % m;
      const ax = hole[2 * j] as number;
      const ay = hole[2 * j + 1] as number;
      const dx = (hole[2 * k] as number) - ax;
      const dy = (hole[2 * k + 1] as number) - ay;
      const l2 = dx * dx + dy * dy;
      const t = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0;
      const d = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2;
      if (d < best) best = d;
    }
    const length = Math.hypot((outer[2 * q] as number) - px, (outer[2 * q + 1] as number) - py) * 2;
    distances.push([Math.sqrt(best), length]);
    total += length;
  }
  distances.sort((x, y) => x[0] - y[0]);
  let median = 0;
  for (let k = 0, run = 0; k < distances.length; k++) {
    run += (distances[k] as [number, number])[1];
    if (run >= total / 2) {
      median = (distances[k] as [number, number])[0];
      break;
    }
  }
  return median > 0 && median < 2 * meanWidth ? median : meanWidth;
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
    const la = Math.hypot(ax, ay);
    const lb = Math.hypot(bx, by);
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
  return outer
    ? Math.max(0.25 * length, length - CALIBRATION.loopShrink * 2 * Math.PI * inset)
    : length + 2 * Math.PI * inset;
}

/**
 * Stage "perimeters": PrusaSlicer prints each outline loop's perimeters together (innermost first,
 * joined by a short hop), then travels to the nearest next loop, retracting when that is further than
 * retract_before_travel. Each pass follows the outline's own vertices, every segment scaled to the
 * inset loop's length, so the corners are the outline's.
 */
function perimeterStage(
  moves: LayerMoves,
  outlines: Array<{ xy: Float64Array; length: number; outer: boolean }>,
  passes: PerimeterPass[],
  outline: number,
  filamentPerMm: number,
  speed: number,
  spacingMm: number,
  retractBefore: number,
  splitCorners = false,
): void {
  if (outlines.length === 0) {
    for (const pass of passes) {
      const length =
        'inset' in pass
          ? Math.max(0.25 * outline, outline - CALIBRATION.loopShrink * 2 * Math.PI * pass.inset)
          : outline * pass.share;
      if (length > 0) polygonLoop(moves, length, 16, filamentPerMm, speed, Feature.walls);
      travel(moves, spacingMm, Math.PI / 2, false);
    }
    return;
  }
  for (const index of nearestOrder(outlines)) {
    const o = outlines[index] as { xy: Float64Array; length: number; outer: boolean };
    for (const pass of passes) {
      const length = 'inset' in pass ? insetLength(o.length, o.outer, pass.inset) : o.length * pass.share;
      if (!(length > 0) || !(o.length > 0)) continue;
      followLoop(moves, o.xy, length / o.length, filamentPerMm, speed, Feature.walls, splitCorners);
      travel(moves, spacingMm, Math.PI / 2, false);
    }
    const next = nextIndex.get(index);
    if (next !== undefined) {
      const n = outlines[next] as { xy: Float64Array };
      const dx = (n.xy[0] as number) - (o.xy[0] as number);
      const dy = (n.xy[1] as number) - (o.xy[1] as number);
      const hop = Math.hypot(dx, dy);
      travel(moves, hop, Math.atan2(dy, dx), hop > retractBefore);
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
