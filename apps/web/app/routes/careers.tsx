import { ButtonLink, Card, PageHero, Section } from '../components/ui/layout';
import { paths } from '../config/paths';
import { site } from '../config/site';
import { ButtonRow, CheckList, type Feature, FeatureGrid } from '../features/marketing/components';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Careers: join the PrintLoop team',
    description:
      'Work on the platform and print farm that lets online sellers sell 3D printed products. See our open positions in engineering and production, and our benefits.',
    path: paths.careers,
  });

const positions = [
  {
    title: 'Senior Full-Stack Engineer, Quoting',
    team: 'Engineering',
    location: 'Remote (UK) or hybrid',
    type: 'Full time',
    summary:
      'Own the path from uploaded file to price: our TypeScript geometry engine, the slicing-based estimator and the quote API that thousands of sellers rely on.',
    youWill: [
      'Improve the accuracy of filament and print-time estimates against real slicer results',
      'Keep file analysis fast and safe for large and malformed uploads',
      'Build features in React and Node.js end to end, with tests',
    ],
  },
  {
    title: 'Print Production Technician',
    team: 'Production',
    location: 'On site, UK print farm',
    type: 'Full time',
    summary:
      'Keep a farm of FDM printers running: load materials, clear and maintain machines, finish parts and check them before they are packed.',
    youWill: [
      'Run daily maintenance and calibration on PLA, PETG and TPU printers',
      'Remove supports, apply finishing and carry out quality checks',
      'Help us find and fix the causes of failed prints',
    ],
  },
] as const;

const benefits = [
  '28 days of holiday plus UK bank holidays',
  'Private medical cover',
  'Company pension with employer contributions',
  'Flexible working hours and remote or hybrid options for office roles',
  'A yearly learning budget for courses, books and conferences',
  'Your own designs printed on the farm, for free',
] as const;

const culture: readonly Feature[] = [
  {
    icon: 'users',
    title: 'Small teams, real ownership',
    text: 'Each team owns a part of the product from idea to production, and talks to the sellers who use it.',
  },
  {
    icon: 'code',
    title: 'Built in the open',
    text: 'Our platform is open source. Much of what you build will be public, and you can show it to anyone.',
  },
  {
    icon: 'heart',
    title: 'Sustainable pace',
    text: 'We plan for steady work, not heroics. Out-of-hours cover is rotated and paid.',
  },
];

export default function CareersPage() {
  return (
    <>
      <PageHero
        eyebrow="Careers"
        title="Help online sellers make real things"
        lead={
          <p>
            We are a team of more than 50 people across engineering, production and support, building the
            platform and running the print farm behind thousands of online shops.
          </p>
        }
      />

      <Section id="positions" title="Open positions">
        <ul className="space-y-6">
          {positions.map((p) => (
            <li key={p.title}>
              <Card>
                <h3 className="text-xl font-semibold text-slate-900">{p.title}</h3>
                <p className="mt-1 text-sm text-slate-700">
                  {p.team} · {p.location} · {p.type}
                </p>
                <p className="mt-3 text-slate-700">{p.summary}</p>
                <h4 className="mt-4 font-semibold text-slate-900">You will</h4>
                <CheckList items={p.youWill} className="mt-2" />
                <p className="mt-5">
                  <a
                    href={`mailto:${site.email}?subject=${encodeURIComponent(`Application: ${p.title}`)}`}
                    className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                  >
                    Apply by email
                  </a>
                </p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="benefits" title="Benefits" className="bg-slate-50">
        <CheckList items={benefits} className="grid gap-3 space-y-0 md:grid-cols-2" />
      </Section>

      <Section id="culture" title="How we work">
        <FeatureGrid items={culture} />
      </Section>

      <Section id="no-match" title="No role that fits?" className="bg-slate-50">
        <p className="max-w-3xl text-slate-700">
          We are always glad to hear from people who care about manufacturing, e-commerce or good software.
          Tell us what you would like to work on.
        </p>
        <ButtonRow className="mt-6">
          <ButtonLink to={paths.contact}>Contact us</ButtonLink>
          <ButtonLink to={paths.about} variant="secondary">
            About PrintLoop
          </ButtonLink>
        </ButtonRow>
      </Section>
    </>
  );
}
