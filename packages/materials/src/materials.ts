/**
 * The materials the house printer runs. One table read by geometry, estimate, quote and the web app.
 * Pure data: no dependencies, no Node or DOM APIs.
 */

export const FILAMENT_TYPES = ['PLA', 'ABS', 'PETG', 'TPU'] as const;
export type FilamentType = (typeof FILAMENT_TYPES)[number];

export interface Material {
  /** Display name. */
  name: string;
  /** Density in g/cm³ (the figure PrusaSlicer is given as filament_density). */
  density_g_cm3: number;
  /** List price per kg in pence. The versioned price table in @printloop/quote stays the authority for
   * what is charged; this is the catalogue figure it was set from. */
  listPricePencePerKg: number;
  /** Nozzle and bed temperatures (°C). */
  nozzleTempC: number;
  bedTempC: number;
  /** The farm's highest print speed for this material (mm/s). */
  maxSpeed: number;
  /** The colours stocked, by id (what the API's `color` names), with a swatch colour. */
  colors: readonly MaterialColor[];
}

export interface MaterialColor {
  /** Stable id, lower case: what orders and the API carry. */
  id: string;
  name: string;
  /** sRGB hex of the swatch. */
  hex: string;
}

const color = (id: string, name: string, hex: string): MaterialColor => Object.freeze({ id, name, hex });

/** The stocked colours of the rigid filaments. */
const RIGID = Object.freeze([
  color('black', 'Black', '#1c1c1e'),
  color('white', 'White', '#f4f4f2'),
  color('grey', 'Grey', '#8e8e93'),
  color('red', 'Red', '#c62828'),
  color('blue', 'Blue', '#1e5bb8'),
  color('green', 'Green', '#2e7d32'),
  color('yellow', 'Yellow', '#f9c80e'),
  color('orange', 'Orange', '#ef6c00'),
]);

export const MATERIALS: Readonly<Record<FilamentType, Readonly<Material>>> = Object.freeze({
  PLA: Object.freeze({
    name: 'PLA',
    density_g_cm3: 1.24,
    listPricePencePerKg: 2500,
    nozzleTempC: 210,
    bedTempC: 60,
    maxSpeed: 150,
    colors: RIGID,
  }),
  ABS: Object.freeze({
    name: 'ABS',
    density_g_cm3: 1.04,
    listPricePencePerKg: 3000,
    nozzleTempC: 245,
    bedTempC: 100,
    maxSpeed: 150,
    colors: Object.freeze([RIGID[0]!, RIGID[1]!, RIGID[2]!, RIGID[3]!, RIGID[4]!]),
  }),
  PETG: Object.freeze({
    name: 'PETG',
    density_g_cm3: 1.27,
    listPricePencePerKg: 3500,
    nozzleTempC: 240,
    bedTempC: 80,
    maxSpeed: 150,
    colors: Object.freeze([...RIGID, color('clear', 'Clear', '#d6e9f0')]),
  }),
  TPU: Object.freeze({
    name: 'TPU (flexible)',
    density_g_cm3: 1.21,
    listPricePencePerKg: 4500,
    nozzleTempC: 225,
    bedTempC: 50,
    maxSpeed: 40,
    colors: Object.freeze([RIGID[0]!, RIGID[1]!, RIGID[3]!, RIGID[4]!]),
  }),
});

/** The colour ids stocked in a material. */
export function colorIds(material: FilamentType): string[] {
  return MATERIALS[material].colors.map((c) => c.id);
}

/** The colour kept for a material: `wanted` when stocked, else black, else the material's first colour. */
export function colorFor(material: FilamentType, wanted: string | null | undefined): string {
  const ids = colorIds(material);
  if (wanted && ids.includes(wanted)) return wanted;
  return ids.includes('black') ? 'black' : ids[0]!;
}

/** Why a colour cannot be had in a material (with the valid ones), or null when it can. */
export function colorProblem(material: FilamentType, colorId: string): string | null {
  const ids = colorIds(material);
  return ids.includes(colorId)
    ? null
    : `"${colorId}" is not a colour of ${MATERIALS[material].name}. Choose one of: ${ids.join(', ')}.`;
}
