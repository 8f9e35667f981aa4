import { Link } from 'react-router';
import { ButtonLink, Card, PageHero, Section } from '../components/ui/layout';
import { standardShipping } from '../config/facts';
import { integrationGuidePath, paths } from '../config/paths';
import { site } from '../config/site';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Support and help centre',
    description:
      'Help with PrintLoop quotes, file uploads, orders, shipping, API keys and store integrations: browse help topics, read the FAQ or message our support team.',
    path: paths.support,
  });

const categories = [
  {
    title: 'Getting started',
    body: 'Create an account, upload your first model and understand your instant quote.',
    links: [
      { to: paths.howItWorks, label: 'How it works' },
      { to: paths.calculator, label: 'Get a quote' },
    ],
  },
  {
    title: 'Quotes and pricing',
    body: 'How material, print time and options make up the price, and how volume discounts apply.',
    links: [
      { to: paths.pricing, label: 'Pricing' },
      { to: '#faq', label: 'Pricing questions' },
    ],
  },
  {
    title: 'Orders and production',
    body: 'Follow an order through printing, packaging and shipping, and cancel before printing starts.',
    links: [
      { to: `${paths.docs}#orders-api`, label: 'Orders API' },
      { to: paths.terms, label: 'Cancellations and reprints' },
    ],
  },
  {
    title: 'Shipping and delivery',
    body: `Carriers, destinations and delivery times. Standard shipping takes ${standardShipping}.`,
    links: [
      { to: paths.shipping, label: 'Shipping' },
      { to: `${paths.docs}#shipping-api`, label: 'Shipping rates API' },
    ],
  },
  {
    title: 'API and SDKs',
    body: 'Authentication, test and live keys, endpoints, errors and the JavaScript and Python SDKs.',
    links: [
      { to: paths.docs, label: 'Documentation' },
      { to: paths.apiReference, label: 'API reference' },
    ],
  },
  {
    title: 'Store integrations',
    body: 'Connect Shopify, WooCommerce, Amazon, Etsy or eBay and route orders automatically.',
    links: [
      { to: integrationGuidePath('shopify'), label: 'Shopify guide' },
      { to: paths.integrations, label: 'All integrations' },
    ],
  },
] as const;

const faq = [
  {
    q: 'Which file formats can I upload?',
    a: 'STL (binary or ASCII), OBJ, 3MF and STEP (.step or .stp), up to 50 MB per file. Models should be closed solids; if a mesh has holes we still quote it, but tell you the volume is approximate.',
  },
  {
    q: 'How is my quote calculated?',
    a: 'We analyse the geometry of your file on our servers: its volume, size and how much support it needs. From that and your settings (material, layer height, infill, speed, supports, post-processing) we estimate filament and print time, and price them with our published price table. The calculator page explains every line.',
  },
  {
    q: 'How long is a quote valid?',
    a: 'A saved quote is valid for 7 days. After that, open it again and it is re-priced at current rates without uploading the file again.',
  },
  {
    q: 'Which materials do you print?',
    a: 'PLA, PETG and TPU for most products, and ABS through the calculator and the API. Each has a different price per kilogram; the quote shows the material cost separately.',
  },
  {
    q: 'Is there a minimum order or a monthly fee?',
    a: 'No. There are no setup fees, monthly fees or minimum order quantities. You pay per order, and volume discounts apply automatically.',
  },
  {
    q: 'How fast do orders ship?',
    a: `Most orders are printed and dispatched within a few days, depending on print time. Standard shipping then takes ${standardShipping}. Every order gets a tracking number when it ships.`,
  },
  {
    q: 'What is the difference between test and live API keys?',
    a: 'Test keys (pl_test_...) create orders that are priced but never manufactured, shipped or charged. Live keys (pl_live_...) create real orders. Keys are shown once when created and stored hashed, so keep them in your server’s environment, never in browser code.',
  },
  {
    q: 'I forgot my password. What do I do?',
    a: 'Use “Forgot your password” on the sign-in page. We email you a link to set a new password; it works once and expires after one hour.',
  },
  {
    q: 'My item arrived damaged or misprinted.',
    a: 'Send us the order number and a photo within 14 days of delivery through the contact form. We reprint it or refund it.',
  },
] as const;

export default function Support() {
  return (
    <>
      <PageHero
        eyebrow="Support"
        title="How can we help?"
        lead={
          <p>
            Find answers about quotes, orders, shipping and the API, or send us a message. We reply within one
            business day.
          </p>
        }
      >
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={paths.contact}>Contact support</ButtonLink>
          <ButtonLink to={paths.docs} variant="secondary">
            Read the documentation
          </ButtonLink>
        </div>
      </PageHero>

      <Section id="help-topics" title="Help topics">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((c) => (
            <li key={c.title}>
              <Card className="h-full">
                <h3 className="text-lg font-semibold text-slate-900">{c.title}</h3>
                <p className="mt-2 text-sm text-slate-700">{c.body}</p>
                <ul className="mt-4 space-y-1 text-sm">
                  {c.links.map((l) => (
                    <li key={l.label}>
                      {l.to.startsWith('#') ? (
                        <a href={l.to} className="font-semibold text-brand-700 underline">
                          {l.label}
                        </a>
                      ) : (
                        <Link to={l.to} className="font-semibold text-brand-700 underline">
                          {l.label}
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="faq" title="Frequently asked questions" className="bg-slate-50">
        <div className="max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {faq.map((item) => (
            <details key={item.q} className="group p-5">
              <summary className="flex cursor-pointer list-none items-start justify-between gap-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                <span>{item.q}</span>
                <span aria-hidden="true" className="text-brand-700 transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 leading-relaxed text-slate-700">{item.a}</p>
            </details>
          ))}
        </div>
      </Section>

      <Section id="still-need-help" title="Still need help?">
        <Card className="max-w-3xl">
          <p className="text-slate-700">
            Tell us what happened, with the order number or the API request id if you have one, and a person
            from our support team will reply within one business day (Monday to Friday, 9:00 to 17:30 UK
            time).
          </p>
          <div className="mt-5 flex flex-wrap items-center gap-4">
            <ButtonLink to={paths.contact}>Send a message</ButtonLink>
            <a href={`mailto:${site.supportEmail}`} className="font-semibold text-brand-700 underline">
              {site.supportEmail}
            </a>
          </div>
        </Card>
      </Section>
    </>
  );
}
