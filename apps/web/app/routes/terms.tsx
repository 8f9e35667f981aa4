import { Link } from 'react-router';
import { standardShipping } from '../config/facts';
import { paths } from '../config/paths';
import { LegalPage, type LegalSection } from '../features/legal/LegalPage';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Terms of service',
    description:
      'The terms for using PrintLoop: accounts, instant quotes, orders and payment in GBP, your model files and rights, shipping, defects and reprints, and API keys.',
    path: paths.terms,
  });

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms apply when you use the hosted PrintLoop service: the website, the quote calculator, the
          public API and the store integrations. By creating an account or placing an order you agree to them.
          If you use PrintLoop for a business, you accept them on its behalf.
        </p>
        <p>
          The PrintLoop software is also published as open source. Running your own copy is governed by the
          software&rsquo;s open-source licence, not by these terms.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>
          Anyone can price a model in the calculator, in their own browser. You need an account to upload
          models, save quotes and place orders. Give a valid email address: we confirm it before we print a
          live order.
        </li>
        <li>Keep your password and API keys secret; you are responsible for what is done with them.</li>
        <li>Tell us at once if you think someone else has access to your account or a key.</li>
      </ul>
    ),
  },
  {
    id: 'quotes',
    title: 'Quotes and prices',
    body: (
      <>
        <p>
          Quotes are computed on our servers from our analysis of your model file, the material and print
          settings you choose and our current price table. Prices are in pounds sterling (GBP). A saved quote
          is valid for 7 days; after that we re-price it at the current rates.
        </p>
        <p>
          There are no monthly fees, setup fees or minimum order. Volume discounts are applied automatically.
          If our analysis shows a model cannot be printed as quoted (for example, it is not a closed solid),
          we tell you before charging and you can cancel.
        </p>
      </>
    ),
  },
  {
    id: 'orders',
    title: 'Orders and production',
    body: (
      <>
        <p>
          An order is a contract when we confirm it (by email, in your account or in the API response). Orders
          placed with a test API key are never manufactured or charged; orders placed with a live key are.
        </p>
        <p>
          You can cancel an order free of charge until printing starts. Because every item is made to your
          specification, the 14-day cancellation right for online purchases does not apply once printing has
          started (Consumer Contracts Regulations 2013, regulation 28).
        </p>
      </>
    ),
  },
  {
    id: 'payment',
    title: 'Payment',
    body: (
      <p>
        We accept major credit and debit cards, wire transfer and ACH. Enterprise customers may be offered
        net-30 terms after approval. Unpaid invoices may lead us to pause production for your account.
      </p>
    ),
  },
  {
    id: 'your-models',
    title: 'Your models and content',
    body: (
      <>
        <p>
          You keep all rights in the files you upload. You give us a licence to store, analyse and print them
          only to provide the service to you; we do not sell, publish or reuse your designs.
        </p>
        <p>You confirm that you have the right to have each model printed and sold, and that it is not:</p>
        <ul>
          <li>
            a weapon, a weapon part or anything whose making or sale is illegal in the UK or the destination;
          </li>
          <li>
            a copy of someone else&rsquo;s protected design, trade mark or character without their permission.
          </li>
        </ul>
        <p>We may refuse or cancel an order that breaks these rules, with a full refund.</p>
      </>
    ),
  },
  {
    id: 'shipping',
    title: 'Shipping and delivery',
    body: (
      <p>
        Standard shipping takes {standardShipping} after dispatch. Delivery dates we show are estimates. Risk
        in the goods passes to you (or your customer) on delivery. See{' '}
        <Link to={paths.shipping}>shipping</Link> for carriers and destinations.
      </p>
    ),
  },
  {
    id: 'defects',
    title: 'Defects and reprints',
    body: (
      <p>
        If an item arrives damaged, misprinted or not as ordered, tell us within 14 days of delivery with the
        order number and a photo. We reprint it or refund it, at your choice. This does not affect your
        statutory rights under the Consumer Rights Act 2015.
      </p>
    ),
  },
  {
    id: 'api',
    title: 'API and integrations',
    body: (
      <ul>
        <li>
          Use the API only with keys issued to your account, and keep keys out of public or client-side code.
        </li>
        <li>
          Respect rate limits; do not try to get round them or to test the service&rsquo;s security without
          permission.
        </li>
        <li>
          You are responsible for orders your integrations send with a live key, including wrong addresses you
          pass us.
        </li>
      </ul>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability',
    body: (
      <>
        <p>
          We do not exclude liability for death or personal injury caused by our negligence, for fraud, or for
          anything else the law does not allow us to exclude.
        </p>
        <p>
          For business customers, our total liability for an order is limited to the amount paid for it, and
          we are not liable for lost profits or indirect losses. Consumers keep all their statutory rights.
        </p>
      </>
    ),
  },
  {
    id: 'ending',
    title: 'Ending the agreement',
    body: (
      <p>
        You can close your account at any time; orders already in production are completed and invoiced. We
        may suspend or close an account that breaks these terms, after warning you where we reasonably can.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Changes, law and contact',
    body: (
      <p>
        We may update these terms and will email account holders before a material change takes effect. These
        terms are governed by the law of England and Wales, and its courts have jurisdiction; consumers may
        also bring claims where they live. Questions: <Link to={paths.contact}>contact us</Link>. How we
        handle personal data is set out in the <Link to={paths.privacy}>privacy policy</Link>.
      </p>
    ),
  },
];

export default function Terms() {
  return (
    <LegalPage
      eyebrow="Legal"
      title="Terms of service"
      intro={<p>The agreement between you and PrintLoop when you get quotes, place orders or use the API.</p>}
      sections={sections}
    />
  );
}
