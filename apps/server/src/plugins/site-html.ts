/**
 * The prerendered pages are built once, before anyone knows where they will be served. The server fills in
 * what belongs to this installation when it loads them: the canonical link and Open Graph URLs on
 * PUBLIC_URL's origin (a crawler reads them from the served HTML), and the company's own website
 * (COMPANY_WEBSITE) in the footer's link, also given to the app in a meta tag so it keeps it after hydration.
 */

export interface SiteValues {
  publicUrl: string;
  companyWebsite?: string;
}

/** The meta tag the web app reads the company website from (Footer.tsx). */
export const COMPANY_WEBSITE_META = 'printloop:company-website';

const tagPattern = /<(?:link|meta)\b[^>]*>/gi;
const urlTag = /\brel="canonical"|\bproperty="og:(?:url|image)"/i;
const urlAttr = /(\b(?:href|content)=")([^"]*)(")/i;
const companyLink = /(<a\b[^>]*\bdata-company-link="website"[^>]*\bhref=")([^"]*)(")/gi;

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `url` with its origin replaced by `origin`; anything that is not an absolute http(s) URL is kept. */
function onOrigin(url: string, origin: string): string {
  const m = /^https?:\/\/[^/?#]+/i.exec(url.replace(/&amp;/g, '&'));
  if (!m) return url;
  return `${origin}${url.slice(m[0].length)}`;
}

/** The page's HTML as this installation serves it. */
export function rewriteSiteHtml(html: string, site: SiteValues): string {
  const origin = new URL(site.publicUrl).origin;
  let out = html.replace(tagPattern, (tag) =>
    urlTag.test(tag)
      ? tag.replace(urlAttr, (_m, a, url: string, z) => `${a}${escapeAttr(onOrigin(url, origin))}${z}`)
      : tag,
  );
  if (site.companyWebsite) {
    const href = escapeAttr(site.companyWebsite);
    out = out.replace(companyLink, (_m, a, _old, z) => `${a}${href}${z}`);
    out = out.replace(/<\/head>/i, `<meta name="${COMPANY_WEBSITE_META}" content="${href}"/></head>`);
  }
  return out;
}
