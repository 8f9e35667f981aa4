import { ButtonLink, Card, PageHero, Section } from '../components/ui/layout';
import { marketingFileFormats, marketingMaterials } from '../config/facts';
import { paths } from '../config/paths';
import {
  ArrowLink,
  ButtonRow,
  CtaBand,
  type Feature,
  FeatureGrid,
  OnDarkButtonLink,
  OnDarkPrimaryLink,
} from '../features/marketing/components';
import { LogoCloud } from '../features/marketing/integrations';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Product: print-on-demand platform for sellers',
    description:
      'Instant quotes, production in PLA, PETG and TPU, STL, OBJ and 3MF uploads, store integrations and worldwide fulfilment: the PrintLoop platform at a glance.',
    path: paths.product,
  });

const features: readonly Feature[] = [
  {
    icon: 'bolt',
    title: 'Instant quote calculator',
    text: 'Upload a model, pick material, layer height and infill, and see the part cost, print time and the dates it ships and arrives straight away.',
  },
  {
    icon: 'cube',
    title: '3D preview',
    text: 'Orbit, zoom and pan around your model in the browser to check it is the right file and the right way up.',
  },
  {
    icon: 'printer',
    title: 'Print on demand',
    text: 'Each order is printed when it is placed. No stock, no storage fee, no unsold inventory.',
  },
  {
    icon: 'plug',
    title: 'Store integrations and API',
    text: 'Orders arrive from your store or from the REST API, and tracking numbers go back the same way.',
  },
  {
    icon: 'truck',
    title: 'Fulfilment and shipping',
    text: 'Picking, packing and tracked delivery worldwide through five major carriers.',
  },
  {
    icon: 'chart',
    title: 'Production dashboard',
    text: 'Follow every order through printing, packing and dispatch, with real timings for each stage.',
  },
];

type MaterialName = (typeof marketingMaterials)[number];

/** Properties of each marketing material (typed over the shared list so none can be missing). */
const materialLibrary: Record<
  MaterialName,
  { fullName: string; summary: string; properties: { label: string; value: string }[]; bestFor: string }
> = {
  PLA: {
    fullName: 'Polylactic acid',
    summary: 'The everyday material: crisp detail, a clean matte finish and the lowest price per part.',
    properties: [
      { label: 'Stiffness', value: 'High' },
      { label: 'Flexibility', value: 'Rigid' },
      { label: 'Heat resistance', value: 'Low: softens around 55-60 °C' },
      { label: 'Surface detail', value: 'Excellent' },
    ],
    bestFor: 'Figurines, planters, desk accessories, prototypes and display pieces.',
  },
  PETG: {
    fullName: 'Polyethylene terephthalate glycol',
    summary: 'Tougher than PLA and less brittle, with better resistance to heat, moisture and chemicals.',
    properties: [
      { label: 'Stiffness', value: 'Medium' },
      { label: 'Flexibility', value: 'Slight give before breaking' },
      { label: 'Heat resistance', value: 'Medium: around 75-80 °C' },
      { label: 'Surface detail', value: 'Good, with a light sheen' },
    ],
    bestFor: 'Functional parts, brackets, outdoor items, kitchen-adjacent products and enclosures.',
  },
  TPU: {
    fullName: 'Thermoplastic polyurethane',
    summary: 'A flexible, rubber-like material that absorbs impact and bends without breaking.',
    properties: [
      { label: 'Stiffness', value: 'Low' },
      { label: 'Flexibility', value: 'Flexible and elastic' },
      { label: 'Heat resistance', value: 'Medium' },
      { label: 'Surface detail', value: 'Good; fine overhangs are harder' },
    ],
    bestFor: 'Phone cases, bumpers, gaskets, grips, wearables and cable protectors.',
  },
};

const fileFormatNotes: Record<(typeof marketingFileFormats)[number], string> = {
  STL: 'The most common format for 3D printing. Binary and ASCII STL are both accepted.',
  OBJ: 'Widely exported by modelling tools such as Blender. Geometry is used; textures are ignored.',
  '3MF':
    'The modern zipped format from slicers and CAD tools, keeping units and multiple objects in one file.',
};

export default function ProductPage() {
  return (
    <>
      <PageHero
        eyebrow="Product"
        title="One platform to price, print and ship 3D printed products"
        lead={
          <p>
            PrintLoop turns a model file into a delivered product. Quote it, connect your store, and we handle
            production, optional storage, fulfilment and worldwide shipping.
          </p>
        }
      >
        <ButtonRow>
          <ButtonLink to={paths.signup}>Sign up free</ButtonLink>
          <ButtonLink to={paths.contact} variant="secondary">
            Contact sales
          </ButtonLink>
        </ButtonRow>
      </PageHero>

      <Section id="features" title="What is included">
        <FeatureGrid items={features} />
        <p className="mt-8">
          <ArrowLink to={paths.features}>All features</ArrowLink>
        </p>
      </Section>

      <Section
        id="materials"
        title="Materials library"
        className="bg-slate-50"
        intro={
          <p>
            Choose the material per product. Each is priced by the gram of filament your model actually uses.
          </p>
        }
      >
        <ul className="grid gap-6 lg:grid-cols-3">
          {marketingMaterials.map((m) => {
            const info = materialLibrary[m];
            return (
              <li key={m}>
                <Card className="h-full">
                  <h3 className="text-2xl font-extrabold text-brand-700">{m}</h3>
                  <p className="text-sm font-semibold text-slate-600">{info.fullName}</p>
                  <p className="mt-3 text-slate-700">{info.summary}</p>
                  <dl className="mt-4 divide-y divide-slate-100 text-sm">
                    {info.properties.map((p) => (
                      <div key={p.label} className="flex justify-between gap-4 py-2">
                        <dt className="text-slate-600">{p.label}</dt>
                        <dd className="text-right font-medium text-slate-900">{p.value}</dd>
                      </div>
                    ))}
                  </dl>
                  <p className="mt-4 text-sm text-slate-700">
                    <strong className="text-slate-900">Best for:</strong> {info.bestFor}
                  </p>
                </Card>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="file-formats" title="File formats">
        <ul className="grid gap-6 md:grid-cols-3">
          {marketingFileFormats.map((f) => (
            <li key={f}>
              <Card className="h-full">
                <h3 className="font-mono text-xl font-bold text-slate-900">.{f.toLowerCase()}</h3>
                <p className="text-sm font-semibold text-brand-700">{f}</p>
                <p className="mt-2 text-slate-700">{fileFormatNotes[f]}</p>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-slate-700">
          Files up to 50 MB. STL and OBJ files carry no units, so they are read as millimetres.
        </p>
      </Section>

      <Section
        id="integrations"
        title="Integrations"
        className="bg-slate-50"
        intro={<p>Connect the marketplaces, store platforms and shipping tools you already use.</p>}
      >
        <LogoCloud />
        <p className="mt-8">
          <ArrowLink to={paths.integrations}>Browse integrations</ArrowLink>
        </p>
      </Section>

      <CtaBand
        title="Bring your first product to PrintLoop"
        text="Sign up, upload a model and get a price in seconds. For larger catalogues, our team will help you plan the move."
      >
        <OnDarkPrimaryLink to={paths.signup}>Sign up free</OnDarkPrimaryLink>
        <OnDarkButtonLink to={paths.contact}>Contact sales</OnDarkButtonLink>
      </CtaBand>
    </>
  );
}
