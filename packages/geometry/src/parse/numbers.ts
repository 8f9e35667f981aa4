/**
 * Hand-written decimal scanner over bytes (ASCII STL, OBJ, 3MF attributes). No strings are created
 * on the fast path; the result is correctly rounded for up to 15 significant digits and exponents
 * within ±22, and falls back to `Number()` on the token text otherwise.
 */

const POW10 = new Float64Array(23);
for (let i = 0; i < 23; i++) POW10[i] = 10 ** i;

/** End position of the last `scanNumber` call (live binding). Equal to the start when nothing was read. */
export let scanEnd = 0;

/**
 * Reads a decimal number (`-1`, `2.5`, `.5`, `1e-3`, `+7.`) starting exactly at `start`.
 * Returns NaN (and sets `scanEnd = start`) when no number starts there. Words such as `nan` or
 * `inf` are not numbers.
 */
export function scanNumber(b: Uint8Array, start: number, end: number): number {
  let i = start;
  let neg = false;
  const c = i < end ? b[i]! : 0;
  if (c === 45 || c === 43) {
    neg = c === 45;
    i++;
  }
  let mant = 0;
  let exp10 = 0;
  let digits = 0;
  let exact = true;
  while (i < end) {
    const d = b[i]! - 48;
    if (d < 0 || d > 9) break;
    if (mant < 1e15) mant = mant * 10 + d;
    else {
      exp10++;
      if (d !== 0) exact = false;
    }
    digits++;
    i++;
  }
  if (i < end && b[i] === 46) {
    i++;
    while (i < end) {
      const d = b[i]! - 48;
      if (d < 0 || d > 9) break;
      if (mant < 1e15) {
        mant = mant * 10 + d;
        exp10--;
      } else if (d !== 0) exact = false;
      digits++;
      i++;
    }
  }
  if (digits === 0) {
    scanEnd = start;
    return Number.NaN;
  }
  if (i < end && (b[i] === 101 || b[i] === 69)) {
    let j = i + 1;
    let eneg = false;
    if (j < end && (b[j] === 45 || b[j] === 43)) {
      eneg = b[j] === 45;
      j++;
    }
    let e = 0;
    let edigits = 0;
    while (j < end) {
      const d = b[j]! - 48;
      if (d < 0 || d > 9) break;
      if (e < 100000) e = e * 10 + d;
      edigits++;
      j++;
    }
    if (edigits > 0) {
      exp10 += eneg ? -e : e;
      i = j;
    }
  }
  scanEnd = i;
  let v: number;
  if (exact && exp10 === 0) v = mant;
  else if (exact && exp10 > 0 && exp10 <= 22 && mant < 9007199254740992) v = mant * POW10[exp10]!;
  else if (exact && exp10 < 0 && exp10 >= -22) v = mant / POW10[-exp10]!;
  else return Number(latin1(b, start, i));
  return neg ? -v : v;
}

/** Reads an optionally signed integer at `start`; NaN when none. Sets `scanEnd`. */
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
    scanEnd = start;
    return Number.NaN;
  }
  scanEnd = i;
  return neg ? -v : v;
}

/** Decodes bytes as Latin-1 (for short tokens: names, units, error messages). */
export function latin1(b: Uint8Array, start: number, end: number): string {
  let s = '';
  const stop = Math.min(end, start + 4096);
  for (let i = start; i < stop; i++) s += String.fromCharCode(b[i]!);
  return s;
}
