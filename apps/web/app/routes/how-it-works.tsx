import { ButtonLink, PageHero, Section, StatGrid } from '../components/ui/layout';
import { carriers, marketingFileFormats, marketingStats, standardShipping } from '../config/facts';
import { paths } from '../config/paths';
import {
  ButtonRow,
  CtaBand,
  OnDarkButtonLink,
  OnDarkPrimaryLink,
  Steps,
} from '../features/marketing/components';
import { orList } from '../features/marketing/text';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'How it works: from model file to parcel',
    description:
      'Five phases from upload to doorstep: instant quote, automated print preparation, production with quality control, packing and fulfilment, and tracked shipping.',
    path: paths.howItWorks,
  });

const phases = [
  {
    icon: 'upload',
    title: 'Upload and instant quote',
    text: `Drop in an ${orList(marketingFileFormats)} file. We measure its volume and dimensions, estimate filament and print time at your chosen material, infill and layer height, and show an itemised price in seconds.`,
    points: [
      'Files up to 50 MB',
      'Price, print time, ready-to-ship and delivery dates on one screen',
      'Save the quote for 7 days',
    ],
  },
  {
    icon: 'sparkles',
    title: 'Automated print preparation',
    text: 'When you order, the model is oriented, supported and sliced automatically, then routed to a printer with the right material loaded and the shortest queue.',
    points: ['Orientation chosen for strength and surface finish', 'Supports only where overhangs need them'],
  },
  {
    icon: 'printer',
    title: 'Production and quality control',
    text: 'Your part is printed on our farm in the UK. When it comes off the bed it is checked against the model for dimensions and completeness; anything that fails is reprinted before it ships.',
    points: ['Supports removed and finishing applied', 'Every part inspected before packing'],
  },
  {
    icon: 'box',
    title: 'Packing and fulfilment',
    text: 'We pick the order, pack it in protective packaging sized to the part and add your packing slip. Stored stock ships straight from our shelves.',
    points: [
      'Picking, packing and shipping materials included in the fulfilment fee',
      'Optional storage for best sellers',
    ],
  },
  {
    icon: 'globe',
    title: 'Worldwide shipping and tracking',
    text: `The parcel goes out with ${orList(carriers)}. Standard delivery takes ${standardShipping}, and the tracking number is sent back to your store automatically.`,
    points: ['Express options for urgent orders', 'Tracking on every parcel'],
  },
] as const;

const stats = [...marketingStats, { value: '3-5', label: 'Business days, standard shipping' }] as const;

export default function HowItWorksPage() {
  return (
    <>
      <PageHero
        eyebrow="How it works"
        title="From model file to your customer's door"
        lead={
          <p>
            You design and sell. We take care of everything in between: pricing, print preparation,
            production, quality control, packing and shipping.
          </p>
        }
      >
        <ButtonRow>
          <ButtonLink to={paths.signup}>Get started free</ButtonLink>
          <ButtonLink to={paths.contact} variant="secondary">
            Talk to us
          </ButtonLink>
        </ButtonRow>
      </PageHero>

      <Section id="phases" title="The five phases of every order">
        <Steps steps={phases} />
      </Section>

      <Section id="numbers" title="In numbers" className="bg-slate-50">
        <StatGrid stats={stats} />
      </Section>

      <CtaBand
        title="Ready to hand over production?"
        text="Price your models in the calculator now, no account needed; create one to save quotes, order and connect your store, or tell us about your catalogue and we will help you plan the move."
      >
        <OnDarkPrimaryLink to={paths.signup}>Create an account</OnDarkPrimaryLink>
        <OnDarkButtonLink to={paths.contact}>Contact us</OnDarkButtonLink>
      </CtaBand>
    </>
  );
}
