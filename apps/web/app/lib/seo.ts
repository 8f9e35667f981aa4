import type { MetaDescriptor } from 'react-router';
import { site } from '../config/site';

/**
 * The site's origin for canonical and Open Graph URLs: in the browser the one it is served from (the
 * server has already put PUBLIC_URL's in the prerendered HTML); while prerendering, the build's.
 */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? site.origin : window.location.origin;
}

/** Title, description, canonical link and Open Graph tags for one page. */
export function pageMeta(opts: {
  title: string;
  description: string;
  path: string;
  noindex?: boolean;
}): MetaDescriptor[] {
  const origin = siteOrigin();
  const url = `${origin}${opts.path === '/' ? '/' : opts.path}`;
  const title = opts.path === '/' ? opts.title : `${opts.title} | ${site.name}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: opts.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: opts.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: `${origin}/og-image.png` },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (opts.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
