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
} as const;

export type PathKey = keyof typeof paths;

export const integrationGuides = ['shopify', 'woocommerce', 'amazon', 'etsy', 'ebay'] as const;
export type IntegrationGuide = (typeof integrationGuides)[number];
export const integrationGuidePath = (platform: IntegrationGuide) => `/docs/integrations/${platform}`;

/** The path the server answers unknown URLs with (status 404). */
export const notFoundPath = '/404';

/** Every path that is prerendered to static HTML at build time. */
export const prerenderPaths: string[] = [
  ...Object.values(paths),
  ...integrationGuides.map(integrationGuidePath),
  notFoundPath,
];
