/**
 * The fleet a farm starts with, from configuration (`FARM_PRINTERS`). It is configuration, not sample
 * data: on first start the server creates these printers, and operators change them afterwards.
 *
 * The value is a comma-separated list of entries `NAMES[:MATERIAL[:COLOR]]`, where NAMES is one name
 * (`Big1`) or a numbered range (`P01-P24`, the digits' width kept). Every printer is the house printer;
 * other models are added in the dashboard with their build volume. Default: `P01-P24:PLA:black`.
 */
import { FILAMENT_TYPES, HOUSE_PRINTER } from '@printloop/quote';
import type { Box } from './scheduler.js';

export const DEFAULT_FARM_PRINTERS = 'P01-P24:PLA:black';
export const HOUSE_MODEL = 'house';
export const HOUSE_VOLUME: Readonly<Box> = Object.freeze({
  x: HOUSE_PRINTER.x,
  y: HOUSE_PRINTER.y,
  z: HOUSE_PRINTER.z,
});

export interface FleetPrinter {
  name: string;
  model: string;
  volume: Box;
  material: string;
  color: string;
}

export class FleetSpecError extends Error {}

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;
const RANGE = /^([A-Za-z][A-Za-z_-]*)(\d+)-\1?(\d+)$/;
const MAX_PRINTERS = 1000;

/** The printers a FARM_PRINTERS value names; throws FleetSpecError with a message naming the bad entry. */
export function parseFleet(spec: string = DEFAULT_FARM_PRINTERS): FleetPrinter[] {
  const out: FleetPrinter[] = [];
  const seen = new Set<string>();
  for (const raw of spec.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [names = '', material = 'PLA', color = 'black', ...rest] = entry.split(':').map((s) => s.trim());
    if (rest.length) throw new FleetSpecError(`"${entry}": expected NAMES[:MATERIAL[:COLOR]]`);
    if (!(FILAMENT_TYPES as readonly string[]).includes(material))
      throw new FleetSpecError(`"${entry}": the material must be one of ${FILAMENT_TYPES.join(', ')}`);
    if (!/^[a-z][a-z0-9 -]{0,29}$/.test(color))
      throw new FleetSpecError(`"${entry}": the colour must be a lower-case name such as black`);
    for (const name of expand(names, entry)) {
      if (seen.has(name)) throw new FleetSpecError(`"${name}" is named twice`);
      seen.add(name);
      out.push({ name, model: HOUSE_MODEL, volume: { ...HOUSE_VOLUME }, material, color });
      if (out.length > MAX_PRINTERS) throw new FleetSpecError(`At most ${MAX_PRINTERS} printers`);
    }
  }
  if (out.length === 0) throw new FleetSpecError('FARM_PRINTERS names no printer');
  return out;
}

function expand(names: string, entry: string): string[] {
  const range = RANGE.exec(names);
  if (range) {
    const [, prefix, from, to] = range as unknown as [string, string, string, string];
    const a = Number(from);
    const b = Number(to);
    if (b < a) throw new FleetSpecError(`"${entry}": the range runs backwards`);
    if (b - a >= MAX_PRINTERS) throw new FleetSpecError(`At most ${MAX_PRINTERS} printers`);
    const width = from.length;
    return Array.from({ length: b - a + 1 }, (_, i) => `${prefix}${String(a + i).padStart(width, '0')}`);
  }
  if (!NAME.test(names)) throw new FleetSpecError(`"${entry}": "${names}" is not a printer name or range`);
  return [names];
}
