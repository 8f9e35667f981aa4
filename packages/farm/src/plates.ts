/**
 * Plates: the copies of one order item that print together. Copies sit in a grid on the bed, a gap apart;
 * a plate holds as many as fit, but no more than keeps it under `maxPlateSeconds`, so that a large
 * quantity spreads over several printers instead of tying one up for days.
 */
import type { Box } from './scheduler.js';

export interface PlateRules {
  /** Gap between copies and around the bed's edge is not counted; mm. */
  spacingMm: number;
  /** The longest plate worth printing in one go (seconds). */
  maxPlateSeconds: number;
}

export const DEFAULT_PLATE_RULES: Readonly<PlateRules> = Object.freeze({
  spacingMm: 10,
  maxPlateSeconds: 12 * 3600,
});

/** How many copies of `size` fit on one bed of `volume` in a grid (0 when one does not fit). */
export function copiesPerBed(volume: Box, size: Box, spacingMm = DEFAULT_PLATE_RULES.spacingMm): number {
  if (size.z > volume.z || size.x <= 0 || size.y <= 0) return 0;
  const grid = (w: number, d: number) =>
    Math.floor((volume.x + spacingMm) / (w + spacingMm)) *
    Math.floor((volume.y + spacingMm) / (d + spacingMm));
  return Math.max(grid(size.x, size.y), grid(size.y, size.x));
}

/**
 * Splits `quantity` copies into plates: as even as possible, each within the bed and the time cap (a
 * copy longer than the cap is a plate of one). Empty when one copy does not fit the bed.
 */
export function platesFor(
  item: { size: Box; quantity: number; secondsPerCopy: number },
  volume: Box,
  rules: PlateRules = DEFAULT_PLATE_RULES,
): number[] {
  const perBed = copiesPerBed(volume, item.size, rules.spacingMm);
  if (perBed === 0 || item.quantity <= 0) return [];
  const byTime = Math.max(1, Math.floor(rules.maxPlateSeconds / Math.max(1, item.secondsPerCopy)));
  const perPlate = Math.min(perBed, byTime);
  const count = Math.ceil(item.quantity / perPlate);
  const base = Math.floor(item.quantity / count);
  const extra = item.quantity % count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}
