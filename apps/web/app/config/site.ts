/** Public facts about the company shown across the site. Build-time constants only: no secrets. */
export const site = {
  name: 'PrintLoop',
  brandFirst: 'Print',
  brandSecond: 'Loop',
  tagline: 'Instant quotes and print-on-demand for online sellers',
  origin:
    (import.meta.env.VITE_SITE_URL as string | undefined)?.replace(/\/$/, '') ?? 'http://localhost:3000',
  companyWebsite: 'https://printloop.example.com',
  companyContactPage: 'https://printloop.example.com/contact',
  email: 'hello@printloop.example.com',
  supportEmail: 'support@printloop.example.com',
} as const;
