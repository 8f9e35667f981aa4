/**
 * Every route of the product in one typed table: used by links, the router config,
 * the prerender list, the sitemap and the tests.
 */
export const paths = {
  home: '/',
  product: '/product',
  features: '/features',
  pricing: '/pricing',
  docs: '/docs',
  apiReference: '/docs/api',
  /** The interactive reference: try the API with a test key (loads /v1/openapi.json). */
  apiTry: '/docs/api/try',
  status: '/status',
  about: '/about',
  blog: '/blog',
  careers: '/careers',
  press: '/press',
  partners: '/partners',
  community: '/community',
  support: '/support',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  shipping: '/shipping',
  integrations: '/integrations',
  dashboard: '/dashboard',
  howItWorks: '/how-it-works',
  calculator: '/calculator',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The checkout's shell; an order is placed at `checkoutPath(quoteId)`. */
  checkout: '/checkout',
  orders: '/orders',
  /** API keys (and, later, webhook endpoints) of the signed-in user. */
  developers: '/dashboard/developers',
  /** Store connections (Shopify, WooCommerce), their SKU mapping and alerts. */
  storeIntegrations: '/dashboard/integrations',
  /** Orders from any other marketplace, by CSV file. */
  csvImport: '/dashboard/integrations/import',
  /** The operators' console. */
  opsOrders: '/dashboard/orders',
  opsAccounts: '/dashboard/accounts',
  /** The operators' inbox of contact-form messages. */
  opsMessages: '/dashboard/messages',
} as const;

export type PathKey = keyof typeof paths;

export const integrationGuides = ['shopify', 'woocommerce', 'csv', 'amazon', 'etsy', 'ebay'] as const;
export type IntegrationGuide = (typeof integrationGuides)[number];
export const integrationGuidePath = (platform: IntegrationGuide) => `/docs/integrations/${platform}`;

/**
 * Private pages with an id in the path: not prerendered; the server answers them with the SPA shell
 * (apps/server/src/plugins/web.ts, SPA_SHELL_ROUTES, lists the same three).
 */
export const checkoutPath = (quoteId: string) => `${paths.checkout}/${encodeURIComponent(quoteId)}`;
export const orderPath = (orderId: string) => `${paths.orders}/${encodeURIComponent(orderId)}`;
export const opsOrderPath = (orderId: string) => `${paths.opsOrders}/${encodeURIComponent(orderId)}`;

/** The path the server answers unknown URLs with (status 404). */
export const notFoundPath = '/404';

/** Every path that is prerendered to static HTML at build time. */
export const prerenderPaths: string[] = [
  ...Object.values(paths),
  ...integrationGuides.map(integrationGuidePath),
  notFoundPath,
];
