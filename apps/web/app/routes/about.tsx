import { ButtonLink, Card, PageHero, Section, StatGrid } from '../components/ui/layout';
import { aboutStats } from '../config/facts';
import { paths } from '../config/paths';
import {
  ButtonRow,
  CtaBand,
  type Feature,
  FeatureGrid,
  Initials,
  OnDarkButtonLink,
  OnDarkPrimaryLink,
  Split,
} from '../features/marketing/components';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'About us: our story, team and values',
    description:
      'PrintLoop started in 2019 to give online sellers a print farm without buying one. Meet the UK team that has printed over a million parts for shops worldwide.',
    path: paths.about,
  });

const team = [
  {
    name: 'Eleanor Hart',
    role: 'Co-founder and Chief Executive',
    bio: 'Ran a busy Etsy shop from a spare room before deciding sellers deserved a print farm they did not have to own.',
  },
  {
    name: 'Daniel Okafor',
    role: 'Co-founder and Chief Technology Officer',
    bio: 'Wrote the first version of our geometry engine and still reviews every change to how a quote is priced.',
  },
  {
    name: 'Siobhan Reilly',
    role: 'Head of Production',
    bio: 'Keeps the printers busy and the reprint rate low, and knows every machine on the farm by its quirks.',
  },
  {
    name: 'Arjun Mehta',
    role: 'Head of Integrations',
    bio: 'Connects PrintLoop to the marketplaces and shipping tools our sellers already use.',
  },
  {
    name: 'Grace Williams',
    role: 'Head of Customer Success',
    bio: 'Helps new sellers price, launch and grow their first printed product lines.',
  },
] as const;

const values: readonly Feature[] = [
  {
    icon: 'pound',
    title: 'Honest numbers',
    text: 'A quote is worked out from your real model with a published formula. If we cannot stand behind a figure, we say so.',
  },
  {
    icon: 'users',
    title: 'Sellers first',
    text: 'Our customers run small businesses. We build for the person packing orders at midnight, not for a slide deck.',
  },
  {
    icon: 'code',
    title: 'Open by default',
    text: 'The platform is open source. You can read how we price, how we analyse files and how we treat your data.',
  },
  {
    icon: 'leaf',
    title: 'Waste less',
    text: 'Printing on demand means no warehouse of unsold stock. Good print planning means less filament and fewer failed prints.',
  },
];

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About PrintLoop"
        title="A print farm for every online seller"
        lead={
          <p>
            We are a UK company that prints, packs and ships 3D printed products for online sellers and
            developers, so they can sell physical products without buying a single printer.
          </p>
        }
      />

      <Section id="numbers" title="PrintLoop in numbers">
        <StatGrid stats={aboutStats} />
      </Section>

      <Section id="story" title="Our story" className="bg-slate-50">
        <Split
          aside={
            <Card>
              <h3 className="text-lg font-semibold text-slate-900">What we do today</h3>
              <ul className="mt-4 space-y-3 text-slate-700">
                <li>Instant quotes from your uploaded model, in GBP</li>
                <li>Production in PLA, PETG and TPU on our own printers</li>
                <li>Optional storage, fulfilment and worldwide shipping</li>
                <li>Integrations with the marketplaces sellers already use, and a public API</li>
              </ul>
            </Card>
          }
        >
          <p>
            PrintLoop began in 2019 with a problem our founders knew first-hand: selling 3D printed products
            online meant buying printers, learning to run them, and losing evenings to failed prints and trips
            to the post office. Most sellers wanted to design and sell, not to run a workshop.
          </p>
          <p>
            So we built the workshop for them. A seller uploads a model, sees exactly what it costs to print
            and ship, and connects their shop. When an order comes in, we print it, check it, pack it and send
            it to their customer under their brand.
          </p>
          <p>
            Since then we have printed more than a million parts for sellers shipping to over 50 countries,
            and grown to a team of more than 50 people across engineering, production and support. We have
            also opened up the platform itself: the code that analyses files and works out prices is open
            source, so anyone can check how a quote is made.
          </p>
        </Split>
      </Section>

      <Section id="team" title="Leadership team">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {team.map((m) => (
            <li key={m.name}>
              <Card className="flex h-full gap-4">
                <Initials name={m.name} size="lg" />
                <div className="min-w-0">
                  <h3 className="text-lg font-semibold text-slate-900">{m.name}</h3>
                  <p className="text-sm font-semibold text-brand-700">{m.role}</p>
                  <p className="mt-2 text-slate-700">{m.bio}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="values" title="What we value" className="bg-slate-50">
        <FeatureGrid items={values} columns={4} />
      </Section>

      <Section id="join" title="Work with us">
        <p className="max-w-3xl text-slate-700">
          We are hiring engineers and production staff who care about getting the details right. If you would
          like to work with us, or to talk about printing for your shop, we would like to hear from you.
        </p>
        <ButtonRow className="mt-6">
          <ButtonLink to={paths.careers}>See open positions</ButtonLink>
          <ButtonLink to={paths.contact} variant="secondary">
            Contact us
          </ButtonLink>
        </ButtonRow>
      </Section>

      <CtaBand
        title="Start selling printed products"
        text="Upload a model and see what it costs to print and ship, with no monthly fee and no minimum order."
      >
        <OnDarkPrimaryLink to={paths.calculator}>Get an instant quote</OnDarkPrimaryLink>
        <OnDarkButtonLink to={paths.careers}>Careers</OnDarkButtonLink>
      </CtaBand>
    </>
  );
}
