import { Link } from 'react-router';
import { ButtonLink, Card, PageHero, Section } from '../components/ui/layout';
import { integrationGuidePath, paths } from '../config/paths';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Community: forums, guides and events',
    description:
      'Meet other PrintLoop sellers and developers: discussion forums, a knowledge base on designing for print and selling online, live events and popular threads.',
    path: paths.community,
  });

const forumBase = 'https://community.printloop.example.com';

const forums = [
  {
    slug: 'getting-started',
    name: 'Getting started',
    body: 'First uploads, reading your quote, choosing a material. No question is too basic.',
  },
  {
    slug: 'design-for-printing',
    name: 'Design for printing',
    body: 'Wall thickness, overhangs, tolerances for moving parts and making models watertight.',
  },
  {
    slug: 'api-and-integrations',
    name: 'API and integrations',
    body: 'The REST API, the SDKs, webhooks and connecting Shopify, WooCommerce, Amazon, Etsy and eBay.',
  },
  {
    slug: 'selling-online',
    name: 'Selling online',
    body: 'Pricing printed products, product photos, listings and handling customer questions.',
  },
  {
    slug: 'self-hosting',
    name: 'Self-hosting',
    body: 'Running the open-source PrintLoop on your own servers: setup, upgrades and configuration.',
  },
  {
    slug: 'show-and-tell',
    name: 'Show and tell',
    body: 'Share what you made and sold with PrintLoop, and get feedback from other makers.',
  },
] as const;

const knowledgeBase = [
  { to: `${paths.docs}#quick-start`, title: 'Place your first API order in five minutes' },
  { to: `${paths.docs}#api-keys`, title: 'Test and live API keys explained' },
  { to: integrationGuidePath('shopify'), title: 'Selling printed products on Shopify' },
  { to: integrationGuidePath('etsy'), title: 'Etsy production partners and printed listings' },
  { to: `${paths.docs}#shipping-api`, title: 'Showing shipping rates at your checkout' },
  { to: `${paths.support}#faq`, title: 'Which file formats and materials you can use' },
] as const;

const events = [
  {
    title: 'Design for print-on-demand',
    when: 'Thursday 10 December 2026, 16:00 to 17:00 UK time',
    where: 'Online',
    body: 'Our print engineers review community models live and show how small design changes cut print time and cost.',
  },
  {
    title: 'Developer office hours',
    when: 'First Wednesday of every month, 15:00 UK time',
    where: 'Online',
    body: 'Bring your API and integration questions to the engineers who build the PrintLoop API.',
  },
  {
    title: 'Sellers’ meet-up, Manchester',
    when: 'Saturday 23 January 2027, 11:00 to 15:00',
    where: 'Manchester, United Kingdom',
    body: 'A tour of the production floor, short talks from sellers, and time to meet other makers.',
  },
] as const;

const discussions = [
  { forum: 'design-for-printing', title: 'What clearance do you use for print-in-place hinges in PETG?' },
  { forum: 'api-and-integrations', title: 'Mapping Shopify variants with a Colour option to materials' },
  { forum: 'selling-online', title: 'How do you price TPU phone cases against injection-moulded ones?' },
  { forum: 'self-hosting', title: 'Running PrintLoop with managed PostgreSQL and S3 storage' },
  { forum: 'getting-started', title: 'Why is my STL quoted as “volume approximate”?' },
] as const;

const forumName = (slug: string) => forums.find((f) => f.slug === slug)?.name ?? slug;

export default function Community() {
  return (
    <>
      <PageHero
        eyebrow="Community"
        title="Learn from sellers and developers who print with PrintLoop"
        lead={
          <p>
            Ask questions, share what you have made and learn how others design, price and sell printed
            products. Our engineers and support team take part every day.
          </p>
        }
      >
        <div className="flex flex-wrap gap-3">
          <a
            href={forumBase}
            className="inline-flex items-center justify-center rounded-md bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Visit the forums
          </a>
          <ButtonLink to={paths.docs} variant="secondary">
            Read the documentation
          </ButtonLink>
        </div>
      </PageHero>

      <Section
        id="forums"
        title="Forums"
        intro={
          <p>
            Pick a category to read and join the conversation. Anyone can read; posting needs a free account.
          </p>
        }
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {forums.map((f) => (
            <li key={f.slug}>
              <Card className="h-full">
                <h3 className="text-lg font-semibold text-slate-900">
                  <a href={`${forumBase}/c/${f.slug}`} className="hover:underline">
                    {f.name}
                  </a>
                </h3>
                <p className="mt-2 text-sm text-slate-700">{f.body}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="knowledge-base"
        title="Knowledge base"
        intro={<p>Step-by-step articles written by our team and checked against the current product.</p>}
        className="bg-slate-50"
      >
        <ul className="grid gap-3 sm:grid-cols-2">
          {knowledgeBase.map((k) => (
            <li key={k.title}>
              <Link
                to={k.to}
                className="flex h-full items-center justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4 font-medium text-slate-900 hover:border-brand-500"
              >
                <span>{k.title}</span>
                <span aria-hidden="true" className="text-brand-700">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="events" title="Events">
        <ul className="grid gap-6 lg:grid-cols-3">
          {events.map((e) => (
            <li key={e.title}>
              <Card className="h-full">
                <h3 className="text-lg font-semibold text-slate-900">{e.title}</h3>
                <p className="mt-2 text-sm font-medium text-brand-700">{e.when}</p>
                <p className="text-sm text-slate-600">{e.where}</p>
                <p className="mt-3 text-sm text-slate-700">{e.body}</p>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-slate-700">
          Want to host a session or a local meet-up?{' '}
          <Link to={paths.contact} className="font-semibold text-brand-700 underline">
            Tell us
          </Link>
          .
        </p>
      </Section>

      <Section id="popular-discussions" title="Popular discussions" className="bg-slate-50">
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {discussions.map((d) => (
            <li
              key={d.title}
              className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <a href={`${forumBase}/c/${d.forum}`} className="font-medium text-slate-900 hover:underline">
                {d.title}
              </a>
              <span className="shrink-0 text-sm text-slate-600">{forumName(d.forum)}</span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
