/**
 * The words and figures the order PDFs print: money, dates, print time and filament, and the one
 * sanitising function every piece of text passes through before it reaches the PDF's standard fonts.
 */

const MINUS = '\u2212';

/**
 * Integer pence as en-GB money: 12345 → "£123.45", 123456789 → "£1,234,567.89", -500 → "−£5.00"
 * (a true minus sign). Works on the digits, never divides, so no float can print £0.30000000004.
 * Anything but a whole number of pence is a bug upstream and throws.
 */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence))
    throw new RangeError(`money must be a whole number of pence, got ${pence}`);
  const digits = String(Math.abs(pence)).padStart(3, '0');
  const pounds = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = pence < 0 ? MINUS : '';
  return `${sign}£${pounds}.${digits.slice(-2)}`;
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** An ISO `YYYY-MM-DD` date as 00:00 UTC on that day; throws on anything else (or on 2026-02-30). */
export function utcMidnight(isoDate: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`expected a YYYY-MM-DD date, got "${isoDate}"`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new RangeError(`no such date: "${isoDate}"`);
  }
  return date;
}

/** "2026-11-22" → "22 November 2026". */
export function formatDate(isoDate: string): string {
  return LONG_DATE.format(utcMidnight(isoDate));
}

/** Seconds of printing, to the nearest minute: "3 h 25 min", "4 h", "25 min" (at least "1 min" when any). */
export function formatPrintTime(seconds: number): string {
  const minutes = Math.max(seconds > 0 ? 1 : 0, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const GRAMS = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 42.08 → "42.1 g". */
export function formatGrams(grams: number): string {
  return `${GRAMS.format(grams)} g`;
}

const COUNT = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** A quantity with en-GB grouping: 1000 → "1,000". */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

/**
 * Characters beyond Latin-1 that the standard PDF fonts (WinAnsi encoding) do have: pdfkit maps these
 * itself. Everything else above U+00FF would come out as a wrong glyph or nothing.
 */
const WIN_ANSI_EXTRAS = new Set('ƒ–—‘’‚“”„†‡•…€‰‹›ˆ™ŒœŠšŸŽž˜');

/** Readable ASCII (or WinAnsi) stand-ins for characters the standard fonts lack. */
const REPLACEMENTS: Record<string, string> = {
  [MINUS]: '–', // en dash: same width as a digit in Helvetica, the usual stand-in for a minus
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '≈': '~',
  '→': '->',
  '←': '<-',
  '⁄': '/',
  '′': "'",
  '″': '"',
  '✓': 'v',
  '✔': 'v',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  '\t': ' ',
  '\u00AD': '', // soft hyphen
};

function isEncodable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code === 0x0a) return true; // line breaks are laid out by pdfkit, never drawn
  if (code >= 0x20 && code <= 0x7e) return true;
  if (code >= 0xa0 && code <= 0xff) return true;
  return WIN_ANSI_EXTRAS.has(char);
}

function replaceChar(char: string): string {
  const replacement = REPLACEMENTS[char];
  if (replacement !== undefined) return replacement;
  if (isEncodable(char)) return char;
  if (/\s/u.test(char)) return ' '; // thin, narrow and other unicode spaces
  if (/[\p{Cc}\p{Cf}]/u.test(char)) return ''; // controls, zero-width joiners, BOM
  // Accented letters the fonts lack (ő, č, ź…) keep their base letter; ligatures (ﬁ) come apart.
  const decomposed = char.normalize('NFKD').replace(/\p{M}/gu, '');
  if (
    decomposed &&
    decomposed !== char &&
    [...decomposed].every((c) => isEncodable(c) || Object.hasOwn(REPLACEMENTS, c))
  ) {
    return [...decomposed].map(replaceChar).join('');
  }
  return '?';
}

/**
 * Text the standard fonts can draw: every character is kept, replaced by a readable stand-in ("≤" →
 * "<=", "−" → "–", "č" → "c", a thin space → " ") or, when there is none (CJK, emoji), shown as "?".
 */
export function pdfSafeText(text: string): string {
  const normalised = text.normalize('NFC').replace(/\r\n?/g, '\n');
  let out = '';
  for (const char of normalised) out += replaceChar(char);
  return out;
}
