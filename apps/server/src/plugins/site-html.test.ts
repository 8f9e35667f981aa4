import { describe, expect, it } from 'vitest';
import { rewriteSiteHtml } from './site-html.js';

const page = [
  '<!DOCTYPE html><html><head><title>Pricing</title>',
  '<link rel="canonical" href="http://localhost:3000/pricing"/>',
  '<meta property="og:url" content="http://localhost:3000/pricing"/>',
  '<meta property="og:image" content="http://localhost:3000/og-image.png"/>',
  '<meta property="og:title" content="http://localhost:3000 is not a URL tag"/>',
  '<link rel="icon" href="/favicon.svg"/>',
  '</head><body><a href="https://docs.example.org/x">elsewhere</a>',
  '<a data-company-link="website" href="/about" class="x">Company website</a></body></html>',
].join('');

describe('rewriteSiteHtml', () => {
  it('puts the canonical link and the Open Graph URLs on PUBLIC_URL, and nothing else', () => {
    const out = rewriteSiteHtml(page, { publicUrl: 'https://quotes.farm.example/' });
    expect(out).toContain('<link rel="canonical" href="https://quotes.farm.example/pricing"/>');
    expect(out).toContain('<meta property="og:url" content="https://quotes.farm.example/pricing"/>');
    expect(out).toContain('<meta property="og:image" content="https://quotes.farm.example/og-image.png"/>');
    expect(out).toContain('content="http://localhost:3000 is not a URL tag"');
    expect(out).toContain('<a href="https://docs.example.org/x">');
    expect(out).not.toContain('http://localhost:3000/pricing');
    // Without COMPANY_WEBSITE the footer's link stays on the site's own About page.
    expect(out).toContain('<a data-company-link="website" href="/about"');
    expect(out).not.toContain('printloop:company-website');
  });

  it("points the footer's company link at COMPANY_WEBSITE and tells the app", () => {
    const out = rewriteSiteHtml(page, {
      publicUrl: 'http://localhost:3000',
      companyWebsite: 'https://www.farm.example/?a=1&b="2"',
    });
    expect(out).toContain(
      '<a data-company-link="website" href="https://www.farm.example/?a=1&amp;b=&quot;2&quot;" class="x">',
    );
    expect(out).toContain(
      '<meta name="printloop:company-website" content="https://www.farm.example/?a=1&amp;b=&quot;2&quot;"/></head>',
    );
  });
});
