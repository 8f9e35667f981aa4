/**
 * Example answers of the API (recorded from a test-mode account; the ids are the docs' samples' ids, so
 * the samples and the answers shown beside them agree). One set for the OpenAPI document and the docs
 * pages: the document's test and the docs' samples.test.ts check them against the response schemas.
 * Data only.
 */

export const fileExample = {
  id: 'file_3f2a9c1e7b4d4e0f9a8b6c5d4e3f2a1b',
  object: 'file',
  created_at: '2026-11-23T01:11:45.714Z',
  livemode: false,
  filename: 'phone-stand.stl',
  size_bytes: 684,
  format: 'stl-binary',
  units: 'mm',
  analysis: {
    volume_mm3: 8000,
    area_mm2: 2400,
    bbox: {
      min: [0, 0, 0],
      max: [20, 20, 20],
      size: [20, 20, 20],
    },
    triangles: 12,
    watertight: true,
    shells: 1,
    supports_recommended: false,
    fits_build_volume: true,
    fit_rotation_deg: 0,
    suggested_units: null,
    warnings: [],
  },
};

export const quoteExample = {
  id: 'quo_8c1d2e3f4a5b4c6d8e7f9a0b1c2d3e4f',
  object: 'quote',
  created_at: '2026-11-23T01:11:46.024Z',
  livemode: false,
  file_id: 'file_3f2a9c1e7b4d4e0f9a8b6c5d4e3f2a1b',
  product_id: null,
  parameters: {
    material: 'PETG',
    color: 'black',
    layer_height: 0.2,
    infill: 20,
    print_speed: 60,
    supports: false,
    post_processing: [],
    units: 'mm',
  },
  quantity: 10,
  estimate: {
    print_time_s: 827,
    filament_g: 4.05,
    layers: 100,
  },
  unit_amount: 323,
  subtotal_amount: 3230,
  discount_amount: 162,
  fulfillment_amount: 475,
  total_amount: 3543,
  currency: 'GBP',
  line_items: [
    {
      type: 'material',
      description: 'Material × 10',
      amount: 350,
    },
    {
      type: 'machine',
      description: 'Machine time × 10',
      amount: 2880,
    },
    {
      type: 'discount',
      description: 'Volume discount (5%)',
      amount: -162,
    },
    {
      type: 'fulfillment',
      description: 'Fulfilment (once per order)',
      amount: 475,
    },
  ],
  price_table_version: '2026-11-24',
  lead_time_days: 2,
  valid_until: '2026-11-30T01:11:46.023Z',
};

export const productExample = {
  id: 'prd_7Hq2LmX9pR4sT6vW8yZ1aB',
  object: 'product',
  created_at: '2026-11-23T01:11:46.143Z',
  updated_at: '2026-11-23T01:11:46.143Z',
  livemode: false,
  name: 'Phone stand',
  description: 'Folding stand for phones up to 7 inches',
  file_id: 'file_3f2a9c1e7b4d4e0f9a8b6c5d4e3f2a1b',
  materials: ['PLA', 'PETG'],
  dimensions: {
    width: 20,
    height: 20,
    depth: 20,
  },
  defaults: {
    material: 'PLA',
    color: 'black',
    layer_height: 0.2,
    infill: 20,
    print_speed: 60,
    supports: false,
    post_processing: [],
    units: 'mm',
  },
  sku: 'STAND-01',
  metadata: {
    collection: 'desk',
  },
  archived: false,
};

/** An order as GET /v1/orders/{id} gives it, with its timeline (events). */
export const orderExample = {
  id: 'ord_5Xq9Tz3LmN7pR2sV4wY6aC',
  object: 'order',
  created_at: '2026-11-23T01:11:46.179Z',
  livemode: false,
  status: 'queued',
  items: [
    {
      id: 'oi_2Wm8Kd4Rb6Tf1Yh3Jn5Pq7',
      object: 'order_item',
      file_id: 'file_3f2a9c1e7b4d4e0f9a8b6c5d4e3f2a1b',
      quote_id: 'quo_8c1d2e3f4a5b4c6d8e7f9a0b1c2d3e4f',
      product_id: null,
      file_name: 'phone-stand.stl',
      dimensions: {
        x: 20,
        y: 20,
        z: 20,
      },
      parameters: {
        material: 'PETG',
        color: 'black',
        layer_height: 0.2,
        infill: 20,
        print_speed: 60,
        supports: false,
        post_processing: [],
        units: 'mm',
      },
      quantity: 10,
      unit_amount: 323,
      subtotal_amount: 3230,
      discount_amount: 162,
      total_amount: 3068,
      currency: 'GBP',
      estimate: {
        print_time_s: 827,
        filament_g: 4.05,
        layers: 100,
      },
    },
  ],
  shipping_address: {
    name: 'Jane Smith',
    street: '12 High Street',
    city: 'Manchester',
    postal_code: 'M1 1AE',
    country: 'GB',
    email: 'jane@example.com',
  },
  shipping: {
    id: 'royal_mail:standard',
    carrier: 'royal_mail',
    carrier_name: 'Royal Mail',
    service: 'standard',
    amount: 395,
    currency: 'GBP',
    estimated_days: {
      min: 3,
      max: 5,
    },
    weight_g: 41,
    parcels: 1,
  },
  items_amount: 3230,
  discount_amount: 162,
  fulfillment_amount: 475,
  shipping_amount: 395,
  net_amount: 3938,
  tax_amount: 788,
  total_amount: 4726,
  currency: 'GBP',
  tax: {
    kind: 'standard',
    rate: 0.2,
    label: 'VAT 20%',
    note: null,
    vat_number: null,
  },
  payment_terms: 'prepay',
  lead_time_days: 2,
  estimated_delivery: '2026-12-02',
  carrier: null,
  tracking_number: null,
  tracking_url: null,
  external_id: 'shop-order-1042',
  metadata: {
    channel: 'etsy',
  },
  price_table_version: '2026-11-24',
  events: [
    {
      id: 'oev_9Lc3Vx6Bn2Mz8Qa4Sd1Fg5',
      object: 'order_event',
      created_at: '2026-11-23T01:11:46.179Z',
      from_status: null,
      to_status: 'queued',
      action: 'place',
      actor: 'customer',
      actor_name: null,
      reason: null,
      data: {
        via: 'api',
        total_amount: 4726,
      },
    },
  ],
};

export const shippingRateExamples = [
  {
    id: 'royal_mail:standard',
    carrier: 'royal_mail',
    carrier_name: 'Royal Mail',
    service: 'standard',
    amount: 1295,
    currency: 'GBP',
    estimated_days: {
      min: 3,
      max: 5,
    },
  },
  {
    id: 'dpd:standard',
    carrier: 'dpd',
    carrier_name: 'DPD',
    service: 'standard',
    amount: 1295,
    currency: 'GBP',
    estimated_days: {
      min: 3,
      max: 5,
    },
  },
  {
    id: 'dhl:express',
    carrier: 'dhl',
    carrier_name: 'DHL',
    service: 'express',
    amount: 2595,
    currency: 'GBP',
    estimated_days: {
      min: 1,
      max: 2,
    },
  },
  {
    id: 'ups:express',
    carrier: 'ups',
    carrier_name: 'UPS',
    service: 'express',
    amount: 2695,
    currency: 'GBP',
    estimated_days: {
      min: 1,
      max: 2,
    },
  },
];

export const shippingRateExample = shippingRateExamples[0]!;

export const createQuoteExample = { file_id: fileExample.id, material: 'PLA', color: 'black', quantity: 10 };

export const createProductExample = {
  name: 'Phone stand',
  file_id: fileExample.id,
  materials: ['PLA', 'PETG'],
  dimensions: { width: 20, height: 20, depth: 20 },
  defaults: { color: 'black' },
  sku: 'STAND-01',
};

export const createOrderExample = {
  items: [{ product_id: productExample.id, quantity: 2 }],
  shipping_address: {
    name: 'Priya Shah',
    street: '1 High Street',
    city: 'London',
    postal_code: 'SW1A 1AA',
    country: 'GB',
  },
  shipping_service: 'standard',
  external_id: 'shop-1001',
};

export const createFileExample = { url: 'https://files.example.com/models/phone-stand.stl' };
