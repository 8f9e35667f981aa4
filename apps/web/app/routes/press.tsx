import { ButtonLink, Card, PageHero, Section } from '../components/ui/layout';
import { aboutStats, marketingStats } from '../config/facts';
import { paths } from '../config/paths';
import { site } from '../config/site';
import { ButtonRow, CheckList } from '../features/marketing/components';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Press: news, releases and media kit',
    description:
      'Press releases from PrintLoop, the UK print-on-demand platform for online sellers, and our media kit: logo, brand colours, company facts and press contact.',
    path: paths.press,
  });

const releases = [
  {
    date: '2026-09-30',
    title: 'PrintLoop open-sources its instant-quote platform',
    summary:
      'The code that analyses 3D model files and works out print prices is now open source and self-hostable, so sellers and developers can see exactly how a quote is calculated.',
  },
  {
    date: '2026-05-12',
    title: 'PrintLoop passes one million parts printed',
    summary:
      'Seven years after its founding, PrintLoop has printed more than one million parts for online sellers shipping to over 50 countries.',
  },
  {
    date: '2026-02-04',
    title: 'New integrations with Walmart Marketplace, ShipMonk and Shippo',
    summary:
      'Sellers can now send Walmart Marketplace orders to PrintLoop and use ShipMonk and Shippo alongside our own fulfilment, bringing the total to twelve integrations.',
  },
] as const;

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const brandColours = [
  { name: 'PrintLoop Blue', hex: '#1D5FD9', className: 'bg-brand-600' },
  { name: 'Deep Navy', hex: '#1B3A70', className: 'bg-brand-900' },
  { name: 'Filament Orange', hex: '#F97316', className: 'bg-accent-500' },
] as const;

export default function PressPage() {
  return (
    <>
      <PageHero
        eyebrow="Press"
        title="News and media resources"
        lead={
          <p>
            Announcements from PrintLoop and everything you need to write about us. For interviews and
            comment, email{' '}
            <a href={`mailto:${site.email}`} className="font-semibold text-brand-700 underline">
              {site.email}
            </a>
            .
          </p>
        }
      />

      <Section id="releases" title="Press releases">
        <ol className="space-y-4">
          {releases.map((r) => (
            <li key={r.date}>
              <Card>
                <time dateTime={r.date} className="text-sm font-semibold text-slate-700">
                  {dateFormat.format(new Date(`${r.date}T00:00:00Z`))}
                </time>
                <h3 className="mt-1 text-lg font-semibold text-slate-900">{r.title}</h3>
                <p className="mt-2 text-slate-700">{r.summary}</p>
              </Card>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="media-kit"
        title="Media kit"
        className="bg-slate-50"
        intro={
          <p>Please use the logo as supplied, on a white or light background, with clear space around it.</p>
        }
      >
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <Card>
            <h3 className="text-lg font-semibold text-slate-900">Logo</h3>
            <div className="mt-4 flex h-24 items-center justify-center rounded-lg border border-slate-200 bg-white">
              <img src="/printloop-logo.svg" alt="PrintLoop logo" width="200" height="40" />
            </div>
            <p className="mt-4">
              <a href="/printloop-logo.svg" download className="font-semibold text-brand-700 hover:underline">
                Download logo (SVG)
              </a>
            </p>
          </Card>
          <Card>
            <h3 className="text-lg font-semibold text-slate-900">Brand colours</h3>
            <ul className="mt-4 space-y-3">
              {brandColours.map((c) => (
                <li key={c.hex} className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={`h-8 w-8 rounded-md border border-slate-200 ${c.className}`}
                  />
                  <span className="text-slate-800">
                    {c.name} <span className="font-mono text-sm text-slate-600">{c.hex}</span>
                  </span>
                </li>
              ))}
            </ul>
          </Card>
          <Card>
            <h3 className="text-lg font-semibold text-slate-900">Company facts</h3>
            <CheckList
              className="mt-4"
              items={[
                `${site.name}: ${site.tagline.toLowerCase()}`,
                'Based in the United Kingdom',
                ...aboutStats.map((s) => `${s.label}: ${s.value}`),
                ...marketingStats.map((s) => `${s.label}: ${s.value}`),
              ]}
            />
          </Card>
        </div>
        <h3 className="mt-10 text-lg font-semibold text-slate-900">Boilerplate</h3>
        <p className="mt-2 max-w-3xl text-slate-700">
          PrintLoop is an instant-quote and print-on-demand 3D printing platform for online sellers and
          developers. Founded in the UK in 2019, it prices parts from the uploaded model, prints them in PLA,
          PETG and TPU, and handles storage, fulfilment and worldwide shipping, with integrations for twelve
          marketplaces and shipping tools. The platform is open source.
        </p>
      </Section>

      <Section id="press-contact" title="Press contact">
        <p className="max-w-3xl text-slate-700">
          We aim to answer press enquiries within one working day. For anything else, use the contact page.
        </p>
        <ButtonRow className="mt-6">
          <a
            href={`mailto:${site.email}?subject=${encodeURIComponent('Press enquiry')}`}
            className="inline-flex items-center justify-center rounded-md bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Email the press team
          </a>
          <ButtonLink to={paths.contact} variant="secondary">
            Contact page
          </ButtonLink>
        </ButtonRow>
      </Section>
    </>
  );
}
