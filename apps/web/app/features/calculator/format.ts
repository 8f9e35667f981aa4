/** Display formatting of the calculator's figures (en-GB). Pure. */

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Bytes as megabytes to 2 decimals: 1048576 -> "1.00 MB". */
export function formatMB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** mm³ as cm³ to 2 decimals: 7690 -> "7.69 cm³". */
export function formatVolumeCm3(mm3: number): string {
  return `${(mm3 / 1000).toFixed(2)} cm³`;
}

/** Bounding-box size: [43.333, 43.333, 10] -> "43.33 × 43.33 × 10.00 mm". */
export function formatDimensions(size: readonly [number, number, number] | readonly number[]): string {
  return `${size
    .slice(0, 3)
    .map((v) => v.toFixed(2))
    .join(' × ')} mm`;
}

export function formatInteger(n: number): string {
  return Math.round(n).toLocaleString('en-GB');
}

/** Print time in whole minutes (at least 1 for any print). */
export function printMinutes(seconds: number): number {
  if (!(seconds > 0)) return 0;
  return Math.max(1, Math.round(seconds / 60));
}

/** "47 min" or "125 min (2 h 5 min)". */
export function formatPrintTime(seconds: number): string {
  const m = printMinutes(seconds);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  return `${formatInteger(m)} min (${h} h ${m % 60} min)`;
}

export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** ISO time as an en-GB date: "29 Nov 2026". */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}

/** "Valid until 29 Nov 2026" while valid, "Expired" afterwards. */
export function validityText(validUntil: string, now: Date = new Date()): string {
  const d = new Date(validUntil);
  if (Number.isNaN(d.getTime()) || d.getTime() <= now.getTime()) return 'Expired';
  return `Valid until ${formatDate(validUntil)}`;
}

/** 0.05 -> "5%". */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

/** Grams to 1 decimal: "12.3 g". */
export function formatGrams(g: number): string {
  return `${g.toFixed(1)} g`;
}
