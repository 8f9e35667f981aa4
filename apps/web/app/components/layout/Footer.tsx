import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { BrandMark } from './BrandMark';

/** Where the footer's "Company website" goes: COMPANY_WEBSITE (the server puts it in a meta tag), else About. */
const COMPANY_WEBSITE_META = 'meta[name="printloop:company-website"]';
const noSubscribe = () => () => {};
function useCompanyWebsite(): string {
  return useSyncExternalStore(
    noSubscribe,
    () => document.querySelector<HTMLMetaElement>(COMPANY_WEBSITE_META)?.content || paths.about,
    () => paths.about,
  );
}

const columns = [
  {
    title: 'Product',
    links: [
      { to: paths.features, label: 'Features' },
      { to: paths.pricing, label: 'Pricing' },
      { to: paths.docs, label: 'Documentation' },
      { to: paths.calculator, label: 'Calculator' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: paths.about, label: 'About' },
      { to: paths.blog, label: 'Blog' },
      { to: paths.contact, label: 'Contact' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: paths.support, label: 'Support' },
      { to: paths.terms, label: 'Terms' },
      { to: paths.privacy, label: 'Privacy' },
    ],
  },
] as const;

export function Footer() {
  const companyWebsite = useCompanyWebsite();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <h2 id="footer-heading" className="sr-only">
        Footer
      </h2>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="space-y-4">
          <BrandMark />
          <p className="max-w-xs text-sm text-slate-600">
            Production, storage, fulfilment and worldwide shipping for online sellers. Upload a model, get a
            price you can trust, and let us print it.
          </p>
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <h3 className="text-sm font-semibold text-slate-900">Contact Us</h3>
            <p className="mt-1 text-sm text-slate-600">
              Questions about an order, an integration or a quote?
            </p>
            <Link
              to={paths.contact}
              className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
            >
              Get in touch
            </Link>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4 lg:col-span-2">
          {columns.map((col) => (
            <div key={col.title}>
              <h3 className="text-sm font-semibold text-slate-900">{col.title}</h3>
              <ul className="mt-3 space-y-2">
                {col.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} className="text-sm text-slate-600 hover:text-brand-700">
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Connect</h3>
            <ul className="mt-3 space-y-2">
              <li>
                <a
                  data-company-link="website"
                  href={companyWebsite}
                  className="text-sm text-slate-600 hover:text-brand-700"
                  rel="noopener"
                >
                  Company website
                </a>
              </li>
            </ul>
          </div>
        </div>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {site.name}. All rights reserved.
          </p>
          <ul className="flex gap-4">
            <li>
              <Link to={paths.terms} className="hover:text-brand-700">
                Terms
              </Link>
            </li>
            <li>
              <Link to={paths.privacy} className="hover:text-brand-700">
                Privacy
              </Link>
            </li>
            <li>
              <Link to={paths.cookies} className="hover:text-brand-700">
                Cookies
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
