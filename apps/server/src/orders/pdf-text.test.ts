import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatGrams,
  formatPence,
  formatPrintTime,
  pdfSafeText,
  utcMidnight,
} from './pdf-text.js';

describe('formatPence', () => {
  it('prints pence as pounds with two decimals and en-GB grouping', () => {
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(99)).toBe('£0.99');
    expect(formatPence(100)).toBe('£1.00');
    expect(formatPence(12345)).toBe('£123.45');
    expect(formatPence(100000)).toBe('£1,000.00');
    expect(formatPence(123456789)).toBe('£1,234,567.89');
  });

  it('puts a minus sign before the pound sign for negative amounts', () => {
    expect(formatPence(-500)).toBe('−£5.00');
    expect(formatPence(-5)).toBe('−£0.05');
    expect(formatPence(-123456789)).toBe('−£1,234,567.89');
    expect(formatPence(-0)).toBe('£0.00');
  });

  it('is exact where floating division is not (0.1 + 0.2)', () => {
    expect(formatPence(10 + 20)).toBe('£0.30');
    expect(formatPence(Number.MAX_SAFE_INTEGER)).toBe('£90,071,992,547,409.91');
  });

  it('refuses anything but whole pence', () => {
    expect(() => formatPence(12.5)).toThrow(RangeError);
    expect(() => formatPence(Number.NaN)).toThrow(RangeError);
    expect(() => formatPence(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('dates', () => {
  it('reads YYYY-MM-DD as that day in UTC and prints it en-GB', () => {
    expect(formatDate('2026-11-22')).toBe('22 November 2026');
    expect(formatDate('2027-01-01')).toBe('1 January 2027');
    expect(utcMidnight('2026-11-22').toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('refuses what is not a date', () => {
    expect(() => formatDate('2026-02-30')).toThrow(RangeError);
    expect(() => formatDate('22/11/2026')).toThrow(RangeError);
    expect(() => formatDate('2026-11-22T10:00:00Z')).toThrow(RangeError);
  });
});

describe('estimates and counts', () => {
  it('prints print time in hours and minutes, to the nearest minute', () => {
    expect(formatPrintTime(3 * 3600 + 25 * 60)).toBe('3 h 25 min');
    expect(formatPrintTime(3 * 3600 + 25 * 60 + 29)).toBe('3 h 25 min');
    expect(formatPrintTime(4 * 3600)).toBe('4 h');
    expect(formatPrintTime(25 * 60)).toBe('25 min');
    expect(formatPrintTime(59 * 60 + 40)).toBe('1 h');
    expect(formatPrintTime(10)).toBe('1 min');
    expect(formatPrintTime(0)).toBe('0 min');
  });

  it('prints grams with one decimal and counts with grouping', () => {
    expect(formatGrams(42.08)).toBe('42.1 g');
    expect(formatGrams(3)).toBe('3.0 g');
    expect(formatGrams(1234.56)).toBe('1,234.6 g');
    expect(formatCount(1000)).toBe('1,000');
  });
});

describe('pdfSafeText', () => {
  it('keeps what the standard fonts have: £ × – · € and Latin-1 letters', () => {
    const text = '£1,234.56 × 3 – a · b — “c” € Dvořák? no: Müller, Ørsted, ½';
    expect(pdfSafeText(text)).toBe('£1,234.56 × 3 – a · b — “c” € Dvorák? no: Müller, Ørsted, ½');
  });

  it('replaces the rest with readable stand-ins, or "?" when there is none', () => {
    expect(pdfSafeText('≤ 2 mm, ≥ 1 mm, ≠ 0')).toBe('<= 2 mm, >= 1 mm, != 0');
    expect(pdfSafeText('−£5.00')).toBe('–£5.00');
    expect(pdfSafeText('20\u202F%\u2009x')).toBe('20 % x');
    expect(pdfSafeText('ﬁle ⅓ Łódź')).toBe('file 1/3 Lódz');
    expect(pdfSafeText('zero\u200Bwidth\u00ADsoft')).toBe('zerowidthsoft');
    expect(pdfSafeText('東京 🙂')).toBe('?? ?');
    expect(pdfSafeText('a\tb\r\nc\u0007')).toBe('a b\nc');
  });
});
