import { DEFAULT_PARAMETERS, priceQuote, type QuoteParameters } from '@printloop/quote';
import { describe, expect, it } from 'vitest';
import type { QuotePreview } from '../../lib/api-client';
import { canSaveQuote, chooseShownQuote, priceLines, type QuoteViewInput } from './quote-view';

const params: QuoteParameters = { ...DEFAULT_PARAMETERS, postProcessing: [] };
const est = { print_time_s: 3600, filament_g: 10, filament_cm3: 8, filament_mm: 3300, layers: 100 };
const serverEst = { ...est, print_time_s: 1800 };
const preview = (key: string): { key: string; value: QuotePreview } => ({
  key,
  value: { estimate: serverEst, quote: priceQuote(serverEst, params, { quantity: 1 }) },
});
const base: QuoteViewInput = {
  preview: null,
  previewKey: null,
  clientEstimate: null,
  estimateKey: null,
  params,
  quantity: 1,
  serverPending: false,
};

describe('chooseShownQuote', () => {
  it('shows nothing before any figure exists', () => {
    expect(chooseShownQuote(base)).toBeNull();
  });
  it('prices the instant estimate in the browser while the server is pending', () => {
    const s = chooseShownQuote({
      ...base,
      clientEstimate: { key: 'e1', estimate: est },
      estimateKey: 'e1',
      serverPending: true,
    });
    expect(s?.source).toBe('instant');
    expect(s?.updating).toBe(true);
    // 10 g PLA at £25/kg = 25p; 1 h at £5 = 500p; × 2.5 = 1313p (rounded half up); the total adds the
    // fulfilment fee of the current price table (£2.95 for one unit).
    expect(s?.quote.material_pence).toBe(25);
    expect(s?.quote.machine_pence).toBe(500);
    expect(s?.quote.unit_price_pence).toBe(1313);
    expect(s?.quote.fulfilment_pence).toBe(295);
    expect(s?.quote.total_pence).toBe(1313 + 295);
  });
  it("prefers the server's preview when it matches the current inputs", () => {
    const s = chooseShownQuote({
      ...base,
      clientEstimate: { key: 'e1', estimate: est },
      estimateKey: 'e1',
      preview: preview('p1'),
      previewKey: 'p1',
    });
    expect(s?.source).toBe('server');
    expect(s?.updating).toBe(false);
    expect(s?.estimate.print_time_s).toBe(1800);
  });
  it('falls back to the fresh instant figure when the server preview is stale', () => {
    const s = chooseShownQuote({
      ...base,
      clientEstimate: { key: 'e2', estimate: est },
      estimateKey: 'e2',
      preview: preview('p1'),
      previewKey: 'p2',
      serverPending: true,
    });
    expect(s?.source).toBe('instant');
    expect(s?.updating).toBe(true);
  });
  it('keeps a stale server figure (marked updating) when there is no instant estimate', () => {
    const s = chooseShownQuote({ ...base, preview: preview('p1'), previewKey: 'p2' });
    expect(s).toMatchObject({ source: 'server', updating: true });
  });
  it('is not updating once the instant figure is fresh and no server price is expected', () => {
    const s = chooseShownQuote({ ...base, clientEstimate: { key: 'e1', estimate: est }, estimateKey: 'e1' });
    expect(s?.updating).toBe(false);
  });
});

describe('canSaveQuote', () => {
  it("needs the server's price for exactly the current inputs", () => {
    expect(canSaveQuote({ preview: null, previewKey: 'p1', saving: false })).toBe(false);
    expect(canSaveQuote({ preview: preview('p1'), previewKey: 'p2', saving: false })).toBe(false);
    expect(canSaveQuote({ preview: preview('p1'), previewKey: 'p1', saving: true })).toBe(false);
    expect(canSaveQuote({ preview: preview('p1'), previewKey: 'p1', saving: false })).toBe(true);
  });
});

describe('priceLines', () => {
  it('shows the minimum charge as its own line, topping a 1 mm cube up to £1.50', () => {
    const q = priceQuote({ print_time_s: 20, filament_g: 0.00124 }, params, { quantity: 1 });
    const lines = priceLines(q, 0.00124);
    const labels = lines.map((l) => l.label);
    expect(lines.find((l) => l.label.startsWith('Minimum charge'))).toEqual({
      label: 'Minimum charge (£1.50 per part)',
      value: '+£1.42',
    });
    expect(labels.indexOf('Minimum charge (£1.50 per part)')).toBe(labels.indexOf('Part cost') + 1);
    expect(lines.find((l) => l.label.startsWith('Unit price'))?.value).toBe('£1.50');
    expect(lines.find((l) => l.label.startsWith('Fulfilment'))?.value).toBe('£2.95');
    expect(lines.at(-1)).toEqual({ label: 'Total (excl. VAT)', value: '£4.45', strong: true });
  });

  it('has no minimum-charge line above the floor', () => {
    const q = priceQuote({ print_time_s: 915, filament_g: 3.98 }, params, { quantity: 1 });
    expect(priceLines(q, 3.98).some((l) => l.label.startsWith('Minimum'))).toBe(false);
    expect(priceLines(q, 3.98).find((l) => l.label.startsWith('Unit price'))?.label).toBe(
      'Unit price (× 2.5)',
    );
  });
});
