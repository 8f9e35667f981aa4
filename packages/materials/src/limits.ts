/**
 * What the farm really runs. A customer may ask for any speed and layer height within
 * PARAMETER_BOUNDS, but each material has its own top speed (TPU prints slowly) and no nozzle lays a
 * layer thicker than 75 % of its width (the house 0.4 mm nozzle: at most 0.3 mm). The estimate, and so
 * the price, uses the clamped values; the screen says so next to the control. This is the one place the
 * rule lives: the web worker, the server's model service and the public API's quotes all go through it.
 * Pure: no dependencies, no Node or DOM APIs.
 */
import { MATERIALS } from './materials.js';
import type { PrintParameters } from './parameters.js';
import { HOUSE_PRINTER } from './printer.js';

/** A layer is at most this share of the nozzle's diameter. */
export const MAX_LAYER_SHARE_OF_NOZZLE = 0.75;

/** The thickest layer a nozzle lays (mm, to 0.01 mm): 0.3 mm for the house 0.4 mm nozzle. */
export function maxLayerHeight(nozzle: number = HOUSE_PRINTER.nozzle): number {
  return Math.round(nozzle * MAX_LAYER_SHARE_OF_NOZZLE * 100) / 100;
}

/** One parameter the farm runs differently from what was asked, with the sentence the screen shows. */
export interface LimitNote {
  field: 'printSpeed' | 'layerHeight';
  asked: number;
  priced: number;
  message: string;
}

/**
 * The parameters the farm runs (and prices) for what was asked: the speed clamped to the material's
 * `maxSpeed`, the layer height to 75 % of the nozzle. Returns the same object when nothing changes.
 */
export function applyMaterialLimits<P extends PrintParameters>(
  asked: P,
  nozzle: number = HOUSE_PRINTER.nozzle,
): { parameters: P; notes: LimitNote[] } {
  const notes: LimitNote[] = [];
  const material = MATERIALS[asked.filamentType];
  let parameters = asked;
  if (material && asked.printSpeed > material.maxSpeed) {
    const max = material.maxSpeed;
    notes.push({
      field: 'printSpeed',
      asked: asked.printSpeed,
      priced: max,
      message: `${asked.filamentType} prints at up to ${max} mm/s; priced at ${max}`,
    });
    parameters = { ...parameters, printSpeed: max };
  }
  const maxLayer = maxLayerHeight(nozzle);
  if (asked.layerHeight > maxLayer + 1e-9) {
    notes.push({
      field: 'layerHeight',
      asked: asked.layerHeight,
      priced: maxLayer,
      message: `Layers are at most ${maxLayer} mm on our ${nozzle} mm nozzle (75 %); priced at ${maxLayer}`,
    });
    parameters = { ...parameters, layerHeight: maxLayer };
  }
  return { parameters, notes };
}

/** Just the parameters the farm runs (see `applyMaterialLimits`). */
export function farmParameters<P extends PrintParameters>(asked: P): P {
  return applyMaterialLimits(asked).parameters;
}
