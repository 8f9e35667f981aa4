import { Link } from 'react-router';
import { ButtonLink, Card, PageHero, Section } from '../components/ui/layout';
import { integrations } from '../config/facts';
import { integrationGuidePath, paths } from '../config/paths';
import {
  ButtonRow,
  CtaBand,
  FeatureGrid,
  OnDarkButtonLink,
  OnDarkPrimaryLink,
} from '../features/marketing/components';
import { integrationCategories, integrationInfo, Wordmark } from '../features/marketing/integrations';
import { pageMeta } from '../lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Integrations: Shopify, Etsy, Amazon, eBay',
    description:
      'Connect PrintLoop to Shopify, WooCommerce, Amazon, Etsy, eBay, Magento, BigCommerce, Walmart, ShipStation, ShipBob, ShipMonk and Shippo. Setup guides included.',
    path: paths.integrations,
  });

const guided = integrations.filter((name) => integrationInfo[name].guide !== undefined);

export default function IntegrationsPage() {
  return (
    <>
      <PageHero
        eyebrow="Integrations"
        title="Connect the store you already sell on"
        lead={
          <p>
            PrintLoop works with {integrations.length} marketplaces, store platforms and shipping tools. Paid
            orders go straight into production, and tracking numbers go back to your store when the parcel
            ships.
          </p>
        }
      >
        <ButtonRow>
          <ButtonLink to={paths.signup}>Connect your store</ButtonLink>
          <ButtonLink to={paths.apiReference} variant="secondary">
            Use the API instead
          </ButtonLink>
        </ButtonRow>
      </PageHero>

      <Section
        id="guides"
        title="Step-by-step setup guides"
        intro={
          <p>
            The five most popular integrations each have a guide that takes you from account to first order.
          </p>
        }
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {guided.map((name) => {
            const guide = integrationInfo[name].guide;
            if (!guide) return null;
            return (
              <li key={name}>
                <Link
                  to={integrationGuidePath(guide)}
                  className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500 hover:bg-brand-50"
                >
                  <Wordmark name={name} />
                  <span className="text-sm font-semibold text-brand-700">
                    {name} setup guide <span aria-hidden="true">→</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>

      {integrationCategories.map((category, i) => (
        <Section
          key={category}
          id={category.toLowerCase().replace(/\s+/g, '-')}
          title={category === 'Shipping and fulfilment' ? 'Shipping and fulfilment tools' : `${category}s`}
          className={i % 2 === 0 ? 'bg-slate-50' : ''}
        >
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {integrations
              .filter((name) => integrationInfo[name].category === category)
              .map((name) => {
                const info = integrationInfo[name];
                return (
                  <li key={name}>
                    <Card className="flex h-full flex-col">
                      <h3>
                        <Wordmark name={name} />
                      </h3>
                      <p className="mt-3 flex-1 text-slate-700">{info.summary}</p>
                      {info.guide ? (
                        <p className="mt-4">
                          <Link
                            to={integrationGuidePath(info.guide)}
                            className="font-semibold text-brand-700 hover:underline"
                          >
                            Read the {name} guide
                          </Link>
                        </p>
                      ) : null}
                    </Card>
                  </li>
                );
              })}
          </ul>
        </Section>
      ))}

      <Section id="how-it-connects" title="How an integration works">
        <FeatureGrid
          columns={3}
          items={[
            {
              icon: 'plug',
              title: 'Connect once',
              text: 'Authorise PrintLoop in your store or marketplace account, or add a webhook. It takes a few minutes.',
            },
            {
              icon: 'cube',
              title: 'Map your products',
              text: 'Link each product or variant to a model file, material and finish. Unmapped products are left alone.',
            },
            {
              icon: 'truck',
              title: 'Orders flow both ways',
              text: 'Paid orders arrive in the print queue; dispatch status and tracking numbers go back automatically.',
            },
          ]}
        />
      </Section>

      <CtaBand
        title="Selling somewhere else?"
        text="The REST API covers orders and products, so any platform can send orders to PrintLoop. Tell us what you use and we will help."
      >
        <OnDarkPrimaryLink to={paths.docs}>Read the docs</OnDarkPrimaryLink>
        <OnDarkButtonLink to={paths.contact}>Contact us</OnDarkButtonLink>
      </CtaBand>
    </>
  );
}
