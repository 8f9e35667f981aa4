import { ButtonLink, Card, PageHero, Section } from '../components/ui/layout';
import { carriers, standardShipping } from '../config/facts';
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
import { Icon } from '../features/marketing/icons';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Shipping: worldwide in 3-5 business days',
    description:
      'PrintLoop ships worldwide with Royal Mail, DPD, DHL, FedEx and UPS. Standard delivery in 3-5 business days, express options, tracking and protective packaging.',
    path: paths.shipping,
  });

type Carrier = (typeof carriers)[number];

const carrierUse: Record<Carrier, string> = {
  'Royal Mail': 'Tracked letters and small parcels within the UK, and economical international delivery.',
  DPD: 'Next-day tracked parcels across the UK, with one-hour delivery windows for your customers.',
  DHL: 'Express international delivery, especially into Europe and Asia.',
  FedEx: 'Time-definite international express, including North America.',
  UPS: 'Heavier and multi-parcel orders, domestic and international.',
};

const serviceLevels = [
  {
    name: 'Standard',
    time: standardShipping,
    text: 'Tracked delivery worldwide, with the carrier chosen for the destination and parcel size.',
  },
  {
    name: 'Express',
    time: 'Faster, by destination',
    text: 'Priority services with DPD, DHL, FedEx and UPS for customers who need their order sooner. The price and delivery date are shown before the order is placed.',
  },
  {
    name: 'Your own carrier account',
    time: 'Your rates',
    text: 'Ship on your own negotiated rates through ShipStation or Shippo and keep your existing carrier contracts.',
  },
] as const;

const packaging: readonly Feature[] = [
  {
    icon: 'box',
    title: 'Sized to the part',
    text: 'Boxes and mailers are chosen for each order, so parts do not rattle around and you do not pay to ship air.',
  },
  {
    icon: 'shield',
    title: 'Protected in transit',
    text: 'Fragile prints are wrapped and braced; flexible TPU parts ship in padded mailers.',
  },
  {
    icon: 'leaf',
    title: 'Recyclable materials',
    text: 'We use paper-based void fill and recyclable cardboard wherever the part allows it.',
  },
];

export default function ShippingPage() {
  return (
    <>
      <PageHero
        eyebrow="Shipping"
        title="Worldwide delivery, tracked from our door to your customer's"
        lead={
          <p>
            Every order ships from our UK facility with a major carrier. Standard delivery takes{' '}
            {standardShipping} worldwide, and your customer gets a tracking number as soon as the parcel
            leaves.
          </p>
        }
      >
        <ButtonRow>
          <ButtonLink to={paths.calculator}>Get a quote with delivery dates</ButtonLink>
          <ButtonLink to={paths.pricing} variant="secondary">
            See pricing
          </ButtonLink>
        </ButtonRow>
      </PageHero>

      <Section id="carriers" title="Our carriers">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {carriers.map((c) => (
            <li key={c}>
              <Card className="h-full">
                <h3 className="flex items-center gap-2 text-lg font-bold text-slate-900">
                  <Icon name="truck" className="h-5 w-5 text-brand-700" />
                  {c}
                </h3>
                <p className="mt-2 text-slate-700">{carrierUse[c]}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="delivery-times"
        title="Delivery options"
        className="bg-slate-50"
        intro={
          <p>
            Delivery time starts once your order is printed and packed. The quote calculator shows the
            production estimate: the days of printing your order needs plus two days for quality control and
            packing.
          </p>
        }
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {serviceLevels.map((s) => (
            <li key={s.name}>
              <Card className="h-full">
                <h3 className="text-lg font-semibold text-slate-900">{s.name}</h3>
                <p className="mt-1 text-sm font-semibold uppercase tracking-wide text-brand-700">{s.time}</p>
                <p className="mt-3 text-slate-700">{s.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="tracking" title="Tracking on every parcel">
        <div className="grid gap-10 lg:grid-cols-2">
          <p className="text-slate-700">
            As soon as a carrier collects the parcel, its tracking number is attached to the order. If the
            order came from a connected store, we write the tracking number back to that store and mark the
            order as dispatched, so your customer is notified the way they expect.
          </p>
          <CheckList
            items={[
              'Tracking numbers returned to Shopify, WooCommerce, Amazon, Etsy, eBay and other connected stores',
              'Order status and tracking available through the REST API',
              'Every order visible on your production dashboard, from queue to dispatch',
            ]}
          />
        </div>
      </Section>

      <Section id="packaging" title="Packaging" className="bg-slate-50">
        <FeatureGrid items={packaging} />
      </Section>

      <CtaBand
        title="Questions about shipping to a particular country?"
        text="We ship to more than 50 countries. Tell us where your customers are and we will confirm services and times."
      >
        <OnDarkPrimaryLink to={paths.contact}>Contact us</OnDarkPrimaryLink>
        <OnDarkButtonLink to={paths.integrations}>Store integrations</OnDarkButtonLink>
      </CtaBand>
    </>
  );
}
