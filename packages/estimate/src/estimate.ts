/**
 * Print time and filament from a sliced mesh (pure, no Node APIs). See README.md for the method.
 */
import type { Analysis, TriangleMesh } from '@printloop/geometry';
import { MATERIALS, type PrintParameters, parseParameters } from '@printloop/quote';
import {
  type GeometryOptions,
  type LayerGeometry,
  layerGeometry,
  type PreparedMesh,
  prepareMesh,
  supportGeometry,
} from './slice.js';

/** The house printer (../shared/models/house-printer.ini) and the calibrated constants. */
export const PROFILE = {
  nozzle: 0.4,
  filamentDiameter: 1.75,
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
  printAccel: 1000,
  travelAccel: 1250,
  jerk: 8,
  retractLength: 0.8,
  retractSpeed: 35,
  zSpeed: 12,
  minLayerTime: 5,
  minPrintSpeed: 10,
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
  /** Fixed cost per layer change (s) on top of the z move. */
  layerChangeS: 0.03,
  /** Share of outline vertices that cost a jerk-limited corner. */
  cornerScale: 0.6,
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
  /** Moves per sparse infill line (the line and its anchor). */
  sparseMovesPerLine: 1.5,
  /** Bridge flow relative to a round line of nozzle diameter per extrusion width. */
  bridgeFlow: 1,
  /** Travel time the cooling logic counts in a layer (s). */
  coolTravelS: 0.9,
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
  /** Overhang angle (from vertical) beyond which PrusaSlicer's auto supports start. */
  overhangAngleDeg: 47,
  /** Support grown around each overhang (mm). */
  supportGrow: 2.5,
};

export const GEOMETRY_OPTIONS: GeometryOptions = {
  topLayers: PROFILE.topLayers,
  bottomLayers: PROFILE.bottomLayers,
  overhangAngleDeg: CALIBRATION.overhangAngleDeg,
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

/** Time (s) of one move of length l at target speed v, accelerating from and to the jerk speed. */
function moveTime(l: number, v: number, a: number, vj: number): number {
  if (l <= 0) return 0;
  const v0 = Math.min(vj, v);
  const dAcc = (v * v - v0 * v0) / a; // accelerate + decelerate distance
  if (l >= dAcc) return l / v + (v - v0) ** 2 / (a * v);
  const vp = Math.sqrt(a * l + v0 * v0);
  return (2 * (vp - v0)) / a;
}

/** `n` equal moves totalling `total` mm. */
function linesTime(total: number, n: number, v: number, a: number, vj: number): number {
  if (total <= 0) return 0;
  const k = Math.max(1, n);
  return k * moveTime(total / k, v, a, vj);
}

/** Estimate from an already prepared mesh (reuse it across parameter changes) or a raw mesh. */
export function estimatePrint(
  input: TriangleMesh | PreparedMesh,
  params: Partial<PrintParameters> | PrintParameters,
  _analysis?: Analysis,
): EstimateResult {
  const p = parseParameters(params);
  const pm = 'zmin' in input ? input : prepareMesh(input);
  const geo = layerGeometry(pm, p.layerHeight, GEOMETRY_OPTIONS);
  return computeEstimate(geo, p);
}

export function computeEstimate(geo: LayerGeometry, p: PrintParameters): EstimateResult {
  const h = p.layerHeight;
  const S = p.printSpeed;
  const d = p.infillPercentage / 100;
  const C = CALIBRATION;
  const PR = PROFILE;
  const a = PR.printAccel;
  const vj = PR.jerk;
  const cap = (w: number) => PR.maxVolumetric / (h * spacing(w, h));
  const sp = spacing(PR.width, h);
  const spTop = spacing(PR.topWidth, h);
  const spFirst = spacing(PR.firstLayerWidth, h);
  const spSup = spacing(PR.supportWidth, h);
  // bridge flow: a round line of nozzle diameter per bridge spacing (PrusaSlicer's bridge flow)
  const bridgeT = (C.bridgeFlow * (Math.PI * PR.nozzle * PR.nozzle)) / 4 / PR.width;
  const cellSize = geo.cellSize;
  const cell2 = cellSize * cellSize;

  const vol = { walls: 0, skins: 0, infill: 0, support: 0, skirt: 0 };
  const tim = { walls: 0, skins: 0, infill: 0, support: 0, skirt: 0, travel: 0, other: 0 };

  // Sloped walls: PrusaSlicer keeps a layer's exposed strip (top or bottom surface) only when it is
  // wider than shellMinShift, then makes it solid through the next 4 layers down (3 up). The strip
  // width per layer is the outline's shift: area change / outline length (exact, from the segments).
  const nL = geo.layerCount;
  const layerA = new Float64Array(nL);
  const layerP = new Float64Array(nL);
  for (let i = 0; i < nL; i++) {
    for (const isl of geo.islands[i] ?? []) {
      layerA[i] = (layerA[i] as number) + isl.area;
      layerP[i] = (layerP[i] as number) + isl.perimeter;
    }
  }
  const stripUp = new Float64Array(nL);
  const stripDown = new Float64Array(nL);
  for (let i = 0; i < nL; i++) {
    const P = layerP[i] as number;
    if (!(P > 0)) continue;
    const up = i + 1 < nL ? ((layerA[i] as number) - (layerA[i + 1] as number)) / P : 0;
    const dn = i > 0 ? ((layerA[i] as number) - (layerA[i - 1] as number)) / P : 0;
    stripUp[i] = up > C.shellMinShift ? up : 0;
    stripDown[i] = dn > C.shellMinShiftDown ? dn : 0;
  }
  const nTop = PR.topLayers;
  const nBottom = PR.bottomLayers;

  for (let i = 0; i < geo.layerCount; i++) {
    let ringW = 0;
    for (let k = 0; k < nTop && i + k < nL; k++) ringW += stripUp[i + k] as number;
    for (let k = 0; k < nBottom && i - k >= 0; k++) ringW += stripDown[i - k] as number;
    ringW *= C.shellRingScale;
    const first = i === 0;
    const islands = geo.islands[i] ?? [];
    const vBase = first ? Math.min(S, PR.firstLayerSpeedMax) : S;
    const wPer = first ? PR.firstLayerWidth : PR.width;
    const spPer = first ? spFirst : sp;
    const vPer = Math.min(vBase, cap(wPer));
    const L = { walls: 0, skins: 0, infill: 0, support: 0, skirt: 0 };
    const T = { walls: 0, skins: 0, infill: 0, support: 0, skirt: 0, travel: 0, other: 0 };
    let T0 = 0; // extrusion time at cruise speed (what the cooling logic looks at)
    for (const isl of islands) {
      const A = isl.area;
      const P = isl.perimeter;
      if (!(A > 0) || !(P > 0)) continue;
      const t = (2 * A) / P; // mean width of the island
      // walls: loop k runs at inset w/2 + k·spacing, if the island is wide enough to hold it;
      // a wall too thin for all loops is filled by widened loops (volume = its area)
      let lenWalls = 0;
      let fitted = 0;
      for (let k = 0; k < PR.perimeters; k++) {
        const dk = wPer / 2 + k * spPer;
        if (k > 0 && t / 2 < dk * C.loopFit) break;
        lenWalls += Math.max(0.25 * P, P - C.loopShrink * 2 * Math.PI * dk);
        fitted++;
      }
      const thin = fitted < PR.perimeters;
      if (thin) {
        // the middle of a thin wall left between the loops gets one gap-fill line along it
        const gap = t - 2 * fitted * spPer;
        if (gap > C.gapFillMin) lenWalls += P / 2;
      }
      let wallArea = lenWalls * spPer;
      if (thin || wallArea > A) wallArea = A;
      L.walls += lenWalls;
      vol.walls += wallArea * h;
      // corners: junction speed where the per-corner velocity change equals the jerk
      const turn = isl.segments > 0 ? Math.min(Math.PI, (2 * Math.PI) / isl.segments) : Math.PI;
      const vCorner = Math.max(vj, vj / (2 * Math.sin(turn / 2)));
      const moves = Math.max(PR.perimeters, isl.segments * PR.perimeters * C.cornerScale);
      T0 += lenWalls / vPer;
      T.walls += linesTime(lenWalls, moves, vPer, a, vCorner);
      // travel to the island and into its infill
      const tl = C.travelLengthFactor * Math.sqrt(A);
      T.travel += C.travelsPerIsland * (moveTime(tl, PR.travelSpeed, PR.travelAccel, vj) + retractTime());
      // interior: inside the walls (the geometric band decides whether any is left)
      const band = wPer + (PR.perimeters - 1) * spPer;
      if (thin) continue;
      if (t - 2 * band < C.minInteriorWidth) {
        // a gap too narrow for infill: partly filled by the walls
        const gap = Math.max(0, A - wallArea) * C.gapFill;
        vol.walls += gap * h;
        L.walls += gap / spPer;
        T0 += gap / spPer / vPer;
        T.walls += gap / spPer / vPer;
        continue;
      }
      const di = C.interiorInset;
      const Ai = Math.max(0, A - P * di + Math.PI * di * di);
      if (Ai <= 0) continue;
      let fSolid = isl.icells > 0 ? isl.solidCells / isl.icells : 1;
      const fRing = ringW > 0 ? Math.min(1, (ringW * P) / Ai) : 0;
      const ringy = fRing > fSolid;
      if (ringy) fSolid = fRing;
      const forced = first || d >= 1 || isl.icells === 0;
      const fSurface = isl.icells > 0 ? isl.surfaceCells / isl.icells : 0;
      if (first || d >= 1) fSolid = 1;
      // PrusaSlicer measures the sparse region at the inner wall's edge minus the 25 % infill overlap
      const dr = wPer / 2 + (PR.perimeters - 1) * spPer + 0.25 * spPer;
      const aRule = Math.max(0, A - P * dr + Math.PI * dr * dr) * (1 - fSolid);
      const small = aRule < PR.solidInfillBelowArea;
      if (small) fSolid = 1;
      const chordAll = (Math.PI * Ai) / P;
      const chordOf = (n: number, e: number) => (e > 0 && n > 0 ? (4 * cellSize * n) / e : chordAll);
      const chordSolid = Math.max(
        0.3,
        C.chordFactor *
          (forced || small || fSolid > 0.95
            ? chordAll
            : ringy
              ? (Math.PI * ringW) / 2
              : chordOf(isl.solidCells, isl.solidEdges)),
      );
      const chordSparse = Math.max(
        0.3,
        C.chordFactor * chordOf(isl.icells - isl.solidCells, isl.sparseEdges),
      );
      const aSolid = Ai * fSolid;
      const aSurface = first ? 0 : Math.min(aSolid, Ai * fSurface);
      const aSparse = Ai - aSolid;
      const vSolid = Math.min(vBase, cap(wPer));
      const vTop = Math.min(vBase, cap(PR.topWidth));
      const lenSolid = (aSolid - aSurface) / spPer;
      const lenTop = aSurface / spTop;
      L.skins += lenSolid + lenTop;
      // bridges (first solid layer over sparse infill or air): round extrusions of nozzle diameter
      const aBridge = first ? 0 : Math.min(aSolid, isl.icells > 0 ? (Ai * isl.bridgeCells) / isl.icells : 0);
      vol.skins += aSolid * h + aBridge * Math.max(0, bridgeT - h);
      T.skins +=
        linesTime(lenSolid, lenSolid / chordSolid, vSolid, a, vj) +
        linesTime(lenTop, lenTop / chordSolid, vTop, a, vj);
      T0 += lenSolid / vSolid + lenTop / vTop;
      const travelLine = moveTime(C.travelLineLength, PR.travelSpeed, PR.travelAccel, vj) + retractTime();
      T.travel += C.travelPerSolidLine * ((lenSolid + lenTop) / chordSolid) * travelLine;
      if (aSparse > 0) {
        const base = (aSparse * d) / sp;
        const nLines = base / chordSparse;
        // anchors run along the inner wall, joining line ends (PrusaSlicer infill_anchor)
        const sparseOutline =
          isl.sparseEdges > 0 ? Math.min(P, isl.sparseEdges * cellSize * (Math.PI / 4)) : P * (aSparse / Ai);
        const lenSparse = base + C.anchorFrac * sparseOutline;
        L.infill += lenSparse;
        vol.infill += lenSparse * sp * h;
        // each line is followed by its anchor along the wall: two short moves with sharp corners
        T.infill += linesTime(lenSparse, nLines * C.sparseMovesPerLine, vPer, a, vj);
        T0 += lenSparse / vPer;
        // lines closer than the anchor reach are joined along the wall: travel only between long lines
        T.travel += C.travelPerLine * (base / Math.max(chordSparse, C.travelChordMin)) * travelLine;
      }
    }
    // support
    const sg = p.supportRequired ? supportGeometry(geo, GEOMETRY_OPTIONS) : null;
    const supCells = sg ? (sg.supportCells[i] ?? 0) : 0;
    if (p.supportRequired && supCells > 0) {
      const aSup = supCells * cell2;
      const aIface = (sg?.supportInterfaceCells[i] ?? 0) * cell2;
      const dens = spSup / (PR.supportSpacing + spSup);
      const areaExtruded = C.supportScale * ((aSup - aIface) * dens + aIface);
      const len = areaExtruded / spSup;
      L.support += len;
      vol.support += areaExtruded * h;
      const vS = Math.min(vBase, cap(PR.supportWidth));
      // support lines cross the support region: mean chord from its raster outline (Cauchy)
      const edges = sg?.supportEdges[i] ?? 0;
      const chord = Math.max(
        0.5,
        C.supportChord * (edges > 0 ? (4 * cellSize * supCells) / edges : Math.sqrt(aSup)),
      );
      T.support += linesTime(len, len / chord, vS, a, vj);
      T0 += len / vS;
      T.travel += 2 * (moveTime(Math.sqrt(aSup), PR.travelSpeed, PR.travelAccel, vj) + retractTime());
    }
    if (first) {
      const len = PR.skirtLoops * (geo.firstLayerHullPerimeter + 2 * Math.PI * PR.skirtDistance);
      L.skirt += len;
      vol.skirt += len * h * spFirst;
      const vSk = Math.min(vBase, cap(PR.firstLayerWidth));
      T.skirt += linesTime(len, 4, vSk, a, vj);
      T0 += len / vSk;
    }
    T.other += C.layerChangeS + h / PR.zSpeed;
    // cooling: layers under the minimum time are slowed down (extrusion only, not below 10 mm/s)
    const tExt = T.walls + T.skins + T.infill + T.support + T.skirt;
    if (T0 + C.coolTravelS < PR.minLayerTime && tExt > 0) {
      const lenExt = L.walls + L.skins + L.infill + L.support + L.skirt;
      const target = Math.min(lenExt / PR.minPrintSpeed, PR.minLayerTime - C.coolTravelS);
      const k = Math.max(1, target / Math.max(T0, 1e-9));
      const tNew = T0 * k + (tExt - T0) / k;
      const f = tNew / tExt;
      T.walls *= f;
      T.skins *= f;
      T.infill *= f;
      T.support *= f;
      T.skirt *= f;
    }
    for (const key of Object.keys(tim) as (keyof typeof tim)[]) tim[key] += T[key];
  }

  const filamentArea = Math.PI * (PR.filamentDiameter / 2) ** 2;
  const density = MATERIALS[p.filamentType].density_g_cm3;
  const g = (mm3: number) => (mm3 / 1000) * density;
  const totalVol = vol.walls + vol.skins + vol.infill + vol.support + vol.skirt;
  const totalTime = tim.walls + tim.skins + tim.infill + tim.support + tim.skirt + tim.travel + tim.other;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const r1 = (x: number) => Math.round(x * 10) / 10;
  return {
    print_time_s: Math.round(totalTime),
    filament_mm: r2(totalVol / filamentArea),
    filament_cm3: r2(totalVol / 1000),
    filament_g: r2(g(totalVol)),
    layers: geo.layerCount,
    breakdown: {
      walls_g: r2(g(vol.walls)),
      walls_s: r1(tim.walls),
      skins_g: r2(g(vol.skins)),
      skins_s: r1(tim.skins),
      infill_g: r2(g(vol.infill)),
      infill_s: r1(tim.infill),
      support_g: r2(g(vol.support)),
      support_s: r1(tim.support),
      skirt_g: r2(g(vol.skirt)),
      skirt_s: r1(tim.skirt),
      travel_s: r1(tim.travel),
      other_s: r1(tim.other),
    },
  };
}

function retractTime(): number {
  return (2 * PROFILE.retractLength) / PROFILE.retractSpeed;
}

export type { PreparedMesh };
export { prepareMesh };
