/**
 * Public facts about the company shown across the site. Build-time constants only: no secrets. What
 * belongs to one installation is filled in when the server serves the pages (apps/server/src/plugins/
 * site-html.ts): the canonical and Open Graph URLs on PUBLIC_URL, the footer's link to COMPANY_WEBSITE.
 */
export const site = {
  name: 'PrintLoop',
  brandFirst: 'Print',
  brandSecond: 'Loop',
  tagline: 'Instant quotes and print-on-demand for online sellers',
  /** The origin the pages are prerendered with; the server puts PUBLIC_URL's in its place. */
  origin:
    (import.meta.env.VITE_SITE_URL as string | undefined)?.replace(/\/$/, '') ?? 'http://localhost:3000',
  email: 'hello@printloop.example.com',
  supportEmail: 'support@printloop.example.com',
} as const;
