import { Link } from 'react-router';
import { ButtonLink, Card, PageHero, Section } from '../components/ui/layout';
import { integrations } from '../config/facts';
import { paths } from '../config/paths';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Partner programmes',
    description:
      'Partner with PrintLoop: manufacturing partners who print for our network, technology partners who integrate the API, and resellers who offer printing.',
    path: paths.partners,
  });

const programmes = [
  {
    id: 'manufacturing',
    name: 'Manufacturing partners',
    summary: 'Print farms and workshops that produce orders for the PrintLoop network.',
    forWho: 'Print farms with a fleet of FDM printers, consistent quality control and same-day dispatch.',
    benefits: [
      'A steady flow of sliced, pre-priced jobs matched to your printers and materials.',
      'Orders routed to you by location, capacity and material, so parcels travel less.',
      'Payment for every accepted job on fixed terms, with no marketing costs.',
    ],
    requirements: [
      'PLA, PETG or TPU in stock, and printers calibrated to our tolerances.',
      'A quality check on every part before packing.',
      'Dispatch with our carrier labels (Royal Mail, DPD, DHL, FedEx or UPS).',
    ],
  },
  {
    id: 'technology',
    name: 'Technology partners',
    summary: 'Platforms, plugins and apps that build PrintLoop into their products.',
    forWho: 'E-commerce platforms, design tools, order management and shipping software.',
    benefits: [
      'Early access to new API features and a sandbox account with test keys.',
      'Technical help from the engineers who build the API.',
      'A listing on our integrations page and joint launch announcements.',
    ],
    requirements: [
      'A working integration with the public API, using test keys during development.',
      'API keys kept server-side and never shipped in client code.',
      'A support contact for shared customers.',
    ],
  },
  {
    id: 'reseller',
    name: 'Reseller partners',
    summary: 'Agencies, design studios and consultants who offer printing to their clients.',
    forWho: 'Teams who design products or run shops for clients and want to offer production too.',
    benefits: [
      'Partner pricing on the orders you place for clients.',
      'One account for several client stores, with separate API keys per client.',
      'Priority support and a named partner manager.',
    ],
    requirements: [
      'Clients whose products suit FDM printing.',
      'Client orders placed through your account or your clients’ connected stores.',
      'Agreement to our terms of service on behalf of your clients.',
    ],
  },
] as const;

const steps = [
  {
    title: 'Tell us about you',
    body: 'Send a short message with the programme, your company and what you would like to do.',
  },
  {
    title: 'Meet the team',
    body: 'A call with our partnerships team to agree scope and how we work together.',
  },
  {
    title: 'Pilot',
    body: 'A small pilot: test orders for technology partners, trial jobs for manufacturing partners.',
  },
  { title: 'Launch', body: 'You join the programme, and we announce the partnership if you wish.' },
] as const;

export default function Partners() {
  return (
    <>
      <PageHero
        eyebrow="Partners"
        title="Grow with PrintLoop"
        lead={
          <p>
            Three programmes for companies that print, build software or serve online sellers. Partners share
            our production network, our API and our customers.
          </p>
        }
      >
        <ButtonLink to={paths.contact}>Become a partner</ButtonLink>
      </PageHero>

      <Section
        id="programmes"
        title="Partner programmes"
        intro={<p>Choose the programme that matches what you do. Many partners join more than one.</p>}
      >
        <div className="grid gap-6 lg:grid-cols-3">
          {programmes.map((p) => (
            <Card key={p.id} className="flex h-full flex-col">
              <h3 id={p.id} className="text-xl font-semibold text-slate-900">
                {p.name}
              </h3>
              <p className="mt-2 text-slate-700">{p.summary}</p>
              <p className="mt-4 text-sm text-slate-700">
                <strong className="text-slate-900">For: </strong>
                {p.forWho}
              </p>
              <h4 className="mt-5 text-sm font-semibold uppercase tracking-wide text-slate-700">
                What you get
              </h4>
              <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
                {p.benefits.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
              <h4 className="mt-5 text-sm font-semibold uppercase tracking-wide text-slate-700">
                What we ask
              </h4>
              <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
                {p.requirements.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
              <div className="mt-auto pt-6">
                <Link to={paths.contact} className="font-semibold text-brand-700 underline">
                  Apply as a {p.name.replace(/ partners$/, '').toLowerCase()} partner
                </Link>
              </div>
            </Card>
          ))}
        </div>
      </Section>

      <Section id="ecosystem" title="Where our partners plug in" className="bg-slate-50">
        <p className="max-w-3xl text-slate-700">
          PrintLoop already connects to {integrations.length} platforms and services. Technology partners
          extend that list; resellers and manufacturers reach the sellers on them.
        </p>
        <ul className="mt-6 flex flex-wrap gap-2">
          {integrations.map((i) => (
            <li
              key={i}
              className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800"
            >
              {i}
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <Link to={paths.integrations} className="font-semibold text-brand-700 underline">
            See all integrations
          </Link>
        </p>
      </Section>

      <Section id="how-to-join" title="How to join">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((s, i) => (
            <li key={s.title} className="rounded-xl border border-slate-200 p-5">
              <span
                className="flex size-8 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-3 font-semibold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                {s.title}
              </h3>
              <p className="mt-1 text-sm text-slate-700">{s.body}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8">
          <ButtonLink to={paths.contact}>Contact our partnerships team</ButtonLink>
        </div>
      </Section>
    </>
  );
}
