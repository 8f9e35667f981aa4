import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDimensions,
  formatMB,
  formatPercent,
  formatPrintTime,
  formatVolumeCm3,
  printMinutes,
  validityText,
} from './format';

describe('format', () => {
  it('formats sizes, volumes and dimensions to 2 decimals', () => {
    expect(formatMB(684)).toBe('0.00 MB');
    expect(formatMB(1024 * 1024 * 1.5)).toBe('1.50 MB');
    expect(formatVolumeCm3(7690.4)).toBe('7.69 cm³');
    expect(formatVolumeCm3(8000)).toBe('8.00 cm³');
    expect(formatDimensions([43.3333, 43.3333, 10])).toBe('43.33 × 43.33 × 10.00 mm');
  });
  it('formats print time in minutes', () => {
    expect(printMinutes(0)).toBe(0);
    expect(printMinutes(10)).toBe(1);
    expect(printMinutes(89)).toBe(1);
    expect(printMinutes(91)).toBe(2);
    expect(formatPrintTime(47 * 60)).toBe('47 min');
    expect(formatPrintTime(125 * 60)).toBe('125 min (2 h 5 min)');
    expect(formatPrintTime(2000 * 60)).toBe('2,000 min (33 h 20 min)');
  });
  it('formats dates en-GB and the validity of a quote', () => {
    expect(formatDate('2026-11-29T10:00:00.000Z')).toBe('29 Nov 2026');
    const now = new Date('2026-11-22T12:00:00Z');
    expect(validityText('2026-11-29T12:00:00Z', now)).toBe('Valid until 29 Nov 2026');
    expect(validityText('2026-11-22T11:59:59Z', now)).toBe('Expired');
    expect(validityText('not a date', now)).toBe('Expired');
  });
  it('formats discount rates', () => {
    expect(formatPercent(0.05)).toBe('5%');
    expect(formatPercent(0.15)).toBe('15%');
    expect(formatPercent(0)).toBe('0%');
  });
});
