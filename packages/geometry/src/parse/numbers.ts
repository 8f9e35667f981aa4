/**
 * Hand-written decimal scanner over bytes (ASCII STL, OBJ, 3MF attributes). No strings are created
 * on the fast path. Up to 15 significant digits and exponents within ±22 the result is correctly
 * rounded; longer mantissas are accurate to ~1e-16 relative (far below float32 resolution), and
 * larger exponents fall back to `Number()` on the token text.
 */

const POW10 = new Float64Array(23);
for (let i = 0; i < 23; i++) POW10[i] = 10 ** i;

/** scan[0] is the end position of the last `scanNumber` / `scanInt` call (= start when nothing was read). */
export const scan = new Int32Array(1);

/**
 * Reads a decimal number (`-1`, `2.5`, `.5`, `1e-3`, `+7.`) starting exactly at `start`.
 * Returns NaN (and sets `scan[0] = start`) when no number starts there. Words such as `nan` or
 * `inf` are not numbers.
 */
export function scanNumber(b: Uint8Array, start: number, end: number): number {
  // Fast path, small enough to be inlined: an optional sign and at most 9 digits with an optional
  // point, ending there. Anything else (more digits, an exponent, no digits) takes the full path.
  let i = start;
  let c = i < end ? b[i]! : 0;
  const neg = c === 45;
  if (neg || c === 43) c = ++i < end ? b[i]! : 0;
  let m = 0;
  let digits = 0;
  while (c >= 48 && c <= 57 && digits < 9) {
    m = m * 10 + (c - 48);
    digits++;
    c = ++i < end ? b[i]! : 0;
  }
  let frac = 0;
  if (c === 46 && digits < 9) {
    c = ++i < end ? b[i]! : 0;
    while (c >= 48 && c <= 57 && digits < 9) {
      m = m * 10 + (c - 48);
      digits++;
      frac++;
      c = ++i < end ? b[i]! : 0;
    }
  }
  if (digits > 0 && (c < 48 || c > 57) && c !== 46 && c !== 101 && c !== 69) {
    scan[0] = i;
    const v = frac === 0 ? m : m / POW10[frac]!;
    return neg ? -v : v;
  }
  return scanNumberFull(b, start, end);
}

function scanNumberFull(b: Uint8Array, start: number, end: number): number {
  let i = start;
  let c = i < end ? b[i]! : 0;
  const neg = c === 45;
  if (neg || c === 43) i++;
  // The first 9 digits go into an int32 (short integer steps per digit); later ones into a double.
  let m = 0;
  let big = 0;
  let bigDigits = 0;
  let exp10 = 0;
  let digits = 0;
  while (i < end) {
    const d = b[i]! - 48;
    if (d < 0 || d > 9) break;
    if (digits < 9) m = m * 10 + d;
    else {
      big = big * 10 + d;
      bigDigits++;
    }
    digits++;
    i++;
  }
  if (i < end && b[i] === 46) {
    i++;
    const f0 = i;
    while (i < end) {
      const d = b[i]! - 48;
      if (d < 0 || d > 9) break;
      if (digits < 9) m = m * 10 + d;
      else {
        big = big * 10 + d;
        bigDigits++;
      }
      digits++;
      i++;
    }
    exp10 = f0 - i;
  }
  const mant =
    bigDigits === 0 ? m : bigDigits <= 22 ? m * POW10[bigDigits]! + big : m * 10 ** bigDigits + big;
  if (digits === 0) {
    scan[0] = start;
    return Number.NaN;
  }
  c = i < end ? b[i]! : 0;
  if (c === 101 || c === 69) {
    let j = i + 1;
    let eneg = false;
    if (j < end && (b[j] === 45 || b[j] === 43)) {
      eneg = b[j] === 45;
      j++;
    }
    let e = 0;
    const e0 = j;
    while (j < end) {
      const d = b[j]! - 48;
      if (d < 0 || d > 9) break;
      if (e < 100000) e = e * 10 + d;
      j++;
    }
    if (j > e0) {
      exp10 += eneg ? -e : e;
      i = j;
    }
  }
  scan[0] = i;
  let v: number;
  if (exp10 === 0) v = mant;
  else if (exp10 < 0 && exp10 >= -22) v = mant / POW10[-exp10]!;
  else if (exp10 > 0 && exp10 <= 22) v = mant * POW10[exp10]!;
  else return Number(latin1(b, start, i));
  return neg ? -v : v;
}

/** Reads an optionally signed integer at `start`; NaN when none. Sets `scan[0]`. */
export function scanInt(b: Uint8Array, start: number, end: number): number {
  let i = start;
  let neg = false;
  if (i < end && (b[i] === 45 || b[i] === 43)) {
    neg = b[i] === 45;
    i++;
  }
  let v = 0;
  const first = i;
  while (i < end) {
    const d = b[i]! - 48;
    if (d < 0 || d > 9) break;
    if (v < 1e15) v = v * 10 + d;
    i++;
  }
  if (i === first) {
    scan[0] = start;
    return Number.NaN;
  }
  scan[0] = i;
  return neg ? -v : v;
}

/** Decodes bytes as Latin-1 (for short tokens: names, units, error messages). */
export function latin1(b: Uint8Array, start: number, end: number): string {
  let s = '';
  const stop = Math.min(end, start + 4096);
  for (let i = start; i < stop; i++) s += String.fromCharCode(b[i]!);
  return s;
}
