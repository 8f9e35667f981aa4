import { PARAMETER_BOUNDS } from '@printloop/quote';
import { ButtonLink, Card, PageHero, Section } from '../components/ui/layout';
import { paths } from '../config/paths';
import {
  ButtonRow,
  CheckList,
  CtaBand,
  Faq,
  type FaqItem,
  FeatureGrid,
  OnDarkButtonLink,
  OnDarkPrimaryLink,
  type Quote,
  Testimonials,
} from '../features/marketing/components';
import { IconBadge, type IconName } from '../features/marketing/icons';
import {
  explainQuote,
  finishingOptions,
  formatGBP,
  materialPrices,
  percent,
  type QuoteExampleInput,
  PRICE_TABLE as t,
  tierLabel,
  volumeDiscountTiers,
} from '../features/marketing/pricing-data';
import { andList } from '../features/marketing/text';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Pricing: pay per part, no monthly fees',
    description:
      'Usage-based 3D printing prices in GBP: production per unit, optional storage and a fulfilment fee. No monthly fees, setup fees or minimum order.',
    path: paths.pricing,
  });

/** Pence to "£5" when whole pounds, otherwise "£1.25". */
const price = (pence: number) => (pence % 100 === 0 ? `£${pence / 100}` : formatGBP(pence));
const finishingPence = t.postProcessingPence[finishingOptions[0] ?? 'sanding'];

const components: readonly {
  icon: IconName;
  title: string;
  price: string;
  text: string;
  points: string[];
}[] = [
  {
    icon: 'printer',
    title: 'Production',
    price: 'Per unit, usage-based',
    text: 'What it costs to print one part, from its material, volume and complexity.',
    points: [
      'Filament used, priced per kilogram of material',
      'Machine time, priced per print hour',
      'Supports and finishing options when the part needs them',
    ],
  },
  {
    icon: 'box',
    title: 'Storage (optional)',
    price: 'Per cubic foot per month',
    text: 'Keep printed stock on our shelves for same-day dispatch of your best sellers.',
    points: [
      'Charged only for the space your stock takes up',
      'Nothing to pay for print-on-demand orders',
      'Rate quoted for your volume before you send stock',
    ],
  },
  {
    icon: 'truck',
    title: 'Fulfilment',
    price: 'Per order',
    text: 'One fee for getting the order out of the door and to your customer.',
    points: ['Picking', 'Packing and shipping materials', 'Delivery with tracking'],
  },
];

const example: QuoteExampleInput = {
  material: 'PLA',
  filamentGrams: 40,
  printMinutes: 180,
  supports: true,
  finishing: [],
};
const worked = explainQuote(example);

const benefits = [
  {
    icon: 'pound',
    title: 'No upfront investment',
    text: 'No printers to buy, no filament stock, no workshop. You pay per part when an order comes in.',
  },
  {
    icon: 'bolt',
    title: 'The price before you commit',
    text: 'Every quote is worked out from your actual model and shown line by line before you order.',
  },
  {
    icon: 'chart',
    title: 'Cheaper as you grow',
    text: 'Volume discounts apply automatically to larger orders. No negotiation, no contract.',
  },
  {
    icon: 'lock',
    title: 'Nothing hidden',
    text: 'No monthly fee, no setup fee, no minimum order. The formula is published here and in our open-source code.',
  },
] satisfies { icon: IconName; title: string; text: string }[];

const quotes: readonly Quote[] = [
  {
    text: 'I used to print planters on two machines in my spare room. Now orders go straight from my shop to PrintLoop and I spend my evenings designing instead of unclogging nozzles.',
    name: 'Priya',
    shop: 'Etsy shop, plant pots and planters',
  },
  {
    text: 'The quote matched the invoice to the penny on our first batch of 200 terrain pieces, and the volume discount was already applied.',
    name: 'Tom',
    shop: 'Shopify store, tabletop gaming terrain',
  },
  {
    text: 'We sell replacement parts for old appliances. Most designs sell a few times a year, so printing on demand with no storage cost is the only way it pays.',
    name: 'Marta',
    shop: 'eBay seller, replacement appliance parts',
  },
];

const faq: readonly FaqItem[] = [
  {
    q: 'How is the price of a part worked out?',
    a: (
      <p>
        From your model: the filament it needs (grams ÷ 1000 × the material's price per kg) plus machine time
        ({price(t.machinePencePerHour)} per print hour), plus {percent(t.supportRate)} if it needs supports
        and {price(finishingPence)} per finishing option, all multiplied by {t.markup}, with a minimum charge
        of {price(t.minimumUnitPence)} per part. The calculator shows each line before you order.
      </p>
    ),
  },
  {
    q: 'Are there monthly fees, setup fees or a minimum order?',
    a: (
      <p>
        No. There is no subscription, no setup fee and no minimum order quantity: you can order a single part,
        and up to {PARAMETER_BOUNDS.quantity.max.toLocaleString('en-GB')} of one part in a quote. A part is
        charged at least {price(t.minimumUnitPence)} (it still takes a slot on a plate, a check and a bag).
      </p>
    ),
  },
  {
    q: 'How do volume discounts work?',
    a: (
      <p>
        They apply automatically to the production cost when you order several of the same part:{' '}
        {volumeDiscountTiers
          .filter((tier) => tier.discountPercent > 0)
          .map((tier) => `${tier.discountPercent}% at ${tierLabel(tier)}`)
          .join(', ')}
        .
      </p>
    ),
  },
  {
    q: 'Do I pay for storage?',
    a: (
      <p>
        Only if you choose to keep stock with us, charged per cubic foot per month. Print-on-demand orders are
        printed when they are placed, so there is nothing to store and nothing to pay.
      </p>
    ),
  },
  {
    q: 'What does the fulfilment fee cover?',
    a: <p>Picking, packing, shipping materials and delivery of the order to your customer, with tracking.</p>,
  },
  {
    q: 'How can I pay?',
    a: (
      <p>
        By all major credit cards, wire transfer or ACH. Enterprise customers can pay on net-30 terms; contact
        us to set this up.
      </p>
    ),
  },
  {
    q: 'How long is a quote valid?',
    a: (
      <p>
        {t.validityDays} days. A saved quote keeps its inputs and the price table it was calculated with, so
        you can order at that price until it expires.
      </p>
    ),
  },
  {
    q: 'How quickly will my order arrive?',
    a: (
      <p>
        The quote shows two dates. <strong>Ready to ship</strong> is when your order leaves us: the working
        days our production queue needs for it today, quality control and packing included.{' '}
        <strong>Delivered by</strong> adds the shipping service you choose: standard takes 3-5 working days in
        the UK, express 1-2. Weekends are not counted.
      </p>
    ),
  },
];

export default function PricingPage() {
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Pay for the parts you sell, nothing else"
        lead={
          <p>
            Usage-based pricing in pounds sterling. No monthly fees, no setup fees and no minimum order: you
            pay for production, fulfilment and, if you want it, storage.
          </p>
        }
      >
        <ButtonRow>
          <ButtonLink to={paths.calculator} variant="accent">
            Price your model
          </ButtonLink>
          <ButtonLink to={paths.signup}>Create a free account</ButtonLink>
        </ButtonRow>
      </PageHero>

      <Section id="components" title="What you pay for">
        <ul className="grid gap-6 lg:grid-cols-3">
          {components.map((c) => (
            <li key={c.title}>
              <Card className="h-full">
                <IconBadge name={c.icon} />
                <h3 className="mt-4 text-xl font-semibold text-slate-900">{c.title}</h3>
                <p className="mt-1 text-sm font-semibold uppercase tracking-wide text-brand-700">{c.price}</p>
                <p className="mt-3 text-slate-700">{c.text}</p>
                <CheckList items={c.points} className="mt-4" />
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="formula"
        title="How a production quote is calculated"
        className="bg-slate-50"
        intro={
          <p>
            The same published formula is used in the calculator, in the API and on your invoice. Filament and
            print time come from an analysis of your actual model at the settings you choose.
          </p>
        }
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <h3 className="text-lg font-semibold text-slate-900">The formula</h3>
            <ol className="mt-4 list-decimal space-y-3 pl-5 text-slate-700">
              <li>
                <strong className="text-slate-900">Material</strong> = filament grams ÷ 1000 × price per kg
              </li>
              <li>
                <strong className="text-slate-900">Machine time</strong> = print hours ×{' '}
                {price(t.machinePencePerHour)}
              </li>
              <li>
                <strong className="text-slate-900">Supports</strong>, when needed: +{percent(t.supportRate)}{' '}
                of material and machine time
              </li>
              <li>
                <strong className="text-slate-900">Finishing</strong>: {price(finishingPence)} for each
                post-processing option ({andList(finishingOptions)})
              </li>
              <li>
                <strong className="text-slate-900">Unit price</strong> = the sum × {t.markup}, covering
                labour, quality control, failed-print risk and overheads; at least {price(t.minimumUnitPence)}{' '}
                per part (the minimum charge, shown as its own line)
              </li>
              <li>
                <strong className="text-slate-900">Ready to ship</strong> = the production queue's working
                days for your order (without a queue: print days, rounded up, + {t.leadTime.extraDays}); then{' '}
                <strong className="text-slate-900">Delivered by</strong> adds the shipping transit
              </li>
            </ol>
            <h4 className="mt-6 font-semibold text-slate-900">Material prices per kg</h4>
            <div className="mt-3 overflow-x-auto">
              <table className="w-full min-w-[16rem] text-left text-sm">
                <caption className="sr-only">Material prices per kilogram of filament, in GBP</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      Material
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Price per kg
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {materialPrices.map(([name, pence]) => (
                    <tr key={name} className="border-b border-slate-100">
                      <th scope="row" className="py-2 pr-4 font-semibold text-slate-900">
                        {name}
                      </th>
                      <td className="py-2 text-slate-800">{formatGBP(pence)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
          <Card>
            <h3 className="text-lg font-semibold text-slate-900">A worked example</h3>
            <p className="mt-2 text-slate-700">
              A phone stand in {example.material} that needs {example.filamentGrams} g of filament,{' '}
              {example.printMinutes / 60} hours on the printer and supports under its lip:
            </p>
            <div className="mt-4 overflow-x-auto">
              <table className="w-full min-w-[18rem] text-left text-sm">
                <caption className="sr-only">Worked example of a production quote</caption>
                <tbody className="text-slate-800">
                  <ExampleRow
                    label={`Material: ${example.filamentGrams} g ÷ 1000 × ${price(t.materialPencePerKg[example.material])}`}
                    pence={worked.material_pence}
                  />
                  <ExampleRow
                    label={`Machine: ${example.printMinutes / 60} h × ${price(t.machinePencePerHour)}`}
                    pence={worked.machine_pence}
                  />
                  <ExampleRow label={`Supports: +${percent(t.supportRate)}`} pence={worked.support_pence} />
                  <ExampleRow label="Finishing: none" pence={worked.post_processing_pence} />
                  <ExampleRow
                    label="Sum"
                    pence={
                      worked.material_pence +
                      worked.machine_pence +
                      worked.support_pence +
                      worked.post_processing_pence
                    }
                  />
                  <ExampleRow
                    label={`Unit price: sum × ${t.markup}`}
                    pence={worked.unit_price_pence}
                    strong
                  />
                </tbody>
              </table>
            </div>
            <p className="mt-4 text-slate-700">
              Ready to ship in {worked.lead_time_days} working days ({Math.ceil(example.printMinutes / 1440)}{' '}
              day of printing + {t.leadTime.extraDays}) when the queue is empty, then the shipping transit.
              Prices are in GBP, before VAT ({Math.round(t.vat.ukRate * 100)} % added at checkout for UK
              delivery); the quote is valid for {t.validityDays} days. This example is worked out by the same
              code that prices your orders (price table {t.version}).
            </p>
          </Card>
        </div>
      </Section>

      <Section
        id="volume-discounts"
        title="Automatic volume discounts"
        intro={
          <p>
            Order more of the same part and the production price drops. No code to enter, nothing to sign.
          </p>
        }
      >
        <div className="overflow-x-auto">
          <table className="w-full min-w-[20rem] max-w-2xl text-left">
            <caption className="sr-only">Volume discount on production cost by quantity</caption>
            <thead>
              <tr className="border-b-2 border-slate-200 text-sm text-slate-600">
                <th scope="col" className="py-3 pr-6 font-semibold">
                  Quantity of one part
                </th>
                <th scope="col" className="py-3 font-semibold">
                  Discount on production
                </th>
              </tr>
            </thead>
            <tbody>
              {volumeDiscountTiers.map((tier) => (
                <tr key={tier.minQuantity} className="border-b border-slate-100">
                  <th scope="row" className="py-3 pr-6 font-semibold text-slate-900">
                    {tierLabel(tier)}
                  </th>
                  <td className="py-3 text-slate-800">
                    {tier.discountPercent === 0 ? 'List price' : `${tier.discountPercent}% off`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="payment" title="No fees, flexible payment" className="bg-slate-50">
        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <h3 className="text-lg font-semibold text-slate-900">What you will never pay</h3>
            <CheckList className="mt-4" items={['No monthly fees', 'No setup fees', 'No minimum order']} />
          </Card>
          <Card>
            <h3 className="text-lg font-semibold text-slate-900">How you can pay</h3>
            <CheckList
              className="mt-4"
              items={[
                'All major credit cards',
                'Wire transfer',
                'ACH',
                'Net-30 terms for enterprise customers',
              ]}
            />
          </Card>
        </div>
      </Section>

      <Section id="benefits" title="Why sellers choose usage-based printing">
        <FeatureGrid items={benefits} columns={4} />
      </Section>

      <Section id="customers" title="What our sellers say" className="bg-slate-50">
        <Testimonials quotes={quotes} />
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <div className="max-w-3xl">
          <Faq items={faq} />
        </div>
      </Section>

      <CtaBand
        title="See the price of your own part"
        text="Upload a model to the calculator for an instant quote, or talk to us about enterprise terms and stored stock."
      >
        <OnDarkPrimaryLink to={paths.calculator}>Get an instant quote</OnDarkPrimaryLink>
        <OnDarkButtonLink to={paths.signup}>Sign up</OnDarkButtonLink>
        <OnDarkButtonLink to={paths.contact}>Contact sales</OnDarkButtonLink>
      </CtaBand>
    </>
  );
}

function ExampleRow({ label, pence, strong = false }: { label: string; pence: number; strong?: boolean }) {
  return (
    <tr
      className={
        strong ? 'border-t-2 border-slate-300 font-bold text-slate-900' : 'border-b border-slate-100'
      }
    >
      <th scope="row" className={`py-2 pr-4 ${strong ? 'font-bold' : 'font-normal'}`}>
        {label}
      </th>
      <td className="py-2 text-right tabular-nums">{formatGBP(pence)}</td>
    </tr>
  );
}
