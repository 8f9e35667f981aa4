/** Small factories of stored figures for tests that write rows directly, with overrides. */
import type { EstimateResult } from '@printloop/estimate';
import type { Analysis } from '@printloop/geometry';
import { priceQuote, type Quote } from '@printloop/quote';
import type { InvoiceDocument } from '../orders/documents.js';

export function analysisFixture(overrides: Partial<Analysis> = {}): Analysis {
  return {
    file: 'part.stl',
    format: 'stl-binary',
    units: 'mm',
    triangles: 12,
    volume_mm3: 8000,
    area_mm2: 2400,
    bbox: { min: [0, 0, 0], max: [20, 20, 20], size: [20, 20, 20] },
    watertight: true,
    shells: 1,
    degenerate_triangles: 0,
    duplicate_triangles: 0,
    overhang_area_mm2: 0,
    supports_recommended: false,
    fits_build_volume: true,
    fit_rotation_deg: 0,
    fit_footprint_mm: [20, 20],
    suggested_units: null,
    warnings: [],
    ...overrides,
  };
}

export function estimateFixture(overrides: Partial<EstimateResult> = {}): EstimateResult {
  return {
    print_time_s: 915,
    filament_mm: 1330,
    filament_cm3: 3.2,
    filament_g: 3.98,
    layers: 100,
    breakdown: {
      walls_g: 1,
      walls_s: 300,
      skins_g: 1,
      skins_s: 300,
      infill_g: 1,
      infill_s: 200,
      support_g: 0,
      support_s: 0,
      skirt_g: 0,
      skirt_s: 15,
      travel_s: 50,
      other_s: 50,
    },
    ...overrides,
  };
}

export function quoteFixture(estimate: EstimateResult = estimateFixture()): Quote {
  return priceQuote(
    estimate,
    { filamentType: 'PLA', supportRequired: false },
    { now: new Date('2026-11-23T10:00:00Z') },
  );
}

export function invoiceDocumentFixture(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: 'proforma',
    number: 'PRO-2026-000000',
    issueDate: '2026-11-23',
    dueDate: null,
    orderId: 'ord_fixture',
    seller: { name: 'PrintLoop', address: [], email: 'hello@printloop.test' },
    buyer: { name: 'Buyer', lines: [] },
    shipTo: { name: 'Buyer', lines: [] },
    lines: [],
    totals: {
      itemsAmount: 0,
      discountAmount: 0,
      fulfillmentAmount: 0,
      shippingAmount: 0,
      netAmount: 0,
      taxRate: 0,
      taxAmount: 0,
      totalAmount: 0,
      taxLabel: 'VAT 0%',
    },
    paymentTerms: '',
    ...overrides,
  };
}
