import { Link } from 'react-router';
import { ButtonLink, Card, Container, Section } from '../components/ui/layout';
import { carriers, marketingStats, standardShipping } from '../config/facts';
import { integrationGuidePath, integrationGuides, paths } from '../config/paths';
import {
  ArrowLink,
  ButtonRow,
  CtaBand,
  FeatureGrid,
  OnDarkButtonLink,
  OnDarkPrimaryLink,
} from '../features/marketing/components';
import { Icon } from '../features/marketing/icons';
import { integrationInfo, LogoCloud } from '../features/marketing/integrations';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'PrintLoop: 3D printing on demand for online sellers',
    description:
      'Upload a 3D model and get an instant quote. PrintLoop prints, packs and ships your products worldwide from the UK, with no printer, stock or upfront cost.',
    path: paths.home,
  });

const aiFeatures = [
  {
    icon: 'sparkles',
    title: 'Print optimisation',
    text: 'Every model is analysed from its real geometry: orientation, supports and layer height are chosen to cut print time and filament without losing strength.',
  },
  {
    icon: 'eye',
    title: 'Quality control',
    text: 'Parts are checked against the model before packing, so warped or incomplete prints are reprinted rather than shipped.',
  },
  {
    icon: 'pound',
    title: 'Pricing',
    text: 'Quotes come from the measured filament and machine time of your model, not from its bounding box, so the price you see is the price you pay.',
  },
  {
    icon: 'route',
    title: 'Routing',
    text: 'Orders go to the printer with the right material loaded and the shortest queue, then to the carrier that fits the destination and deadline.',
  },
] as const;

const steps = [
  { title: 'Upload a model', text: 'STL, OBJ or 3MF, up to 50 MB.' },
  { title: 'Get an instant quote', text: 'Material, infill and finish, priced in GBP.' },
  { title: 'We print and check', text: 'On our own printers, with quality control.' },
  { title: 'We pack and ship', text: 'Tracked delivery to your customer.' },
] as const;

const guideNames = integrationGuides
  .filter((g) => g !== 'csv')
  .map((g) => {
    const entry = Object.entries(integrationInfo).find(([, info]) => info.guide === g);
    return { slug: g, name: entry ? entry[0] : g };
  });

export default function Home() {
  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <Container className="grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
              Print on demand for online sellers
            </p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Sell 3D printed products without owning a printer
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-700">
              Upload a model and get a real price in seconds. We print it, check it, pack it and ship it to
              your customer, anywhere in the world. No upfront investment, no minimum order, no stock to hold.
            </p>
            <ButtonRow className="mt-8">
              <ButtonLink to={paths.calculator} variant="accent">
                Get an instant quote
              </ButtonLink>
              <ButtonLink to={paths.signup}>Create a free account</ButtonLink>
              <ButtonLink to={paths.docs} variant="secondary">
                Read the docs
              </ButtonLink>
            </ButtonRow>
          </div>
          <HeroIllustration />
        </Container>
      </section>

      <section aria-label="PrintLoop in numbers" className="border-b border-slate-200 py-10">
        <Container>
          <dl className="grid grid-cols-3 gap-4 sm:gap-6">
            {marketingStats.map((s) => (
              <div key={s.label} className="flex flex-col-reverse text-center">
                <dt className="mt-1 text-sm font-medium text-slate-600">{s.label}</dt>
                <dd className="text-3xl font-extrabold text-brand-700 sm:text-4xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      <Section
        id="ai"
        title="AI in every step, from file to front door"
        intro={
          <p>
            The same models that price your part also plan how it is printed, check it when it comes off the
            printer, and decide how it travels.
          </p>
        }
      >
        <FeatureGrid items={aiFeatures} columns={4} />
        <p className="mt-8">
          <ArrowLink to={paths.features}>See all features</ArrowLink>
        </p>
      </Section>

      <Section
        id="how"
        title="From upload to delivery in four steps"
        className="bg-slate-50"
        intro={<p>You run the shop. We handle production, optional storage, fulfilment and shipping.</p>}
      >
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((s, i) => (
            <li key={s.title}>
              <Card className="h-full">
                <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{s.title}</h3>
                <p className="mt-1 text-slate-700">{s.text}</p>
              </Card>
            </li>
          ))}
        </ol>
        <p className="mt-8">
          <ArrowLink to={paths.howItWorks}>How it works in detail</ArrowLink>
        </p>
      </Section>

      <Section
        id="marketplaces"
        title="Works with the marketplaces you already sell on"
        intro={
          <p>
            Connect your store once and paid orders flow into production automatically, with tracking numbers
            written back when they ship.
          </p>
        }
      >
        <LogoCloud />
        <div className="mt-8 flex flex-col gap-4 lg:flex-row lg:items-baseline lg:justify-between">
          <p className="text-slate-700">
            Setup guides:{' '}
            {guideNames.map((g, i) => (
              <span key={g.slug}>
                <Link
                  to={integrationGuidePath(g.slug)}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {g.name}
                </Link>
                {i < guideNames.length - 1 ? ', ' : ''}
              </span>
            ))}
          </p>
          <ArrowLink to={paths.integrations}>All twelve integrations</ArrowLink>
        </div>
      </Section>

      <Section
        id="shipping"
        title="Shipping partners you and your customers trust"
        className="bg-slate-50"
        intro={
          <p>
            Standard delivery takes {standardShipping}, worldwide, with express options and tracking on every
            parcel.
          </p>
        }
      >
        <ul className="flex flex-wrap gap-3">
          {carriers.map((c) => (
            <li
              key={c}
              className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3 font-bold text-slate-800"
            >
              <Icon name="truck" className="h-5 w-5 text-brand-700" />
              {c}
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <ArrowLink to={paths.shipping}>Shipping options and delivery times</ArrowLink>
        </p>
      </Section>

      <CtaBand
        title="Price your first part in under a minute"
        text="Drop in a model file, choose a material and see the production cost and delivery dates straight away."
      >
        <OnDarkPrimaryLink to={paths.calculator}>Get an instant quote</OnDarkPrimaryLink>
        <OnDarkButtonLink to={paths.pricing}>See pricing</OnDarkButtonLink>
      </CtaBand>
    </>
  );
}

/** A light inline illustration: a part on a print bed with a quote card. No image files. */
function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-xs sm:max-w-md">
      <svg aria-hidden="true" viewBox="0 0 400 320" className="w-full">
        <rect x="40" y="250" width="320" height="18" rx="4" fill="#1b3a70" />
        <rect x="60" y="268" width="280" height="10" rx="3" fill="#bcdaff" />
        <g fill="#2f7bf6">
          <path d="M130 250 L200 130 L270 250 Z" fill="#2f7bf6" />
          <path d="M200 130 L270 250 L235 250 Z" fill="#1d5fd9" />
        </g>
        <g stroke="#eef6ff" strokeWidth="1.5" opacity="0.6">
          <line x1="142" y1="230" x2="258" y2="230" />
          <line x1="154" y1="210" x2="246" y2="210" />
          <line x1="165" y1="190" x2="235" y2="190" />
          <line x1="177" y1="170" x2="223" y2="170" />
          <line x1="189" y1="150" x2="211" y2="150" />
        </g>
        <rect x="185" y="40" width="30" height="40" rx="4" fill="#1b428c" />
        <path d="M193 80 L207 80 L200 96 Z" fill="#f97316" />
        <line x1="40" y1="60" x2="360" y2="60" stroke="#1b3a70" strokeWidth="6" strokeLinecap="round" />
      </svg>
      <div className="absolute right-0 top-4 w-44 rounded-xl border border-slate-200 bg-white p-4 shadow-lg">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Quote ready</p>
        <p className="mt-1 text-lg font-extrabold text-slate-900">PLA, 20% infill</p>
        <p className="mt-1 text-sm text-slate-700">Filament, print time and delivery dates</p>
        <span className="mt-3 block h-2 rounded-full bg-brand-100">
          <span className="block h-2 w-3/4 rounded-full bg-brand-600" />
        </span>
      </div>
    </div>
  );
}
