/** Lists and figures from the specification, shared by every page that shows them. */
export const marketingStats = [
  { value: '10K+', label: 'Active sellers' },
  { value: '50+', label: 'Countries shipped to' },
  { value: '35%', label: 'Average cost reduction' },
] as const;

export const aboutStats = [
  { value: '2019', label: 'Founded' },
  { value: '50+', label: 'Team members' },
  { value: '30+', label: 'Countries served by our team' },
  { value: '1M+', label: 'Parts printed' },
] as const;

/** Materials shown on marketing pages (the calculator also offers ABS). */
export const marketingMaterials = ['PLA', 'PETG', 'TPU'] as const;
export const marketingFileFormats = ['STL', 'OBJ', '3MF'] as const;
export const carriers = ['Royal Mail', 'DPD', 'DHL', 'FedEx', 'UPS'] as const;
export const standardShipping = '3-5 business days';
export const integrations = [
  'Shopify',
  'WooCommerce',
  'Amazon',
  'Etsy',
  'eBay',
  'Magento',
  'BigCommerce',
  'Walmart',
  'ShipStation',
  'ShipBob',
  'ShipMonk',
  'Shippo',
] as const;
