import { Link } from 'react-router';
import { Container, PageHero } from '../components/ui/layout';
import { paths } from '../config/paths';
import { site } from '../config/site';
import { ContactForm } from '../features/contact/ContactForm';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Contact us',
    description:
      'Send the PrintLoop team a message about quotes, orders, integrations, partnerships or press. We reply within one business day, Monday to Friday.',
    path: paths.contact,
  });

const departments = [
  {
    name: 'Sales',
    email: 'sales@printloop.example.com',
    description: 'Volume pricing, enterprise terms (net-30) and demos of the platform.',
  },
  {
    name: 'Customer support',
    email: site.supportEmail,
    description: 'Questions about a quote, an order in production or a delivery.',
  },
  {
    name: 'Developers',
    email: 'developers@printloop.example.com',
    description: 'API keys, the REST API, SDKs and store integrations.',
  },
  {
    name: 'Partnerships',
    email: 'partners@printloop.example.com',
    description: 'Manufacturing, technology and reseller partner programmes.',
  },
  {
    name: 'Press',
    email: 'press@printloop.example.com',
    description: 'Interviews, media kit and company information.',
  },
] as const;

const offices = [
  {
    city: 'London',
    role: 'Head office',
    detail: 'Company management, sales and customer support.',
  },
  {
    city: 'Manchester',
    role: 'Production and fulfilment',
    detail: 'Printing, quality control, packing and dispatch. Visits by appointment only.',
  },
] as const;

export default function Contact() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        lead={
          <p>
            Tell us what you are working on. A person reads every message and replies within one business day
            (Monday to Friday, 9:00 to 17:30 UK time). For quick answers, try{' '}
            <Link to={paths.support} className="font-semibold text-brand-700 underline">
              support
            </Link>{' '}
            first.
          </p>
        }
      />
      <Container className="py-12 lg:py-16">
        <div className="grid gap-12 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-labelledby="contact-form-heading" className="min-w-0">
            <h2 id="contact-form-heading" className="text-2xl font-bold tracking-tight text-slate-900">
              Send us a message
            </h2>
            <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
              <ContactForm />
            </div>
          </section>

          <div className="min-w-0 space-y-12">
            <section aria-labelledby="departments-heading">
              <h2 id="departments-heading" className="text-2xl font-bold tracking-tight text-slate-900">
                Departments
              </h2>
              <ul className="mt-6 space-y-5">
                {departments.map((d) => (
                  <li key={d.name} className="border-l-4 border-brand-200 pl-4">
                    <h3 className="font-semibold text-slate-900">{d.name}</h3>
                    <p className="mt-1 text-sm text-slate-700">{d.description}</p>
                    <a
                      href={`mailto:${d.email}`}
                      className="mt-1 inline-block text-sm font-semibold text-brand-700 underline [overflow-wrap:anywhere]"
                    >
                      {d.email}
                    </a>
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="offices-heading">
              <h2 id="offices-heading" className="text-2xl font-bold tracking-tight text-slate-900">
                Offices
              </h2>
              <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
                {offices.map((o) => (
                  <li key={o.city} className="rounded-xl border border-slate-200 bg-slate-50 p-5">
                    <h3 className="font-semibold text-slate-900">{o.city}, United Kingdom</h3>
                    <p className="text-sm font-medium text-brand-700">{o.role}</p>
                    <p className="mt-2 text-sm text-slate-700">{o.detail}</p>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </div>
      </Container>
    </>
  );
}
