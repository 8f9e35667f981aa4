import { Link } from 'react-router';
import { paths } from '../config/paths';
import { LegalPage, type LegalSection } from '../features/legal/LegalPage';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Privacy policy',
    description:
      'What personal data PrintLoop stores, why and for how long, and your UK GDPR rights to access, correct, delete and export it or withdraw consent.',
    path: paths.privacy,
  });

const privacyEmail = 'privacy@printloop.example.com';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          PrintLoop is a 3D-printing and print-on-demand service based in the United Kingdom. For the hosted
          service, we are the controller of your personal data under the UK General Data Protection Regulation
          (UK GDPR) and the Data Protection Act 2018.
        </p>
        <p>
          PrintLoop is also open-source software that anyone can run on their own servers. If you use a
          self-hosted install, the organisation running it is the controller of your data, and its own privacy
          policy applies.
        </p>
        <p>
          Questions about privacy: <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-store',
    title: 'What we store',
    body: (
      <>
        <p>We keep only what we need to quote, print and ship your orders and to answer you:</p>
        <ul>
          <li>
            <strong>Account:</strong> your email address and a salted hash of your password (never the
            password itself), and your active sign-in sessions.
          </li>
          <li>
            <strong>Uploaded model files:</strong> the 3D files you upload (STL, OBJ, 3MF or STEP) and the
            measurements we compute from them.
          </li>
          <li>
            <strong>Quotes:</strong> the print parameters you chose, the price table version and the itemised
            price.
          </li>
          <li>
            <strong>Contact messages:</strong> the name, email address, subject and message you send through
            the <Link to={paths.contact}>contact form</Link>.
          </li>
          <li>
            <strong>Orders:</strong> the recipient name and shipping address you give us, and the tracking
            number.
          </li>
          <li>
            <strong>API keys:</strong> only a hash of each key, its prefix and when it was last used.
          </li>
          <li>
            <strong>Technical logs:</strong> IP address, time and path of requests, used for security and rate
            limiting.
          </li>
        </ul>
        <p>
          We do not use analytics or advertising trackers, and we do not sell or rent personal data. See the{' '}
          <Link to={paths.cookies}>cookie policy</Link> for the single cookie we set.
        </p>
      </>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it (lawful bases)',
    body: (
      <ul>
        <li>
          <strong>To perform our contract with you:</strong> your account, model files, quotes and orders,
          including passing the shipping address to the carrier that delivers your parcel.
        </li>
        <li>
          <strong>Legitimate interests:</strong> answering contact messages, keeping the service secure,
          preventing abuse (rate limits) and fixing faults.
        </li>
        <li>
          <strong>Legal obligation:</strong> keeping accounting records of orders and payments.
        </li>
        <li>
          <strong>Consent:</strong> only where we ask for it, for example optional product news by email. You
          can withdraw consent at any time.
        </li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We share personal data only with service providers who process it for us under contract:</p>
        <ul>
          <li>
            our hosting and storage provider (servers and file storage in the UK or the European Economic
            Area);
          </li>
          <li>our email provider, to send password resets and replies;</li>
          <li>
            the carrier delivering your order (Royal Mail, DPD, DHL, FedEx or UPS), which receives the
            recipient name and address;
          </li>
          <li>our payment provider, for card payments (we never see or store full card numbers).</li>
        </ul>
        <p>
          When a parcel goes abroad, the carrier handles the address in the destination country. Any other
          transfer outside the UK uses safeguards approved under UK GDPR, such as the International Data
          Transfer Agreement.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>
          <strong>Account, model files and quotes:</strong> while your account is open. You can delete a file
          or quote at any time; when you close your account, everything is deleted within 30 days.
        </li>
        <li>
          <strong>Contact messages:</strong> 12 months after our last reply, then deleted.
        </li>
        <li>
          <strong>Shipping addresses:</strong> 90 days after delivery, to handle delivery problems and returns
          (30 days for Amazon orders, as Amazon requires).
        </li>
        <li>
          <strong>Order and payment records:</strong> 6 years, as UK tax law requires.
        </li>
        <li>
          <strong>Technical logs:</strong> 30 days.
        </li>
        <li>
          <strong>Backups:</strong> deleted data leaves our encrypted backups within 35 days.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under UK GDPR you have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> the personal data we hold about you and get a copy of it;
          </li>
          <li>
            <strong>correct</strong> data that is inaccurate or incomplete;
          </li>
          <li>
            <strong>delete</strong> your data (the &ldquo;right to be forgotten&rdquo;), except records we
            must keep by law;
          </li>
          <li>
            <strong>export</strong> the data you gave us in a machine-readable format (data portability),
            including your model files and quotes;
          </li>
          <li>
            <strong>withdraw consent</strong> at any time where we rely on consent, without affecting what we
            did before;
          </li>
          <li>object to processing based on legitimate interests, and ask us to restrict processing.</li>
        </ul>
        <p>
          To use any of these rights, email <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a> from the
          address on your account, or use the <Link to={paths.contact}>contact form</Link>. We answer within
          one month and do not charge for it.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        All traffic is encrypted with HTTPS. Passwords and API keys are stored only as hashes, sessions use an
        httpOnly cookie that scripts cannot read, and access to production systems is limited to the staff who
        need it.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints',
    body: (
      <p>
        If you are unhappy with how we handle your data, please tell us first so we can put it right. You also
        have the right to complain to the Information Commissioner&rsquo;s Office (ICO), the UK data
        protection regulator, at{' '}
        <a href="https://ico.org.uk/make-a-complaint/" rel="noopener">
          ico.org.uk
        </a>{' '}
        or on 0303 123 1113.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We update this policy when what we do with data changes, and change the date at the top. If a change
        affects you materially, we email account holders before it takes effect.
      </p>
    ),
  },
];

export default function Privacy() {
  return (
    <LegalPage
      eyebrow="Legal"
      title="Privacy policy"
      intro={
        <p>
          How PrintLoop collects, uses and protects your personal data, and the rights you have over it under
          UK data protection law.
        </p>
      }
      sections={sections}
    />
  );
}
