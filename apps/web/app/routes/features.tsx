import { ButtonLink, Card, PageHero, Section } from '../components/ui/layout';
import { marketingFileFormats, marketingMaterials } from '../config/facts';
import { paths } from '../config/paths';
import {
  ButtonRow,
  CheckList,
  CtaBand,
  type Feature,
  FeatureGrid,
  OnDarkButtonLink,
  OnDarkPrimaryLink,
} from '../features/marketing/components';
import { orList } from '../features/marketing/text';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Features: quotes, AI printing, fulfilment',
    description:
      'Instant quotes from real model geometry, AI-planned printing and quality control, store integrations, a REST API and worldwide fulfilment from one UK platform.',
    path: paths.features,
  });

const coreFeatures: readonly Feature[] = [
  {
    icon: 'bolt',
    title: 'Instant, honest quotes',
    text: `Upload ${orList(marketingFileFormats)} files and get a price from the model's measured volume, filament and print time in seconds. No emails, no waiting for a human estimate.`,
  },
  {
    icon: 'sparkles',
    title: 'AI-based print optimisation',
    text: 'Orientation, supports and layer height are planned per model to save filament and machine time while keeping the part strong where it matters.',
  },
  {
    icon: 'eye',
    title: 'Automated quality control',
    text: 'Each finished part is checked against its model for size and completeness before it is packed. Parts that fail the check are reprinted before anything ships.',
  },
  {
    icon: 'route',
    title: 'Smart order routing',
    text: 'Orders are matched to a printer with the right material loaded and the shortest queue, and to the carrier that suits the destination.',
  },
  {
    icon: 'plug',
    title: 'Store integrations',
    text: 'Connect Shopify, WooCommerce, Amazon, Etsy, eBay and more. Paid orders go straight to production and tracking numbers come back automatically.',
  },
  {
    icon: 'code',
    title: 'REST API and SDKs',
    text: 'Create orders and products from your own systems, with separate test and live keys and JavaScript and Python SDKs.',
  },
  {
    icon: 'box',
    title: 'Optional storage',
    text: 'Keep printed stock with us for fast dispatch of best sellers, or print every order on demand and store nothing at all.',
  },
  {
    icon: 'truck',
    title: 'Fulfilment and worldwide shipping',
    text: 'Picking, packing and delivery through Royal Mail, DPD, DHL, FedEx and UPS, with tracking on every parcel.',
  },
  {
    icon: 'chart',
    title: 'Production dashboard',
    text: 'See every order move from queue to printer to parcel, with stage timings and volumes taken from your real orders.',
  },
];

const stack = [
  {
    title: 'Geometry engine',
    text: 'Our own TypeScript parsers for STL, OBJ and 3MF measure volume, dimensions and surface area in a single pass, in your browser and on our servers.',
  },
  {
    title: 'Slicing-based estimator',
    text: 'Filament and print time come from walls, skins, infill and supports at your chosen settings, calibrated against a real slicer on our house printer profile.',
  },
  {
    title: 'Versioned price table',
    text: 'Every quote records the price table version and its inputs, so it can be reproduced exactly and re-priced without uploading the file again.',
  },
  {
    title: 'Open-source platform',
    text: 'React, Node.js, PostgreSQL and S3-compatible storage. The platform is open source and self-hostable, so you can read exactly how a price is worked out.',
  },
  {
    title: 'In-browser 3D viewer',
    text: 'Orbit, zoom and pan around your model before you order, rendered with WebGL; it loads only on the calculator, so the rest of the site stays fast.',
  },
  {
    title: 'Secure by default',
    text: 'Database sessions in httpOnly cookies, rate-limited sign-in, hashed API keys, and files stored privately per account.',
  },
] as const;

export default function FeaturesPage() {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Everything between your model and your customer's door"
        lead={
          <p>
            PrintLoop prices, prints, checks, packs and ships 3D printed products for online sellers and
            developers. You keep the shop and the customer; we run the print farm.
          </p>
        }
      >
        <ButtonRow>
          <ButtonLink to={paths.signup}>Start Free Trial</ButtonLink>
          <ButtonLink to={paths.contact} variant="secondary">
            Request Demo
          </ButtonLink>
        </ButtonRow>
      </PageHero>

      <Section id="features" title="What the platform does">
        <FeatureGrid items={coreFeatures} />
      </Section>

      <Section
        id="technology"
        title="Technology stack"
        className="bg-slate-50"
        intro={<p>The numbers on your quote come from software we build and publish ourselves.</p>}
      >
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {stack.map((s) => (
            <li key={s.title}>
              <Card className="h-full">
                <h3 className="text-lg font-semibold text-slate-900">{s.title}</h3>
                <p className="mt-2 text-slate-700">{s.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="materials" title="Materials and files">
        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <h3 className="text-lg font-semibold text-slate-900">Materials</h3>
            <CheckList
              className="mt-4"
              items={marketingMaterials.map((m) => (
                <span key={m}>
                  <strong className="text-slate-900">{m}</strong>, priced by the gram of filament used
                </span>
              ))}
            />
          </Card>
          <Card>
            <h3 className="text-lg font-semibold text-slate-900">File formats</h3>
            <CheckList
              className="mt-4"
              items={[
                ...marketingFileFormats.map((f) => (
                  <span key={f}>
                    <strong className="text-slate-900">{f}</strong> files up to 50 MB
                  </span>
                )),
              ]}
            />
          </Card>
        </div>
      </Section>

      <CtaBand
        title="Try it on your own models"
        text="Create an account, upload a file and see what it costs to print and ship. No monthly fee, no setup fee, no minimum order."
      >
        <OnDarkPrimaryLink to={paths.signup}>Start Free Trial</OnDarkPrimaryLink>
        <OnDarkButtonLink to={paths.contact}>Request Demo</OnDarkButtonLink>
      </CtaBand>
    </>
  );
}
