/**
 * The store connectors' constants (issue 16), without zod: the web pages take these without pulling the
 * connectors' schemas (integrations.ts) into the code every page shares.
 */

export const STORE_PLATFORMS = ['shopify', 'woocommerce'] as const;
export type StorePlatform = (typeof STORE_PLATFORMS)[number];
export const STORE_PLATFORM_NAMES: Record<StorePlatform, string> = {
  shopify: 'Shopify',
  woocommerce: 'WooCommerce',
};

/** The Shopify Admin API version every call names (GraphQL: /admin/api/{version}/graphql.json). */
export const SHOPIFY_API_VERSION = '2025-10';

export const CSV_SOURCES = [
  'etsy',
  'amazon',
  'ebay',
  'walmart',
  'magento',
  'bigcommerce',
  'shipstation',
  'shipbob',
  'shipmonk',
  'shippo',
  'other',
] as const;
export type CsvSource = (typeof CSV_SOURCES)[number];
export const CSV_SOURCE_NAMES: Record<CsvSource, string> = {
  etsy: 'Etsy',
  amazon: 'Amazon',
  ebay: 'eBay',
  walmart: 'Walmart',
  magento: 'Magento',
  bigcommerce: 'BigCommerce',
  shipstation: 'ShipStation',
  shipbob: 'ShipBob',
  shipmonk: 'ShipMonk',
  shippo: 'Shippo',
  other: 'Another platform',
};

/** The fields an order row needs, in the order the mapping form shows them. */
export const CSV_FIELDS = [
  'external_id',
  'sku',
  'quantity',
  'name',
  'street',
  'street2',
  'city',
  'state',
  'postal_code',
  'country',
  'phone',
  'email',
  'service',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];
export const CSV_REQUIRED_FIELDS: readonly CsvField[] = [
  'external_id',
  'sku',
  'quantity',
  'name',
  'street',
  'city',
  'postal_code',
  'country',
];
export const CSV_FIELD_LABELS: Record<CsvField, string> = {
  external_id: 'Order number',
  sku: 'SKU',
  quantity: 'Quantity',
  name: 'Recipient name',
  street: 'Address line 1',
  street2: 'Address line 2',
  city: 'Town or city',
  state: 'County or state',
  postal_code: 'Postcode',
  country: 'Country',
  phone: 'Phone',
  email: 'Email',
  service: 'Shipping service',
};

/** The column headers of Etsy's "Orders" (sold order items) and Amazon's order report exports. */
export const CSV_PRESETS: Partial<Record<CsvSource, Partial<Record<CsvField, string>>>> = {
  etsy: {
    external_id: 'Order ID',
    sku: 'SKU',
    quantity: 'Quantity',
    name: 'Ship Name',
    street: 'Ship Address1',
    street2: 'Ship Address2',
    city: 'Ship City',
    state: 'Ship State',
    postal_code: 'Ship Zipcode',
    country: 'Ship Country',
  },
  amazon: {
    external_id: 'order-id',
    sku: 'sku',
    quantity: 'quantity-purchased',
    name: 'recipient-name',
    street: 'ship-address-1',
    street2: 'ship-address-2',
    city: 'ship-city',
    state: 'ship-state',
    postal_code: 'ship-postal-code',
    country: 'ship-country',
    phone: 'ship-phone-number',
    email: 'buyer-email',
    service: 'ship-service-level',
  },
};

/** At most this much CSV text per upload, and this many data rows. */
export const CSV_MAX_BYTES = 2 * 1024 * 1024;
export const CSV_MAX_ROWS = 5000;
