/**
 * Examples for the OpenAPI document (real answers of the API, recorded once from a test-mode account).
 * Data only: the document validates them against their schemas when it is linted.
 */

export const fileExample = {
  id: 'file_5ee8108657f84169a8a81e8a89677dc7',
  object: 'file',
  created_at: '2026-11-23T01:28:39.803Z',
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
  id: 'quo_3fd0c4900d14450eb6985445b747edc1',
  object: 'quote',
  created_at: '2026-11-23T01:28:40.104Z',
  livemode: false,
  file_id: 'file_5ee8108657f84169a8a81e8a89677dc7',
  product_id: null,
  parameters: {
    material: 'PLA',
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
    filament_g: 3.95,
    layers: 100,
  },
  unit_amount: 313,
  subtotal_amount: 3130,
  discount_amount: 157,
  fulfillment_amount: 475,
  total_amount: 3448,
  currency: 'GBP',
  line_items: [
    {
      type: 'material',
      description: 'Material \u00d7 10',
      amount: 250,
    },
    {
      type: 'machine',
      description: 'Machine time \u00d7 10',
      amount: 2880,
    },
    {
      type: 'discount',
      description: 'Volume discount (5%)',
      amount: -157,
    },
    {
      type: 'fulfillment',
      description: 'Fulfilment (once per order)',
      amount: 475,
    },
  ],
  price_table_version: '2026-11-23',
  lead_time_days: 2,
  valid_until: '2026-11-30T01:28:40.104Z',
};

export const productExample = {
  id: 'prd_4futoQWfxQoyx7EhfcaeDp',
  object: 'product',
  created_at: '2026-11-23T01:28:40.161Z',
  updated_at: '2026-11-23T01:28:40.161Z',
  livemode: false,
  name: 'Phone stand',
  description: null,
  file_id: 'file_5ee8108657f84169a8a81e8a89677dc7',
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
  metadata: {},
  archived: false,
};

export const orderExample = {
  id: 'ord_wh6G3oOElqct89V0sempTt',
  object: 'order',
  created_at: '2026-11-23T01:28:40.201Z',
  livemode: false,
  status: 'queued',
  items: [
    {
      id: 'oi_wGO1uI9KCchcT9u9DxFTMm',
      object: 'order_item',
      file_id: 'file_5ee8108657f84169a8a81e8a89677dc7',
      quote_id: null,
      product_id: 'prd_4futoQWfxQoyx7EhfcaeDp',
      file_name: 'phone-stand.stl',
      dimensions: {
        x: 20,
        y: 20,
        z: 20,
      },
      parameters: {
        material: 'PLA',
        color: 'black',
        layer_height: 0.2,
        infill: 20,
        print_speed: 60,
        supports: false,
        post_processing: [],
        units: 'mm',
      },
      quantity: 2,
      unit_amount: 313,
      subtotal_amount: 626,
      discount_amount: 0,
      total_amount: 626,
      currency: 'GBP',
      estimate: {
        print_time_s: 827,
        filament_g: 3.95,
        layers: 100,
      },
    },
  ],
  shipping_address: {
    name: 'Priya Shah',
    street: '1 High Street',
    city: 'London',
    postal_code: 'SW1A 1AA',
    country: 'GB',
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
    weight_g: 8,
    parcels: 1,
  },
  items_amount: 626,
  discount_amount: 0,
  fulfillment_amount: 315,
  shipping_amount: 395,
  net_amount: 1336,
  tax_amount: 267,
  total_amount: 1603,
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
  external_id: 'shop-1001',
  metadata: {},
  price_table_version: '2026-11-23',
  events: [
    {
      id: 'oev_JJRlQRStdbn9TgMDPbYH2T',
      object: 'order_event',
      created_at: '2026-11-23T01:28:40.201Z',
      from_status: null,
      to_status: 'queued',
      action: 'place',
      actor: 'customer',
      actor_name: null,
      reason: null,
      data: {
        via: 'api',
        total_amount: 1603,
      },
    },
  ],
};

export const shippingRateExample = {
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
};

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
